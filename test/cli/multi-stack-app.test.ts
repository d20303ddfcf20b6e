/**
 * The app as CloudFormation deploys it, synthesized by aws-cdk-lib: a Stage `Prod` with a
 * `Data` stack (a table, a FIFO queue, a named bucket) and an `Api` stack that uses the table
 * and the queue (CDK writes the exports and `Fn::ImportValue`s, and the dependency), with a
 * nested stack that uses the table too. The new assembly's changes are the multi-stack traps:
 * the table's construct renamed, the exported queue replaced, the named bucket moved to Api.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { App, NestedStack, RemovalPolicy, Stack, Stage } from 'aws-cdk-lib';
import * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import * as s3 from 'aws-cdk-lib/aws-s3';
import * as sqs from 'aws-cdk-lib/aws-sqs';
import { run, synthesizeBeforeAll } from './helpers';

interface Version {
  /** `weak`: cross-stack references read outputs with Fn::GetStackOutput, without exports (aws-cdk-lib's reference strength). */
  readonly references?: 'weak';
  readonly tableId?: string;
  readonly queueName?: string;
  readonly bucketIn?: 'Data' | 'Api';
}

function synth(outdir: string, version: Version): void {
  const app = new App({ outdir, context: version.references === undefined ? {} : { '@aws-cdk/core:defaultCrossStackReferences': version.references } });
  const stage = new Stage(app, 'Prod', { env: { account: '123456789012', region: 'eu-west-1' } });
  const data = new Stack(stage, 'Data');
  const table = new dynamodb.Table(data, version.tableId ?? 'Orders', { partitionKey: { name: 'pk', type: dynamodb.AttributeType.STRING } });
  const queue = new sqs.Queue(data, 'Jobs', { fifo: true, queueName: version.queueName ?? 'prod-jobs.fifo' });
  const api = new Stack(stage, 'Api');
  new s3.Bucket(version.bucketIn === 'Api' ? api : data, 'Archive', { bucketName: 'prod-archive-123456789012', removalPolicy: RemovalPolicy.RETAIN });
  new lambda.Function(api, 'Handler', {
    runtime: lambda.Runtime.NODEJS_20_X,
    handler: 'index.handler',
    code: lambda.Code.fromInline('exports.handler = async () => {};'),
    environment: { TABLE: table.tableArn, QUEUE: queue.queueUrl },
  });
  const workers = new NestedStack(api, 'Workers');
  new sqs.Queue(workers, 'Dead', { queueName: `${table.tableName}-dead` });
  app.synth();
}

const tmp = synthesizeBeforeAll('cdk-lifecycle-multi-stack-', (folder) => {
  synth(path.join(folder, 'deployed'), {});
  synth(path.join(folder, 'renamed-table'), { tableId: 'OrdersTable' });
  synth(path.join(folder, 'replaced-queue'), { queueName: 'prod-jobs-v2.fifo' });
  synth(path.join(folder, 'moved-bucket'), { bucketIn: 'Api' });
  synth(path.join(folder, 'weak-deployed'), { references: 'weak' });
  synth(path.join(folder, 'weak-renamed-table'), { references: 'weak', tableId: 'OrdersTable' });
});

const failuresOf = (json: any) => Object.entries<any>(json).flatMap(([stack, { Changes, Outputs }]) => [
  ...(Outputs ?? []).filter((output: any) => output.Failure !== undefined).map((output: any) => ({ stack, id: output.OutputKey, ...output.Failure })),
  ...Changes.map((change: any) => change.ResourceChange)
    .filter((change: any) => change.Failure !== undefined)
    .map((change: any) => ({ stack, id: change.LogicalResourceId, ...change.Failure })),
]);

test('GIVEN the table\'s construct renamed while the deployed Api imports its exports WHEN diffed THEN removing each export certainly fails, and the command exits 1', async () => {
  const { code, stdout } = await run(['diff', '--json', 'deployed', 'renamed-table'], { cwd: tmp() });
  const json = JSON.parse(stdout);

  expect(code).toBe(1);
  const failures = failuresOf(json);
  expect(failures.filter((failure) => failure.stack === 'Prod-Data')).toEqual(expect.arrayContaining([
    expect.objectContaining({ id: expect.stringMatching(/^ExportsOutputFnGetAttOrders\w+Arn\w+$/), Certainty: 'Certain', Reason: expect.stringMatching(/cannot be deleted as it is in use by Prod-Api/) }),
    expect.objectContaining({ id: expect.stringMatching(/^ExportsOutputRefOrders\w+$/), Certainty: 'Certain', Reason: expect.stringMatching(/in use by Prod-Api/) }),
  ]));
  const removed = json['Prod-Data'].Outputs.filter((output: any) => output.Action === 'Remove');
  expect(removed.map((output: any) => output.ExportName)).toEqual(expect.arrayContaining([expect.stringMatching(/^Prod-Data:ExportsOutputFnGetAttOrders/)]));
});

test('GIVEN the exported FIFO queue replaced WHEN diffed THEN updating its exports certainly fails, and the text report says so first, with the Outputs', async () => {
  const { code, stdout } = await run(['diff', 'deployed', 'replaced-queue'], { cwd: tmp() });

  expect(code).toBe(1);
  expect(stdout.startsWith('Certain failures: CloudFormation will fail to apply these changes\n[!] Output ExportsOutput')).toBe(true);
  expect(stdout).toMatch(/Cannot update export Prod-Data:ExportsOutput\w*Jobs\w+ as it is in use by Prod-Api: it reads Jobs\w+, and Jobs\w+ is replaced/);
  expect(stdout).toMatch(/Outputs\n\[~\] ExportsOutput\w*Jobs\w+ export Prod-Data:\S+ \[will fail\]\n {4}the value changes: it reads Jobs/);
  expect(stdout).toMatch(/Summary: .*\d+ certain failures?.*; \d+ outputs? changed/);
});

test('GIVEN the named bucket moved from Data to Api WHEN diffed THEN Api\'s creation certainly fails (the old bucket is retained), counted in the summary and the exit codes', async () => {
  const text = await run(['diff', 'deployed', 'moved-bucket'], { cwd: tmp() });
  const dataLoss = await run(['diff', 'deployed', 'moved-bucket', '--fail-on', 'data-loss'], { cwd: tmp() });
  const json = JSON.parse((await run(['diff', '--json', 'deployed', 'moved-bucket'], { cwd: tmp() })).stdout);

  expect(text.code).toBe(1);
  expect(dataLoss.code).toBe(1);
  expect(failuresOf(json)).toEqual([expect.objectContaining({
    stack: 'Prod-Api', id: expect.stringMatching(/^Archive/), Certainty: 'Certain', Reason: expect.stringContaining('whose DeletionPolicy Retain keeps it'),
  })]);
  expect(text.stdout).toMatch(/Summary: .*; 1 certain failure,/);
});

test('GIVEN only Prod-Data picked with --stack WHEN diffed THEN Api\'s imports still count: the whole app is predicted', async () => {
  const { code, stdout } = await run(['diff', '--json', 'deployed', 'renamed-table', '--stack', 'Prod-Data'], { cwd: tmp() });

  expect(code).toBe(1);
  expect(Object.keys(JSON.parse(stdout))).toEqual(['Prod-Data']);
});

test('GIVEN weak cross-stack references (Fn::GetStackOutput, no exports) WHEN the table\'s construct is renamed THEN no export is in use and nothing fails', async () => {
  const { code, stdout } = await run(['diff', '--json', 'weak-deployed', 'weak-renamed-table'], { cwd: tmp() });
  const json = JSON.parse(stdout);

  const stage = tmp('weak-renamed-table', 'assembly-Prod');
  const apiTemplate = fs.readdirSync(stage).find((file) => /^ProdApi\w+\.template\.json$/.test(file))!;
  expect(fs.readFileSync(path.join(stage, apiTemplate), 'utf8')).toContain('Fn::GetStackOutput');
  expect(failuresOf(json)).toEqual([]);
  expect(code).toBe(0);
});

test('GIVEN a snapshot of the deployed state whose export is also imported outside the app WHEN that export is removed THEN the importer outside the app is named too', async () => {
  // GIVEN: the deployed assembly with the state a snapshot records (Billing, outside the app, imports the table's ARN)
  const snapshot = tmp('snapshot');
  fs.cpSync(tmp('deployed'), snapshot, { recursive: true });
  const stage = path.join(snapshot, 'assembly-Prod');
  const dataTemplate = JSON.parse(fs.readFileSync(path.join(stage, fs.readdirSync(stage).find((file) => /^ProdData\w+\.template\.json$/.test(file))!), 'utf8'));
  const arnExport = Object.values<any>(dataTemplate.Outputs).map((output) => output.Export.Name as string).find((name) => /FnGetAttOrders/.test(name))!;
  const stack = { status: 'UPDATE_COMPLETE', parameters: {} };
  fs.writeFileSync(path.join(snapshot, 'cdk-lifecycle.deployed.json'), JSON.stringify({
    version: 1,
    takenAt: '2026-12-01T10:00:00.000Z',
    stacks: { 'Prod-Data': stack, 'Prod-Api': stack },
    exports: [{
      name: arnExport,
      value: 'arn:aws:dynamodb:eu-west-1:123456789012:table/x',
      exportingStackName: 'Prod-Data',
      exportingStackId: 'arn:aws:cloudformation:eu-west-1:123456789012:stack/Prod-Data/1',
      importers: ['Billing', 'Prod-Api'],
    }],
  }));

  // WHEN
  const json = JSON.parse((await run(['diff', '--json', 'snapshot', 'renamed-table'], { cwd: tmp() })).stdout);

  // THEN
  const removed = json['Prod-Data'].Outputs.find((output: any) => output.ExportName === arnExport);
  expect(removed.Failure.Reason).toContain('in use by Prod-Api, Billing (a stack outside the app)');
  expect(json['Prod-Data'].Outputs.flatMap((output: any) => output.Notes ?? [])).toEqual([]);
});

describe('the HTML\'s graph between stacks', () => {
  const linksOf = (html: string) => [...html.matchAll(/<g class="link link-(import|move)( failing)?" data-from="([^"]+)" data-to="([^"]+)" data-items="(\d+)"><title>([^<]*)<\/title>/g)]
    .map(([, kind, failing, from, to, items, title]) => ({ kind, failing: failing !== undefined, from, to, items: Number(items), title }));

  test('GIVEN the table\'s construct renamed WHEN diffed with --html THEN an arrow goes from Prod-Data, which exports, to Prod-Api, which imports, red because removing the exports fails', async () => {
    const file = tmp('renamed.html');
    await run(['diff', 'deployed', 'renamed-table', '--html', file], { cwd: tmp() });
    const links = linksOf(fs.readFileSync(file, 'utf8'));
    const imports = links.filter((link) => link.kind === 'import');
    expect(imports).toEqual([expect.objectContaining({ from: 'Prod-Data', to: 'Prod-Api', failing: true })]);
    // The deployed imports of the table's Arn and Ref (the function's and the nested stack's) and the queue's URL.
    expect(imports[0].title).toMatch(/Prod-Data:ExportsOutputFnGetAttOrders\w+Arn\w+ by Handler\w+ \(deployed only: the new app drops this import\)/);
    expect(imports[0].title).toMatch(/ExportsOutputRefJobs\w+ by Handler\w+/);
    expect(links.filter((link) => link.kind === 'move')).toEqual([]);
  });

  test('GIVEN the named bucket moved from Prod-Data to Prod-Api WHEN diffed with --html THEN a dashed move arrow goes between them, red because Prod-Api cannot create it', async () => {
    const file = tmp('moved.html');
    await run(['diff', 'deployed', 'moved-bucket', '--html', file], { cwd: tmp() });
    const html = fs.readFileSync(file, 'utf8');
    const moves = linksOf(html).filter((link) => link.kind === 'move');
    expect(moves).toEqual([expect.objectContaining({ from: 'Prod-Data', to: 'Prod-Api', failing: true, items: 1 })]);
    expect(moves[0].title).toMatch(/^moved from Prod-Data to Prod-Api \(fails\):\nArchive\w+$/);
    expect(linksOf(html).filter((link) => link.kind === 'import')).toEqual([expect.objectContaining({ from: 'Prod-Data', to: 'Prod-Api', failing: false })]);
  });

  test('GIVEN no change WHEN diffed with --html THEN the stacks still show who imports what, nothing red', async () => {
    const file = tmp('same.html');
    await run(['diff', 'deployed', 'deployed', '--html', file], { cwd: tmp() });
    const links = linksOf(fs.readFileSync(file, 'utf8'));
    expect(links).toEqual([expect.objectContaining({ kind: 'import', from: 'Prod-Data', to: 'Prod-Api', failing: false })]);
    expect(links[0].title).not.toContain('deployed only');
  });
});
