/**
 * End to end: one run of onEvent per request, through the synthesized assets run as Lambda
 * runs them (cdk-lifecycle/testing), whatever Lambda delivers twice at once or late, for a
 * provider that polls and one that does not; with SSM throttling the claim; and the cost of
 * turning it off.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { Duration, Stack } from 'aws-cdk-lib';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import { ProvidedResource, ResourceProvider } from '../../src';
import { ENV_CLAIM_PATH } from '../../src/runtime/contract';
import { LocalCloudFormation, LocalCloudFormationOptions, StepResult } from '../../src/testing';
import { appWithAssetMetadata } from '../helpers/assembly';

const ROOT = path.join(__dirname, '..', '..');
const HANDLER = path.join(__dirname, '..', 'fixtures', 'handlers', 'exactly-once');
const LONG_RUNNING = path.join(__dirname, '..', 'fixtures', 'handlers', 'long-running', 'handler.ts');

let assembly: string;
let claimPath: string;
beforeAll(() => {
  assembly = fs.mkdtempSync(path.join(os.tmpdir(), 'cdk-lifecycle-exactly-once-'));
  const app = appWithAssetMetadata(assembly);
  const stack = new Stack(app, 'Once');
  const plain = new ResourceProvider(stack, 'Plain', { code: lambda.Code.fromAsset(HANDLER), handler: 'index.onEvent', timeout: Duration.seconds(20) });
  new ProvidedResource(stack, 'Thing', { provider: plain, resourceType: 'Custom::Thing', serviceTimeout: Duration.seconds(60) });
  const off = new ResourceProvider(stack, 'AtLeastOnce', { code: lambda.Code.fromAsset(HANDLER), handler: 'index.onEvent', timeout: Duration.seconds(20), exactlyOnce: false });
  new ProvidedResource(stack, 'Repeated', { provider: off, resourceType: 'Custom::Thing', serviceTimeout: Duration.seconds(60) });
  const polls = new ResourceProvider(stack, 'Polls', {
    entry: LONG_RUNNING,
    isCompleteHandler: 'isComplete',
    polling: { firstDelay: Duration.seconds(0), interval: Duration.seconds(1), backoffRate: 1, maxInterval: Duration.seconds(1) },
    timeout: Duration.seconds(5),
  });
  new ProvidedResource(stack, 'Job', { provider: polls, resourceType: 'Custom::Job', properties: { polls: 6 }, serviceTimeout: Duration.minutes(2) });
  const synthesized = app.synth();
  const fn = Object.values<any>(synthesized.getStackByName('Once').template.Resources).find((r) => r.Properties?.Environment?.Variables?.[ENV_CLAIM_PATH]);
  claimPath = fn.Properties.Environment.Variables[ENV_CLAIM_PATH];
});

/** CloudFormation's requests (not a polling provider's own hops) are delivered three times. */
const REQUESTS_THRICE: LocalCloudFormationOptions = { redeliver: (payload) => payload.includes('"ResponseURL"') };

async function play<T>(options: LocalCloudFormationOptions, work: (cfn: LocalCloudFormation) => Promise<T>): Promise<T> {
  const cfn = await LocalCloudFormation.open(assembly, { sdkSearch: [ROOT], ...options });
  try {
    return await work(cfn);
  } finally {
    await cfn.close();
  }
}

const runs = (step: StepResult, marker: string) => step.logs.filter((line) => line.includes(marker)).length;

describe('GIVEN a provider that does not poll, each request delivered at once twice and once more after the answer', () => {
  test('WHEN its lifecycle is played THEN onEvent runs once per request, and every answer is the first one', async () => {
    const run = await play(REQUESTS_THRICE, (cfn) => cfn.lifecycle({ resource: 'Thing', properties: { size: 2 } }));
    expect(run.steps.map((step) => [step.label, step.status, step.violations])).toEqual([
      ['Create', 'SUCCESS', []], ['Update', 'SUCCESS', []], ['Delete', 'SUCCESS', []],
    ]);
    for (const step of run.steps) {
      expect(step.invocations).toHaveLength(3);
      expect(runs(step, 'onEvent ran')).toBe(1);
      // The late delivery sends the recorded answer again: byte for byte the same.
      expect(step.answers).toBeGreaterThanOrEqual(1);
      expect(step.logs.some((line) => line.includes('handled by another invocation') || line.includes('answered already'))).toBe(true);
    }
    const [create] = run.steps;
    expect(create.physicalResourceId).toMatch(/^thing-/);
    expect(create.notes.filter((note) => note.startsWith('warning'))).toEqual([]);
  }, 60_000);

  test('WHEN created THEN the claim is an expiring SecureString under the provider\'s own path, holding the answer', async () => {
    const parameters = await play(REQUESTS_THRICE, async (cfn) => {
      await cfn.create({ resource: 'Thing' });
      type Stored = { name: string; type: string; value: string; expiresAt?: number };
      return (cfn as unknown as { aws: { parameters: { list(): Stored[] } } }).aws.parameters.list();
    });
    const claims = parameters.filter((parameter) => parameter.name.startsWith(`${claimPath}/`));
    expect(claims).toHaveLength(1);
    expect(claims[0].type).toBe('SecureString');
    expect(claims[0].expiresAt! - Date.now()).toBeGreaterThan(3_600_000);
    expect(JSON.parse(claims[0].value)).toMatchObject({ s: 'answered', b: { Status: 'SUCCESS', Data: { Made: 'yes' } } });
  }, 60_000);

  test('WHEN SSM throttles every claim THEN onEvent never runs and the request is answered FAILED in time, saying why', async () => {
    const step = await play({ throttleSsm: (operation) => operation === 'PutParameter' }, (cfn) => cfn.create({ resource: 'Thing' }));
    expect(step.violations).toEqual([]);
    expect(step.status).toBe('FAILED');
    expect(step.response?.Reason).toMatch(/^could not claim the request before running onEvent \(SSM cannot say whether another delivery of it runs already\), so onEvent was not run: ThrottlingException: SSM PutParameter \(claiming the request\) gave up after \d+ attempt\(s\)/);
    expect(runs(step, 'onEvent ran')).toBe(0);
    expect(step.durationMs).toBeLessThan(20_000);
  }, 60_000);

  test('WHEN SSM throttles the first claims and then recovers THEN the request is claimed, and onEvent runs once', async () => {
    let throttled = 0;
    const throttleSsm = (operation: string) => operation === 'PutParameter' && throttled++ < 4;
    const step = await play({ ...REQUESTS_THRICE, throttleSsm }, (cfn) => cfn.create({ resource: 'Thing' }));
    expect([step.status, step.violations]).toEqual(['SUCCESS', []]);
    expect(runs(step, 'onEvent ran')).toBe(1);
  }, 60_000);
});

test('GIVEN exactlyOnce: false WHEN a Create is delivered three times THEN onEvent runs three times (the cost of turning it off)', async () => {
  const step = await play(REQUESTS_THRICE, (cfn) => cfn.create({ resource: 'Repeated' }));
  expect(runs(step, 'onEvent ran')).toBe(3);
  expect(step.violations.map((violation) => violation.rule)).toContain('answered-twice');
}, 60_000);

test('GIVEN a polling provider, CloudFormation\'s request delivered three times WHEN created THEN onEvent runs once and one answer (sent again, the same) follows the wait', async () => {
  const step = await play(REQUESTS_THRICE, (cfn) => cfn.create({ resource: 'Job' }));
  expect([step.status, step.violations]).toEqual(['SUCCESS', []]);
  expect(runs(step, 'onEvent Create')).toBe(1);
  expect(step.response?.Data).toEqual({ Started: 'yes', Finished: 'after 6 calls' });
}, 90_000);
