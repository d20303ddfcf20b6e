/**
 * End to end: CloudFormation's create and delete order, with IAM, played on a polling
 * `ResourceProvider` whose Delete waits longer than one invocation (so it keeps its wait in
 * Parameter Store and invokes itself, which its polling policy allows). A plain aws-cdk-lib
 * `CustomResource` pointed at the provider's service token has no DependsOn on that policy:
 * CloudFormation may delete the policy while the resource's Delete runs, so the hand-off is
 * denied and the Delete fails. A `ProvidedResource` depends on all of its provider and
 * succeeds. Both are played through `cdk-lifecycle/testing` and through the command.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { CustomResource, Duration, Stack } from 'aws-cdk-lib';
import { ProvidedResource, ResourceProvider } from '../../src';
import { LocalCloudFormation, outcomeOf, playOk } from '../../src/testing';
import { run } from '../cli/helpers';
import { appWithAssetMetadata } from '../helpers/assembly';

const ENTRY = path.join(__dirname, '..', 'fixtures', 'handlers', 'ordering', 'handler.ts');
const ROOT = path.join(__dirname, '..', '..');

let assembly: string;
let cfn: LocalCloudFormation;
beforeAll(async () => {
  assembly = fs.mkdtempSync(path.join(os.tmpdir(), 'cdk-lifecycle-order-'));
  const app = appWithAssetMetadata(assembly);
  const stack = new Stack(app, 'Ordered');
  // Each call of isComplete in its own invocation: the next call, 10 s later, never fits in the
  // 8 s a 10 s invocation keeps for polling, so the wait is handed on after each call (the
  // first hand-off needs the polling policy), and a loaded machine has 10 s for each invocation.
  const provider = new ResourceProvider(stack, 'Jobs', {
    entry: ENTRY,
    isCompleteHandler: 'isComplete',
    polling: { firstDelay: Duration.seconds(0), interval: Duration.seconds(10), backoffRate: 1, maxInterval: Duration.seconds(10) },
    timeout: Duration.seconds(10),
  });
  new CustomResource(stack, 'Plain', { serviceToken: provider.serviceToken, resourceType: 'Custom::Job', properties: { deletePolls: 2 } });
  new ProvidedResource(stack, 'Provided', { provider, resourceType: 'Custom::Job', properties: { deletePolls: 2 } });
  app.synth();
  cfn = await LocalCloudFormation.open(assembly, { sdkSearch: [ROOT] });
  // Warm containers, as a deployed provider's are after earlier requests: the runtime loads the
  // AWS SDK at its first hand-off, and on a starved machine that cold load can outlast the 2 s
  // the runtime keeps for a hand-off (the runtime's budget, not the rule tested here). A warm-up
  // whose hand-off was cut short leaves a cold container behind, so it is played until one passes.
  for (let warmUp = 0; warmUp < 3 && !playOk(await cfn.lifecycle({ resource: 'Provided' })); warmUp++);
}, 180_000);
afterAll(async () => {
  await cfn?.close();
  fs.rmSync(assembly, { recursive: true, force: true });
});

test('GIVEN a ProvidedResource (it depends on all of its provider) WHEN its Delete waits beyond one invocation THEN the policy exists throughout and the Delete succeeds', async () => {
  const play = await cfn.lifecycle({ resource: 'Provided' });

  expect(play.steps.map((step) => [step.label, step.status, step.violations])).toEqual([['Create', 'SUCCESS', []], ['Delete', 'SUCCESS', []]]);
  expect(play.steps[1].logs.filter((line) => line.includes('isComplete Delete'))).toHaveLength(2);
  expect(play.steps[1].invocations.map((invocation) => invocation.outcome)).toEqual(['returned', 'returned']);
});

test('GIVEN a plain CustomResource without a DependsOn on its provider\'s polling policy WHEN its Delete must wait beyond one invocation THEN the hand-off is denied, the Delete fails, and the dependency-order rule names the policy', async () => {
  const play = await cfn.lifecycle({ resource: 'Plain' });

  expect(play.steps.map((step) => [step.label, outcomeOf(step)])).toEqual([['Create', 'SUCCESS'], ['Delete', 'FAILED']]);
  const deletion = play.steps[1];
  const order = deletion.violations.filter((violation) => violation.rule === 'dependency-order');
  // The hand-off (keeping the wait) is denied first; the runtime's clean-up of it is denied too.
  expect(order[0].message).toMatch(/^function JobsFunction[0-9A-F]{8}'s call of ssm:PutParameter on arn:aws:ssm:us-east-1:123456789012:parameter\/cdk-lifecycle\/.* was denied \(AccessDeniedException\) during the Delete of Plain: the policy that allows it is JobsPollingPolicy[0-9A-F]{8}, which Plain does not depend on, so it may already be deleted: CloudFormation creates and deletes resources with no dependency between them concurrently\. Make Plain depend on JobsPollingPolicy[0-9A-F]{8} /);
  expect(order.every((violation) => /the policy that allows it is JobsPollingPolicy[0-9A-F]{8},/.test(violation.message))).toBe(true);
  expect(deletion.status === 'FAILED' || deletion.violations.some((violation) => violation.rule === 'no-response')).toBe(true);
  expect(playOk(play)).toBe(false);
});

test('GIVEN the plain CustomResource WHEN invoked through the command THEN it prints the rule and exits 1', async () => {
  const result = await run(['invoke', assembly, '--resource', 'Plain'], { cwd: ROOT });

  expect(result.code).toBe(1);
  expect(result.stdout).toMatch(/\n {2}- function JobsFunction[0-9A-F]{8}'s call of ssm:PutParameter .* \[dependency-order\]\n/);
});
