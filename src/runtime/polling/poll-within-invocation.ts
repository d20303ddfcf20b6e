/**
 * One invocation's share of a wait: call isComplete on schedule while this invocation has
 * time, and say how the wait ended here: complete, failed, timed out, or to be continued in a
 * new invocation.
 */
import type { PollingSchedule } from '../contract';
import { validateIsComplete } from './is-complete-answer';
import { planNextStep, waitBefore } from './poll-schedule';
import { withDeadline } from '../protocol/deadline';
import { errorText } from '../protocol/error-text';
import { failure, HandlerOutcome } from '../protocol/handler-result';

/** Calls isComplete once; resolves by `deadline` (epoch ms); never rejects. */
export type IsCompleteCaller = (attempt: number, deadline: number) => Promise<HandlerOutcome>;

/** What `pollWithinInvocation` needs. */
export interface PollWithinInvocation {
  readonly schedule: PollingSchedule;
  /** Calls made before this invocation. */
  readonly attempt: number;
  /** When the next call is due (epoch ms). */
  readonly due: number;
  /** When the answer must be delivered (epoch ms). */
  readonly deadline: number;
  /** When this invocation must stop polling (its end less the time to hand off). */
  readonly invocationEnd: number;
  /** Longest time one call of isComplete may take. */
  readonly callMs: number;
  /** Time kept after the last call to deliver the answer. */
  readonly answerMs: number;
  /** The resource is NoEcho: failures do not name Data's keys. */
  readonly noEcho?: boolean;
  readonly isComplete: IsCompleteCaller;
  readonly now: () => number;
  readonly sleep: (ms: number) => Promise<void>;
}

/** How the wait ended in this invocation. */
export type PollEnd =
  | { readonly kind: 'complete'; readonly attempts: number; readonly data?: Record<string, unknown>; readonly noEcho?: boolean }
  | { readonly kind: 'failed'; readonly attempts: number; readonly error: string }
  | { readonly kind: 'timed-out'; readonly attempts: number }
  | { readonly kind: 'continue'; readonly attempts: number; readonly due: number };

/** Polls until complete, failed, out of time, or out of this invocation's time. Never rejects. */
export async function pollWithinInvocation(input: PollWithinInvocation): Promise<PollEnd> {
  let attempts = input.attempt;
  let due = input.due;
  for (;;) {
    const step = planNextStep({
      now: input.now(), due, deadline: input.deadline, invocationEnd: input.invocationEnd, callMs: input.callMs, answerMs: input.answerMs,
    });
    if (step.kind === 'timeout') return { kind: 'timed-out', attempts };
    if (step.kind === 'hand-off') return { kind: 'continue', attempts, due: step.at };
    const wait = step.at - input.now();
    if (wait > 0) await input.sleep(wait);
    const callDeadline = input.now() + step.callMs;
    // Cut off here too, whatever the caller does (a function invoked synchronously, a handler
    // on the runtime's thread): a call never runs into the time kept to answer.
    const called = Promise.resolve().then(() => input.isComplete(attempts, callDeadline)).catch((e: unknown) => failure(errorText(e)));
    const outcome = validateIsComplete(await withDeadline(called, callDeadline - input.now()), input.noEcho);
    attempts++;
    if (!outcome.ok) return { kind: 'failed', attempts, error: outcome.error };
    if (outcome.complete) return { kind: 'complete', attempts, ...(outcome.data ? { data: outcome.data } : {}), ...(outcome.noEcho ? { noEcho: true } : {}) };
    due = input.now() + waitBefore(attempts, input.schedule);
  }
}
