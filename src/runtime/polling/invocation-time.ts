/**
 * How one invocation of a polling provider spends its time: polling until `pollUntil`, then the
 * hand-on reserve, in which it keeps the wait and starts the next invocation, or answers and
 * removes what the wait stored. Every SSM and Lambda call in the reserve has a deadline that
 * leaves the answer its time; the last share is kept for the removal after the answer, which
 * is best effort and bounded too.
 */

/** Time kept at the end of an invocation to hand on or answer: 10%, 2 s to 10 s. */
export function handOnReserve(invocationMs: number): number {
  return Math.min(10_000, Math.max(2_000, invocationMs / 10));
}

/** Longest time one call of isComplete may take: a fifth of the invocation, 1 s to 60 s. */
export function callBudget(invocationMs: number): number {
  return Math.min(60_000, Math.max(1_000, invocationMs / 5));
}

/** Kept before Lambda's own end of the invocation, whatever else runs late. */
const LAST_MOMENT_MS = 250;

/** The times of one invocation (epoch ms). */
export interface InvocationTime {
  /** When polling stops: the invocation's end less the hand-on reserve. */
  readonly pollUntil: number;
  /** The latest moment anything runs (the invocation's end less a quarter of a second). */
  readonly lastMoment: number;
  /** The hand-on reserve, in ms. */
  readonly reserveMs: number;
}

/** The times of an invocation that started at `start` with `remainingMs` to run. */
export function invocationTime(start: number, remainingMs: number): InvocationTime {
  const reserveMs = handOnReserve(remainingMs);
  return { pollUntil: start + remainingMs - reserveMs, lastMoment: start + remainingMs - LAST_MOMENT_MS, reserveMs };
}

/** When the answer must have been sent: the polling deadline, and an eighth of the reserve before the last moment (for the removal). */
export function answerBy(time: InvocationTime, pollingDeadline: number): number {
  return Math.min(pollingDeadline, time.lastMoment - time.reserveMs / 8);
}

/**
 * The deadline of one SSM or Lambda call made at `now` before an answer due at `answerAt`:
 * `share` of the time left until then, at most `longest`. Keeping the wait and starting the
 * next invocation take half each (at most half the reserve); a call on the way to a FAILED
 * answer takes a third (at most a quarter of the reserve).
 */
export function stepDeadline(now: number, answerAt: number, longest: number, share = 1 / 3): number {
  return now + Math.max(0, Math.min(longest, (answerAt - now) * share));
}


/**
 * The deadline of removing what a wait stored (best effort, after the answer or when there is
 * nothing to answer): half the reserve, never past the last moment. What is not removed by then
 * expires on its own.
 */
export function cleanUpDeadline(now: number, time: InvocationTime): number {
  return Math.min(time.lastMoment, now + time.reserveMs / 2);
}
