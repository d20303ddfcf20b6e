/**
 * Nested stacks read whole, and stacks that leave the app, through `cdk-lifecycle diff` on a
 * real multi-stack app (test/fixtures/apps/nested-stacks-app.ts: a Stage, nested stacks two
 * levels deep, an export whose name is built inside nested stacks from a parameter, a nested
 * stack created by a parameter). The deployed version is synthesized by the real cdk CLI (which
 * records the nested templates' `aws:asset:path`), the new versions by aws-cdk-lib in-process
 * (found through the asset manifest).
 */
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { App } from 'aws-cdk-lib';
import { run } from './helpers';
import { buildNestedApp, NestedAppVersion } from '../fixtures/apps/nested-stacks-app';

const ROOT = path.join(__dirname, '..', '..');
const CDK = path.join(ROOT, 'node_modules', '.bin', 'cdk');

let tmp: string;
const validation = process.env.CDK_VALIDATION;

function synthInProcess(name: string, version: NestedAppVersion): void {
  // The metadata the cdk CLI turns on, so that only the version's changes differ from the deployed side.
  const context = { 'aws:cdk:enable-path-metadata': true, 'aws:cdk:enable-asset-metadata': true, 'aws:cdk:version-reporting': true };
  const app = new App({ outdir: path.join(tmp, name), context });
  buildNestedApp(app, version);
  app.synth();
}

function synthWithCli(name: string, version: NestedAppVersion): void {
  const result = spawnSync(CDK, [
    'synth', '--no-notices', '--quiet', '--app', 'npx ts-node --transpile-only test/fixtures/apps/nested-stacks-app.ts',
    '--output', path.join(tmp, name), '-c', `version=${JSON.stringify(version)}`,
  ], { cwd: ROOT, encoding: 'utf8', timeout: 120_000, env: { ...process.env, CDK_DISABLE_CLI_TELEMETRY: 'true', CDK_DISABLE_VERSION_CHECK: '1', CI: 'true' } });
  if (result.status !== 0) throw new Error(`cdk synth failed: ${result.stderr}`);
}

beforeAll(() => {
  process.env.CDK_VALIDATION = 'false';
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'cdk-lifecycle-nested-'));
  synthWithCli('deployed', {});
  synthInProcess('same', {});
  synthInProcess('without-store', { withStore: false });
  synthInProcess('function-in-jobs', { functionIn: 'Jobs' });
  synthInProcess('workers-renamed', { workersId: 'Pool' });
  synthInProcess('feed-replaced', { feedQueueName: 'prod-feed-v2' });
  synthInProcess('feed-unexported', { feedExport: false });
  synthInProcess('data-renamed', { dataStackName: 'Acme-Data' });
  synthInProcess('stage-renamed', { stage: 'Production' });
}, 180_000);

afterAll(() => {
  fs.rmSync(tmp, { recursive: true, force: true });
  if (validation === undefined) delete process.env.CDK_VALIDATION;
  else process.env.CDK_VALIDATION = validation;
});

async function diffJson(after: string, ...extra: string[]): Promise<{ code: number; json: any }> {
  const { code, stdout, stderr } = await run(['diff', '--json', 'deployed', after, ...extra], { cwd: tmp });
  if (stderr !== '') throw new Error(`unexpected stderr: ${stderr}`);
  return { code, json: JSON.parse(stdout) };
}

/** Every resource change of a stack's JSON, nested ones included, with the path of nested stack ids they are in. */
function flatten(changes: any[], at: string[] = []): Array<{ at: string; change: any }> {
  return changes.flatMap(({ ResourceChange: change }) => [
    { at: at.join('/'), change },
    ...flatten(change.NestedChanges ?? [], [...at, change.LogicalResourceId]),
  ]);
}

/** The failures of every stack: resources (nested ones included) and outputs. */
function failuresOf(json: any): Array<{ stack: string; id: string; at: string; Certainty: string; Reason: string }> {
  return Object.entries<any>(json).flatMap(([stack, { Changes, Outputs }]) => [
    ...(Outputs ?? []).filter((output: any) => output.Failure !== undefined)
      .map((output: any) => ({ stack, id: output.OutputKey, at: output.NestedStackPath ?? '', ...output.Failure })),
    ...flatten(Changes).filter(({ change }) => change.Failure !== undefined)
      .map(({ at, change }) => ({ stack, id: change.LogicalResourceId, at, ...change.Failure })),
  ]);
}

const CDK_METADATA = 'AWS::CDK::Metadata';
const nestedId = (construct: string) => new RegExp(`^${construct}NestedStack${construct}NestedStackResource[0-9A-F]{8}$`);

describe('a nested stack removed, added or renamed is read whole', () => {
  test('GIVEN nested stack Store removed, with nested stack Tables inside WHEN diffed THEN every resource two levels down is removed with its data verdict, and --fail-on data-loss exits 1', async () => {
    const { code, json } = await diffJson('without-store');
    const dataLoss = await run(['diff', 'deployed', 'without-store', '--fail-on', 'data-loss'], { cwd: tmp });
    const text = (await run(['diff', 'deployed', 'without-store'], { cwd: tmp })).stdout;

    const changes = flatten(json['Prod-Data'].Changes);
    const store = changes.find(({ change }) => nestedId('Store').test(change.LogicalResourceId))!;
    const tables = changes.find(({ change }) => nestedId('Tables').test(change.LogicalResourceId))!;
    expect([store.change.Action, tables.change.Action, tables.at]).toEqual(['Remove', 'Remove', store.change.LogicalResourceId]);
    const verdicts = changes.filter(({ change }) => change.ResourceType === 'AWS::DynamoDB::Table')
      .map(({ at, change }) => [at.split('/').length, change.Action, change.LogicalResourceId.replace(/[0-9A-F]{8}$/, ''), change.PredictorAdditions.DataVerdict.Fate, change.PredictorAdditions.DataVerdict.Policy]);
    expect(verdicts.sort()).toEqual([[2, 'Remove', 'Audit', 'Retained', 'Retain'], [2, 'Remove', 'Ledger', 'Deleted', 'Delete']]);
    expect(code).toBe(0);
    expect(dataLoss.code).toBe(1);
    expect(text).toMatch(/\[deleted\] AWS::DynamoDB::Table Data\/Store\/Tables\/Ledger Ledger\w+ \(stack Prod-Data, nested stack StoreNestedStack\w+\/TablesNestedStack\w+\): removed, DeletionPolicy Delete/);
    expect(text).toMatch(/Summary: 0 added, 0 modified in place, 0 replaced, 0 maybe replaced, 4 removed;.* 2 data verdicts \(1 deleting data\)/);
  });

  test('GIVEN the named function and log group moved from Api into a new nested stack WHEN diffed THEN both certainly fail: Api still holds the names until its cleanup', async () => {
    const { code, json } = await diffJson('function-in-jobs');

    const failures = failuresOf(json);
    expect(failures.map(({ stack, id, at, Certainty }) => [stack, id.replace(/[0-9A-F]{8}$/, ''), nestedId('Jobs').test(at), Certainty]).sort()).toEqual([
      ['Prod-Api', 'Handler', true, 'Certain'],
      ['Prod-Api', 'Logs', true, 'Certain'],
    ]);
    expect(failures.find(({ id }) => id.startsWith('Handler'))!.Reason)
      .toMatch(/^FunctionName "prod-handler" is still held by Handler\w+ in stack Prod-Api, which this update removes: CloudFormation deletes it only in the cleanup after the whole update of Prod-Api, nested stacks included/);
    expect(code).toBe(1);
  });

  test('GIVEN nested stack Workers renamed (a new logical id) WHEN diffed THEN the named queue in the new nested stack certainly fails against the old one', async () => {
    const { code, json } = await diffJson('workers-renamed');

    const failures = failuresOf(json);
    expect(failures).toEqual([expect.objectContaining({ stack: 'Prod-Api', id: expect.stringMatching(/^Work[0-9A-F]{8}$/), at: expect.stringMatching(nestedId('Pool')), Certainty: 'Certain' })]);
    expect(failures[0].Reason).toMatch(/^QueueName "prod-work" is still held by Work\w+ in stack Prod-Api \(nested stack WorkersNestedStack\w+\), which this update removes/);
    const removed = flatten(json['Prod-Api'].Changes).filter(({ at, change }) => nestedId('Workers').test(at) && change.ResourceType !== CDK_METADATA);
    expect(removed.map(({ change }) => [change.Action, change.ResourceType, change.PredictorAdditions.DataVerdict.Fate])).toEqual([['Remove', 'AWS::SQS::Queue', 'Deleted']]);
    expect(code).toBe(1);
  });

  test('GIVEN the parameter that creates nested stack Extra flipped WHEN diffed THEN Extra\'s resources are read: its export prod-shared clashes with Data\'s', async () => {
    const created = await diffJson('deployed', '--parameters-after', 'Prod-Api:WithExtra=yes');
    const removed = await diffJson('deployed', '--parameters-before', 'Prod-Api:WithExtra=yes', '--parameters-after', 'Prod-Api:WithExtra=no');

    expect(failuresOf(created.json)).toEqual([expect.objectContaining({
      stack: 'Prod-Api',
      id: 'Shared',
      at: expect.stringMatching(nestedId('Extra')),
      Certainty: 'Certain',
      Reason: expect.stringMatching(/^Export with name prod-shared is already exported by stack Prod-Data;/),
    })]);
    expect(created.code).toBe(1);
    const extra = flatten(removed.json['Prod-Api'].Changes).find(({ change }) => nestedId('Extra').test(change.LogicalResourceId))!.change;
    expect([extra.Action, extra.NestedChanges.map((change: any) => change.ResourceChange.ResourceType)]).toEqual(['Remove', [CDK_METADATA]]);
    expect(removed.json['Prod-Api'].Outputs).toEqual([expect.objectContaining({ OutputKey: 'Shared', Action: 'Remove', ExportName: 'prod-shared' })]);
    expect(failuresOf(removed.json)).toEqual([]);
  });
});

describe('export names built inside nested stacks', () => {
  test('GIVEN the exported queue of nested stack Feed replaced WHEN diffed THEN its export name is resolved from Data\'s name, and updating it certainly fails: the sibling nested stack Reader imports it', async () => {
    const { code, json } = await diffJson('feed-replaced');

    const output = json['Prod-Data'].Outputs.find((candidate: any) => candidate.OutputKey === 'FeedUrl');
    expect(output).toMatchObject({ ExportName: 'Prod-Data-feed-url', NestedStackPath: expect.stringMatching(nestedId('Feed')), ValueChange: 'Certain' });
    expect(output.Failure).toEqual({ Certainty: 'Certain', Reason: expect.stringMatching(/^Cannot update export Prod-Data-feed-url as it is in use by Prod-Data \(nested stack ReaderNestedStack\w+\)/) });
    expect(code).toBe(1);
  });

  test('GIVEN nested stack Feed no longer exporting WHEN diffed THEN removing the export certainly fails while Reader still imports it', async () => {
    const { code, json } = await diffJson('feed-unexported');

    expect(failuresOf(json)).toEqual([expect.objectContaining({
      stack: 'Prod-Data',
      id: 'FeedUrl',
      Certainty: 'Certain',
      Reason: expect.stringMatching(/^Export Prod-Data-feed-url cannot be deleted as it is in use by Prod-Data \(nested stack ReaderNestedStack\w+\)/),
    })]);
    expect(code).toBe(1);
  });
});

describe('a stack that leaves the app stays deployed', () => {
  test('GIVEN Data\'s stack name changed (same construct, same artifact id) WHEN diffed THEN Prod-Data stays deployed: nothing of it is removed, and the new stack\'s names and export collide with it', async () => {
    const { code, json } = await diffJson('data-renamed');
    const text = (await run(['diff', 'deployed', 'data-renamed'], { cwd: tmp })).stdout;
    const dataLoss = await run(['diff', 'deployed', 'data-renamed', '--fail-on', 'data-loss'], { cwd: tmp });

    // THEN: the old stack changes nothing, and says why
    expect(json['Prod-Data'].Changes).toEqual([]);
    expect(json['Prod-Data'].Notes).toEqual([
      expect.stringMatching(/^Prod-Data is no longer in the app: cdk deploy does not delete it, so it stays deployed with its \d+ resources, their names and its 2 exports; deleting it \(cdk destroy with the version of the app that still has it, or aws cloudformation delete-stack --stack-name Prod-Data\) removes them$/),
      expect.stringMatching(/^deleting it would delete the data of Queue\w+ \(AWS::SQS::Queue, nested stack FeedNestedStack\w+, DeletionPolicy Delete\), Mirror\w+ \(.*\), Ledger\w+ \(AWS::DynamoDB::Table, nested stack StoreNestedStack\w+\/TablesNestedStack\w+, DeletionPolicy Delete\); keep Audit\w+ \(AWS::DynamoDB::Table, nested stack .*, DeletionPolicy Retain\)$/),
      expect.stringMatching(/^its construct Prod\/Data is now stack Acme-Data/),
    ]);
    expect(json['Acme-Data'].Notes).toEqual([expect.stringMatching(/^its construct Prod\/Data was deployed as stack Prod-Data, which stays deployed: cdk deploy creates Acme-Data as a new stack/)]);
    expect(text).toContain('Stack Prod-Data (Prod/Data): no longer in the app, stays deployed\n');
    expect(text).not.toMatch(/\[deleted\]/);
    // THEN: what Acme-Data creates under names the old stack holds fails, its nested stacks' queues included
    const failures = failuresOf(json).map(({ stack, id, at, Certainty, Reason }) => [stack, id.replace(/[0-9A-F]{8}$/, ''), at === '' ? '' : at.split('/').map((part) => part.replace(/NestedStack\w+$/, '')).join('/'), Certainty, Reason.split(':')[0]]);
    expect(failures.sort()).toEqual([
      ['Acme-Data', 'Mirror', 'Reader', 'Certain', expect.stringMatching(/^QueueName "prod-mirror" is still held by Mirror\w+ in stack Prod-Data \(nested stack ReaderNestedStack\w+\), a stack the app no longer has$/)],
      ['Acme-Data', 'Queue', 'Feed', 'Certain', expect.stringMatching(/^QueueName "prod-feed" is still held by Queue\w+ in stack Prod-Data \(nested stack FeedNestedStack\w+\), a stack the app no longer has$/)],
      // Reader imports what its sibling Feed exports, both created by the new stack, with nothing ordering them.
      ['Acme-Data', 'ReadsFeed', 'Reader', 'Possible', expect.stringMatching(/^No export named Acme-Data-feed-url found, if Acme-Data \(nested stack ReaderNestedStack\w+\) is created or updated before Acme-Data \(nested stack FeedNestedStack\w+\) creates the export$/)],
      ['Acme-Data', 'Shared', '', 'Certain', 'Export with name prod-shared is already exported by stack Prod-Data'],
    ]);
    expect(failuresOf(json).find(({ id }) => id === 'Shared')!.Reason).toMatch(/Prod-Data is no longer in the app, and cdk deploy does not delete it; export names are unique in an account and Region: delete Prod-Data first \(aws cloudformation delete-stack --stack-name Prod-Data\), or give the new export another name$/);
    expect(code).toBe(1);
    expect(text).toMatch(/Summary: \d+ added, 0 modified in place, 0 replaced, 0 maybe replaced, 0 removed; 3 certain failures, 1 possible failure/);
    expect(dataLoss.code).toBe(1); // the failures still count
  });

  test('GIVEN the Stage renamed WHEN diffed THEN both old stacks stay deployed, and the named function and log group of the new Api collide with the old Api\'s', async () => {
    const { json } = await diffJson('stage-renamed');

    expect([json['Prod-Data'].Changes, json['Prod-Api'].Changes]).toEqual([[], []]);
    expect(json['Prod-Api'].Notes[0]).toMatch(/^Prod-Api is no longer in the app: cdk deploy does not delete it/);
    expect(json['Prod-Api'].SecurityChanges).toBeUndefined();
    const failures = failuresOf(json).map(({ stack, id, Certainty }) => [stack, id.replace(/[0-9A-F]{8}$/, ''), Certainty]);
    expect(failures.sort()).toEqual([
      ['Production-Api', 'Handler', 'Certain'],
      ['Production-Api', 'Logs', 'Certain'],
      ['Production-Data', 'Mirror', 'Certain'],
      ['Production-Data', 'Queue', 'Certain'],
      ['Production-Data', 'ReadsFeed', 'Possible'],
      ['Production-Data', 'Shared', 'Certain'],
      ['Production-Api', 'Work', 'Certain'],
    ].sort());
  });
});

test('GIVEN the deployed version synthesized again in-process WHEN diffed THEN there are no differences: the versions differ only where they say', async () => {
  const { code, stdout } = await run(['diff', 'deployed', 'same'], { cwd: tmp });
  expect(stdout).toBe('Stack Prod-Data (Prod/Data)\nThere were no differences\n\nStack Prod-Api (Prod/Api)\nThere were no differences\n\nSummary: 0 added, 0 modified in place, 0 replaced, 0 maybe replaced, 0 removed; 0 certain failures, 0 possible failures; 0 probable renames\n');
  expect(code).toBe(0);
});
