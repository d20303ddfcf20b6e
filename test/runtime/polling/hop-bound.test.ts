import { continueWait } from '../../../src/runtime/polling/continue-wait';
import { hopBound, hopBoundReason } from '../../../src/runtime/polling/hop-bound';
import { POLL_KEY } from '../../../src/runtime/polling/poll-message';
import { createWaiter } from '../../../src/runtime/polling/waiter';
import { createLogger } from '../../../src/runtime/protocol/logger';
import { longWaitFixture, REQUEST, RESPONSE_URL, START } from '../../helpers/long-wait-fixture';

describe('hopBound', () => {
  test.each([
    // invocation, reserve, polling window, call budget, progress per hop -> 2 x ceil(3600 s / progress) + 5
    ['a 15-minute function', 900_000, 10_000, 890_000, 60_000, 830_000, 2 * 5 + 5],
    ['a 5-minute function', 300_000, 10_000, 290_000, 58_000, 232_000, 2 * 16 + 5],
    ['a 60 s function', 60_000, 6_000, 54_000, 10_800, 43_200, 2 * 84 + 5],
    ['a 5 s function', 5_000, 2_000, 3_000, 1_000, 2_000, 2 * 1_800 + 5],
  ])('GIVEN %s and a 1-hour ServiceTimeout WHEN bounded THEN twice the hops at the slowest pace, plus 5', (_name, invocationMs, _reserve, _polling, _call, _progress, bound) => {
    expect(hopBound(3_600, invocationMs)).toBe(bound);
  });

  test('GIVEN a function that leaves a new invocation no time for a call WHEN bounded THEN no hand-off is allowed', () => {
    expect(hopBound(3_600, 3_000)).toBe(0);
    expect(hopBound(3_600, 2_000)).toBe(0);
  });

  test('GIVEN a longer ServiceTimeout WHEN bounded THEN the bound grows with it', () => {
    expect(hopBound(600, 60_000)).toBeLessThan(hopBound(3_600, 60_000));
  });
});

test('the Reason names the hand-off, the bound and why', () => {
  expect(hopBoundReason(38, 37, 3_600, 300_000)).toBe('the wait reached hand-off 38 to a new invocation, beyond the 37 a 3600 s ServiceTimeout can need with 300 s invocations: stopped as a runaway chain');
});

describe('a chain of invocations', () => {
  const HOUR = { ...REQUEST, ResourceProperties: { ServiceToken: 'arn', ServiceTimeout: '3600' } };
  const schedule = { firstDelayMs: 5_000, intervalMs: 10_000, backoffRate: 1.5, maxIntervalMs: 60_000 };

  /**
   * Plays a wait: the invocation that ran onEvent (`firstMs` long), then every invocation it
   * started (each `laterMs` long, started at once), until none is left. isComplete says done
   * from `doneAfterMs` on.
   */
  async function play(firstMs: number, laterMs: number, doneAfterMs: number, options: { readsFail?: boolean } = {}) {
    const ctx = longWaitFixture({ schedule, ssmFaults: options.readsFail ? [{ op: 'getParameter', kind: 'throttle', names: /abc$|[0-9a-f]{32}$/ }] : [] });
    const deps = {
      ...ctx.deps,
      isComplete: async () => {
        ctx.clock.set(ctx.clock.now() + 50);
        return { ok: true as const, result: {}, answer: { IsComplete: ctx.clock.now() - START >= doneAfterMs } };
      },
    };
    const answered: string[] = [];
    const first = await createWaiter(deps).wait({
      request: { ...HOUR, ResponseURL: RESPONSE_URL },
      body: { Status: 'SUCCESS', PhysicalResourceId: 'cluster-1', StackId: HOUR.StackId, RequestId: HOUR.RequestId, LogicalResourceId: HOUR.LogicalResourceId },
      sentAt: START,
      invocationStart: START,
      remainingMs: firstMs,
      logger: createLogger((l) => ctx.lines.push(l)),
      logLocation: 'the logs',
      answer: async (body) => { answered.push(body.Status === 'SUCCESS' ? 'SUCCESS' : `FAILED: ${body.Reason}`); },
    });
    let started = 0;
    while (ctx.lambda.invoked.length > started) {
      const event = JSON.parse(ctx.lambda.invoked[started++]);
      await continueWait(deps, event, { ...ctx.run(laterMs), answer: async (body) => { answered.push(body.Status === 'SUCCESS' ? 'SUCCESS' : `FAILED: ${body.Reason}`); } });
    }
    const states = ctx.lambda.invoked.map((p) => JSON.parse(p)[POLL_KEY]);
    return { ...ctx, first, answered, states };
  }

  test('GIVEN a 55-minute wait in a 30 s function WHEN played THEN far more than Lambda\'s 16 invocations, within the bound, one SUCCESS, nothing left', async () => {
    const { answered, states, ssm, lines } = await play(30_000, 30_000, 55 * 60_000);
    expect(answered).toEqual(['SUCCESS']);
    expect(states.length).toBeGreaterThan(16);
    const bound = states[0].maxHop;
    expect(bound).toBe(hopBound(3_600, 30_000));
    expect(states.every((s) => s.maxHop === bound && s.hop <= bound)).toBe(true);
    expect(lines.some((l) => l.includes('bound'))).toBe(false);
    expect([...ssm.parameters.keys()]).toEqual([]);
  });

  test('GIVEN a chain whose invocations make no progress (each hands on at once) WHEN played THEN it is stopped at its bound with a FAILED answer saying why, and nothing left', async () => {
    // The first invocation is 30 s long; the later ones have no time for a call (a runaway chain).
    const { answered, states, ssm } = await play(30_000, 2_500, Infinity);
    const bound = hopBound(3_600, 30_000);
    expect(states).toHaveLength(bound);
    expect(answered).toEqual([`FAILED: the wait reached hand-off ${bound + 1} to a new invocation, beyond the ${bound} a 3600 s ServiceTimeout can need with 3 s invocations: stopped as a runaway chain (see the logs)`]);
    expect([...ssm.parameters.keys()]).toEqual([]);
  });

  test('GIVEN the kept wait never readable WHEN each hop passes the wait on THEN the chain stops at its bound instead of going round until the deadline', async () => {
    const { answered, states, lines } = await play(30_000, 30_000, Infinity, { readsFail: true });
    const bound = hopBound(3_600, 30_000);
    expect(answered).toEqual([]);
    expect(states).toHaveLength(bound);
    expect(lines.some((l) => l.includes(`the wait has reached its bound of ${bound} hand-offs: nobody is left to answer`))).toBe(true);
  });

  test('GIVEN a function too short for a call in a new invocation WHEN the wait would hand on THEN FAILED says so at once, and nothing is started', async () => {
    const { answered, states } = await play(3_000, 3_000, Infinity);
    expect(states).toEqual([]);
    expect(answered).toEqual(['FAILED: a new invocation of this 3 s function has no time for a call of isComplete (it keeps 2 s to hand on and a call needs at least 1 s): give the provider a longer timeout (see the logs)']);
  });
});
