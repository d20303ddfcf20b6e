/**
 * The example app: a custom resource handled by cdk-lifecycle's provider, the
 * ReplacementGuard warning about a named table, and a second stack that imports the URL of
 * the first one's queue.
 *
 * `npm run example` synthesizes it with the cdk CLI (offline) and prints the custom
 * resources of the template. In your own app, import from 'cdk-lifecycle' instead of '../src'.
 */
import * as path from 'node:path';
import { Annotations, App, CfnOutput, Duration, Stack } from 'aws-cdk-lib';
import * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as sqs from 'aws-cdk-lib/aws-sqs';
import * as ssm from 'aws-cdk-lib/aws-ssm';
import { FindingId, ProvidedResource, ReplacementGuard, ResourceProvider } from '../src';

// Cross-stack references as exports and Fn::ImportValue ("strong", aws-cdk-lib's default),
// set explicitly: the export trap below is theirs ("weak" ones read outputs with Fn::GetStackOutput).
const app = new App({ context: { '@aws-cdk/core:defaultCrossStackReferences': 'strong' } });
const stack = new Stack(app, 'LifecycleExample');

// Warn at synth time about named resources whose replacement would fail.
ReplacementGuard.applyTo(app);

// This table has an explicit name and a key schema, which cannot change without replacing
// it: the guard warns (and `cdk synth --strict` fails). `-c newKey=true` (the example:diff
// task passes it) gives it a new partition key: with the name kept, that deployment would
// fail (`npm run example:diff` shows it). `-c renameTable=true` (the example:refactor task)
// moves it to a new construct id, a new logical id under the same name: a stack refactor keeps it.
new dynamodb.Table(stack, app.node.tryGetContext('renameTable') === 'true' ? 'ReportsTable' : 'Reports', {
  tableName: 'lifecycle-example-reports',
  partitionKey: { name: app.node.tryGetContext('newKey') === 'true' ? 'reportId' : 'id', type: dynamodb.AttributeType.STRING },
});

// This queue's name is accepted on purpose: the warning is acknowledged, with a reason.
// `-c newQueueName=true` (the example:exports task) gives it a new name, which replaces it.
const queue = new sqs.Queue(stack, 'Jobs', { queueName: app.node.tryGetContext('newQueueName') === 'true' ? 'lifecycle-example-jobs-v2' : 'lifecycle-example-jobs' });
Annotations.of(queue).acknowledgeWarning(FindingId.NAMED_RESOURCE_REPLACEMENT, 'The queue is recreated by hand in a maintenance window');

// The handler is a TypeScript file, bundled with esbuild when the app is synthesized.
const provider = new ResourceProvider(stack, 'Provider', {
  entry: path.join(__dirname, 'handlers', 'selenium.ts'),
  handler: 'onEvent',
  timeout: Duration.minutes(5),
});

const test = new ProvidedResource(stack, 'MySeleniumTest', {
  provider,
  resourceType: 'Custom::SeleniumTester',
  properties: { endpoints: ['https://example.com'], frequencyOfTestsPerHour: 3, region: 'eu-west-1' },
  serviceTimeout: Duration.minutes(10),
  replaceOnChange: ['region'],
});

new CfnOutput(stack, 'ResultsPage', { value: test.getAttString('resultsPage') });
new CfnOutput(stack, 'TestId', { value: test.ref });

// A second stack uses the queue: CDK exports the queue's URL from LifecycleExample and
// imports it here. Replacing the queue changes the exported value while this stack imports
// it, which CloudFormation refuses (`npm run example:exports` shows it).
const consumers = new Stack(app, 'LifecycleExampleConsumers');
new ssm.StringParameter(consumers, 'JobsQueueUrl', { stringValue: queue.queueUrl });

app.synth();
