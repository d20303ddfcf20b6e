/**
 * The refactor planner on an app tied together by exports: 50 stacks, each exporting 10 of its
 * topics (500 exports) that the next stack imports (500 imports), where 2 resources of every
 * even stack move to the next stack (one of them a queue that keeps referring to a topic of its
 * old stack, so the refactor writes an export and an import for it), one resource of every stack
 * is renamed, and every tenth stack stops importing one export its neighbour drops (the update
 * after the refactor is checked for exports removed in use). Target: the whole plan under 2 s
 * (issue 25: "an assembly of 50 stacks with 500 exports and imports and moves between them");
 * this is its refactor-planning half. Medians of 7 runs after a warm-up.
 *
 *   npx ts-node --transpile-only bench/refactor-app.bench.ts
 */
import { performance } from 'node:perf_hooks';
import { ChangeSetPredictor, RefactorStack } from '../src/change-set';

const STACKS = 50;
const EXPORTS = 10;
const TARGET_MS = 2000;

type Template = { Resources: Record<string, unknown>; Outputs: Record<string, unknown> };

function app(): RefactorStack[] {
  const before: Template[] = [];
  const after: Template[] = [];
  for (let s = 0; s < STACKS; s++) {
    const resources: Record<string, unknown> = {};
    const outputs: Record<string, unknown> = {};
    for (let e = 0; e < EXPORTS; e++) {
      resources[`Topic${s}x${e}`] = { Type: 'AWS::SNS::Topic', Properties: { TopicName: `topic-${s}-${e}`, DisplayName: `t${e}` } };
      outputs[`ExportsOutputRefTopic${s}x${e}`] = { Value: { Ref: `Topic${s}x${e}` }, Export: { Name: `Stack${s}:ExportsOutputRefTopic${s}x${e}` } };
    }
    // Each stack imports the previous stack's exports; the second imports the first's twice (by two subscriptions), so 500 imports in all.
    const subscribe = (id: string, exporter: number, e: number) => {
      resources[id] = {
        Type: 'AWS::SNS::Subscription',
        Properties: { Protocol: 'sqs', TopicArn: { 'Fn::ImportValue': `Stack${exporter}:ExportsOutputRefTopic${exporter}x${e}` }, Endpoint: { 'Fn::GetAtt': [`Queue${s}`, 'Arn'] } },
      };
    };
    for (let e = 0; s > 0 && e < EXPORTS; e++) subscribe(`Sub${s}x${e}`, s - 1, e);
    for (let e = 0; s === 1 && e < EXPORTS; e++) subscribe(`Again${s}x${e}`, 0, e);
    resources[`Key${s}`] = { Type: 'AWS::SNS::Topic', Properties: { TopicName: `key-${s}` } };
    resources[`Queue${s}`] = { Type: 'AWS::SQS::Queue', Properties: { QueueName: `queue-${s}`, VisibilityTimeout: s } };
    resources[`Table${s}`] = { Type: 'AWS::DynamoDB::Table', DeletionPolicy: 'Retain', Properties: { TableName: `table-${s}`, KeySchema: [{ AttributeName: 'id', KeyType: 'HASH' }] } };
    resources[`Moving${s}`] = { Type: 'AWS::SQS::Queue', Properties: { QueueName: `moving-${s}`, Tags: [{ Key: 'topic', Value: { Ref: `Key${s}` } }] } };
    resources[`Log${s}`] = { Type: 'AWS::Logs::LogGroup', Properties: { LogGroupName: `/app/${s}`, RetentionInDays: 7 } };
    before.push({ Resources: resources, Outputs: outputs });
    after.push({ Resources: { ...resources }, Outputs: { ...outputs } });
  }
  for (let s = 0; s < STACKS; s++) {
    const next = after[s + 1];
    const here = after[s];
    here.Resources[`Renamed${s}`] = here.Resources[`Table${s}`];
    delete here.Resources[`Table${s}`];
    if (s % 2 === 0 && next !== undefined) {
      // The queue moves and keeps its reference to the topic that stays: the new templates export it, the refactor writes that export and the import.
      here.Outputs[`ExportsOutputRefKey${s}`] = { Value: { Ref: `Key${s}` }, Export: { Name: `Stack${s}:ExportsOutputRefKey${s}` } };
      next.Resources[`Moving${s}`] = { Type: 'AWS::SQS::Queue', Properties: { QueueName: `moving-${s}`, Tags: [{ Key: 'topic', Value: { 'Fn::ImportValue': `Stack${s}:ExportsOutputRefKey${s}` } }] } };
      delete here.Resources[`Moving${s}`];
      next.Resources[`Log${s}`] = here.Resources[`Log${s}`];
      delete here.Resources[`Log${s}`];
    }
    if (s % 10 === 5 && next !== undefined) {
      delete next.Resources[`Sub${s + 1}x9`];
      delete here.Outputs[`ExportsOutputRefTopic${s}x9`];
    }
  }
  return before.map((template, s) => ({ stackName: `Stack${s}`, before: template, after: after[s], account: '123456789012', region: 'eu-west-1' }));
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

const stacks = app();
const imports = stacks.reduce((sum, stack) => sum + (JSON.stringify(stack.before).match(/Fn::ImportValue/g) ?? []).length, 0);
const resources = stacks.reduce((sum, stack) => sum + Object.keys((stack.before as Template).Resources).length, 0);
const coldStart = performance.now();
const plan = ChangeSetPredictor.planRefactor(stacks);
const cold = performance.now() - coldStart;
const times: number[] = [];
for (let run = 0; run < 7; run++) {
  const start = performance.now();
  ChangeSetPredictor.planRefactor(stacks);
  times.push(performance.now() - start);
}
const moves = plan.moves;
const step2 = plan.steps[1];
console.log(`${STACKS} stacks, ${resources} resources, ${STACKS * EXPORTS} exports, ${imports} imports: `
  + `${moves.length} moves (${moves.filter((move) => move.refactorable).length} refactorable), ${plan.toCreateStackRefactorInputs().length} refactors, `
  + `${plan.steps[0]?.actions.filter((action) => action.includes('[+] export')).length ?? 0} exports written, step 2 ${step2?.safe === false ? `not safe (${step2.problems.length} exports removed in use)` : 'safe'}`);
console.log(`planRefactor (whole app): first call ${cold.toFixed(0)} ms, median ${median(times).toFixed(1)} ms; target < ${TARGET_MS} ms: ${median(times) < TARGET_MS ? 'met' : 'MISSED'} (${(TARGET_MS / median(times)).toFixed(1)}x under)`);
