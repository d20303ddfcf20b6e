import { serviceTimeoutMargin } from '../../../src/runtime/contract';
import { planNextStep, pollingDeadline, waitBefore } from '../../../src/runtime/polling/poll-schedule';

const schedule = { firstDelayMs: 2_000, intervalMs: 5_000, backoffRate: 1.5, maxIntervalMs: 12_000 };

describe('waitBefore', () => {
  test.each([
    [0, 2_000],
    [1, 5_000],
    [2, 7_500],
    [3, 11_250],
    [4, 12_000],
    [50, 12_000],
    [5_000, 12_000],
  ])('GIVEN call number %i WHEN scheduled THEN the wait is %i ms (first delay, then interval growing by the rate, capped)', (attempt, ms) => {
    expect(waitBefore(attempt, schedule)).toBe(ms);
  });

  test('GIVEN a rate of 1 WHEN scheduled THEN the interval stays fixed', () => {
    expect([1, 2, 3].map((a) => waitBefore(a, { ...schedule, backoffRate: 1 }))).toEqual([5_000, 5_000, 5_000]);
  });
});

describe('the deadline', () => {
  test.each([
    [10, 2_000],
    [600, 30_000],
    [3_600, 60_000],
  ])('GIVEN a ServiceTimeout of %i s WHEN the margin is taken THEN it is %i ms (5%, between 2 s and 60 s)', (seconds, margin) => {
    expect(serviceTimeoutMargin(seconds)).toBe(margin);
    expect(pollingDeadline(1_000_000, seconds)).toBe(1_000_000 + seconds * 1000 - margin);
  });
});

describe('planNextStep', () => {
  const base = { now: 100_000, due: 105_000, deadline: 200_000, invocationEnd: 150_000, callMs: 10_000, answerMs: 2_000 };

  test('GIVEN time in this invocation WHEN planned THEN the call is made here when due', () => {
    expect(planNextStep(base)).toEqual({ kind: 'poll', at: 105_000, callMs: 10_000 });
  });

  test('GIVEN a call that would end after this invocation WHEN planned THEN the wait is handed off, due at the same time', () => {
    expect(planNextStep({ ...base, due: 141_000 })).toEqual({ kind: 'hand-off', at: 141_000 });
    expect(planNextStep({ ...base, due: 140_000 })).toEqual({ kind: 'poll', at: 140_000, callMs: 10_000 });
  });

  test('GIVEN a call due after the last moment before the deadline WHEN planned THEN it is moved to that moment, with 1 s to run', () => {
    expect(planNextStep({ ...base, invocationEnd: 400_000, due: 199_000 })).toEqual({ kind: 'poll', at: 197_000, callMs: 1_000 });
  });

  test('GIVEN a call near the deadline WHEN planned THEN it gets the time left before the answer is due, not the whole call budget', () => {
    expect(planNextStep({ ...base, invocationEnd: 400_000, due: 192_000 })).toEqual({ kind: 'poll', at: 192_000, callMs: 6_000 });
    expect(planNextStep({ ...base, invocationEnd: 400_000, due: 188_000 })).toEqual({ kind: 'poll', at: 188_000, callMs: 10_000 });
  });

  test('GIVEN a ServiceTimeout shorter than the call budget WHEN planned THEN the calls still happen, each cut to the time left', () => {
    // A 30 s ServiceTimeout (deadline 28 s after arrival) in a 5-minute function (58 s call budget).
    const short = { now: 0, due: 5_000, deadline: 28_000, invocationEnd: 290_000, callMs: 58_000, answerMs: 3_000 };
    expect(planNextStep(short)).toEqual({ kind: 'poll', at: 5_000, callMs: 20_000 });
    expect(planNextStep({ ...short, now: 20_000, due: 25_000 })).toEqual({ kind: 'poll', at: 24_000, callMs: 1_000 });
  });

  test('GIVEN no call fits before the deadline WHEN planned THEN the wait has timed out', () => {
    expect(planNextStep({ ...base, now: 197_001 })).toEqual({ kind: 'timeout' });
    expect(planNextStep({ ...base, now: 197_000, invocationEnd: 400_000 })).toEqual({ kind: 'poll', at: 197_000, callMs: 1_000 });
  });

  test('GIVEN a continued invocation that starts after the moved last call WHEN planned THEN it still makes that call', () => {
    expect(planNextStep({ ...base, now: 196_500, due: 188_000, invocationEnd: 400_000 })).toEqual({ kind: 'poll', at: 196_500, callMs: 1_500 });
  });

  test('GIVEN a call already overdue WHEN planned THEN it is made now', () => {
    expect(planNextStep({ ...base, due: 50_000 })).toEqual({ kind: 'poll', at: 100_000, callMs: 10_000 });
  });
});
