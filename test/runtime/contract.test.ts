/**
 * The contract's minimum ServiceTimeout (the construct refuses a shorter one at synth), and the
 * runtime keeping its promise there: a request delivered on time, in the worst case the URL's
 * whole-second signing time allows (999 ms after the second it names), gets at least one call
 * of isComplete and its answer before the ServiceTimeout.
 */
import { minimumServiceTimeoutSeconds, PollingSchedule } from '../../src/runtime/contract';
import { createHandler } from '../../src/runtime/create-handler';
import { WaitStore } from '../../src/runtime/polling/wait-store';
import { createWaiter } from '../../src/runtime/polling/waiter';
import type { HandlerOutcome } from '../../src/runtime/protocol/handler-result';
import { nodePut } from '../../src/runtime/protocol/send-response';
import { inThreadInvoker, lambdaContext, makeEvent, signedAt } from '../helpers/events';
import { MemorySsm } from '../helpers/hostile-aws';
import { ResponseServer } from '../helpers/response-server';

const schedule = (firstDelayMs: number): PollingSchedule => ({ firstDelayMs, intervalMs: 1_000, backoffRate: 1, maxIntervalMs: 1_000 });

describe('minimumServiceTimeoutSeconds', () => {
  test.each([
    // first delay -> the shortest whole seconds covering 1 s (signing time) + first delay + 1 s (a call) + the answer's reserve + the margin
    [0, 5],
    [1_000, 6],
    [5_000, 10],
    [30_000, 38],
    [600_000, 639],
  ])('GIVEN a first delay of %i ms WHEN asked THEN %i s', (firstDelayMs, seconds) => {
    expect(minimumServiceTimeoutSeconds(schedule(firstDelayMs))).toBe(seconds);
  });

  test('GIVEN a first delay no ServiceTimeout can hold WHEN asked THEN more than the 3,600 s CloudFormation allows', () => {
    expect(minimumServiceTimeoutSeconds(schedule(3_600_000))).toBeGreaterThan(3_600);
  });

  test('GIVEN the interval and the backoff WHEN they change THEN the minimum does not (one call is promised)', () => {
    expect(minimumServiceTimeoutSeconds({ firstDelayMs: 0, intervalMs: 60_000, backoffRate: 10, maxIntervalMs: 600_000 })).toBe(5);
  });
});

describe('the runtime keeps the promise of the minimum', () => {
  let server: ResponseServer;
  beforeEach(async () => { server = await ResponseServer.start(); });
  afterEach(() => server.close());

  /**
   * A polling provider whose clock reads 999 ms past the whole second its request was signed in;
   * isComplete answers from `answers` (then not done).
   */
  async function createAt(serviceTimeout: number, firstDelayMs: number, answers: HandlerOutcome[]) {
    const signed = Math.floor(Date.now() / 1000) * 1000;
    const offset = signed + 999 - Date.now();
    const now = () => Date.now() + offset;
    const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));
    const calls: number[] = [];
    const handler = createHandler({
      invoke: inThreadInvoker(() => ({ PhysicalResourceId: 'job-1' })),
      put: nodePut,
      log: () => undefined,
      now,
      waiter: createWaiter({
        schedule: schedule(firstDelayMs),
        store: new WaitStore(new MemorySsm(), 'provider-fn', { now, sleep, random: Math.random }),
        selfInvoke: async () => undefined,
        functionName: 'provider-fn',
        isComplete: async () => { calls.push(now() - signed); return answers.shift() ?? { ok: true, result: {}, answer: { IsComplete: false } }; },
        now,
        sleep,
      }),
    });
    const event = makeEvent(signedAt(server.url(), signed), { ResourceProperties: { ServiceToken: 'x', ServiceTimeout: String(serviceTimeout) } });
    await handler(event, lambdaContext(60_000));
    const answeredAt = server.puts.map((p) => p.at + offset - signed);
    return { calls, bodies: server.bodies, answeredAt };
  }

  test.each([0, 1_000])('GIVEN a first delay of %i ms, a request on time and the minimum ServiceTimeout WHEN isComplete says complete THEN SUCCESS, before the ServiceTimeout', async (firstDelayMs) => {
    const minimum = minimumServiceTimeoutSeconds(schedule(firstDelayMs));
    const { calls, bodies, answeredAt } = await createAt(minimum, firstDelayMs, [{ ok: true, result: {}, answer: { IsComplete: true } }]);
    expect(calls).toHaveLength(1);
    // Called at its first delay, counted from the end of onEvent (after the 999 ms).
    expect(calls[0]).toBeGreaterThanOrEqual(999 + firstDelayMs);
    expect(bodies).toEqual([expect.objectContaining({ Status: 'SUCCESS', PhysicalResourceId: 'job-1' })]);
    expect(answeredAt[0]).toBeLessThan(minimum * 1000);
  });

  test('GIVEN the minimum ServiceTimeout WHEN isComplete never completes THEN FAILED after the calls made (at least one), before the ServiceTimeout', async () => {
    const { calls, bodies, answeredAt } = await createAt(5, 0, []);
    expect(calls.length).toBeGreaterThanOrEqual(1);
    expect(bodies).toEqual([expect.objectContaining({ Status: 'FAILED', Reason: expect.stringMatching(new RegExp(`^isComplete did not report completion within 5 s \\(ServiceTimeout\\) after ${calls.length} call\\(s\\)`)) })]);
    expect(answeredAt[0]).toBeLessThan(5_000);
  });

  test('GIVEN no first delay and one second less than the minimum (what synth refuses) WHEN the request arrives on time THEN no call fits: the promise cannot be kept there', async () => {
    const { calls, bodies, answeredAt } = await createAt(4, 0, [{ ok: true, result: {}, answer: { IsComplete: true } }]);
    expect(calls).toEqual([]);
    expect(bodies).toEqual([expect.objectContaining({ Status: 'FAILED', Reason: expect.stringMatching(/^isComplete did not report completion within 4 s \(ServiceTimeout\) after 0 call\(s\)/) })]);
    expect(answeredAt[0]).toBeLessThan(4_000);
  });
});
