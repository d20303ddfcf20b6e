/**
 * Results that say what they mean, through the synthesized asset run as Lambda runs it: a
 * cfn-response style `{ Status: 'FAILED', Reason }` fails the request with its Reason, a
 * misspelt field fails it naming the field, nested Data is flattened into the dotted keys a
 * template's Fn::GetAtt reads, and the fields cfn-response copies from the request are fine.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { CfnOutput, Duration, Stack } from 'aws-cdk-lib';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import { ProvidedResource, ResourceProvider } from '../../src';
import { LocalCloudFormation } from '../../src/testing';
import { appWithAssetMetadata } from '../helpers/assembly';

const ROOT = path.join(__dirname, '..', '..');
const RESULTS = path.join(__dirname, '..', 'fixtures', 'handlers', 'results');

let cfn: LocalCloudFormation;
beforeAll(async () => {
  const assembly = fs.mkdtempSync(path.join(os.tmpdir(), 'cdk-lifecycle-results-'));
  const app = appWithAssetMetadata(assembly);
  const stack = new Stack(app, 'Results');
  const provider = new ResourceProvider(stack, 'Provider', { code: lambda.Code.fromAsset(RESULTS), handler: 'index.onEvent', timeout: Duration.seconds(10) });
  for (const mode of ['cfn-failed', 'misspelt', 'plain']) new ProvidedResource(stack, mode.replace(/-/g, ''), { provider, properties: { mode } });
  const nested = new ProvidedResource(stack, 'nested', { provider, properties: { mode: 'nested' } });
  new CfnOutput(stack, 'AuthRole', { value: nested.getAttString('roleArns.iamDbAuthRoleArn') });
  app.synth();
  cfn = await LocalCloudFormation.open(assembly, { sdkSearch: [ROOT] });
});
afterAll(() => cfn.close());

test('GIVEN a handler that returns { Status: FAILED, Reason } WHEN created THEN the request fails with that Reason, and the rollback needs no handler', async () => {
  const run = await cfn.lifecycle({ resource: 'cfnfailed' });
  expect(run.steps.map((step) => [step.label, step.status, step.violations])).toEqual([['Create', 'FAILED', []], ['Delete (rollback)', 'SUCCESS', []]]);
  expect(run.steps[0].response?.Reason).toMatch(/^the bucket name my-bucket is taken \(see /);
});

test('GIVEN a handler that misspells PhysicalResourceId and Data WHEN created THEN the request fails naming both fields and what was meant', async () => {
  const step = await cfn.create({ resource: 'misspelt' });
  expect(step.status).toBe('FAILED');
  expect(step.response?.Reason).toMatch(/^HandlerResultError: the handler returned fields outside the contract, which would be lost: PhysicalResourceID \(did you mean PhysicalResourceId\?\), data \(did you mean Data\?\); expected nothing or an object with PhysicalResourceId, Data, NoEcho/);
});

test('GIVEN nested Data and a template reading its dotted key WHEN created THEN the Data is flattened and the Fn::GetAtt is satisfied', async () => {
  const step = await cfn.create({ resource: 'nested' });
  expect([step.status, step.violations]).toEqual(['SUCCESS', []]);
  expect(step.response?.Data).toEqual({ 'roleArns.iamDbAuthRoleArn': 'arn:aws:iam::123456789012:role/auth' });
});

test('GIVEN a cfn-response style SUCCESS that copies the request\'s ids WHEN played THEN it is answered as written, the Delete\'s Reason ignored', async () => {
  const run = await cfn.lifecycle({ resource: 'plain' });
  expect(run.steps.map((step) => [step.label, step.status, step.physicalResourceId, step.violations])).toEqual([['Create', 'SUCCESS', 'plain-1', []], ['Delete', 'SUCCESS', 'plain-1', []]]);
});
