/**
 * The retry strategy the SDK clients of `diff --deployed` and `snapshot` share: which errors are
 * tried again, how long each wait may be, and that no retry starts past the budget. A fake
 * clock and a fixed random number make the waits exact; nothing here sleeps.
 */
import { RetryBudget, RetryErrorInfo, RetryToken } from '../../../src/cli/deployed/retry-budget';

/** A strategy on a clock the test moves. */
function budget(budgetMs: number, random = 0.999_999): { strategy: RetryBudget; clock: { now: number } } {
  const clock = { now: 1_000_000 };
  return { strategy: new RetryBudget({ budgetMs, now: () => clock.now, random: () => random }), clock };
}

/** Retries until the strategy refuses; the delays it gave, the clock moved by each. */
async function retriesOf(strategy: RetryBudget, clock: { now: number }, info: RetryErrorInfo, most = 100): Promise<number[]> {
  let token: RetryToken = await strategy.acquireInitialRetryToken('');
  const delays: number[] = [];
  for (let attempt = 0; attempt < most; attempt++) {
    try {
      token = await strategy.refreshRetryTokenForRetry(token, info);
    } catch {
      break;
    }
    delays.push(token.getRetryDelay());
    clock.now += token.getRetryDelay();
  }
  return delays;
}

test('GIVEN throttling WHEN retried THEN the waits double from 500 ms up to 20 s, for as long as the budget lasts', async () => {
  const { strategy, clock } = budget(120_000);

  const delays = await retriesOf(strategy, clock, { errorType: 'THROTTLING' });

  expect(delays.slice(0, 7)).toEqual([499, 999, 1999, 3999, 7999, 15_999, 19_999]);
  expect(delays.length).toBeGreaterThan(7);
  expect(delays.reduce((sum, delay) => sum + delay, 0)).toBeLessThanOrEqual(120_000);
  expect(strategy.throttledRetries).toBe(delays.length);
});

test('GIVEN full jitter WHEN the random number is small THEN the wait is that share of the ceiling', async () => {
  const { strategy, clock } = budget(120_000, 0.25);

  expect((await retriesOf(strategy, clock, { errorType: 'THROTTLING' }, 3))).toEqual([125, 250, 500]);
});

test.each(['TRANSIENT', 'SERVER_ERROR'] as const)('GIVEN a %s error WHEN retried THEN it is tried twice more (three attempts), from 100 ms', async (errorType) => {
  const { strategy, clock } = budget(120_000);

  expect(await retriesOf(strategy, clock, { errorType })).toEqual([99, 199]);
});

test('GIVEN a client error (access denied, a missing stack) WHEN the SDK asks THEN it is not retried', async () => {
  const { strategy, clock } = budget(120_000);

  expect(await retriesOf(strategy, clock, { errorType: 'CLIENT_ERROR' })).toEqual([]);
});

test('GIVEN a Retry-After longer than the backoff WHEN throttled THEN the server\'s wait is kept (at most 20 s)', async () => {
  const { strategy, clock } = budget(120_000, 0);
  const token = await strategy.acquireInitialRetryToken('');

  const next = await strategy.refreshRetryTokenForRetry(token, { errorType: 'THROTTLING', retryAfterHint: new Date(clock.now + 3_000) });
  const capped = await strategy.refreshRetryTokenForRetry(next, { errorType: 'THROTTLING', retryAfterHint: new Date(clock.now + 60_000) });

  expect([next.getRetryDelay(), capped.getRetryDelay()]).toEqual([3_000, 20_000]);
});

test('GIVEN a wait that would end after the budget WHEN the SDK asks THEN no retry is made', async () => {
  const { strategy, clock } = budget(1_000, 0.2);
  const token = await strategy.acquireInitialRetryToken('');
  clock.now += 800;

  await expect(strategy.refreshRetryTokenForRetry(token, { errorType: 'THROTTLING' })).resolves.toBeDefined();
  clock.now += 400;
  await expect(strategy.refreshRetryTokenForRetry(token, { errorType: 'THROTTLING' })).rejects.toThrow('the retry budget is spent');
});

test('GIVEN throttling between transient errors WHEN retried THEN throttling does not use up the transient retries', async () => {
  const { strategy } = budget(120_000, 0);
  let token = await strategy.acquireInitialRetryToken('');
  for (const errorType of ['TRANSIENT', 'THROTTLING', 'THROTTLING', 'TRANSIENT'] as const) token = await strategy.refreshRetryTokenForRetry(token, { errorType });

  await expect(strategy.refreshRetryTokenForRetry(token, { errorType: 'TRANSIENT' })).rejects.toThrow('not retried');
  expect(token.getRetryCount()).toBe(4);
});
