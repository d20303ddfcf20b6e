/**
 * New properties given to the runner get the reserved `CdkLifecycle` property a synth of them
 * would write: the runner's encoding agrees with `ProvidedResource`'s.
 */
import { cloudFormationProperties, encodeOptions } from '../../../src/custom-resource/private/encode-properties';
import { mergeProperties, RESERVED_PROPERTY, shapeOf, withoutNulls } from '../../../src/local/request/typed-properties';
import { RESERVED_PROPERTY as CONTRACT_PROPERTY } from '../../../src/runtime/contract';

const TEMPLATE = {
  ServiceToken: { 'Fn::GetAtt': ['Fn', 'Arn'] },
  ServiceTimeout: '600',
  name: 'a',
  count: 3,
  CdkLifecycle: { v: '2', t: { count: 'n' }, replaceOnChange: ['name'] },
};

/** A template written by an earlier version (format 1: pointer lists), with a null kept out of it. */
const TEMPLATE_V1 = {
  ServiceToken: { 'Fn::GetAtt': ['Fn', 'Arn'] },
  name: 'a',
  count: 3,
  list: ['', 'a'],
  CdkLifecycle: { v: '1', numbers: ['/count'], nulls: ['/list/0', '/gone'], replaceOnChange: ['name'] },
};

test('GIVEN the reserved property\'s name WHEN compared with the runtime contract THEN they agree', () => {
  expect(RESERVED_PROPERTY).toBe(CONTRACT_PROPERTY);
});

test.each([
  ['scalars at the top', { a: 1, b: true, c: null, d: 'x' }],
  ['nested objects and lists, keys with / and ~', { 'list': [1, 'two', false, { deep: 2.5 }], 'a/b': { '~c': 0 } }],
  ['lists of like values and of mixed ones', { ports: [80, 443], rules: [{ port: 1, open: true }, { port: 2, open: false }], mixed: [1, 'a', null] }],
  ['intrinsics whose branches share a type, and others', { if: { 'Fn::If': ['C', 5, 6] }, ifMixed: { 'Fn::If': ['C', 5, 'x'] }, ref: { Ref: 'P' } }],
  ['nothing typed', { a: 'x', b: ['y'] }],
])('GIVEN %s WHEN encoded THEN the runner writes what ProvidedResource writes', (_, properties) => {
  expect({ v: '2', ...(shapeOf(properties) === undefined ? {} : { t: shapeOf(properties) }), replaceOnChange: ['a'] }).toEqual(encodeOptions(properties, ['a']));
});

test('GIVEN new properties for a ProvidedResource WHEN merged THEN top-level keys replace the template\'s and the types follow the new values', () => {
  expect(mergeProperties(TEMPLATE, { count: 'many', ratio: 0.5, on: true })).toEqual({
    ...TEMPLATE,
    count: 'many',
    ratio: 0.5,
    on: true,
    CdkLifecycle: { v: '2', t: { ratio: 'n', on: 'b' }, replaceOnChange: ['name'] },
  });
});

test('GIVEN no new properties of the handler WHEN merged THEN the template\'s properties are played exactly, its record with them', () => {
  const template = { ...TEMPLATE, list: ['', 'a'], o: { b: 1 }, CdkLifecycle: { v: '2', t: { list: { 0: 'z' }, o: { a: 'z', b: 'n' } } } };
  expect(mergeProperties(template, {})).toEqual(template);
  expect(mergeProperties(template, { ServiceTimeout: 60 })).toEqual({ ...template, ServiceTimeout: 60 });
});

test('GIVEN an Update of one property WHEN merged THEN the other properties keep their nulls and types (no replacement is made up)', () => {
  const template = { ...TEMPLATE, list: ['', 'a'], o: { b: 1 }, CdkLifecycle: { v: '2', t: { count: 'n', list: { 0: 'z' }, o: { a: 'z', b: 'n' } }, replaceOnChange: ['list'] } };
  expect(mergeProperties(template, { name: 'b' }).CdkLifecycle).toEqual(template.CdkLifecycle);
  expect(mergeProperties(template, { count: 'x' }).CdkLifecycle).toEqual({ v: '2', t: { list: { 0: 'z' }, o: { a: 'z', b: 'n' } }, replaceOnChange: ['list'] });
});

test('GIVEN a template written by an earlier version (pointer lists) WHEN merged THEN the record stays in its format, nulls of unchanged keys kept', () => {
  expect(mergeProperties(TEMPLATE_V1, {})).toEqual(TEMPLATE_V1);
  expect(mergeProperties(TEMPLATE_V1, { size: 2 }).CdkLifecycle).toEqual({ v: '1', numbers: ['/count', '/size'], nulls: ['/list/0', '/gone'], replaceOnChange: ['name'] });
});

test('GIVEN a reserved property without a version WHEN merged THEN the merge is plain', () => {
  expect(mergeProperties({ a: 1, CdkLifecycle: { numbers: [] } }, { b: 2 }).CdkLifecycle).toEqual({ numbers: [] });
});

test('GIVEN a resource without the reserved property, or new properties that set it WHEN merged THEN the merge is plain', () => {
  expect(mergeProperties({ a: 1 }, { b: 2 })).toEqual({ a: 1, b: 2 });
  expect(mergeProperties(TEMPLATE, { CdkLifecycle: { v: '2' } }).CdkLifecycle).toEqual({ v: '2' });
});

test('GIVEN new properties holding nulls WHEN merged for a ProvidedResource THEN they are written as ProvidedResource writes them (no null: CloudFormation refuses one), and the reserved property lists where they were', () => {
  const changes = { gone: null, nested: { x: null, y: 1 }, list: ['a', null, 'b'] };
  const merged = mergeProperties(TEMPLATE, changes);

  expect(merged).toEqual({ ...TEMPLATE, nested: { y: 1 }, list: ['a', '', 'b'], CdkLifecycle: { v: '2', t: { count: 'n', gone: 'z', nested: { x: 'z', y: 'n' }, list: { 1: 'z' } }, replaceOnChange: ['name'] } });
  expect(withoutNulls(changes, false)).toEqual(cloudFormationProperties('Test', changes));
});
