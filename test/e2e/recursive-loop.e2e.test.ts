/**
 * End to end: Lambda's recursive loop detection, played on a synthesized provider that goes on
 * in new invocations of itself (a loop made only of Lambda functions, which Lambda's detection
 * covers) 20 times before it answers: with `RecursiveLoop: Allow` it is answered; with
 * `Terminate` (Lambda's default) Lambda stops the 17th invocation, nobody answers, and the step
 * names the rule. Also through the command, which exits 1.
 *
 * The provider is a small hand-written function (test/fixtures/providers/assembly/asset.raw/chains.js) rather
 * than a polling `ResourceProvider`: its hops take milliseconds, so the chain's length does not
 * depend on how fast the machine answers each hop (a polling provider's hop lasts at least its
 * one-second interval, and seventeen of them on a loaded machine test the runtime's timing, not
 * this rule). The rule is the same for every function: the count follows the trace header.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { Aws, CustomResource, Duration, Stack } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import { LocalCloudFormation } from '../../src/testing';
import { run } from '../cli/helpers';
import { appWithAssetMetadata } from '../helpers/assembly';

const RAW = path.join(__dirname, '..', 'fixtures', 'providers', 'assembly', 'asset.raw');
const ROOT = path.join(__dirname, '..', '..');
const HOPS = 20;

let assembly: string;
let cfn: LocalCloudFormation;
beforeAll(async () => {
  assembly = fs.mkdtempSync(path.join(os.tmpdir(), 'cdk-lifecycle-recursion-'));
  const app = appWithAssetMetadata(assembly);
  const stack = new Stack(app, 'Loops');
  for (const [id, recursiveLoop] of [['Allowed', lambda.RecursiveLoop.ALLOW], ['Terminated', lambda.RecursiveLoop.TERMINATE]] as const) {
    const functionName = `loops-${id.toLowerCase()}`;
    const fn = new lambda.Function(stack, `${id}Fn`, {
      functionName, runtime: lambda.Runtime.NODEJS_22_X, handler: 'chains.handler', code: lambda.Code.fromAsset(RAW), timeout: Duration.seconds(30), recursiveLoop,
    });
    // Its own ARN written out: a reference to the function from its role's policy would be a cycle.
    const ownArn = `arn:${Aws.PARTITION}:lambda:${Aws.REGION}:${Aws.ACCOUNT_ID}:function:${functionName}`;
    fn.addToRolePolicy(new iam.PolicyStatement({ actions: ['lambda:InvokeFunction'], resources: [ownArn] }));
    new CustomResource(stack, id, { serviceToken: fn.functionArn, resourceType: 'Custom::Chain', properties: { hops: HOPS } });
  }
  app.synth();
  cfn = await LocalCloudFormation.open(assembly, { sdkSearch: [ROOT] });
});
afterAll(async () => {
  await cfn?.close();
  fs.rmSync(assembly, { recursive: true, force: true });
});

test('GIVEN a chain of 21 invocations of one function and RecursiveLoop Allow WHEN created THEN every hop runs and the last one answers', async () => {
  const step = await cfn.create({ resource: 'Allowed' });

  expect(step.violations).toEqual([]);
  expect(step).toMatchObject({ status: 'SUCCESS', response: { Data: { hops: String(HOPS) } } });
  expect(step.invocations).toHaveLength(HOPS + 1);
  expect(step.invocations.every((invocation) => invocation.outcome === 'returned')).toBe(true);
});

test('GIVEN the same chain and RecursiveLoop Terminate WHEN created THEN Lambda stops the 17th invocation, nobody answers, and the recursive-loop rule says why', async () => {
  const step = await cfn.create({ resource: 'Terminated' });

  expect(step.status).toBeUndefined();
  expect(step.violations.map((violation) => violation.rule)).toEqual(['no-response', 'recursive-loop']);
  expect(step.violations[1].message).toMatch(/^Lambda stopped invocation 17 of function TerminatedFn[0-9A-F]{8} in one chain of invocations: .* because the function's RecursiveLoop is Terminate: a provider that continues in new invocations of itself needs RecursiveLoop: Allow$/);
  // Invocations are listed as they end: the 16th ends after it asked for the 17th, which was stopped first.
  const outcomes = step.invocations.map((invocation) => invocation.outcome);
  expect(outcomes.filter((outcome) => outcome === 'returned')).toHaveLength(16);
  expect(step.invocations.filter((invocation) => invocation.outcome === 'recursion-stopped')).toEqual([expect.objectContaining({
    retried: false, error: expect.stringMatching(/^was stopped by Lambda's recursive loop detection \(invocation 17 of the function in one chain/),
  })]);
  expect(outcomes).toHaveLength(17);
  expect(step.logs.filter((line) => line.startsWith('hop '))).toHaveLength(16);
});

test('GIVEN the terminated chain WHEN invoked through the command THEN the rule is printed and it exits 1', async () => {
  const result = await run(['invoke', assembly, '--resource', 'Terminated', '--request', 'create'], { cwd: ROOT });

  expect(result.code).toBe(1);
  expect(result.stdout).toMatch(/\n {2}- Lambda stopped invocation 17 of function TerminatedFn[0-9A-F]{8} .* \[recursive-loop\]\n/);
});
