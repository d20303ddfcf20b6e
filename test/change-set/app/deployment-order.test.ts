/**
 * The order `cdk deploy` takes: dependencies first, otherwise the manifest's order; and which
 * orders a dependency fixes, whatever the concurrency.
 */
import { DeploymentOrder } from '../../../src/change-set/app/deployment-order';

describe('DeploymentOrder', () => {
  test('GIVEN a stack listed before the stack it depends on WHEN ordered THEN the dependency goes first, the rest keep the manifest order', () => {
    // GIVEN: Api (first in the manifest) imports from Data; Web stands alone
    const order = new DeploymentOrder([
      { name: 'Api', dependsOn: ['Data'] },
      { name: 'Web', dependsOn: [] },
      { name: 'Data', dependsOn: [] },
    ]);

    // THEN
    expect(order.names).toEqual(['Web', 'Data', 'Api']);
    expect(order.before('Data', 'Api')).toBe(true);
    expect(order.before('Api', 'Data')).toBe(false);
  });

  test('GIVEN a chain of dependencies WHEN asked THEN a transitive dependency fixes the order and a tie in the manifest does not', () => {
    const order = new DeploymentOrder([
      { name: 'Data', dependsOn: [] },
      { name: 'Api', dependsOn: ['Data'] },
      { name: 'Edge', dependsOn: ['Api'] },
      { name: 'Other', dependsOn: [] },
    ]);

    expect(order.fixedBefore('Data', 'Edge')).toBe(true);
    expect(order.fixedBefore('Edge', 'Data')).toBe(false);
    expect(order.before('Data', 'Other')).toBe(true);
    expect(order.fixedBefore('Data', 'Other')).toBe(false);
  });

  test('GIVEN a cycle, a dependency on itself and an unknown stack WHEN ordered THEN every stack is placed once, in manifest order where nothing decides', () => {
    const order = new DeploymentOrder([
      { name: 'A', dependsOn: ['B', 'A'] },
      { name: 'B', dependsOn: ['A', 'Gone'] },
      { name: 'C', dependsOn: [] },
    ]);

    expect(order.names).toEqual(['C', 'A', 'B']);
    expect(order.fixedBefore('A', 'B')).toBe(true);
    expect(order.fixedBefore('B', 'A')).toBe(true);
  });

  test('GIVEN a stack that is not deployed WHEN compared THEN it is never before or after another', () => {
    const order = new DeploymentOrder([{ name: 'A', dependsOn: [] }]);
    expect(order.before('A', 'Removed')).toBe(false);
    expect(order.before('Removed', 'A')).toBe(false);
  });
});
