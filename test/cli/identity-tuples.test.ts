/**
 * Identity tuples through the CLI and the guard (issue 34 item 3), on a real two-stack app in a
 * Stage: `Data` holds a table with a stream and a scalable target on its read capacity; `Api`
 * holds the function the stream feeds (CDK writes the stream's ARN as an export). The traps: the
 * mapping's starting position changed (it is replaced, and Lambda refuses a second mapping of the
 * same stream to the same function while the old one exists), and the scalable target's construct
 * renamed (the same namespace, resource id and dimension under a new logical id). `diff` and the
 * guard with a baseline read the same table.
 */
import * as path from 'node:path';
import { App, Stack, Stage } from 'aws-cdk-lib';
import * as appscaling from 'aws-cdk-lib/aws-applicationautoscaling';
import * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import { DynamoEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import { run, synthesizeBeforeAll } from './helpers';
import { FindingId, ReplacementGuard } from '../../src';

interface Version {
  readonly startingPosition?: lambda.StartingPosition;
  readonly targetId?: string;
}

function build(app: App, version: Version): Stage {
  const stage = new Stage(app, 'Prod', { env: { account: '123456789012', region: 'eu-west-1' } });
  const data = new Stack(stage, 'Data');
  const table = new dynamodb.Table(data, 'Orders', {
    partitionKey: { name: 'pk', type: dynamodb.AttributeType.STRING },
    billingMode: dynamodb.BillingMode.PROVISIONED,
    stream: dynamodb.StreamViewType.NEW_IMAGE,
  });
  new appscaling.ScalableTarget(data, version.targetId ?? 'ReadScaling', {
    serviceNamespace: appscaling.ServiceNamespace.DYNAMODB,
    resourceId: `table/${table.tableName}`,
    scalableDimension: 'dynamodb:table:ReadCapacityUnits',
    minCapacity: 5,
    maxCapacity: 50,
  });
  const api = new Stack(stage, 'Api');
  const handler = new lambda.Function(api, 'Projector', {
    runtime: lambda.Runtime.NODEJS_22_X,
    handler: 'index.handler',
    code: lambda.Code.fromInline('exports.handler = async () => {};'),
  });
  const startingPosition = version.startingPosition ?? lambda.StartingPosition.TRIM_HORIZON;
  handler.addEventSource(new DynamoEventSource(table, { startingPosition, batchSize: 10 }));
  return stage;
}

function synth(outdir: string, version: Version): void {
  const app = new App({ outdir });
  build(app, version);
  app.synth();
}

const tmp = synthesizeBeforeAll('cdk-lifecycle-tuples-', (folder) => {
  synth(path.join(folder, 'deployed'), {});
  synth(path.join(folder, 'latest'), { startingPosition: lambda.StartingPosition.LATEST });
  synth(path.join(folder, 'renamed-target'), { targetId: 'ReadCapacity' });
});

const failuresOf = (json: any) => Object.entries<any>(json).flatMap(([stack, { Changes }]) => Changes.map((change: any) => change.ResourceChange)
  .filter((change: any) => change.Failure !== undefined)
  .map((change: any) => ({ stack, type: change.ResourceType, replacement: change.Replacement, ...change.Failure })));

test('GIVEN the stream mapping\'s starting position changed WHEN diffed THEN its replacement certainly fails (one mapping per stream and function), and the command exits 1', async () => {
  const { code, stdout } = await run(['diff', '--json', 'deployed', 'latest'], { cwd: tmp() });

  expect(code).toBe(1);
  expect(failuresOf(JSON.parse(stdout))).toEqual([{
    stack: 'Prod-Api',
    type: 'AWS::Lambda::EventSourceMapping',
    replacement: 'True',
    Certainty: 'Certain',
    Reason: expect.stringMatching(/^only one AWS::Lambda::EventSourceMapping can exist per EventSourceArn \{"Fn::ImportValue":"Prod-Data:ExportsOutputFnGetAttOrders\w+StreamArn\w*\.\.\., FunctionName \{"Ref":"Projector\w+"\}, and the replacement keeps it/),
  }]);
});

test('GIVEN the scalable target\'s construct renamed WHEN diffed as text THEN the new target certainly fails, first in the report and in the summary', async () => {
  const { code, stdout } = await run(['diff', 'deployed', 'renamed-target'], { cwd: tmp() });

  expect(code).toBe(1);
  expect(stdout).toMatch(/^Certain failures: CloudFormation will fail to apply these changes\n\[!\] AWS::ApplicationAutoScaling::ScalableTarget ReadCapacity\w+ \(stack Prod-Data\)\n {4}only one AWS::ApplicationAutoScaling::ScalableTarget can exist per ResourceId/);
  expect(stdout).toMatch(/Summary: .*1 certain failure\b/);
});

test('GIVEN the deployed app as the guard\'s baseline WHEN the mapping\'s starting position changes THEN the guard errors on the mapping: it reads the same table', () => {
  const app = new App();
  const stage = build(app, { startingPosition: lambda.StartingPosition.LATEST });
  ReplacementGuard.applyTo(app, { baseline: tmp('deployed') });
  const api = stage.node.findChild('Api') as Stack;
  // An error inside a Stage fails the app's synthesis (issue 34 item 1); the Stage's own assembly holds it.
  expect(() => app.synth()).toThrow(/ReplacementGuard found 1 error in stacks inside Stages[^]*Prod\/Api\/Projector\/DynamoDBEventSource[^]*only one AWS::Lambda::EventSourceMapping can exist per EventSourceArn/);

  const metadata = stage.synth().getStackArtifact(api.artifactId).findMetadataByType('aws:cdk:error');
  const found = metadata.filter((entry) => String(entry.data).includes(FindingId.REPLACEMENT_WILL_FAIL));
  expect(found.map((entry) => entry.path)).toEqual([expect.stringMatching(/^\/Prod\/Api\/Projector\/DynamoDBEventSource/)]);
  expect(String(found[0].data)).toContain('only one AWS::Lambda::EventSourceMapping can exist per EventSourceArn');
});
