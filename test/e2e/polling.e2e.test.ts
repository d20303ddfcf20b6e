/**
 * End to end: a provider with isComplete, synthesized through the public API and played with
 * cdk-lifecycle/testing: the bundled asset runs in its own processes with a Lambda-like
 * context and deadline, and the runner's loopback stand-ins play Lambda (the provider's
 * asynchronous invocations of itself) and SSM Parameter Store (where the URL waits).
 *
 * The waits play on the runner's simulated clock (`fastClock`): a provider that polls every
 * minute in 5-minute invocations plays its 8-minute wait, and a 15-minute ServiceTimeout, in
 * seconds, with every deadline where it would fall. That is also what keeps these tests
 * independent of the machine's load: the providers' time budgets are the deployed ones (a
 * minute per call of isComplete, not one second), so a busy machine's slow worker start fits
 * in them, and nothing here asserts on the machine's time. One provider plays on the machine's
 * clock, with a 30 s function.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { Duration, Stack } from 'aws-cdk-lib';
import { ProvidedResource, ResourceProvider } from '../../src';
import { LocalCloudFormation, maskedStep, StepResult } from '../../src/testing';
import { run } from '../cli/helpers';
import { appWithAssetMetadata } from '../helpers/assembly';

const ENTRY = path.join(__dirname, '..', 'fixtures', 'handlers', 'long-running', 'handler.ts');
const MINUTE = 60_000;

let assembly: string;
beforeAll(() => {
  assembly = fs.mkdtempSync(path.join(os.tmpdir(), 'cdk-lifecycle-polling-'));
  const app = appWithAssetMetadata(assembly);
  const stack = new Stack(app, 'Waits');
  // Polls every minute, in invocations of 5 minutes: on the simulated clock.
  const jobs = new ResourceProvider(stack, 'Jobs', {
    entry: ENTRY,
    isCompleteHandler: 'isComplete',
    polling: { firstDelay: Duration.seconds(0), interval: Duration.minutes(1), backoffRate: 1, maxInterval: Duration.minutes(1) },
    timeout: Duration.minutes(5),
  });
  const job = (id: string, properties: Record<string, unknown>, serviceTimeout = Duration.minutes(30)) =>
    new ProvidedResource(stack, id, { provider: jobs, resourceType: 'Custom::Job', properties, serviceTimeout });
  job('Quick', { polls: 2 });
  job('Long', { polls: 9 });
  job('Never', { mode: 'never' }, Duration.minutes(15));
  job('Throws', { mode: 'throws' });
  job('Crash', { mode: 'crash' });
  job('Secret', { mode: 'secret' });
  // Polls every second in 30 s invocations: on the machine's clock.
  const brief = new ResourceProvider(stack, 'Brief', {
    entry: ENTRY,
    isCompleteHandler: 'isComplete',
    polling: { firstDelay: Duration.seconds(0), interval: Duration.seconds(1), backoffRate: 1, maxInterval: Duration.seconds(1) },
    timeout: Duration.seconds(30),
  });
  new ProvidedResource(stack, 'QuickNow', { provider: brief, resourceType: 'Custom::Job', properties: { polls: 2 }, serviceTimeout: Duration.minutes(5) });
  new ProvidedResource(stack, 'Hang', { provider: brief, resourceType: 'Custom::Job', properties: { mode: 'hang' }, serviceTimeout: Duration.minutes(5) });
  // A provider with the default 5-minute timeout, for a resource whose ServiceTimeout is far shorter.
  const patient = new ResourceProvider(stack, 'Patient', {
    entry: ENTRY,
    isCompleteHandler: 'isComplete',
    polling: { firstDelay: Duration.seconds(1), interval: Duration.seconds(1), backoffRate: 1, maxInterval: Duration.seconds(1) },
  });
  new ProvidedResource(stack, 'ShortTimeout', { provider: patient, resourceType: 'Custom::Job', properties: { polls: 2 }, serviceTimeout: Duration.seconds(20) });
  app.synth();
});

afterAll(() => fs.rmSync(assembly, { recursive: true, force: true }));

/** One run of the local CloudFormation (on the simulated clock unless `machineClock`); closed afterwards. */
async function play<T>(
  work: (cfn: LocalCloudFormation) => Promise<T>, options: { redeliverPolls?: boolean; machineClock?: boolean } = {},
): Promise<T> {
  const cfn = await LocalCloudFormation.open(assembly, {
    sdkSearch: [path.join(__dirname, '..', '..')],
    fastClock: options.machineClock !== true,
    redeliver: options.redeliverPolls === true ? (payload) => payload.includes('cdkLifecyclePoll') : undefined,
  });
  try {
    return await work(cfn);
  } finally {
    await cfn.close();
  }
}

const signatureOf = (step: StepResult) => new URL(step.request.ResponseURL).searchParams.get('X-Amz-Signature')!;
const calls = (step: StepResult) => step.logs.filter((line) => /isComplete \w+ of .*, call \d+/.test(line));

test('GIVEN a job done on the second call a minute after the first WHEN created on the simulated clock THEN it is polled twice, a minute apart, and answered SUCCESS once, with both Datas', async () => {
  const step = await play((cfn) => cfn.create({ resource: 'Quick' }));
  expect(step.violations).toEqual([]);
  // A SUCCESS has no Reason: a failure shows it here.
  expect(step.response?.Reason).toBeUndefined();
  expect(step).toMatchObject({ status: 'SUCCESS', physicalResourceId: 'job-Quick', answers: 1 });
  expect(step.response?.Data).toEqual({ Started: 'yes', Finished: 'after 2 calls' });
  expect(calls(step)).toHaveLength(2);
  expect(step.invocations).toEqual([expect.objectContaining({ type: 'Event', outcome: 'returned' })]);
  // The minute between the calls passed on the run's clock.
  expect(step.durationMs).toBeGreaterThanOrEqual(MINUTE);
});

test('GIVEN a job done on the second call WHEN created on the machine\'s clock THEN it is polled twice and answered SUCCESS once', async () => {
  const step = await play((cfn) => cfn.create({ resource: 'QuickNow' }), { machineClock: true });
  expect(step.violations).toEqual([]);
  expect(step.response?.Reason).toBeUndefined();
  expect(step).toMatchObject({ status: 'SUCCESS', physicalResourceId: 'job-QuickNow', answers: 1 });
  expect(step.response?.Data).toEqual({ Started: 'yes', Finished: 'after 2 calls' });
  expect(calls(step)).toHaveLength(2);
  expect(step.invocations.every((i) => i.type === 'Event' && i.outcome === 'returned')).toBe(true);
});

test('GIVEN an 8-minute wait in 5-minute invocations WHEN created THEN it continues in new invocations, answers once, and leaves nothing stored', async () => {
  const step = await play((cfn) => cfn.create({ resource: 'Long' }));
  expect(step.violations).toEqual([]);
  expect(step.notes.filter((n) => n.startsWith('warning'))).toEqual([]);
  expect(step.response?.Reason).toBeUndefined();
  expect(step).toMatchObject({ status: 'SUCCESS', answers: 1 });
  expect(step.response?.Data).toEqual({ Started: 'yes', Finished: 'after 9 calls' });
  expect(calls(step)).toHaveLength(9);
  expect(step.invocations.length).toBeGreaterThanOrEqual(2);
  expect(step.invocations.every((i) => i.type === 'Event' && i.outcome === 'returned')).toBe(true);
  expect(step.durationMs).toBeGreaterThanOrEqual(8 * MINUTE);
  // The URL never travels in clear: not in a log line, not in the payload of a continued invocation.
  expect(step.logs.some((l) => l.includes(signatureOf(step)))).toBe(false);
  expect(step.logs.some((l) => l.includes('wait continues in a new invocation'))).toBe(true);
});

test('GIVEN continued invocations delivered twice and late WHEN the wait ends THEN exactly one answer is sent and the extra deliveries stop', async () => {
  const step = await play((cfn) => cfn.create({ resource: 'Long' }), { redeliverPolls: true });
  expect(step.violations).toEqual([]);
  expect(step.answers).toBe(1);
  expect(step.response?.Reason).toBeUndefined();
  expect(step.response?.Data).toEqual({ Started: 'yes', Finished: 'after 9 calls' });
  expect(step.logs.some((l) => l.includes('handled by another invocation'))).toBe(true);
});

test('GIVEN a job that never completes WHEN its 15-minute ServiceTimeout nears THEN FAILED says so, in time (no late answer)', async () => {
  const step = await play((cfn) => cfn.create({ resource: 'Never' }));
  // The protocol check says whether the answer came within the ServiceTimeout (rule `late`).
  expect(step.violations).toEqual([]);
  expect(step.status).toBe('FAILED');
  expect(step.response?.Reason).toMatch(/^isComplete did not report completion within 900 s \(ServiceTimeout\) after \d+ call\(s\) \(see /);
  expect(step.physicalResourceId).toBe('job-Never');
  expect(calls(step).length).toBeGreaterThanOrEqual(10);
});

test.each([
  ['throws', 'Throws', /^isComplete failed: Error: the job failed \(see /],
  ['exits its process', 'Crash', /^isComplete failed: HandlerCrashError: the handler called process.exit\(3\)/],
  ['hangs', 'Hang', /^isComplete failed: DeadlineExceededError/],
])('GIVEN isComplete that %s WHEN created THEN FAILED names it, keeps the created id, and the runtime survives', async (_name, resource, reason) => {
  const step = await play((cfn) => cfn.create({ resource }));
  expect(step.violations).toEqual([]);
  expect(step.status).toBe('FAILED');
  expect(step.response?.Reason).toMatch(reason);
  expect(step.physicalResourceId).toBe(`job-${resource}`);
  expect(step.invocations.every((i) => i.outcome === 'returned')).toBe(true);
});

test('GIVEN a lifecycle WHEN the Delete needs polling THEN it waits for isComplete too', async () => {
  const lifecycle = await play((cfn) => cfn.lifecycle({ resource: 'Quick' }));
  expect(lifecycle.steps.map((s) => [s.label, s.status, s.violations.length])).toEqual([['Create', 'SUCCESS', 0], ['Delete', 'SUCCESS', 0]]);
  const deleteStep = lifecycle.steps[1];
  expect(deleteStep.logs.filter((l) => l.includes('isComplete Delete'))).toHaveLength(2);
  expect(deleteStep.response?.Data).toBeUndefined();
});

test('GIVEN a 20 s ServiceTimeout in a 5-minute function WHEN created THEN isComplete is still called (each call cut to the time left) and SUCCESS follows', async () => {
  const step = await play((cfn) => cfn.create({ resource: 'ShortTimeout' }));
  expect(step.violations).toEqual([]);
  expect(step).toMatchObject({ status: 'SUCCESS', answers: 1 });
  expect(step.response?.Data).toEqual({ Started: 'yes', Finished: 'after 2 calls' });
});

test('GIVEN isComplete answering NoEcho with a secret WHEN created THEN the answer is NoEcho (the runner shows its Data masked) and no log line names the secret\'s key', async () => {
  const step = await play((cfn) => cfn.create({ resource: 'Secret' }));
  expect(step.violations).toEqual([]);
  expect(step).toMatchObject({ status: 'SUCCESS', response: { NoEcho: true, Data: { Started: 'yes', Password: 'hunter2' } } });
  expect(maskedStep(step).response?.Data).toEqual({ Started: '****', Password: '****' });
  expect(step.logs.some((line) => line.includes('Password'))).toBe(false);
});

test('GIVEN --fast-clock WHEN cdk-lifecycle invoke plays a minute-long wait THEN it exits 0, and the table shows the simulated time', async () => {
  const result = await run(['invoke', assembly, '--resource', 'Quick', '--request', 'create', '--fast-clock'], { cwd: path.join(__dirname, '..', '..') });

  expect(result.stderr).toBe('');
  expect(result.code).toBe(0);
  const row = result.stdout.split('\n').find((line) => line.startsWith('1  Create'));
  const seconds = Number(/ (\d+\.\d\d) s$/.exec(row ?? '')?.[1]);
  expect(seconds).toBeGreaterThanOrEqual(60);
});
