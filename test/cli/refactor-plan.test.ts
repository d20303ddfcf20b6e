/**
 * `diff --refactor-plan`, `--fail-on data-loss` and the report's data verdicts and moves, on
 * a real two-stack CDK app synthesized in-process by aws-cdk-lib: a named table (CDK's
 * default removal policy, Retain) moved from one stack to the other, and a renamed queue.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { App, Stack } from 'aws-cdk-lib';
import * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as sqs from 'aws-cdk-lib/aws-sqs';
import { run, runJson } from './helpers';
import { failsOn } from '../../src/review/review-rules';

const env = { account: '123456789012', region: 'eu-west-1' };

/** The app before (`moved: false`) and after the table moves to Api and the queue is renamed. */
function synth(outdir: string, moved: boolean): void {
  const app = new App({ outdir });
  const data = new Stack(app, 'Data', { env });
  const api = new Stack(app, 'Api', { env });
  new dynamodb.Table(moved ? api : data, 'Orders', { tableName: 'orders', partitionKey: { name: 'id', type: dynamodb.AttributeType.STRING } });
  new sqs.Queue(data, 'Audit', { retentionPeriod: undefined });
  new sqs.Queue(api, moved ? 'JobsQueue' : 'Jobs', { queueName: 'jobs' });
  if (moved) new sqs.Queue(api, 'Extra');
  app.synth();
}

let tmp: string;
const validation = process.env.CDK_VALIDATION;
beforeAll(() => {
  process.env.CDK_VALIDATION = 'false';
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'cdk-lifecycle-refactor-'));
  synth(path.join(tmp, 'before'), false);
  synth(path.join(tmp, 'after'), true);
});
afterAll(() => {
  if (validation === undefined) delete process.env.CDK_VALIDATION;
  else process.env.CDK_VALIDATION = validation;
});

describe('a cross-stack move and a rename in a synthesized two-stack app', () => {
  test('GIVEN the table moved to Api WHEN diffed THEN the report states the move, the refactor, what happens without one, and the two steps', async () => {
    const result = await run(['diff', 'before', 'after', '--fail-on', 'none'], { cwd: tmp });
    expect(result.code).toBe(0);
    const moves = result.stdout.slice(result.stdout.indexOf('Moves:'));
    expect(moves).toMatch(/^Moves: 2 resources renamed or moved, 2 can be a stack refactor\n/);
    expect(moves).toMatch(/\[>\] AWS::DynamoDB::Table Data\.Orders\w+ → Api\.Orders\w+ \(same name\): stack refactor\n    without a refactor: whichever stack deploys first, Api cannot create Orders\w+: the name stays held by Data\.Orders\w+, which Data retains \(DeletionPolicy Retain\) when it removes it\n/);
    expect(moves).toMatch(/\[>\] AWS::SQS::Queue Api\.Jobs\w+ → Api\.JobsQueue\w+ \(same name\): stack refactor\n/);
    expect(moves).toContain('Plan: two deployments, the refactor first, then the rest\nStep 1: refactor');
    expect(moves).toMatch(/Step 2: deploy the rest \(cdk deploy\)\n(    .*\n)*    Api: \[\+\] AWS::SQS::Queue Extra\w+\n/);
    expect(moves).toContain('Write the plan files with --refactor-plan <file>');
  });

  test('GIVEN the same WHEN diffed THEN the data verdict of the removed table follows the certain failures: retained, outside the stack', async () => {
    const { stdout } = await run(['diff', 'before', 'after'], { cwd: tmp });
    const certain = stdout.indexOf('Certain failures');
    const data = stdout.indexOf('Data: what happens to the data of removed and replaced resources');
    expect(certain).toBe(0);
    expect(data).toBeGreaterThan(certain);
    expect(data).toBeLessThan(stdout.indexOf('Stack '));
    expect(stdout).toMatch(/\[retained\] AWS::DynamoDB::Table Orders\w+ \(stack Data\): removed, DeletionPolicy Retain\n    the table and its items stay, unmanaged \(outside the stack, still billed\)\n/);
  });

  test('GIVEN --refactor-plan WHEN diffed THEN the plan and the CreateStackRefactor input are written, with the stacks\' environment', async () => {
    const result = await run(['diff', 'before', 'after', '--refactor-plan', 'plan.json', '--fail-on', 'none'], { cwd: tmp });
    expect(result.stdout).toContain('Plan written to plan.json, plan.create-stack-refactor.json');
    const plan = JSON.parse(fs.readFileSync(path.join(tmp, 'plan.json'), 'utf8'));
    expect(plan.environments).toEqual([{ account: '123456789012', region: 'eu-west-1', resources: expect.any(Object) }]);
    const resources = Object.entries(plan.environments[0].resources);
    expect(resources).toHaveLength(2);
    expect(resources.find(([source]) => source.startsWith('Data.'))![1]).toMatch(/^Api\.Orders/);
    const input = JSON.parse(fs.readFileSync(path.join(tmp, 'plan.create-stack-refactor.json'), 'utf8'));
    expect(input).toEqual(plan.StackRefactors[0]);
    expect(input.StackDefinitions.map((definition: any) => definition.StackName)).toEqual(['Api', 'Data']);
    expect(plan.Steps.map((step: any) => step.Kind)).toEqual(['Refactor', 'Deploy']);
  });

  test('GIVEN --fail-on data-loss WHEN the only data verdict retains THEN the exit code is 0; when the renamed queue\'s messages are deleted it is 1', async () => {
    expect((await run(['diff', 'before', 'after', '--stack', 'Data', '--fail-on', 'data-loss'], { cwd: tmp })).code).toBe(0);
    expect((await run(['diff', 'before', 'after', '--stack', 'Data', '--fail-on', 'failure'], { cwd: tmp })).code).toBe(0);
    expect((await run(['diff', 'before', 'after', '--stack', 'Api', '--fail-on', 'data-loss'], { cwd: tmp })).code).toBe(1);
  });

  test('GIVEN --json WHEN diffed THEN the data verdict sits under PredictorAdditions beside CloudFormation\'s fields', async () => {
    const { json } = await runJson(['before', 'after'].map((name) => path.join(tmp, name)));
    const removed = json.Data.Changes.map((change: any) => change.ResourceChange).find((change: any) => change.ResourceType === 'AWS::DynamoDB::Table');
    expect(removed.PredictorAdditions.DataVerdict).toEqual({ Trigger: 'Removal', Policy: 'Retain', PolicySource: 'Explicit', Fate: 'Retained', Certainty: 'Certain', Consequence: 'the table and its items stay, unmanaged (outside the stack, still billed)' });
  });
});

describe('errors', () => {
  test('GIVEN two template files WHEN --refactor-plan is asked THEN it is an input error: no stack names', async () => {
    const result = await run(['diff', 'templates/before.json', 'templates/after.yaml', '--refactor-plan', path.join(os.tmpdir(), 'never.json')]);
    expect(result).toEqual({ code: 2, stdout: '', stderr: 'cdk-lifecycle: --refactor-plan needs stack names: compare cloud assemblies, or a template with an assembly (--stack picks its stack)\n' });
  });

  test('GIVEN a plan file in a folder that does not exist WHEN diffed THEN it is an input error naming the file', async () => {
    const result = await run(['diff', 'before', 'after', '--refactor-plan', 'missing/plan.json'], { cwd: tmp });
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/^cdk-lifecycle: cannot write the refactor plan missing\/plan\.json: ENOENT/);
  });
});

describe('--fail-on data-loss, level by level', () => {
  const deleted = { verdict: 'deleted', consequence: '', certain: true };
  test.each<[string, Parameters<typeof failsOn>[1], boolean]>([
    ['data deleted, no failure', { dataVerdict: deleted }, true],
    ['data possibly deleted', { dataVerdict: { ...deleted, certain: false } }, true],
    ['a certain failure, no data deleted', { failure: { certainty: 'Certain', reason: '' } }, true],
    ['a replacement that deletes no data', { replacement: 'True', dataVerdict: { ...deleted, verdict: 'retained' } }, false],
    ['nothing', {}, false],
  ])('GIVEN %s WHEN --fail-on data-loss THEN the review fails: %s', (_, change, fails) => {
    expect(failsOn('data-loss', change)).toBe(fails);
  });
});
