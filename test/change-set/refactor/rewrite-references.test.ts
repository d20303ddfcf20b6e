/** The references of a refactor step's templates: renamed targets followed, crossings reported, the rest left alone. */
import { Resolution, rewriteDependsOn, rewriteReferences } from '../../../src/change-set/refactor/rewrite-references';
import { nestInLists } from '../helpers';

/** Old is renamed New in this stack, Moved goes to another stack, anything else is no resource of the refactor. */
function resolver() {
  const asked: string[] = [];
  const resolve = (name: string): Resolution => {
    asked.push(name);
    if (name === 'Old') return { kind: 'here', logicalId: 'New' };
    if (name === 'Moved') return { kind: 'elsewhere' };
    return { kind: 'not-a-resource' };
  };
  return { asked, resolve };
}
const rewrite = (value: unknown) => {
  const { asked, resolve } = resolver();
  const crossing = new Set<string>();
  return { value: rewriteReferences(value, resolve, crossing), crossing: [...crossing], asked };
};

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

  test('GIVEN a reference at the depth limit and one below it WHEN rewritten THEN the first is followed, the second left as it is', () => {
    expect(rewrite(nestInLists(64, { Ref: 'Old' })).value).toEqual(nestInLists(64, { Ref: 'New' }));
    expect(rewrite(nestInLists(70, { Ref: 'Old' })).value).toEqual(nestInLists(70, { Ref: 'Old' }));
    expect(rewrite({ A: nestInLists(70, { Ref: 'Old' }) }).value).toEqual({ A: nestInLists(70, { Ref: 'Old' }) });
  });
});

describe('rewriteDependsOn', () => {
  test.each([
    ['one name', 'Old', 'New', []],
    ['a list', ['Old', 'Moved', 'Other'], ['New', 'Moved', 'Other'], ['Moved']],
    ['something that is not a name', 7, 7, []],
  ])('GIVEN %s WHEN rewritten THEN renamed names follow and moved ones are reported', (_, dependsOn, expected, crossing) => {
    const found = new Set<string>();
    expect(rewriteDependsOn(dependsOn, resolver().resolve, found)).toEqual(expected);
    expect([...found]).toEqual(crossing);
  });
});
