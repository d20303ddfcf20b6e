import { pollWithinInvocation, PollWithinInvocation } from '../../../src/runtime/polling/poll-within-invocation';
import { HandlerOutcome } from '../../../src/runtime/protocol/handler-result';

/** A clock that only moves when the poller sleeps or a call takes time. */
function fakeClock(start = 0) {
  let now = start;
  return { now: () => now, sleep: async (ms: number) => { now += ms; }, advance: (ms: number) => { now += ms; } };
}

const schedule = { firstDelayMs: 1_000, intervalMs: 2_000, backoffRate: 2, maxIntervalMs: 8_000 };

function setup(answers: Array<HandlerOutcome | ((at: number) => HandlerOutcome)>, overrides: Partial<PollWithinInvocation> = {}) {
  const clock = fakeClock();
  const calls: Array<{ attempt: number; at: number; deadline: number }> = [];
  const input: PollWithinInvocation = {
    schedule,
    attempt: 0,
    due: 1_000,
    deadline: 100_000,
    invocationEnd: 60_000,
    callMs: 5_000,
    answerMs: 1_000,
    now: clock.now,
    sleep: clock.sleep,
    isComplete: async (attempt, deadline) => {
      calls.push({ attempt, at: clock.now(), deadline });
      clock.advance(100);
      const answer = answers.shift() ?? { ok: true, result: {}, answer: { IsComplete: false } };
      return typeof answer === 'function' ? answer(clock.now()) : answer;
    },
    ...overrides,
  };
  return { input, calls, clock };
}

test('GIVEN isComplete answers false twice then true with Data WHEN polled THEN it is called on schedule and the Data comes back', async () => {
  const { input, calls } = setup([{ ok: true, result: {}, answer: { IsComplete: false } }, { ok: true, result: {}, answer: { IsComplete: false } }, { ok: true, result: {}, answer: { IsComplete: true, Data: { Endpoint: 'db.example' } } }]);
  expect(await pollWithinInvocation(input)).toEqual({ kind: 'complete', attempts: 3, data: { Endpoint: 'db.example' } });
  // due 1,000; then 2,000 after the first answer (at 1,100); then 4,000 after the second (at 3,200).
  expect(calls).toEqual([
    { attempt: 0, at: 1_000, deadline: 6_000 },
    { attempt: 1, at: 3_100, deadline: 8_100 },
    { attempt: 2, at: 7_200, deadline: 12_200 },
  ]);
});

test('GIVEN isComplete fails WHEN polled THEN the wait ends with its error at once', async () => {
  const { input, calls } = setup([{ ok: true, result: {}, answer: { IsComplete: false } }, { ok: false, error: 'Error: cluster failed' }]);
  expect(await pollWithinInvocation(input)).toEqual({ kind: 'failed', attempts: 2, error: 'Error: cluster failed' });
  expect(calls).toHaveLength(2);
});

test('GIVEN a wait longer than this invocation WHEN polled THEN it stops when the next call would not fit and says when it is due', async () => {
  const { input, calls } = setup([], { invocationEnd: 20_000 });
  const end = await pollWithinInvocation(input);
  // Calls at 1,000, 3,100, 7,200 (waits 2 and 4 s); the next, due at 15,300, would end after 20,000.
  expect(calls.map((c) => c.at)).toEqual([1_000, 3_100, 7_200]);
  expect(end).toEqual({ kind: 'continue', attempts: 3, due: 15_300 });
});

test('GIVEN a wait that never completes WHEN the deadline comes THEN one last call is made just in time, then it times out', async () => {
  const { input, calls } = setup([], { deadline: 30_000, invocationEnd: 1_000_000 });
  expect(await pollWithinInvocation(input)).toEqual({ kind: 'timed-out', attempts: 6 });
  // Waits of 2, 4, then 8 s (the cap); the call due at 31,500 is moved to the last moment a
  // call can start (30,000 less 1,000 to answer less the shortest call, 1,000), and it must
  // end when the answer is due (29,000) rather than after the whole 5 s budget.
  expect(calls.map((c) => c.at)).toEqual([1_000, 3_100, 7_200, 15_300, 23_400, 28_000]);
  expect(calls[4].deadline).toBe(28_400);
  expect(calls[5].deadline).toBe(29_000);
});

test('GIVEN a continued wait WHEN polled THEN the schedule goes on from the attempts already made', async () => {
  const { input, calls } = setup(
    [{ ok: true, result: {}, answer: { IsComplete: true } }],
    { attempt: 6, due: 50_000, deadline: 200_000, invocationEnd: 150_000 },
  );
  expect(await pollWithinInvocation(input)).toEqual({ kind: 'complete', attempts: 7 });
  expect(calls).toEqual([{ attempt: 6, at: 50_000, deadline: 55_000 }]);
});

test('GIVEN an isComplete that never resolves WHEN its call time passes THEN the call is cut off and the wait fails with the deadline', async () => {
  // Real time here: the cut-off is a timer. The call has the 1,040 ms left before the answer is due.
  const start = Date.now();
  const input: PollWithinInvocation = {
    schedule,
    attempt: 0,
    due: start,
    deadline: start + 2_040,
    invocationEnd: start + 60_000,
    callMs: 5_000,
    answerMs: 1_000,
    now: Date.now,
    sleep: (ms) => new Promise((r) => setTimeout(r, ms)),
    isComplete: () => new Promise<HandlerOutcome>(() => undefined),
  };
  const end = await pollWithinInvocation(input);
  expect(end).toMatchObject({ kind: 'failed', attempts: 1, error: expect.stringMatching(/^DeadlineExceededError: the handler did not finish within 10[34]\d ms$/) });
  expect(Date.now() - start).toBeLessThan(1_900);
});

test('GIVEN an isComplete caller that rejects WHEN polled THEN the wait fails with its error rather than rejecting', async () => {
  const { input } = setup([], { isComplete: async () => { throw new TypeError('invoke failed'); } });
  expect(await pollWithinInvocation(input)).toEqual({ kind: 'failed', attempts: 1, error: 'TypeError: invoke failed' });
});

test('GIVEN a NoEcho resource WHEN isComplete answers oversized Data THEN the failure does not name its keys', async () => {
  const big = { ok: true as const, result: {}, answer: { IsComplete: true, Data: { secretKeyName: 'x'.repeat(5_000) } } };
  const shown = await pollWithinInvocation(setup([big]).input);
  const hidden = await pollWithinInvocation(setup([{ ...big }], { noEcho: true }).input);
  expect(shown).toMatchObject({ kind: 'failed', error: expect.stringContaining('secretKeyName') });
  expect(hidden).toMatchObject({ kind: 'failed', error: expect.stringContaining('NoEcho') });
  expect(JSON.stringify(hidden)).not.toContain('secretKeyName');
});
