/**
 * Who references whom: the properties of resources present on both sides that reference a
 * resource or a parameter, in every form a template can write a reference.
 */
import { template } from './helpers';
import { normalize } from '../../src/change-set/normalize';
import { buildReferenceIndex } from '../../src/change-set/reference-index';

const fn = (properties: Record<string, unknown>) => ({ Type: 'AWS::Lambda::Function', Properties: properties });

/** The index of a template that stays the same except for the resources only `after` adds. */
function index(resources: Record<string, unknown>, added: Record<string, unknown> = {}) {
  return buildReferenceIndex(normalize(template(resources)), normalize(template({ ...resources, ...added })));
}

/** `Dependent.Property kind causingEntity @paths` of each edge. */
const edges = (found: ReturnType<ReturnType<typeof index>['dependentsOf']>) =>
  found.map((edge) => `${edge.dependent}.${edge.property} ${edge.kind} ${edge.causingEntity} @${edge.paths.map((path) => path.join('.')).join('|')}`);

describe('the forms of a reference', () => {
  test.each([
    ['Ref', { Ref: 'Target' }, 'Ref Target'],
    ['Fn::GetAtt as a list', { 'Fn::GetAtt': ['Target', 'Arn'] }, 'GetAtt Target.Arn'],
    ['Fn::GetAtt as a string', { 'Fn::GetAtt': 'Target.Arn' }, 'GetAtt Target.Arn'],
    ['Fn::Sub with a name', { 'Fn::Sub': 'arn:${Target}' }, 'Ref Target'],
    ['Fn::Sub with an attribute', { 'Fn::Sub': 'arn:${Target.Arn}' }, 'GetAtt Target.Arn'],
    ['Fn::Sub with white space in the placeholder', { 'Fn::Sub': 'arn:${ Target }' }, 'Ref Target'],
    ['Fn::Sub with a closing brace just before the placeholder', { 'Fn::Sub': '}${Target}' }, 'Ref Target'],
    ['a reference inside another intrinsic', { 'Fn::Join': ['', ['a', { Ref: 'Target' }]] }, 'Ref Target'],
  ])('GIVEN a property with %s WHEN the dependents of the target are asked THEN the property is one', (_, value, expected) => {
    const found = index({ Target: fn({}), User: fn({ Role: value }) }).dependentsOf('Target');
    expect(found.map((edge) => `${edge.dependent}.${edge.property} ${edge.kind} ${edge.causingEntity}`)).toEqual([`User.Role ${expected}`]);
  });

  test('GIVEN an escaped Fn::Sub placeholder and a placeholder never closed WHEN the dependents are asked THEN neither is a reference', () => {
    const resources = { Target: fn({}), Escaped: fn({ Role: { 'Fn::Sub': '${!Target}' } }), Open: fn({ Role: { 'Fn::Sub': 'x-${Target' } }) };
    expect(index(resources).dependentsOf('Target')).toEqual([]);
  });

  test('GIVEN names with a quote or a backslash (possible in templates built in code) WHEN their dependents are asked THEN they are found', () => {
    const resources = { 'a"b': fn({}), 'c\\d': fn({}), 'User': fn({ X: { Ref: 'a"b' }, Y: { 'Fn::GetAtt': ['c\\d', 'Arn'] }, Z: { 'Fn::GetAtt': 'a"b.Arn' } }) };
    expect(edges(index(resources).dependentsOf('a"b'))).toEqual(['User.X Ref a"b @X', 'User.Z GetAtt a"b.Arn @Z']);
    expect(edges(index(resources).dependentsOf('c\\d'))).toEqual(['User.Y GetAtt c\\d.Arn @Y']);
  });
});

describe('the edges', () => {
  test('GIVEN one property referencing a target several ways WHEN its dependents are asked THEN there is one edge per kind and entity, with every path', () => {
    const resources = {
      Target: fn({}),
      Other: fn({}),
      User: fn({
        Environment: { Variables: { A: { Ref: 'Target' }, B: { 'Fn::Sub': '${Target}-${Other}' }, C: { 'Fn::GetAtt': ['Target', 'Arn'] } } },
        Tags: [{ Key: 'k', Value: { Ref: 'Target' } }],
      }),
    };
    const found = index(resources).dependentsOf('Target');

    expect(edges(found)).toEqual([
      'User.Environment Ref Target @Environment.Variables.A|Environment.Variables.B',
      'User.Environment GetAtt Target.Arn @Environment.Variables.C',
      'User.Tags Ref Target @Tags.Value',
    ]);
    expect(found.map((edge) => [edge.attribute, edge.name, edge.target])).toEqual([
      ['Properties', 'Environment', 'Target'],
      ['Properties', 'Environment', 'Target'],
      ['Tags', undefined, 'Target'],
    ]);
  });

  test('GIVEN a resource only the new template has WHEN the dependents are asked THEN it is none: it has no old value to compare', () => {
    expect(index({ Target: fn({}) }, { Added: fn({ Role: { Ref: 'Target' } }) }).dependentsOf('Target')).toEqual([]);
  });

  test('GIVEN several dependents and targets WHEN each target is asked THEN it gets its own dependents, in template order, and a name no one references gets none', () => {
    const built = index({ A: fn({ X: { Ref: 'P' } }), B: fn({ Y: { Ref: 'Q' }, Z: { Ref: 'P' } }), C: fn({ W: 'no reference' }) });
    expect(edges(built.dependentsOf('P'))).toEqual(['A.X Ref P @X', 'B.Z Ref P @Z']);
    expect(edges(built.dependentsOf('Q'))).toEqual(['B.Y Ref Q @Y']);
    expect(built.dependentsOf('Nobody')).toEqual([]);
    expect(edges(built.dependentsOf('P'))).toEqual(['A.X Ref P @X', 'B.Z Ref P @Z']);
  });
});

describe('edges that an Fn::If may not take', () => {
  test('GIVEN a property referencing a target only under an Fn::If, and one referencing it outside one too WHEN the dependents are asked THEN only the first edge is conditional', () => {
    const resources = {
      Target: fn({}),
      Maybe: fn({ Role: { 'Fn::If': ['C', { Ref: 'Target' }, 'none'] } }),
      Surely: fn({ Role: { 'Fn::Join': ['', [{ Ref: 'Target' }, { 'Fn::If': ['C', { Ref: 'Target' }, ''] }]] } }),
    };
    const found = index(resources).dependentsOf('Target');
    expect(found.map((edge) => `${edge.dependent} ${edge.conditional === true}`)).toEqual(['Maybe true', 'Surely false']);
  });
});
