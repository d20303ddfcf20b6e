/**
 * The command on cloud assemblies that aws-cdk-lib synthesizes in-process: a stack whose
 * named table gets a new partition key (replaced, keeping its name: a certain failure), a
 * queue whose name is built from the table's (replaced in turn), and a nested stack; and a
 * stack without resources, whose template has no `Resources` section at all.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { App, NestedStack, Stack } from 'aws-cdk-lib';
import * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as sqs from 'aws-cdk-lib/aws-sqs';
import { changeOf, run } from './helpers';
import { appWithAssetMetadata } from '../helpers/assembly';

interface Version {
  readonly partitionKey: string;
  readonly retention: number;
}

/** Synthesizes the app at one version into `outdir`. */
function synth(app: App, version: Version): void {
  const stack = new Stack(app, 'Shop');
  const table = new dynamodb.Table(stack, 'Data', { tableName: 'shop-data', partitionKey: { name: version.partitionKey, type: dynamodb.AttributeType.STRING } });
  new sqs.Queue(stack, 'Events', { queueName: `${table.tableName}-events` });
  const nested = new NestedStack(stack, 'Archive');
  new sqs.Queue(nested, 'Dead', { maxMessageSizeBytes: version.retention });
  new Stack(app, 'Unchanged');
  app.synth();
}

let tmp: string;
const outdir = (name: string) => path.join(tmp, name);

const validation = process.env.CDK_VALIDATION;

beforeAll(() => {
  // The synth-time template validator is slow and warns about the empty stack, which is here on purpose.
  process.env.CDK_VALIDATION = 'false';
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'cdk-lifecycle-cli-synth-'));
  synth(new App({ outdir: outdir('plain-before') }), { partitionKey: 'id', retention: 1024 });
  synth(new App({ outdir: outdir('plain-after') }), { partitionKey: 'pk', retention: 2048 });
  synth(appWithAssetMetadata(outdir('metadata-before')), { partitionKey: 'id', retention: 1024 });
  synth(appWithAssetMetadata(outdir('metadata-after')), { partitionKey: 'pk', retention: 2048 });
});

afterAll(() => {
  fs.rmSync(tmp, { recursive: true, force: true });
  if (validation === undefined) delete process.env.CDK_VALIDATION;
  else process.env.CDK_VALIDATION = validation;
});

test.each([
  ['new App() (nested templates found through the asset manifest)', 'plain'],
  ['the asset metadata the cdk CLI turns on', 'metadata'],
])('GIVEN assemblies synthesized with %s WHEN diffed with --json THEN the table, the queue named after it and the nested stack change', async (_, kind) => {
  const result = await run(['diff', '--json', outdir(`${kind}-before`), outdir(`${kind}-after`)], { cwd: tmp });
  const json = JSON.parse(result.stdout);

  expect(result.code).toBe(1);
  expect(Object.keys(json)).toEqual(['Shop', 'Unchanged']);
  expect(json.Unchanged).toEqual({ Changes: [] });
  const changes = json.Shop.Changes.map((change: any) => change.ResourceChange);
  const table = changes.find((change: any) => change.ResourceType === 'AWS::DynamoDB::Table');
  expect(table).toMatchObject({ Replacement: 'True', Failure: { Certainty: 'Certain' } });
  const queue = changes.find((change: any) => change.ResourceType === 'AWS::SQS::Queue');
  // The queue's name references the certainly replaced table: Static (recorded change sets), so True.
  expect(queue).toMatchObject({ Replacement: 'True', Details: [expect.objectContaining({ ChangeSource: 'ResourceReference', CausingEntity: table.LogicalResourceId })] });
  const nested = changes.find((change: any) => change.ResourceType === 'AWS::CloudFormation::Stack');
  expect(nested.NestedChanges.map((change: any) => change.ResourceChange)).toEqual([
    expect.objectContaining({ Action: 'Modify', ResourceType: 'AWS::SQS::Queue', Replacement: 'False', Scope: ['Properties'] }),
  ]);
  expect(changeOf(json.Shop.Changes, nested.LogicalResourceId).Details).toContainEqual(expect.objectContaining({ ChangeSource: 'Automatic' }));
});

test('GIVEN the synthesized assemblies WHEN diffed for people THEN the report shows the failure first and the queue\'s reference chain', async () => {
  const { stdout } = await run(['diff', 'plain-before', 'plain-after', '--stack', 'Shop'], { cwd: tmp });

  expect(stdout.startsWith('Certain failures: CloudFormation will fail to apply these changes\n[!] AWS::DynamoDB::Table Data')).toBe(true);
  expect(stdout).toMatch(/because Data\w+ replaced \(KeySchema: Always, Static\) → Events\w+\.QueueName \(Ref Data\w+\)/);
  expect(stdout).toContain('Stack Shop\n');
});
