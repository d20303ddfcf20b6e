/** References found through every intrinsic function, with the property path where each sits. */
import { nest, nestInLists } from './helpers';
import { NestingLimitError } from '../../src/change-set/json';
import { collectReferences, subReferences } from '../../src/change-set/references';

describe('collectReferences', () => {
  const refs = (value: unknown) => collectReferences(value, ['Prop']).map((r) => `${r.kind}:${r.target}${r.attribute ? `.${r.attribute}` : ''}@${r.path.join('.')}`);
  test.each([
    ['Ref', { Ref: 'X' }, ['Ref:X@Prop']],
    ['Fn::GetAtt array', { 'Fn::GetAtt': ['X', 'Arn'] }, ['GetAtt:X.Arn@Prop']],
    ['Fn::GetAtt string with a dotted attribute', { 'Fn::GetAtt': 'Db.Endpoint.Port' }, ['GetAtt:Db.Endpoint.Port@Prop']],
    ['Fn::GetAtt with an intrinsic attribute name', { 'Fn::GetAtt': ['X', { Ref: 'AttrParam' }] }, ['GetAtt:X@Prop', 'Ref:AttrParam@Prop']],
    ['Fn::Sub string', { 'Fn::Sub': 'a-${X}-${Y.Arn}-${AWS::Region}' }, ['Ref:X@Prop', 'GetAtt:Y.Arn@Prop', 'Ref:AWS::Region@Prop']],
    ['Fn::Sub escapes', { 'Fn::Sub': '${!X} ${ X }' }, ['Ref:X@Prop']],
    ['Fn::Sub variables shadow names and are searched', { 'Fn::Sub': ['${X}${Y}${W}', { X: 'lit', Y: { Ref: 'Z' } }] }, ['Ref:W@Prop', 'Ref:Z@Prop']],
    ['Fn::Join', { 'Fn::Join': ['', ['a', { Ref: 'X' }]] }, ['Ref:X@Prop']],
    ['Fn::Select over Fn::Split', { 'Fn::Select': [0, { 'Fn::Split': [',', { Ref: 'X' }] }] }, ['Ref:X@Prop']],
    ['Fn::Base64', { 'Fn::Base64': { 'Fn::Sub': '${X}' } }, ['Ref:X@Prop']],
    ['Fn::FindInMap', { 'Fn::FindInMap': ['M', { Ref: 'X' }, 'k'] }, ['Ref:X@Prop']],
    ['Fn::Cidr', { 'Fn::Cidr': [{ 'Fn::GetAtt': ['X', 'CidrBlock'] }, 2, 8] }, ['GetAtt:X.CidrBlock@Prop']],
    ['Fn::GetAZs', { 'Fn::GetAZs': { Ref: 'AWS::Region' } }, ['Ref:AWS::Region@Prop']],
    ['Fn::ImportValue', { 'Fn::ImportValue': { 'Fn::Sub': '${X}-out' } }, ['Ref:X@Prop']],
    ['Fn::Length', { 'Fn::Length': [{ Ref: 'X' }] }, ['Ref:X@Prop']],
    ['Fn::ToJsonString', { 'Fn::ToJsonString': { a: { Ref: 'X' } } }, ['Ref:X@Prop']],
    ['Fn::If branches keep their property path', { A: { 'Fn::If': ['Cond', { B: { Ref: 'X' } }, { Ref: 'AWS::NoValue' }] } }, ['Ref:X@Prop.A.B', 'Ref:AWS::NoValue@Prop.A']],
    ['a reference nested in plain objects and arrays', { A: [{ B: { Ref: 'X' } }] }, ['Ref:X@Prop.A.B']],
    ['no intrinsic at all', { A: ['Ref', 'X'] }, []],
    ['an object with two keys is not an intrinsic', { Ref: 'X', Other: 1 }, []],
    ['a Ref to something that is not a name', { Ref: { Ref: 'X' } }, ['Ref:X@Prop']],
    ['Fn::GetAtt whose logical id is computed', { 'Fn::GetAtt': [{ Ref: 'X' }, 'Arn'] }, ['Ref:X@Prop']],
    ['Fn::GetAtt with more operands than two', { 'Fn::GetAtt': ['X', 'Arn', { Ref: 'Y' }] }, ['GetAtt:X.Arn@Prop', 'Ref:Y@Prop']],
    ['Fn::GetAtt without an attribute', { 'Fn::GetAtt': ['X'] }, ['GetAtt:X@Prop']],
    ['Fn::If written without a list', { A: { 'Fn::If': { B: { Ref: 'X' } } } }, ['Ref:X@Prop.A']],
    ['Fn::If whose condition name is an object', { A: { 'Fn::If': [{ B: { Ref: 'X' } }, 'yes', { C: { Ref: 'Y' } }] } }, ['Ref:X@Prop.A', 'Ref:Y@Prop.A.C']],
    ['Fn::Sub whose text is computed', { 'Fn::Sub': [{ 'Fn::Join': ['', ['${', { Ref: 'X' }, '}']] }, { V: { Ref: 'Y' } }] }, ['Ref:X@Prop', 'Ref:Y@Prop']],
    ['Fn::Sub with more operands than two', { 'Fn::Sub': ['${A}', {}, { B: { Ref: 'Y' } }] }, ['Ref:A@Prop', 'Ref:Y@Prop']],
    ['Fn::Sub written as an object', { 'Fn::Sub': { B: { Ref: 'Y' } } }, ['Ref:Y@Prop']],
    ['an object under another intrinsic: the path stops at the intrinsic', { A: { 'Fn::Join': ['', [{ B: { Ref: 'X' } }]] } }, ['Ref:X@Prop.A']],
    ['an object under a Ref', { A: { Ref: { B: { Ref: 'X' } } } }, ['Ref:X@Prop.A']],
    ['an object as Fn::GetAtt\'s logical id', { A: { 'Fn::GetAtt': [{ B: { Ref: 'X' } }, 'Arn'] } }, ['Ref:X@Prop.A']],
    ['an object as Fn::GetAtt\'s attribute', { A: { 'Fn::GetAtt': ['R', { B: { Ref: 'X' } }] } }, ['GetAtt:R@Prop.A', 'Ref:X@Prop.A']],
    ['an object after Fn::GetAtt\'s attribute', { A: { 'Fn::GetAtt': ['R', 'Arn', { B: { Ref: 'X' } }] } }, ['GetAtt:R.Arn@Prop.A', 'Ref:X@Prop.A']],
    ['an object as Fn::Sub\'s text', { A: { 'Fn::Sub': [{ B: { Ref: 'X' } }, {}] } }, ['Ref:X@Prop.A']],
    ['Fn::GetAtt that is not a name, a list or an object', { 'Fn::GetAtt': 5 }, []],
  ])('GIVEN %s WHEN searched THEN the references are found', (_, value, expected) => {
    expect(refs(value)).toEqual(expected);
  });
});

describe('references nested deeper than the engine follows', () => {
  test('GIVEN a reference 64 objects or lists deep WHEN searched THEN it is found; 70 deep THEN it is a NestingLimitError, never "no reference"', () => {
    expect(collectReferences(nest(64, { Ref: 'X' })).map((reference) => reference.target)).toEqual(['X']);
    expect(collectReferences(nestInLists(64, { Ref: 'X' })).map((reference) => reference.target)).toEqual(['X']);
    expect(() => collectReferences(nest(70, { Ref: 'X' }))).toThrow(NestingLimitError);
    expect(() => collectReferences(nestInLists(70, { Ref: 'X' }))).toThrow(NestingLimitError);
  });
});

describe('references nested deeper than the engine follows, through each intrinsic', () => {
  const x = { Ref: 'X' };
  test.each([
    ['Ref', (v: unknown) => ({ Ref: v })],
    ['Fn::GetAtt\'s logical id', (v: unknown) => ({ 'Fn::GetAtt': [v, 'Arn'] })],
    ['Fn::GetAtt\'s attribute', (v: unknown) => ({ 'Fn::GetAtt': ['R', v] })],
    ['Fn::GetAtt\'s further operands', (v: unknown) => ({ 'Fn::GetAtt': ['R', 'Arn', v] })],
    ['Fn::If\'s branches', (v: unknown) => ({ 'Fn::If': ['C', v, 'b'] })],
    ['Fn::If without a list', (v: unknown) => ({ 'Fn::If': v })],
    ['Fn::Base64', (v: unknown) => ({ 'Fn::Base64': v })],
    ['Fn::Sub\'s text', (v: unknown) => ({ 'Fn::Sub': [v, {}] })],
    ['Fn::Sub\'s variables', (v: unknown) => ({ 'Fn::Sub': ['text', { V: v }] })],
    ['Fn::Sub\'s further operands', (v: unknown) => ({ 'Fn::Sub': ['text', {}, v] })],
    ['Fn::Sub written as an object', (v: unknown) => ({ 'Fn::Sub': v })],
  ])('GIVEN a Ref wrapped in %s 10 times, and 70 times WHEN searched THEN it is found, and then it is a NestingLimitError', (_, wrap) => {
    const wrapped = (times: number) => {
      let value: unknown = x;
      for (let i = 0; i < times; i++) value = wrap(value);
      return value;
    };
    const targets = (value: unknown) => collectReferences(value).filter((r) => r.target === 'X');
    expect(targets(wrapped(10))).toHaveLength(1);
    expect(() => targets(wrapped(70))).toThrow(NestingLimitError);
  });
});

describe('default paths', () => {
  test('GIVEN no path WHEN searched THEN each reference sits at the top', () => {
    expect(collectReferences({ Ref: 'X' })).toEqual([{ kind: 'Ref', target: 'X', path: [] }]);
    expect(subReferences('${X}', new Set())).toEqual([{ kind: 'Ref', target: 'X', path: [] }]);
  });
});

describe('subReferences', () => {
  test.each([
    ['a name', '${X}', [], ['Ref:X']],
    ['an attribute with dots', '${Db.Endpoint.Port}', [], ['GetAtt:Db.Endpoint.Port']],
    ['an empty placeholder', '${} and ${ }', [], []],
    ['an escaped placeholder', '${!X}', [], []],
    ['a name the variable map defines', '${X}-${Y}', ['X'], ['Ref:Y']],
    ['no placeholder', 'plain text with $ and {braces}', [], []],
  ])('GIVEN %s WHEN read THEN the references are %j', (_, text, defined, expected) => {
    expect(subReferences(text, new Set(defined), ['P']).map((r) => `${r.kind}:${r.target}${r.attribute === undefined ? '' : `.${r.attribute}`}`)).toEqual(expected);
    expect(subReferences(text, new Set(defined), ['P']).every((r) => r.path.join('.') === 'P')).toBe(true);
  });
});

describe('references that an Fn::If may not take (its condition is not known offline)', () => {
  // The resolved template keeps only the Fn::If whose condition is unknown: a reference in one branch may not be made.
  const flagged = (value: unknown) => collectReferences(value, ['Prop'])
    .map((r) => `${r.kind}:${r.target}${r.attribute ? `.${r.attribute}` : ''}${r.conditional ? ' (if taken)' : ''}`);
  const a = { Ref: 'A' };
  test.each([
    ['a reference in one branch', ['Ref:A (if taken)'], { 'Fn::If': ['C', a, 'x'] }],
    ['a reference in the other branch', ['Ref:A (if taken)'], { 'Fn::If': ['C', 'x', a] }],
    ['the same reference in both branches', ['Ref:A', 'Ref:A'], { 'Fn::If': ['C', a, { 'Fn::Sub': 'x-${A}' }] }],
    ['a Ref in one branch and an attribute in the other', ['Ref:A (if taken)', 'GetAtt:A.Arn (if taken)'], { 'Fn::If': ['C', a, { 'Fn::GetAtt': ['A', 'Arn'] }] }],
    ['two attributes, one in each branch', ['GetAtt:A.Arn (if taken)', 'GetAtt:A.Id (if taken)'], { 'Fn::If': ['C', { 'Fn::GetAtt': ['A', 'Arn'] }, { 'Fn::GetAtt': ['A', 'Id'] }] }],
    ['a reference in both branches, one of them under an inner Fn::If', ['Ref:A (if taken)', 'Ref:A (if taken)'], { 'Fn::If': ['C', { 'Fn::If': ['D', a, 'x'] }, a] }],
    ['a reference in both branches of both Fn::If', ['Ref:A', 'Ref:A', 'Ref:A'], { 'Fn::If': ['C', { 'Fn::If': ['D', a, a] }, a] }],
    ['an Fn::If with one branch only (malformed)', ['Ref:A (if taken)'], { 'Fn::If': ['C', a] }],
    ['a reference outside the Fn::If too', ['Ref:A', 'Ref:A (if taken)'], { 'Fn::Join': ['', [a, { 'Fn::If': ['C', a, ''] }]] }],
    ['no Fn::If', ['Ref:A'], { 'Fn::Join': ['', [a]] }],
  ])('GIVEN %s WHEN searched THEN the references are %j', (_, expected, value) => {
    expect(flagged(value)).toEqual(expected);
  });
});
