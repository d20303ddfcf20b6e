/**
 * New properties given to the runner get the reserved `CdkLifecycle` property a synth of them
 * would write: the runner's encoding agrees with `ProvidedResource`'s.
 */
import { cloudFormationProperties, encodeOptions } from '../../../src/custom-resource/private/encode-properties';
import { encodeTypes, mergeProperties, RESERVED_PROPERTY, withoutNulls } from '../../../src/local/request/typed-properties';
import { RESERVED_PROPERTY as CONTRACT_PROPERTY } from '../../../src/runtime/contract';

const TEMPLATE = {
  ServiceToken: { 'Fn::GetAtt': ['Fn', 'Arn'] },
  ServiceTimeout: '600',
  name: 'a',
  count: 3,
  CdkLifecycle: { v: '1', numbers: ['/count'], replaceOnChange: ['name'] },
};

test('GIVEN the reserved property\'s name WHEN compared with the runtime contract THEN they agree', () => {
  expect(RESERVED_PROPERTY).toBe(CONTRACT_PROPERTY);
});

test.each([
  ['scalars at the top', { a: 1, b: true, c: null, d: 'x' }],
  ['nested objects and lists, keys with / and ~', { 'list': [1, 'two', false, { deep: 2.5 }], 'a/b': { '~c': 0 } }],
  ['nothing typed', { a: 'x', b: ['y'] }],
])('GIVEN %s WHEN encoded THEN the runner writes what ProvidedResource writes', (_, properties) => {
  expect(encodeTypes(properties, '1', ['a'])).toEqual(encodeOptions(properties, ['a']));
});

test('GIVEN new properties for a ProvidedResource WHEN merged THEN top-level keys replace the template\'s and the type lists follow the new values', () => {
  expect(mergeProperties(TEMPLATE, { count: 'many', ratio: 0.5, on: true })).toEqual({
    ...TEMPLATE,
    count: 'many',
    ratio: 0.5,
    on: true,
    CdkLifecycle: { v: '1', numbers: ['/ratio'], booleans: ['/on'], replaceOnChange: ['name'] },
  });
});

test('GIVEN an intrinsic among the new properties WHEN merged THEN it is skipped, as ProvidedResource skips tokens', () => {
  const merged = mergeProperties(TEMPLATE, { ref: { 'Fn::Select': [0, { Ref: 'List' }] }, plain: { 'Fn::Thing': 1, 'other': 2 } });

  expect(merged[RESERVED_PROPERTY]).toEqual({ v: '1', numbers: ['/count', '/plain/Fn::Thing', '/plain/other'], replaceOnChange: ['name'] });
});

test('GIVEN a reserved property without a version, or new ServiceToken and ServiceTimeout values WHEN merged THEN the types list only the handler\'s properties', () => {
  expect(mergeProperties({ a: 1, CdkLifecycle: { numbers: [] } }, { b: 2 }).CdkLifecycle).toEqual({ numbers: [] });
  expect(mergeProperties(TEMPLATE, { ServiceTimeout: 60, ServiceToken: 5 }).CdkLifecycle).toEqual({ v: '1', numbers: ['/count'], replaceOnChange: ['name'] });
  expect(mergeProperties({ n: 1, CdkLifecycle: { v: '1', replaceOnChange: 'name' } }, {}).CdkLifecycle).toEqual({ v: '1', numbers: ['/n'] });
});

test('GIVEN a resource without the reserved property, or new properties that set it WHEN merged THEN the merge is plain', () => {
  expect(mergeProperties({ a: 1 }, { b: 2 })).toEqual({ a: 1, b: 2 });
  expect(mergeProperties(TEMPLATE, { CdkLifecycle: { v: '1' } }).CdkLifecycle).toEqual({ v: '1' });
});

test('GIVEN new properties holding nulls WHEN merged for a ProvidedResource THEN they are written as ProvidedResource writes them (no null: CloudFormation refuses one), and the reserved property lists where they were', () => {
  const changes = { gone: null, nested: { x: null, y: 1 }, list: ['a', null, 'b'] };
  const merged = mergeProperties(TEMPLATE, changes);

  expect(merged).toEqual({ ...TEMPLATE, nested: { y: 1 }, list: ['a', '', 'b'], CdkLifecycle: { v: '1', numbers: ['/count', '/nested/y'], nulls: ['/gone', '/nested/x', '/list/1'], replaceOnChange: ['name'] } });
  expect(withoutNulls(changes, false)).toEqual(cloudFormationProperties('Test', changes));
});
