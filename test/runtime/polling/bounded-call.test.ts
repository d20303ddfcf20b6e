import { boundedCall, isTransient } from '../../../src/runtime/polling/bounded-call';
import { lambdaThrottling, ssmThrottling } from '../../helpers/hostile-aws';

/** A fake clock: sleeps only move it. */
function fakeClock() {
  let now = 10_000;
  const sleeps: number[] = [];
  const sleep = async (ms: number) => { sleeps.push(ms); now += ms; };
  return { sleeps, clock: { now: () => now, sleep, random: () => 1 } };
}

const realClock = { now: Date.now, sleep: (ms: number) => new Promise<void>((r) => setTimeout(r, ms)), random: Math.random };

describe('isTransient', () => {
  test.each([
    ['SSM throttling', ssmThrottling(), true],
    ['Lambda throttling (429)', lambdaThrottling(), true],
    ['a 5xx answer', Object.assign(new Error('x'), { name: 'InternalServerError', $metadata: { httpStatusCode: 500 } }), true],
    ['a 503 without a known name', Object.assign(new Error('x'), { name: 'Unknown', $metadata: { httpStatusCode: 503 } }), true],
    ['a socket reset', Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' }), true],
    ['a DNS failure', Object.assign(new Error('getaddrinfo'), { code: 'EAI_AGAIN' }), true],
    ['an attempt that did not answer', Object.assign(new Error('no answer'), { name: 'TimeoutError' }), true],
    ['the SDK aborting an attempt', Object.assign(new Error('aborted'), { name: 'AbortError' }), true],
    ['SSM\'s concurrent updates', Object.assign(new Error('x'), { name: 'TooManyUpdates', $metadata: { httpStatusCode: 400 } }), true],
    ['access denied', Object.assign(new Error('x'), { name: 'AccessDeniedException', $metadata: { httpStatusCode: 400 } }), false],
    ['a parameter that exists', Object.assign(new Error('x'), { name: 'ParameterAlreadyExists', $metadata: { httpStatusCode: 400 } }), false],
    ['too many parameters (a limit, not a rate)', Object.assign(new Error('x'), { name: 'ParameterLimitExceeded', $metadata: { httpStatusCode: 400 } }), false],
    ['a Node argument error', Object.assign(new TypeError('x'), { code: 'ERR_INVALID_ARG_TYPE' }), false],
    ['a plain error', new Error('boom'), false],
    ['a thrown string', 'boom', false],
    ['null', null, false],
  ])('GIVEN %s THEN %p', (_name, error, transient) => {
    expect(isTransient(error)).toBe(transient);
  });
});

describe('boundedCall', () => {
  test('GIVEN throttling twice, then an answer WHEN called THEN it is retried with growing, jittered pauses and the answer returned', async () => {
    const { clock, sleeps } = fakeClock();
    let calls = 0;
    const out = await boundedCall('SSM GetParameter', 20_000, clock, async () => {
      if (++calls <= 2) throw ssmThrottling();
      return 'value';
    });
    expect(out).toBe('value');
    expect(calls).toBe(3);
    // Full jitter (random() = 1 here) under ceilings of 100 ms, then 200 ms.
    expect(sleeps).toEqual([100, 200]);
  });

  test('GIVEN throttling on every attempt WHEN called THEN it gives up by its deadline, naming the call, its attempts and the last error', async () => {
    const { clock } = fakeClock();
    let calls = 0;
    const error = await boundedCall('SSM PutParameter (claiming hop 3)', 12_000, clock, async () => {
      calls++;
      throw ssmThrottling();
    }).catch((e: Error) => e);
    expect(clock.now()).toBeLessThanOrEqual(12_000);
    expect(error).toMatchObject({ name: 'ThrottlingException' });
    expect((error as Error).message).toBe(`SSM PutParameter (claiming hop 3) gave up after ${calls} attempt(s) in ${clock.now() - 10_000} ms: Rate exceeded`);
    expect(calls).toBeGreaterThan(3);
  });

  test('GIVEN throttling, then a last attempt that the deadline cuts short WHEN it gives up THEN it names the throttling the service answered, and says how the last attempt ended', async () => {
    // A slow machine: throttled answers take 300 ms each, the last attempt never answers.
    let calls = 0;
    const deadline = Date.now() + 1_000;
    const error = await boundedCall('SSM PutParameter (claiming the request)', deadline, { ...realClock, random: () => 0 }, () => {
      calls++;
      if (deadline - Date.now() < 250) return new Promise<never>(() => undefined);
      return new Promise<never>((_, reject) => setTimeout(() => reject(ssmThrottling()), 150));
    }).catch((e: Error) => e);
    expect(calls).toBeGreaterThanOrEqual(2);
    expect(error).toMatchObject({ name: 'ThrottlingException' });
    expect((error as Error).message).toMatch(/^SSM PutParameter \(claiming the request\) gave up after \d+ attempt\(s\) in \d+ ms: Rate exceeded; the last attempt: no answer within \d+ ms$/);
  });

  test('GIVEN a first attempt that took all but a few ms WHEN the deadline is that close THEN no retry is started that could only time out', async () => {
    const { clock } = fakeClock();
    let calls = 0;
    const error = await boundedCall('SSM GetParameter', 10_000 + 1_000, { ...clock, random: () => 0 }, async () => {
      calls++;
      await clock.sleep(990);
      throw ssmThrottling();
    }).catch((e: Error) => e);
    expect(calls).toBe(1);
    expect(error).toMatchObject({ name: 'ThrottlingException', message: 'SSM GetParameter gave up after 1 attempt(s) in 990 ms: Rate exceeded' });
  });

  test('GIVEN an error that a retry cannot help WHEN called THEN it is thrown at once, as it came', async () => {
    const { clock } = fakeClock();
    const denied = Object.assign(new Error('denied'), { name: 'AccessDeniedException', $metadata: { httpStatusCode: 400 } });
    let calls = 0;
    await expect(boundedCall('SSM GetParameter', 20_000, clock, async () => { calls++; throw denied; })).rejects.toBe(denied);
    expect(calls).toBe(1);
  });

  test('GIVEN no time left WHEN called THEN no attempt is made', async () => {
    const { clock } = fakeClock();
    let calls = 0;
    await expect(boundedCall('Lambda Invoke', 10_000, clock, async () => { calls++; })).rejects.toMatchObject({ name: 'TimeoutError', message: 'Lambda Invoke gave up after 0 attempt(s) in 0 ms' });
    expect(calls).toBe(0);
  });

  test('GIVEN a call that never returns and ignores its signal WHEN called with 2 s THEN it is tried again, every attempt is abandoned and its signal aborted, and it gives up', async () => {
    const signals: AbortSignal[] = [];
    const error = await boundedCall('SSM PutParameter', Date.now() + 2_000, realClock, (signal) => {
      signals.push(signal);
      return new Promise<never>(() => undefined);
    }).catch((e: Error) => e);
    expect(error).toMatchObject({ name: 'TimeoutError', message: expect.stringMatching(/^SSM PutParameter gave up after [2-9] attempt\(s\) in \d+ ms: no answer within \d+ ms$/) });
    expect(signals.length).toBeGreaterThanOrEqual(2);
    expect(signals.every((s) => s.aborted)).toBe(true);
  });

  test('GIVEN an abandoned attempt that rejects later WHEN the call has moved on THEN nothing is left unhandled', async () => {
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    try {
      let calls = 0;
      const out = await boundedCall('Lambda Invoke', Date.now() + 1_000, realClock, () => {
        if (++calls === 1) return new Promise((_, reject) => setTimeout(() => reject(new Error('late')), 700));
        return Promise.resolve('second');
      });
      expect(out).toBe('second');
      await new Promise((r) => setTimeout(r, 400));
      expect(unhandled).toEqual([]);
    } finally {
      process.off('unhandledRejection', onUnhandled);
    }
  });
});
