/** Which removed and added resources of an app are one resource renamed or moved, and by which evidence. */
import { normalize } from '../../../src/change-set/normalize';
import { AppExports } from '../../../src/change-set/refactor/app-exports';
import { findMoves, PlanStack, SideExports } from '../../../src/change-set/refactor/find-moves';
import { GENERATED_SPEC, SpecLookup } from '../../../src/change-set/replacement-spec-lookup';
import { ResourceRules } from '../../../src/change-set/resource-rules';
import { template } from '../helpers';

const rules = new ResourceRules(new SpecLookup(GENERATED_SPEC));
const stack = (name: string, before: Record<string, unknown>, after: Record<string, unknown>, environment = '111111111111/eu-west-1'): PlanStack => {
  const [account, region] = environment.split('/');
  const rawBefore = template(before);
  const rawAfter = template(after);
  const read = { before: normalize(rawBefore), after: normalize(rawAfter) };
  return { name, ...read, rawBefore, rawAfter, deployed: true, inApp: true, environment, account, region };
};
/** The exports of each environment's stacks, as the planner reads them. */
function exportsOf(stacks: readonly PlanStack[]): Map<string, SideExports> {
  const side = (members: PlanStack[], which: 'before' | 'after') => AppExports.of(members.map((member) => ({
    name: member.name, raw: which === 'before' ? member.rawBefore : member.rawAfter, normalized: member[which], account: member.account, region: member.region,
  })));
  const environments = [...new Set(stacks.map((member) => member.environment))];
  return new Map(environments.map((environment) => {
    const members = stacks.filter((member) => member.environment === environment);
    return [environment, { before: side(members, 'before'), after: side(members, 'after') }];
  }));
}
const found = (...stacks: PlanStack[]) => findMoves({ stacks, rules, renameThreshold: 0.8, exports: exportsOf(stacks), decided: [] });
const moves = (...stacks: PlanStack[]) => found(...stacks).moves.map((move) =>
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

  test('GIVEN the name added in its own stack and in another WHEN paired THEN neither is guessed: the two are an ambiguity, whatever the order of the stacks', () => {
    const a = stack('A', { Old: named('jobs') }, { New: named('jobs') });
    const b = stack('B', {}, { Q: named('jobs') });
    for (const order of [[a, b], [b, a]]) {
      const result = found(...order);
      expect(result.moves).toEqual([]);
      expect(result.ambiguities).toEqual([{ resourceType: 'AWS::SQS::Queue', sources: [{ stack: 'A', logicalId: 'Old' }], destinations: [{ stack: 'A', logicalId: 'New' }, { stack: 'B', logicalId: 'Q' }] }]);
    }
  });

  test('GIVEN the name added in its own stack and in another, with other properties WHEN paired THEN the like one in its own stack is the rename', () => {
    const a = stack('A', { Old: { ...named('jobs'), Properties: { QueueName: 'jobs', DelaySeconds: 5, VisibilityTimeout: 30, MaximumMessageSize: 1024, MessageRetentionPeriod: 60 } } }, { New: { ...named('jobs'), Properties: { QueueName: 'jobs', DelaySeconds: 6, VisibilityTimeout: 30, MaximumMessageSize: 1024, MessageRetentionPeriod: 60 } } });
    expect(moves(a, stack('B', {}, { Q: named('jobs') }))).toEqual(['A.Old -> A.New Similarity']);
  });

  test('GIVEN one name removed from two stacks and added once WHEN paired THEN none moves there: which one is meant is ambiguous', () => {
    const result = found(stack('A', { Q: named('jobs') }, {}), stack('B', { Q: named('jobs') }, {}), stack('C', {}, { Q: named('jobs') }));
    expect(result.moves).toEqual([]);
    expect(result.ambiguities.map((ambiguity) => [ambiguity.sources.length, ambiguity.destinations.length])).toEqual([[2, 1]]);
  });

  test('GIVEN a named queue renamed and changed WHEN paired THEN the name pairs it, whatever else changed', () => {
    expect(moves(stack('A', { Old: named('jobs') }, { New: { Type: 'AWS::SQS::Queue', Properties: { QueueName: 'jobs', DelaySeconds: 9 } } }))).toEqual(['A.Old -> A.New Name']);
  });
});

describe('by similarity, within a stack', () => {
  test('GIVEN a removed resource and an identical one added only in another stack WHEN paired THEN it is a move by identical properties, not a rename', () => {
    expect(moves(stack('A', { Old: unnamed('orders'), K: keep }, { K: keep }), stack('B', {}, { New: unnamed('orders') }))).toEqual(['A.Old -> B.New IdenticalProperties']);
  });

  test('GIVEN two added resources of the type WHEN one is like the removed one THEN the rename goes to that one', () => {
    const like = { Type: 'AWS::SNS::Topic', Properties: { ...unnamed('orders').Properties, TracingConfig: 'PassThrough', SignatureVersion: '2' } };
    const removed = { Type: 'AWS::SNS::Topic', Properties: { ...unnamed('orders').Properties, SignatureVersion: '2' } };
    const after = { Other: { Type: 'AWS::SNS::Topic', Properties: { FifoTopic: true, ContentBasedDeduplication: true } }, New: like };
    expect(moves(stack('A', { Old: removed }, after))).toEqual(['A.Old -> A.New Similarity']);
  });

  test('GIVEN an unnamed resource renamed with its properties unchanged WHEN paired THEN it is a move by identical properties', () => {
    const after = { Other: { Type: 'AWS::SNS::Topic', Properties: { FifoTopic: true, ContentBasedDeduplication: true } }, New: unnamed('orders') };
    expect(moves(stack('A', { Old: unnamed('orders') }, after))).toEqual(['A.Old -> A.New IdenticalProperties']);
  });
});

describe('by identical properties, between stacks', () => {
  test('GIVEN a resource renamed within its stack and an identical one moved between two others WHEN paired THEN which went where is ambiguous (as cdk refactor says): none pairs', () => {
    const result = found(
      stack('A', { Old: unnamed('orders') }, { New: unnamed('orders') }),
      stack('B', {}, { N: unnamed('orders') }),
      stack('C', { G: unnamed('orders') }, {}),
    );
    expect(result.moves).toEqual([]);
    expect(result.ambiguities).toEqual([{
      resourceType: 'AWS::SNS::Topic',
      sources: [{ stack: 'A', logicalId: 'Old' }, { stack: 'C', logicalId: 'G' }],
      destinations: [{ stack: 'A', logicalId: 'New' }, { stack: 'B', logicalId: 'N' }],
    }]);
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

test('GIVEN a resource renamed and changed within its stack and a resource identical to its old definition added in another WHEN paired THEN it moves once, to the identical one', () => {
  const renamed = { Type: 'AWS::SNS::Topic', Properties: { ...unnamed('orders').Properties, TracingConfig: 'PassThrough' } };
  expect(moves(stack('A', { Old: unnamed('orders') }, { New: renamed }), stack('B', {}, { N: unnamed('orders') }))).toEqual(['A.Old -> B.N IdenticalProperties']);
});
