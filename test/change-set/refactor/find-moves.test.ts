/** Which removed and added resources of an app are one resource renamed or moved, and by which evidence. */
import { normalize } from '../../../src/change-set/normalize';
import { findMoves, PlanStack } from '../../../src/change-set/refactor/find-moves';
import { GENERATED_SPEC, SpecLookup } from '../../../src/change-set/replacement-spec-lookup';
import { ResourceRules } from '../../../src/change-set/resource-rules';
import { template } from '../helpers';

const rules = new ResourceRules(new SpecLookup(GENERATED_SPEC));
const stack = (name: string, before: Record<string, unknown>, after: Record<string, unknown>, environment = '111111111111/eu-west-1'): PlanStack => ({
  name, before: normalize(template(before)), after: normalize(template(after)), deployed: true, environment,
});
const moves = (...stacks: PlanStack[]) => findMoves(stacks, rules, 0.8).map((move) =>
  `${move.source.stack}.${move.source.logicalId} -> ${move.destination.stack}.${move.destination.logicalId} ${move.matchedBy}`);

const named = (name: string) => ({ Type: 'AWS::SQS::Queue', Properties: { QueueName: name } });
const unnamed = (display: string) => ({ Type: 'AWS::SNS::Topic', Properties: { DisplayName: display, KmsMasterKeyId: 'alias/aws/sns', TracingConfig: 'Active' } });
const keep = { Type: 'AWS::SNS::Topic', Properties: { TopicName: 'keep' } };

describe('by name', () => {
  test('GIVEN a name that a resource kept in its stack still holds WHEN another stack adds it THEN it is no move (only removed resources move)', () => {
    expect(moves(stack('A', { Q: named('jobs') }, { Q: named('jobs') }), stack('B', {}, { Q: named('jobs') }))).toEqual([]);
  });

  test('GIVEN a name removed from one stack WHEN another stack keeps a resource of that name THEN it is no move (only added resources receive)', () => {
    expect(moves(stack('A', { Q: named('jobs'), K: keep }, { K: keep }), stack('B', { Q2: named('jobs') }, { Q2: named('jobs') }))).toEqual([]);
  });

  test('GIVEN the name added in its own stack and in another WHEN paired THEN its own stack wins, whatever the order of the stacks', () => {
    const a = stack('A', { Old: named('jobs') }, { New: named('jobs') });
    const b = stack('B', {}, { Q: named('jobs') });
    expect(moves(b, a)).toEqual(['A.Old -> A.New Name']);
    expect(moves(a, b)).toEqual(['A.Old -> A.New Name']);
  });

  test('GIVEN one name removed from two stacks and added once WHEN paired THEN only one of them moves there', () => {
    expect(moves(stack('A', { Q: named('jobs') }, {}), stack('B', { Q: named('jobs') }, {}), stack('C', {}, { Q: named('jobs') }))).toEqual(['A.Q -> C.Q Name']);
  });
});

describe('by similarity, within a stack', () => {
  test('GIVEN a removed resource and an identical one added only in another stack WHEN paired THEN it is a move by identical properties, not a rename', () => {
    expect(moves(stack('A', { Old: unnamed('orders'), K: keep }, { K: keep }), stack('B', {}, { New: unnamed('orders') }))).toEqual(['A.Old -> B.New IdenticalProperties']);
  });

  test('GIVEN two added resources of the type WHEN one is like the removed one THEN the rename goes to that one', () => {
    const after = { Other: { Type: 'AWS::SNS::Topic', Properties: { FifoTopic: true, ContentBasedDeduplication: true } }, New: unnamed('orders') };
    expect(moves(stack('A', { Old: unnamed('orders') }, after))).toEqual(['A.Old -> A.New Similarity']);
  });
});

describe('by identical properties, between stacks', () => {
  test('GIVEN a resource renamed within its stack and an identical one moved between two others WHEN paired THEN each is found once', () => {
    expect(moves(
      stack('A', { Old: unnamed('orders') }, { New: unnamed('orders') }),
      stack('B', {}, { N: unnamed('orders') }),
      stack('C', { G: unnamed('orders') }, {}),
    )).toEqual(['A.Old -> A.New Similarity', 'C.G -> B.N IdenticalProperties']);
  });

  test('GIVEN two identical resources removed and one added WHEN paired THEN neither moves: which one is meant is ambiguous', () => {
    expect(moves(stack('A', { G: unnamed('orders') }, {}), stack('B', { G: unnamed('orders') }, {}), stack('C', {}, { N: unnamed('orders') }))).toEqual([]);
  });

  test('GIVEN different properties, or the same properties on another type WHEN paired THEN nothing moves', () => {
    expect(moves(stack('A', { G: unnamed('orders') }, {}), stack('B', {}, { N: unnamed('invoices') }))).toEqual([]);
    const queueAlike = { Type: 'AWS::SQS::Queue', Properties: unnamed('orders').Properties };
    expect(moves(stack('A', { G: unnamed('orders') }, {}), stack('B', {}, { N: queueAlike }))).toEqual([]);
  });

  test('GIVEN stacks of two environments WHEN identical resources leave one and appear in the other THEN nothing moves', () => {
    expect(moves(stack('A', { G: unnamed('orders') }, {}), stack('B', {}, { N: unnamed('orders') }, '222222222222/eu-west-1'))).toEqual([]);
  });
});

test('GIVEN moves found in any order of the stacks WHEN listed THEN they are sorted by source stack, then logical id', () => {
  expect(moves(
    stack('B', { Z: named('z') }, { Z2: named('z') }),
    stack('A', { Y: named('y'), X: named('x') }, { Y2: named('y'), X2: named('x') }),
  )).toEqual(['A.X -> A.X2 Name', 'A.Y -> A.Y2 Name', 'B.Z -> B.Z2 Name']);
});

test('GIVEN a resource renamed within its stack and a resource identical to its old definition added in another WHEN paired THEN it moves once, by the rename', () => {
  const renamed = { Type: 'AWS::SNS::Topic', Properties: { ...unnamed('orders').Properties, TracingConfig: 'PassThrough' } };
  expect(moves(stack('A', { Old: unnamed('orders') }, { New: renamed }), stack('B', {}, { N: unnamed('orders') }))).toEqual(['A.Old -> A.New Similarity']);
});
