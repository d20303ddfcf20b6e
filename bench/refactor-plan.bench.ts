/**
 * The refactor planner on an app of 50 stacks × 100 resources (named queues, unnamed
 * topics and tables with `Ref`s between them), where 5 resources of every even stack move to
 * the next stack (25 refactor groups of two stacks) and 2 resources of every stack are
 * renamed in place: `ChangeSetPredictor.planRefactor` over the whole app, and the 50 per-stack
 * predictions `cdk-lifecycle diff` makes beside it. Medians of 7 runs after a warm-up.
 *
 *   npx ts-node --transpile-only bench/refactor-plan.bench.ts
 */
import { performance } from 'node:perf_hooks';
import { ChangeSetPredictor, RefactorStack } from '../src/change-set';

const STACKS = 50;
const RESOURCES = 100;

function app(): RefactorStack[] {
  const stacks: Array<{ before: Record<string, unknown>; after: Record<string, unknown> }> = [];
  for (let s = 0; s < STACKS; s++) {
    const before: Record<string, unknown> = {};
    for (let r = 0; r < RESOURCES; r++) {
      const kind = r % 3;
      before[`R${s}x${r}`] = kind === 0 ? { Type: 'AWS::SQS::Queue', Properties: { QueueName: `q-${s}-${r}`, VisibilityTimeout: r } }
        : kind === 1 ? { Type: 'AWS::SNS::Topic', Properties: { DisplayName: `t-${s}-${r}`, Tags: [{ Key: 'n', Value: String(r) }] } }
          : { Type: 'AWS::DynamoDB::Table', DeletionPolicy: 'Retain', Properties: { TableName: `tb-${s}-${r}`, KeySchema: [{ AttributeName: 'id', KeyType: 'HASH' }] } };
    }
    stacks.push({ before, after: { ...before } });
  }
  for (let s = 0; s < STACKS; s++) {
    const { after } = stacks[s];
    for (const r of [3, 6]) {
      after[`Renamed${s}x${r}`] = after[`R${s}x${r}`];
      delete after[`R${s}x${r}`];
    }
    if (s % 2 === 0) {
      for (const r of [9, 12, 15, 18, 21]) {
        stacks[s + 1].after[`Moved${s}x${r}`] = after[`R${s}x${r}`];
        delete after[`R${s}x${r}`];
      }
    }
  }
  return stacks.map(({ before, after }, s) => ({ stackName: `Stack${s}`, before: { Resources: before }, after: { Resources: after }, account: '123456789012', region: 'eu-west-1' }));
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

const stacks = app();
const plan = ChangeSetPredictor.planRefactor(stacks);
const moves = plan.moves;
const planTimes: number[] = [];
const predictTimes: number[] = [];
for (let run = 0; run < 7; run++) {
  const start = performance.now();
  ChangeSetPredictor.planRefactor(stacks);
  planTimes.push(performance.now() - start);
  const predictStart = performance.now();
  for (const stack of stacks) ChangeSetPredictor.predict(stack.before, stack.after);
  predictTimes.push(performance.now() - predictStart);
}
console.log(`${STACKS} stacks x ${RESOURCES} resources: ${moves.length} moves (${moves.filter((m) => m.refactorable).length} refactorable), ${plan.toCreateStackRefactorInputs().length} refactors, ${plan.steps.length} steps`);
console.log(`planRefactor (whole app): median ${median(planTimes).toFixed(1)} ms (${(median(planTimes) * 1000 / (STACKS * RESOURCES)).toFixed(1)} µs per resource)`);
console.log(`50 per-stack predictions: median ${median(predictTimes).toFixed(1)} ms`);
