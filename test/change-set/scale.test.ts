/**
 * Scale: thousands of resources, predicted correctly (speed is measured by
 * bench/change-set.bench.ts, never by a timed test). Left out of the mutation
 * run (stryker/jest.change-set.config.js): instrumented code runs these many times slower for
 * every mutant, and what they check the smaller tests check too.
 */
import { template } from './helpers';
import { predict, replacementOf, thing } from './test-spec';

describe('propagation', () => {
  test('GIVEN a chain of 3,000 resources, each creating its successor from a reference, WHEN the first is replaced THEN all the others are replaced too (Static references: recorded change sets)', () => {
    const size = 3000;
    const resources = (createValue: string) => Object.fromEntries(Array.from({ length: size }, (_, i) => [
      `R${i}`, thing(i === 0 ? { Create: createValue } : { Create: { 'Fn::Sub': `\${R${i - 1}.Arn}-x` } }),
    ]));
    const changeSet = predict(template(resources('a')), template(resources('b')));

    const replacements = replacementOf(changeSet);
    expect(replacements.R0).toBe('True');
    expect(replacements[`R${size - 1}`]).toBe('True');
    expect(Object.values(replacements).filter((r) => r === 'True')).toHaveLength(size);
    expect(changeSet.changes.find((c) => c.logicalResourceId === 'R1')?.details).toEqual([{
      attribute: 'Properties',
      name: 'Create',
      requiresRecreation: 'Always',
      evaluation: 'Static',
      changeSource: 'ResourceAttribute',
      causingEntity: 'R0.Arn',
      path: '/Properties/Create',
      attributeChangeType: 'Modify',
      beforeValue: '{"Fn::Sub":"${R0.Arn}-x"}',
      afterValue: '{"Fn::Sub":"${R0.Arn}-x"}',
    }]);
  });

});

describe('renames', () => {
  test('GIVEN 2,000 look-alike resources all moved to new logical ids, one value changed in each, WHEN predicted THEN each pairs with its own successor', () => {
    const many = (prefix: string, version: string) => Object.fromEntries(Array.from({ length: 2000 }, (_, i) => [
      `${prefix}${i}`, thing({ Plain: `function-${i}`, Version: version, List: [i, i + 1, i + 2], Map: { a: `${i}`, b: 'shared', c: 'same' } }),
    ]));
    const changeSet = predict(template(many('Old', 'v1')), template(many('New', 'v2')));
    expect(changeSet.changes).toHaveLength(4000);
    expect(changeSet.renames).toHaveLength(2000);
    expect(changeSet.renames.every((r) => r.fromLogicalId.slice(3) === r.toLogicalId.slice(3))).toBe(true);
  });

});
