/**
 * The memoizing view of the replacement spec that one prediction reads: each question reaches
 * the spec once, and distinct questions never share an answer.
 */
import { ReplacementSpec, SpecLookup } from '../../src/change-set/replacement-spec-lookup';

function countingSpec(identity = true) {
  const calls: string[] = [];
  const spec: ReplacementSpec = {
    requiresRecreation: (type, path) => {
      calls.push(`recreation ${type} ${path.join('.')}`);
      return type === 'T::AB' ? 'Always' : 'Never';
    },
    lookupResourceType: (type) => {
      calls.push(`type ${type}`);
      return type === 'T::Named' ? { nameProperties: ['Name'] } : undefined;
    },
    ...(identity ? {
      identityProperties: (type: string) => {
        calls.push(`identity ${type}`);
        return type === 'T::Named' ? ['Parent', 'Name'] : [];
      },
    } : {}),
  };
  return { spec, calls };
}

test('GIVEN the same questions twice WHEN asked THEN the spec is asked once each', () => {
  const { spec, calls } = countingSpec();
  const lookup = new SpecLookup(spec);
  for (let i = 0; i < 2; i++) {
    expect(lookup.requiresRecreation('T::A', ['B'])).toBe('Never');
    expect(lookup.nameProperties('T::Named')).toEqual(['Name']);
    expect(lookup.identityProperties('T::Named')).toEqual(['Parent', 'Name']);
  }
  expect(calls).toEqual(['recreation T::A B', 'type T::Named', 'identity T::Named']);
});

test('GIVEN a type and path whose texts run together WHEN asked THEN each has its own answer', () => {
  const lookup = new SpecLookup(countingSpec().spec);
  expect(lookup.requiresRecreation('T::A', ['B'])).toBe('Never');
  expect(lookup.requiresRecreation('T::AB', [])).toBe('Always');
  expect(lookup.requiresRecreation('T::A', ['B'])).toBe('Never');
});

test('GIVEN an unknown type WHEN its names are asked THEN it has none, asked once', () => {
  const { spec, calls } = countingSpec();
  const lookup = new SpecLookup(spec);
  expect(lookup.nameProperties('T::Unknown')).toEqual([]);
  expect(lookup.nameProperties('T::Unknown')).toEqual([]);
  expect(calls).toEqual(['type T::Unknown']);
});

test('GIVEN a spec without identities WHEN identities are asked THEN they are the name properties', () => {
  const { spec, calls } = countingSpec(false);
  const lookup = new SpecLookup(spec);
  expect(lookup.identityProperties('T::Named')).toEqual(['Name']);
  expect(lookup.identityProperties('T::Named')).toEqual(['Name']);
  expect(calls).toEqual(['type T::Named']);
});
