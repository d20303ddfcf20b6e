/**
 * When to call `isComplete` next, and when to stop: pure arithmetic over epoch milliseconds.
 *
 * The overall deadline is the resource's ServiceTimeout counted from when CloudFormation sent
 * the request (`requestSentAt`), less a safety margin, never later. Inside it, each invocation polls while it has time and hands the wait to a new
 * invocation of the provider when the next call would not fit.
 */
import { MIN_CALL_MS, PollingSchedule, serviceTimeoutMargin } from '../contract';

/** The time by which the answer must be delivered, for a request CloudFormation sent at `sentAt`. */
export function pollingDeadline(sentAt: number, serviceTimeoutSeconds: number): number {
  return sentAt + serviceTimeoutSeconds * 1000 - serviceTimeoutMargin(serviceTimeoutSeconds);
}

/** The wait before call number `attempt` (0 is the first call): the first delay, then a growing interval. */
export function waitBefore(attempt: number, schedule: PollingSchedule): number {
  if (attempt <= 0) return schedule.firstDelayMs;
  const grown = schedule.intervalMs * schedule.backoffRate ** (attempt - 1);
  return Math.min(schedule.maxIntervalMs, Number.isFinite(grown) ? grown : schedule.maxIntervalMs);
}

/** What the poller does next. */
export type NextStep =
  /** Call isComplete at `at` (epoch ms) in this invocation, for at most `callMs`. */
  | { readonly kind: 'poll'; readonly at: number; readonly callMs: number }
  /** The next call does not fit in this invocation: continue in a new one, polling at `at`. */
  | { readonly kind: 'hand-off'; readonly at: number }
  /** No call fits before the deadline any more: answer that the wait timed out. */
  | { readonly kind: 'timeout' };

/** The inputs of `planNextStep`, all times in epoch ms and durations in ms. */
export interface PlanInput {
  readonly now: number;
  /** When the next call is due by the schedule. */
  readonly due: number;
  /** When the answer must be delivered (`pollingDeadline`). */
  readonly deadline: number;
  /** When this invocation must stop working (its time less a reserve to hand off or answer). */
  readonly invocationEnd: number;
  /** Longest time one call of isComplete may take (less near the deadline). */
  readonly callMs: number;
  /** Time kept after the last call to deliver the answer. */
  readonly answerMs: number;
}

/**
 * Plans the next call. A call may run for `callMs`, but never into the time kept to answer:
 * near the deadline it gets what is left, at least `MIN_CALL_MS`. A call that is due after the
 * last moment a call can still be made is moved to that moment (one last chance before the
 * deadline, also for an invocation that starts late); when even that moment has passed, the
 * wait has timed out.
 */
export function planNextStep(input: PlanInput): NextStep {
  const callsEnd = input.deadline - input.answerMs;
  const lastCall = callsEnd - MIN_CALL_MS;
  if (lastCall < input.now) return { kind: 'timeout' };
  const at = Math.max(input.now, Math.min(input.due, lastCall));
  const callMs = Math.min(input.callMs, callsEnd - at);
  if (at + callMs > input.invocationEnd) return { kind: 'hand-off', at };
  return { kind: 'poll', at, callMs };
}
