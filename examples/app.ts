/**
 * The example app: a custom resource handled by cdk-lifecycle's provider.
 *
 * `npm run example` synthesizes it with the cdk CLI (offline) and prints the custom
 * resources of the template. In your own app, import from 'cdk-lifecycle' instead of '../src'.
 */
import * as path from 'node:path';
import { App, CfnOutput, Duration, Stack } from 'aws-cdk-lib';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import { ProvidedResource, ResourceProvider } from '../src';

const app = new App();
const stack = new Stack(app, 'LifecycleExample');

const provider = new ResourceProvider(stack, 'Provider', {
  code: lambda.Code.fromAsset(path.join(__dirname, 'handlers', 'selenium')),
  handler: 'index.onEvent',
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
