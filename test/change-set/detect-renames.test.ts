/**
 * Probable renames: a removed and an added resource of one type whose properties are alike
 * enough. Identical ones pair first, in template order; the rest pair greedily from the most
 * similar, ties broken by logical id.
 */
import { template } from './helpers';
import { detectRenames } from '../../src/change-set/detect-renames';
import { Rename, ResourceChange } from '../../src/change-set/model';
import { normalize } from '../../src/change-set/normalize';

type Resources = Record<string, { Type: string; Properties?: Record<string, unknown> }>;

/** The renames between two templates' resources, the changes being their Adds and Removes. */
function renames(before: Resources, after: Resources, threshold = 0.8): Rename[] {
  const change = (action: 'Add' | 'Remove' | 'Modify', logicalId: string): [string, ResourceChange] => [logicalId, { action, logicalId, resourceType: '', details: [] }];
  const changes = new Map([
    ...Object.keys(before).map((id) => change(id in after ? 'Modify' : 'Remove', id)),
    ...Object.keys(after).filter((id) => !(id in before)).map((id) => change('Add', id)),
  ]);
  return detectRenames(changes, normalize(template(before)), normalize(template(after)), threshold);
}

const queue = (properties: Record<string, unknown>) => ({ Type: 'AWS::SQS::Queue', Properties: properties });
const topic = (properties: Record<string, unknown>) => ({ Type: 'AWS::SNS::Topic', Properties: properties });
/** Five properties; `changed` of them differ from `seed`'s defaults. */
const fiveProperties = (seed: string, changed = 0) => Object.fromEntries(['A', 'B', 'C', 'D', 'E'].map((key, index) => [key, index < changed ? `${seed}-other` : seed]));

describe('the threshold', () => {
  test.each([
    ['above 1', 1.01, []],
    ['not a number', Number.NaN, []],
    ['exactly 1, for an identical pair', 1, [{ from: 'Old', to: 'New', similarity: 1 }]],
    ['0, for a pair with nothing in common but a key', 0, [{ from: 'Old', to: 'New', similarity: 0.5 }]],
    ['negative, like 0', -1, [{ from: 'Old', to: 'New', similarity: 0.5 }]],
  ])('GIVEN a threshold %s (%d) WHEN renames are looked for THEN they are %j', (_, threshold, expected) => {
    const properties = threshold === 1 ? { A: 'x' } : { A: 'y' };
    expect(renames({ Old: queue({ A: 'x' }) }, { New: queue(properties) }, threshold)).toEqual(expected);
  });

  test('GIVEN a pair just below and a pair at the threshold WHEN renames are looked for THEN only the pair at the threshold is one', () => {
    // Five keys and five values each: 3 equal values give 2 x 8 / 20 = 0.8, 2 give 2 x 7 / 20 = 0.7.
    expect(renames(
      { At: queue(fiveProperties('at')), Below: topic(fiveProperties('below')) },
      { AtNew: queue(fiveProperties('at', 2)), BelowNew: topic(fiveProperties('below', 3)) },
    )).toEqual([{ from: 'At', to: 'AtNew', similarity: 0.8 }]);
  });
});

describe('pairing', () => {
  test('GIVEN a removed and an added resource of different types WHEN renames are looked for THEN they never pair, however alike', () => {
    expect(renames({ Old: queue({ A: 'x' }) }, { New: topic({ A: 'x' }) })).toEqual([]);
  });

  test('GIVEN modified resources WHEN renames are looked for THEN they are not candidates', () => {
    expect(renames({ Kept: queue({ A: 'x' }) }, { Kept: queue({ A: 'y' }), New: queue({ A: 'x' }) })).toEqual([]);
  });

  test('GIVEN identical twins on both sides WHEN renames are looked for THEN they pair in template order, each once', () => {
    expect(renames(
      { Old1: queue({ A: 'x' }), Old2: queue({ A: 'x' }), Old3: queue({ A: 'x' }) },
      { New1: queue({ A: 'x' }), New2: queue({ A: 'x' }) },
    )).toEqual([
      { from: 'Old1', to: 'New1', similarity: 1 },
      { from: 'Old2', to: 'New2', similarity: 1 },
    ]);
  });

  test('GIVEN an identical pair and a similar one WHEN renames are looked for THEN the identical added resource is not paired again', () => {
    expect(renames(
      { Same: queue(fiveProperties('s')), Alike: queue(fiveProperties('s', 1)) },
      { SameNew: queue(fiveProperties('s')) },
    )).toEqual([{ from: 'Same', to: 'SameNew', similarity: 1 }]);
  });

  test('GIVEN two removed resources competing for one added resource WHEN renames are looked for THEN the more similar pairs, and the other takes the next best', () => {
    // OldA-New1 20/22, OldB-New1 18/20, OldB-New2 16/20, OldA-New2 14/22.
    expect(renames(
      { OldA: queue({ ...fiveProperties('s'), F: 'f' }), OldB: queue({ ...fiveProperties('s'), A: 'b' }) },
      { New1: queue(fiveProperties('s')), New2: queue({ ...fiveProperties('s'), A: 'b', B: 'x', C: 'x' }) },
      0.5,
    )).toEqual([
      { from: 'OldA', to: 'New1', similarity: 0.91 },
      { from: 'OldB', to: 'New2', similarity: 0.8 },
    ]);
  });

  test('GIVEN a removed resource met first whose best match is another\'s better match WHEN renames are looked for THEN the better match pairs first', () => {
    const tenProperties = (changes: Record<string, string>) => ({ ...Object.fromEntries(Array.from({ length: 10 }, (_, i) => [`k${i + 1}`, 'v'])), ...changes });
    // A-X 0.9 and B-X 0.95: B takes X; A then takes Y (0.85). B-Y is 0.75, below the threshold.
    expect(renames(
      { A: queue(tenProperties({ k1: 'a', k2: 'a' })), B: queue(tenProperties({ k1: 'b' })) },
      { X: queue(tenProperties({})), Y: queue(tenProperties({ k1: 'a', k2: 'a', k3: 'y', k4: 'y', k5: 'y' })) },
    )).toEqual([
      { from: 'A', to: 'Y', similarity: 0.85 },
      { from: 'B', to: 'X', similarity: 0.95 },
    ]);
  });

  test('GIVEN three identical twins on each side, in another order than their names WHEN renames are looked for THEN they pair in template order', () => {
    expect(renames(
      { OldC: queue({ A: 'x' }), OldA: queue({ A: 'x' }), OldB: queue({ A: 'x' }) },
      { NewZ: queue({ A: 'x' }), NewY: queue({ A: 'x' }), NewX: queue({ A: 'x' }) },
    )).toEqual([
      { from: 'OldA', to: 'NewY', similarity: 1 },
      { from: 'OldB', to: 'NewX', similarity: 1 },
      { from: 'OldC', to: 'NewZ', similarity: 1 },
    ]);
  });

  test('GIVEN equally similar candidates WHEN renames are looked for THEN the first logical ids pair, removed side first', () => {
    const old = fiveProperties('s', 1);
    expect(renames(
      { OldB: queue(old), OldA: queue(old) },
      { NewB: queue(fiveProperties('s', 2)), NewA: queue({ ...fiveProperties('s', 2), B: 'b' }) },
      0.5,
    )).toEqual([
      { from: 'OldA', to: 'NewA', similarity: 0.9 },
      { from: 'OldB', to: 'NewB', similarity: 0.9 },
    ]);
  });

  test('GIVEN renames of several types WHEN listed THEN they are sorted by the removed logical id', () => {
    expect(renames(
      { Zebra: queue({ A: 'x' }), Apple: topic({ A: 'x' }), Mango: queue({ A: 'y' }) },
      { Zebra2: queue({ A: 'x' }), Apple2: topic({ A: 'x' }), Mango2: queue({ A: 'y' }) },
    ).map((rename) => rename.from)).toEqual(['Apple', 'Mango', 'Zebra']);
  });

  test('GIVEN a similarity with more than two decimals WHEN reported THEN it is rounded to two', () => {
    // One of seven values differs: 2 x 13 / 28 = 0.928...
    const seven = Object.fromEntries(['A', 'B', 'C', 'D', 'E', 'F', 'G'].map((key) => [key, 'v']));
    expect(renames({ Old: queue(seven) }, { New: queue({ ...seven, G: 'w' }) })).toEqual([{ from: 'Old', to: 'New', similarity: 0.93 }]);
  });
});

describe('candidates', () => {
  test('GIVEN no added resource sharing a value WHEN renames are looked for with a low threshold THEN those of a reachable weight are scored', () => {
    expect(renames(
      { Old: queue({ A: 1, B: 2 }) },
      { Light: queue({}), Heavy: queue({ A: 3, B: 4, C: 5, D: 6, E: 7, F: 8, G: 9, H: 10, I: 11 }), New: queue({ A: 3, B: 4 }) },
      0.5,
    )).toEqual([{ from: 'Old', to: 'New', similarity: 0.5 }]);
  });

  test('GIVEN many added resources sharing one value and one sharing all WHEN renames are looked for THEN the one sharing the most is scored first', () => {
    const properties = { A: 'a', B: 'b', C: 'c', D: 'd', E: 'e' };
    const lookAlikes = Object.fromEntries(Array.from({ length: 40 }, (_, index) => [`Other${String(index).padStart(2, '0')}`, queue({ A: 'a', X: `x${index}` })]));
    expect(renames(
      { Old: queue(properties) },
      { ...lookAlikes, Zz: queue({ ...properties, F: 'f', G: 'g' }) },
    )).toEqual([{ from: 'Old', to: 'Zz', similarity: 0.83 }]);
  });

  test('GIVEN sixty light added resources and one of a reachable weight, none sharing a value WHEN renames are looked for THEN the one of reachable weight is scored', () => {
    // Old and Match differ only inside P, so they share no top-level value: candidates are then
    // picked by weight, from the lightest that can reach the threshold (here 21 x 0.8 / 1.2 = 14).
    const nested = (last: string) => ({ P: Object.fromEntries(Array.from({ length: 10 }, (_, i) => [`a${i + 1}`, i === 9 ? last : `${i + 1}`])) });
    const light = Object.fromEntries(Array.from({ length: 60 }, (_, i) => [`Light${i}`, queue({ [`L${i}`]: `u${i}` })]));
    expect(renames({ Old: queue(nested('10')) }, { ...light, Match: queue(nested('x')) })).toEqual([{ from: 'Old', to: 'Match', similarity: 0.95 }]);
  });

  test('GIVEN a refactoring that moves a hundred look-alike resources WHEN renames are looked for THEN each pairs with its own copy', () => {
    const count = 100;
    const ids = Array.from({ length: count }, (_, index) => String(index).padStart(3, '0'));
    const properties = (id: string) => ({ Shared: 'same everywhere', Kind: 'worker', Name: `queue-${id}`, Retention: 60 });
    const found = renames(
      Object.fromEntries(ids.map((id) => [`Old${id}`, queue(properties(id))])),
      Object.fromEntries(ids.map((id) => [`New${id}`, queue({ ...properties(id), Retention: 120 })])),
      0.7,
    );
    expect(found).toHaveLength(count);
    expect(found.every((rename) => rename.to === rename.from.replace('Old', 'New'))).toBe(true);
  });
});
