/**
 * End to end: a provider with isComplete, synthesized through the public API and played with
 * cdk-lifecycle/testing: the bundled asset runs in its own processes with a Lambda-like
 * context and deadline, and the runner's loopback stand-ins play Lambda (the provider's
 * asynchronous invocations of itself) and SSM Parameter Store (where the URL waits).
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { Duration, Stack } from 'aws-cdk-lib';
import { ProvidedResource, ResourceProvider } from '../../src';
import { LocalCloudFormation, maskedStep, StepResult } from '../../src/testing';
import { appWithAssetMetadata } from '../helpers/assembly';

const ENTRY = path.join(__dirname, '..', 'fixtures', 'handlers', 'long-running', 'handler.ts');

let assembly: string;
beforeAll(() => {
  assembly = fs.mkdtempSync(path.join(os.tmpdir(), 'cdk-lifecycle-polling-'));
  const app = appWithAssetMetadata(assembly);
  const stack = new Stack(app, 'Waits');
  const provider = new ResourceProvider(stack, 'Jobs', {
    entry: ENTRY,
    isCompleteHandler: 'isComplete',
    polling: { firstDelay: Duration.seconds(0), interval: Duration.seconds(1), backoffRate: 1, maxInterval: Duration.seconds(1) },
    timeout: Duration.seconds(5),
  });
  const job = (id: string, properties: Record<string, unknown>, serviceTimeout = Duration.minutes(2)) =>
    new ProvidedResource(stack, id, { provider, resourceType: 'Custom::Job', properties, serviceTimeout });
  job('Quick', { polls: 2 });
  job('Long', { polls: 9 });
  job('Never', { mode: 'never' }, Duration.seconds(10));
  job('Throws', { mode: 'throws' });
  job('Crash', { mode: 'crash' });
  job('Hang', { mode: 'hang' });
  job('Secret', { mode: 'secret' });
  // A provider with the default 5-minute timeout, for a resource whose ServiceTimeout is far shorter.
  const patient = new ResourceProvider(stack, 'Patient', {
    entry: ENTRY,
    isCompleteHandler: 'isComplete',
    polling: { firstDelay: Duration.seconds(1), interval: Duration.seconds(1), backoffRate: 1, maxInterval: Duration.seconds(1) },
  });
  new ProvidedResource(stack, 'ShortTimeout', { provider: patient, resourceType: 'Custom::Job', properties: { polls: 2 }, serviceTimeout: Duration.seconds(20) });
  app.synth();
});

/** One run of the local CloudFormation; closed afterwards. */
async function play<T>(work: (cfn: LocalCloudFormation) => Promise<T>, redeliverPolls = false): Promise<T> {
  const cfn = await LocalCloudFormation.open(assembly, {
    sdkSearch: [path.join(__dirname, '..', '..')],
    redeliver: redeliverPolls ? (payload) => payload.includes('cdkLifecyclePoll') : undefined,
  });
  try {
    return await work(cfn);
  } finally {
    await cfn.close();
  }
}

const signatureOf = (step: StepResult) => new URL(step.request.ResponseURL).searchParams.get('X-Amz-Signature')!;

test('GIVEN a job done on the second call WHEN created THEN it is polled twice and answered SUCCESS once, with both Datas', async () => {
  const step = await play((cfn) => cfn.create({ resource: 'Quick' }));
  expect(step.violations).toEqual([]);
  // A SUCCESS has no Reason: a failure shows it here.
  expect(step.response?.Reason).toBeUndefined();
  expect(step).toMatchObject({ status: 'SUCCESS', physicalResourceId: 'job-Quick', answers: 1 });
  expect(step.response?.Data).toEqual({ Started: 'yes', Finished: 'after 2 calls' });
  expect(step.logs.filter((l) => l.includes('call '))).toHaveLength(2);
  // Usually in the invocation that ran onEvent; on a busy machine its second call may not fit
  // there and the wait goes on in a new invocation: either way every invocation returned.
  expect(step.invocations.every((i) => i.type === 'Event' && i.outcome === 'returned')).toBe(true);
  const handOffs = step.logs.filter((l) => l.includes('wait continues in a new invocation')).length;
  expect(step.invocations).toHaveLength(1 + handOffs);
});

test('GIVEN a wait longer than one 5 s invocation WHEN created THEN it continues in new invocations, answers once, and leaves nothing stored', async () => {
  const step = await play((cfn) => cfn.create({ resource: 'Long' }));
  expect(step.violations).toEqual([]);
  expect(step.notes.filter((n) => n.startsWith('warning'))).toEqual([]);
  expect(step.response?.Reason).toBeUndefined();
  expect(step).toMatchObject({ status: 'SUCCESS', answers: 1 });
  expect(step.response?.Data).toEqual({ Started: 'yes', Finished: 'after 9 calls' });
  expect(step.invocations.length).toBeGreaterThanOrEqual(2);
  expect(step.invocations.every((i) => i.type === 'Event' && i.outcome === 'returned')).toBe(true);
  // The URL never travels in clear: not in a log line, not in the payload of a continued invocation.
  expect(step.logs.some((l) => l.includes(signatureOf(step)))).toBe(false);
  expect(step.logs.some((l) => l.includes('wait continues in a new invocation'))).toBe(true);
});

test('GIVEN continued invocations delivered twice and late WHEN the wait ends THEN exactly one answer is sent and the extra deliveries stop', async () => {
  const step = await play((cfn) => cfn.create({ resource: 'Long' }), true);
  expect(step.violations).toEqual([]);
  expect(step.answers).toBe(1);
  expect(step.response?.Reason).toBeUndefined();
  expect(step.response?.Data).toEqual({ Started: 'yes', Finished: 'after 9 calls' });
  expect(step.logs.some((l) => l.includes('handled by another invocation'))).toBe(true);
});

test('GIVEN a job that never completes WHEN its 10 s ServiceTimeout nears THEN FAILED says so, on time', async () => {
  const step = await play((cfn) => cfn.create({ resource: 'Never' }));
  expect(step.violations).toEqual([]);
  expect(step.status).toBe('FAILED');
  expect(step.response?.Reason).toMatch(/^isComplete did not report completion within 10 s \(ServiceTimeout\) after \d+ call\(s\) \(see /);
  expect(step.physicalResourceId).toBe('job-Never');
  expect(step.durationMs).toBeLessThan(10_000);
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
  const run = await play((cfn) => cfn.lifecycle({ resource: 'Quick' }));
  expect(run.steps.map((s) => [s.label, s.status, s.violations.length])).toEqual([['Create', 'SUCCESS', 0], ['Delete', 'SUCCESS', 0]]);
  const deleteStep = run.steps[1];
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
