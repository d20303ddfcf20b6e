import { reviewSides } from './helpers';
import { aggregate, GroupNode, parseGroupBy } from '../../src/review/aggregate';

const review = reviewSides('templates/before.json', 'templates/after.yaml');
const shape = (nodes: readonly GroupNode[]): unknown => nodes.map((node) => [
  node.value, node.count, ...(node.children.length > 0 ? [shape(node.children)] : [node.changes.map((change) => change.logicalId)]),
]);

test('GIVEN changes WHEN grouped by kind THEN each kind has its count, largest first', () => {
  expect(shape(aggregate(review.changes, ['kind']))).toEqual([
    ['data-loss', 2, ['Events', 'OrdersQueue']],
    ['failure', 2, ['OrdersQueueV2', 'Table']],
    ['replace', 2, ['Scaling', 'Subscription']],
    ['add', 1, ['Audit']],
    ['modify', 1, ['Topic']],
    ['remove', 1, ['Legacy']],
  ]);
});

test('GIVEN changes WHEN grouped by type then action THEN the tree nests and counts distinct changes', () => {
  const tree = aggregate(review.changes, ['type', 'action']);
  expect(tree[0]).toMatchObject({ by: 'type', value: 'AWS::SQS::Queue', count: 3 });
  expect(shape(tree[0].children)).toEqual([['Add', 1, ['OrdersQueueV2']], ['Modify (replace: True)', 1, ['Events']], ['Remove', 1, ['OrdersQueue']]]);
});

test('GIVEN a change with two changed properties WHEN grouped by property THEN it is under both, and whole-resource changes have their own node', () => {
  const tree = aggregate(review.changes, ['property']);
  const byValue = Object.fromEntries(tree.map((node) => [node.value, node.changes.map((change) => change.logicalId)]));
  expect(byValue.KeySchema).toEqual(['Table']);
  expect(byValue.AttributeDefinitions).toEqual(['Table']);
  expect(byValue['(whole resource)']).toEqual(['Audit', 'Legacy', 'OrdersQueue', 'OrdersQueueV2']);
});

test.each<[string[], unknown]>([
  [['type,action'], { keys: ['type', 'action'] }],
  [['stack', 'level'], { keys: ['stack', 'level'] }],
  [['colour'], { problem: '--group-by takes type, action, property, stack, kind, level (comma-separated, nested in that order), got: "colour"' }],
  [['type,type'], { problem: '--group-by names "type" twice' }],
  [[','], { problem: '--group-by needs at least one of type, action, property, stack, kind, level' }],
])('GIVEN --group-by %j WHEN parsed THEN %j', (given, expected) => {
  expect(parseGroupBy(given)).toEqual(expected);
});
