/** The references of a refactor step's templates: renamed targets followed, crossings reported, the rest left alone. */
import { NestingLimitError } from '../../../src/change-set/json';
import { Resolver, rewriteDependsOn, rewriteReferences } from '../../../src/change-set/refactor/rewrite-references';
import { nestInLists } from '../helpers';

/**
 * Old is renamed New in this stack, Moved goes to another stack (recorded as crossing, as the
 * step's resolver does), anything else is no resource of the refactor.
 */
function resolver() {
  const asked: unknown[] = [];
  const crossing = new Set<string>();
  const resolve: Resolver = (name) => {
    asked.push(name);
    if (name === 'Moved') crossing.add(name);
    return name === 'Old' ? 'New' : undefined;
  };
  return { asked, crossing, resolve };
}
const rewrite = (value: unknown) => {
  const { asked, crossing, resolve } = resolver();
  return { value: rewriteReferences(value, resolve), crossing: [...crossing], asked };
};

/** `value` wrapped `levels` times by `wrap`. */
function nest(levels: number, value: unknown, wrap: (inner: unknown) => unknown): unknown {
  let nested = value;
  for (let level = 0; level < levels; level++) nested = wrap(nested);
  return nested;
}

describe('rewriteReferences', () => {
  test.each([
    ['a Ref to the renamed resource', { Ref: 'Old' }, { Ref: 'New' }],
    ['a Ref to a parameter', { Ref: 'Stage' }, { Ref: 'Stage' }],
    ['Fn::GetAtt as a list', { 'Fn::GetAtt': ['Old', 'Arn'] }, { 'Fn::GetAtt': ['New', 'Arn'] }],
    ['Fn::GetAtt as a dotted string', { 'Fn::GetAtt': 'Old.Arn' }, { 'Fn::GetAtt': ['New', 'Arn'] }],
    ['Fn::GetAtt whose attribute is a Ref', { 'Fn::GetAtt': ['Old', { Ref: 'Old' }] }, { 'Fn::GetAtt': ['New', { Ref: 'New' }] }],
    ['Fn::Sub placeholders', { 'Fn::Sub': '${Old}/${Old.Arn}/${ Old }/${!Old}/${}/${AWS::Region}/${Stage}' }, { 'Fn::Sub': '${New}/${New.Arn}/${New}/${!Old}/${}/${AWS::Region}/${Stage}' }],
    ['Fn::Sub with variables', { 'Fn::Sub': ['${Old}-${Var}', { Var: { Ref: 'Old' } }] }, { 'Fn::Sub': ['${New}-${Var}', { Var: { Ref: 'New' } }] }],
    ['a variable named like the renamed resource', { 'Fn::Sub': ['${Old}', { Old: 'x' }] }, { 'Fn::Sub': ['${Old}', { Old: 'x' }] }],
    ['a malformed Fn::Sub', { 'Fn::Sub': { Ref: 'Old' } }, { 'Fn::Sub': { Ref: 'New' } }],
    ['a Fn::Sub list without variables', { 'Fn::Sub': ['${Old}'] }, { 'Fn::Sub': ['${New}'] }],
    ['a Fn::Sub list that does not start with its text', { 'Fn::Sub': [{ Ref: 'Old' }, { Var: 'x' }] }, { 'Fn::Sub': [{ Ref: 'New' }, { Var: 'x' }] }],
    ['an object with Ref beside other keys (no intrinsic)', { Ref: 'Old', Other: { Ref: 'Old' } }, { Ref: 'Old', Other: { Ref: 'New' } }],
    ['an object with Fn::Sub beside other keys (no intrinsic)', { 'Fn::Sub': '${Old}', 'Other': { Ref: 'Old' } }, { 'Fn::Sub': '${Old}', 'Other': { Ref: 'New' } }],
    ['a Fn::Sub attribute with dots', { 'Fn::Sub': '${Old.Endpoint.Address}' }, { 'Fn::Sub': '${New.Endpoint.Address}' }],
    ['references inside lists and objects', { A: [{ Ref: 'Old' }, { B: { 'Fn::GetAtt': ['Old', 'Id'] } }], C: 'Old' }, { A: [{ Ref: 'New' }, { B: { 'Fn::GetAtt': ['New', 'Id'] } }], C: 'Old' }],
  ])('GIVEN %s WHEN rewritten THEN it points where the resource is after the refactor', (_, value, expected) => {
    const result = rewrite(value);
    expect(result.value).toEqual(expected);
    expect(result.crossing).toEqual([]);
  });

  test('GIVEN references to a resource that moves to another stack WHEN rewritten THEN they stay as written and the name is reported as crossing', () => {
    const result = rewrite({ A: { Ref: 'Moved' }, B: { 'Fn::GetAtt': ['Moved', 'Arn'] }, C: { 'Fn::Sub': '${Moved.Arn}' }, D: { Ref: 'Stage' } });
    expect(result.value).toEqual({ A: { Ref: 'Moved' }, B: { 'Fn::GetAtt': ['Moved', 'Arn'] }, C: { 'Fn::Sub': '${Moved.Arn}' }, D: { Ref: 'Stage' } });
    expect(result.crossing).toEqual(['Moved']);
  });

  test('GIVEN pseudo parameters WHEN rewritten THEN they are never looked up', () => {
    const result = rewrite({ A: { Ref: 'AWS::Region' }, B: { 'Fn::Sub': '${AWS::AccountId}' }, C: { Ref: 'Old' } });
    expect(result.asked).toEqual(['Old']);
  });

  test('GIVEN Fn::Sub placeholders that name no resource WHEN rewritten THEN they are never looked up and stay as written', () => {
    const text = '${!Moved} ${} ${ } ${.Arn} ${Var} ${Var.Arn}';
    const result = rewrite({ 'Fn::Sub': [text, { 'Var': 'x', 'Var.Arn': 'y' }] });
    expect(result.value).toEqual({ 'Fn::Sub': [text, { 'Var': 'x', 'Var.Arn': 'y' }] });
    expect(result.asked).toEqual([]);
  });

  test('GIVEN a Ref or Fn::GetAtt whose target is not a name WHEN rewritten THEN it is left as it is without asking', () => {
    const result = rewrite({ A: { Ref: 7 }, B: { 'Fn::GetAtt': [{ Ref: 'Old' }, 'Arn'] } });
    expect(result.value).toEqual({ A: { Ref: 7 }, B: { 'Fn::GetAtt': [{ Ref: 'Old' }, 'Arn'] } });
    expect(result.asked).toEqual([]);
  });

  test('GIVEN a reference at the depth limit and one below it WHEN rewritten THEN the first is followed, the second is a NestingLimitError', () => {
    expect(rewrite(nestInLists(64, { Ref: 'Old' })).value).toEqual(nestInLists(64, { Ref: 'New' }));
    expect(() => rewrite(nestInLists(70, { Ref: 'Old' }))).toThrow(NestingLimitError);
    expect(() => rewrite({ A: nestInLists(70, { Ref: 'Old' }) })).toThrow(NestingLimitError);
  });

  test.each([
    ['objects', (inner: unknown) => ({ A: inner })],
    ['Fn::GetAtt attributes', (inner: unknown) => ({ 'Fn::GetAtt': ['Other', inner] })],
    ['Fn::Sub variables', (inner: unknown) => ({ 'Fn::Sub': ['${Other}', inner] })],
  ])('GIVEN a reference nested in %s past the depth limit WHEN rewritten THEN it is a NestingLimitError, and followed above the limit', (_, wrap) => {
    expect(rewrite(nest(60, { Ref: 'Old' }, wrap)).value).toEqual(nest(60, { Ref: 'New' }, wrap));
    expect(() => rewrite(nest(70, { Ref: 'Old' }, wrap))).toThrow(NestingLimitError);
  });
});

describe('rewriteDependsOn', () => {
  test.each([
    ['one name', 'Old', 'New', []],
    ['a list', ['Old', 'Moved', 'Other'], ['New', 'Moved', 'Other'], ['Moved']],
    ['something that is not a name', 7, 7, []],
  ])('GIVEN %s WHEN rewritten THEN renamed names follow and moved ones are reported', (_, dependsOn, expected, crossing) => {
    const { resolve, crossing: found, asked } = resolver();
    expect(rewriteDependsOn(dependsOn, resolve)).toEqual(expected);
    expect([...found]).toEqual(crossing);
    expect(asked.every((name) => typeof name === 'string')).toBe(true);
  });
});
