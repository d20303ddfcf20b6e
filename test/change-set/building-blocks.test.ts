/**
 * The engine's building blocks, each against a table of cases: CloudFormation equality,
 * changed nested paths, references through intrinsics, similarity, parameter changes and
 * template reading.
 */
import { deepFreeze } from './helpers';
import { cfnEqual, changedPaths } from '../../src/change-set/cfn-equal';
import { diffResources } from '../../src/change-set/diff-resources';
import { normalize } from '../../src/change-set/normalize';
import { parameterChanges } from '../../src/change-set/parameter-changes';
import { propagateReplacements } from '../../src/change-set/propagate-replacements';
import { buildReferenceIndex } from '../../src/change-set/reference-index';
import { collectReferences } from '../../src/change-set/references';
import { GENERATED_SPEC, SpecLookup } from '../../src/change-set/replacement-spec-lookup';
import { ResourceRules } from '../../src/change-set/resource-rules';
import { similarity } from '../../src/change-set/similarity';

describe('cfnEqual', () => {
  test.each([
    ['a number and its string', 10, '10', true],
    ['a decimal and its string', 1.5, '1.5', true],
    ['a boolean and its string', true, 'true', true],
    ['false and "false"', false, 'false', true],
    ['objects in another key order', { a: 1, b: [1, { c: 'x' }] }, { b: ['1', { c: 'x' }], a: '1' }, true],
    ['Fn::GetAtt string and array forms', { 'Fn::GetAtt': 'Db.Endpoint.Address' }, { 'Fn::GetAtt': ['Db', 'Endpoint.Address'] }, true],
    ['a key whose value is undefined and a missing key', { a: 1, b: undefined }, { a: 1 }, true],
    ['two different strings', 'a', 'b', false],
    ['a blank string and 0', '', 0, false],
    ['"True" and true (case matters)', 'True', true, false],
    ['a number and a boolean', 1, true, false],
    ['arrays in another order', [1, 2], [2, 1], false],
    ['an object with an extra key', { a: 1 }, { a: 1, b: 2 }, false],
    ['null and a missing value', null, undefined, false],
    ['an intrinsic and a string', { Ref: 'P' }, 'x', false],
    ['an object and a number', { a: 1 }, 1, false],
    ['a number and a string of another number', 10, '11', false],
    ['a number and a blank string', 0, ' ', false],
    ['a number and a string that is no number', 1, 'one', false],
    ['true and "false"', true, 'false', false],
    ['an array and an object', [1], { 0: 1 }, false],
    ['arrays of different lengths', [1], [1, 1], false],
    ['Fn::GetAtt forms naming different attributes', { 'Fn::GetAtt': 'Db.Port' }, { 'Fn::GetAtt': ['Db', 'Address'] }, false],
    ['Fn::GetAtt and another intrinsic', { 'Fn::GetAtt': 'Db.Port' }, { Ref: 'Db' }, false],
  ])('GIVEN %s WHEN compared THEN equal is %s', (_, a, b, expected) => {
    expect(cfnEqual(a, b)).toBe(expected);
    expect(cfnEqual(b, a)).toBe(expected);
  });
});

describe('values nested deeper than the engine follows', () => {
  const nest = (depth: number, leaf: unknown): unknown => (depth === 0 ? leaf : { a: nest(depth - 1, leaf) });

  test('GIVEN two equal values nested 70 deep WHEN compared THEN they differ (compared by identity past depth 64); the same object is equal', () => {
    const deep = nest(70, 'x');
    expect(cfnEqual(nest(70, 'x'), nest(70, 'x'))).toBe(false);
    expect(cfnEqual(deep, deep)).toBe(true);
    expect(cfnEqual(nest(60, 'x'), nest(60, 'x'))).toBe(true);
    expect(cfnEqual([nest(70, 'x')], [nest(70, 'x')])).toBe(false);
  });

  test('GIVEN two equal values nested 70 deep WHEN walked THEN the change is placed at the depth where the walk stops', () => {
    const paths = changedPaths(nest(70, 'x'), nest(70, 'x'));
    expect(paths.length).toBeGreaterThan(0);
    expect(Math.min(...paths.map((path) => path.length))).toBe(65);
    expect(changedPaths(nest(60, 'x'), nest(60, 'y'))).toEqual([Array(60).fill('a')]);
  });
});

describe('changedPaths', () => {
  test.each([
    ['equal values', { a: { b: 1 } }, { a: { b: '1' } }, []],
    ['a changed scalar', 'x', 'y', [[]]],
    ['a nested scalar, with array indices removed', { SubnetIds: ['a', 'b'] }, { SubnetIds: ['a', 'c'] }, [['SubnetIds']]],
    ['a grown array of objects: every path inside the new element', [{ Ebs: { Size: 1 } }], [{ Ebs: { Size: 1 } }, { Ebs: { KmsKeyId: 'k' } }], [[], ['Ebs'], ['Ebs', 'KmsKeyId']]],
    ['an added key with nested content', {}, { A: { B: 1 } }, [['A'], ['A', 'B']]],
    ['a value replaced by an intrinsic: paths of both sides', { A: { B: 1 } }, { A: { Ref: 'P' } }, [['A'], ['A', 'B']]],
    ['two intrinsics that differ', { Ref: 'A' }, { Ref: 'B' }, [[]]],
    ['a list added: every path inside each new item', undefined, [{ Ebs: { KmsKeyId: 'k' } }, { Name: 'x' }], [[], ['Ebs'], ['Ebs', 'KmsKeyId'], ['Name']]],
    ['a list removed: every path inside each old item', [{ Ebs: { KmsKeyId: 'k' } }], undefined, [[], ['Ebs'], ['Ebs', 'KmsKeyId']]],
    ['an item changed inside a list of objects', [{ A: 1, B: 2 }], [{ A: 1, B: 3 }], [['B']]],
  ])('GIVEN %s WHEN walked THEN the changed paths are listed', (_, before, after, expected) => {
    expect(changedPaths(before, after)).toEqual(expected);
  });
});

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
  ])('GIVEN %s WHEN searched THEN the references are found', (_, value, expected) => {
    expect(refs(value)).toEqual(expected);
  });
});

describe('similarity', () => {
  test.each([
    ['identical values', { a: 1, b: [1, 2] }, { b: ['1', 2], a: 1 }, 1],
    ['two empty property sets', {}, {}, 1],
    ['arrays in another order', { a: [1, 2, 3] }, { a: [3, 2, 1] }, 1],
    ['the seed 003 example: one of five values changed', { a: { b: 's', c: 's' }, d: 's' }, { a: { b: 's', c: 's' }, d: 't' }, 12 / 14],
    ['nothing in common', { a: 1 }, { b: 2 }, 0],
  ])('GIVEN %s WHEN scored THEN similarity is %d', (_, a, b, expected) => {
    expect(similarity(a, b)).toBeCloseTo(expected, 5);
  });
});

describe('parameterChanges', () => {
  const templateWith = (defaults: Record<string, string | undefined>) => normalize({
    Parameters: Object.fromEntries(Object.entries(defaults).map(([name, value]) => [name, value === undefined ? { Type: 'String' } : { Type: 'String', Default: value }])),
  });
  const inputs = (before: Record<string, string>, after: Record<string, string>) => ({
    before: new Map(Object.entries(before)),
    after: new Map(Object.entries(after)),
    deployTime: new Set<string>(),
  });

  test.each([
    ['a changed default', { P: 'a' }, { P: 'b' }, {}, {}, { P: 'Static' }],
    ['a given new value', { P: 'a' }, { P: 'a' }, {}, { P: 'b' }, { P: 'Static' }],
    ['a given old value kept when no new value is given', { P: 'a' }, { P: 'b' }, { P: 'x' }, {}, {}],
    ['no value known on either side', { P: undefined }, { P: undefined }, {}, {}, {}],
    ['a new value but no old one', { P: undefined }, { P: undefined }, {}, { P: 'b' }, {}],
    ['a parameter only the new template declares', {}, { P: 'b' }, {}, {}, {}],
  ])('GIVEN %s WHEN compared THEN the changed parameters are %j', (_, oldDefaults, newDefaults, oldValues, newValues, expected) => {
    const changes = parameterChanges(templateWith(oldDefaults), templateWith(newDefaults), inputs(oldValues, newValues));
    expect(Object.fromEntries(changes)).toEqual(expected);
  });
});

describe('normalize', () => {
  test.each([
    ['undefined', undefined],
    ['a string', 'Resources'],
    ['an array', [1, 2]],
    ['Resources as an array', { Resources: [{ Type: 'AWS::S3::Bucket' }] }],
    ['Resources as null', { Resources: null }],
  ])('GIVEN %s WHEN read THEN it is an empty template', (_, template) => {
    expect(normalize(template).resources.size).toBe(0);
  });

  test('GIVEN odd resources WHEN read THEN non-objects are skipped and missing parts read as empty', () => {
    const read = normalize({
      Resources: { 'A': 'x', 'B': null, 'C': { Type: 7, Properties: [1] }, 'D': { Type: 'AWS::S3::Bucket' }, 'Fn::ForEach::Topics': ['T', ['a'], {}] },
      Parameters: { P: { Default: ['a', 'b'] }, Q: 'odd' },
    });
    expect([...read.resources.keys()]).toEqual(['C', 'D']);
    expect(read.resources.get('C')).toMatchObject({ type: '', properties: {} });
    expect(Object.fromEntries(read.parameters)).toEqual({ P: 'a,b', Q: undefined });
  });
});

describe('propagateReplacements', () => {
  test('GIVEN direct changes that are frozen WHEN replacements propagate THEN new details go to copies and the given changes stay as they were', () => {
    const thing = (create: unknown, plain?: unknown) => ({ Type: 'AWS::EC2::VPC', Properties: { CidrBlock: create, ...(plain === undefined ? {} : { Tag: plain }) } });
    const before = normalize({ Resources: { A: thing('10.0.0.0/16'), B: thing({ 'Fn::Sub': '${A}' }, 'x') } });
    const after = normalize({ Resources: { A: thing('10.1.0.0/16'), B: thing({ 'Fn::Sub': '${A}' }, 'y') } });
    const rules = new ResourceRules(new SpecLookup(GENERATED_SPEC));
    const direct = diffResources(before, after, rules);
    for (const change of direct.values()) deepFreeze(change);
    const given = JSON.stringify([...direct]);

    const propagated = propagateReplacements(direct, buildReferenceIndex(before, after), new Map(), after, rules);

    expect(JSON.stringify([...direct])).toBe(given);
    expect(propagated.get('B')!.details.map((detail) => `${detail.name}:${detail.changeSource}`)).toEqual(['Tag:DirectModification', 'CidrBlock:ResourceReference']);
    expect(propagated.get('B')).not.toBe(direct.get('B'));
  });
});
