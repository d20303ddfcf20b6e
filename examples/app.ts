/**
 * The example app: a custom resource handled by cdk-lifecycle's provider, and the
 * ReplacementGuard warning about a named table.
 *
 * `npm run example` synthesizes it with the cdk CLI (offline) and prints the custom
 * resources of the template. In your own app, import from 'cdk-lifecycle' instead of '../src'.
 */
import * as path from 'node:path';
import { Annotations, App, Aspects, CfnOutput, Duration, Stack } from 'aws-cdk-lib';
import * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as sqs from 'aws-cdk-lib/aws-sqs';
import { FindingId, ProvidedResource, ReplacementGuard, ResourceProvider } from '../src';

const app = new App();
const stack = new Stack(app, 'LifecycleExample');

// Warn at synth time about named resources whose replacement would fail.
Aspects.of(app).add(new ReplacementGuard());

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
const queue = new sqs.Queue(stack, 'Jobs', { queueName: 'lifecycle-example-jobs' });
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

app.synth();
