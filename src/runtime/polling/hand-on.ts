/**
 * The hand-off at the end of an invocation's part of a wait: keep the wait (the first time),
 * then start a new invocation of this function with the poll state. Both calls run in the
 * hand-on reserve, each with a deadline that leaves a FAILED answer its time: a wait that cannot
 * be kept or handed on is answered FAILED, naming what failed, rather than left with nobody to
 * answer it; what it stored is removed after that answer.
 */
import { boundedCall } from './bounded-call';
import { hopBoundReason } from './hop-bound';
import { answerBy, stepDeadline } from './invocation-time';
import { pollMessage, PollState } from './poll-message';
import { pollingDeadline } from './poll-schedule';
import { callClock, failedWait, loadClients, LongWaitDependencies, WaitEnd, WaitPart } from './wait-part';
import { readServiceTimeout } from '../protocol/deadline';
import { errorText } from '../protocol/error-text';

/**
 * Hands the wait on, due at `due` after `attempt` calls; waits here first when the call is far
 * off. Never rejects.
 */
export async function handOn(
  deps: LongWaitDependencies, part: WaitPart, parameter: string, responseUrl: string | undefined, attempt: number, due: number,
): Promise<WaitEnd> {
  const serviceTimeout = readServiceTimeout(part.request.ResourceProperties);
  const deadline = pollingDeadline(part.sentAt, serviceTimeout);
  const logs = `(see ${part.logLocation})`;
  // What is stored so far: in a continued invocation, the kept wait and the claims up to its own.
  const stored = responseUrl === undefined ? part.hop : undefined;
  const hop = part.hop + 1;
  if (hop > part.maxHop) {
    part.logger.error('the wait reached its bound on hand-offs', { hop, bound: part.maxHop });
    return { kind: 'answer', body: failedWait(part, `${hopBoundReason(hop, part.maxHop, serviceTimeout, part.invocationMs)} ${logs}`), stored };
  }
  // Loaded before any deadline is set.
  loadClients(deps);
  const answerAt = answerBy(part.time, deadline);
  // Keeping the wait and starting the next invocation take half of what is left each (at most
  // half the reserve); the calls of a FAILED answer a third (at most a quarter of it).
  const handOnStep = (from: number) => stepDeadline(from, answerAt, part.time.reserveMs / 2, 1 / 2);
  // A call due after this invocation's end: spend this invocation waiting rather than handing
  // on at once (a chain of invocations that only pass the wait along). The wait is kept before
  // that wait, which its budget may use too.
  const handOnAt = Math.max(deps.now(), Math.min(due, part.time.pollUntil));
  if (responseUrl !== undefined) {
    try {
      if (!(await deps.store.keep(parameter, { responseUrl, result: part.result }, deadline, handOnStep(handOnAt)))) {
        part.logger.info('the wait of this request is kept by another invocation (CloudFormation\'s request was delivered twice): that one answers');
        return { kind: 'handed-off' };
      }
    } catch (e) {
      part.logger.error('could not keep the wait for a new invocation', { error: errorText(e) });
      // The parameter may exist all the same (an attempt that timed out): it is removed too.
      return { kind: 'answer', body: failedWait(part, `could not keep the wait for a new invocation: ${errorText(e)} ${logs}`), stored: 0 };
    }
  }
  const idle = handOnAt - deps.now();
  if (idle > 0) await deps.sleep(idle);
  const state: PollState = { v: 1, parameter, hop, maxHop: part.maxHop, attempt, sentAt: part.sentAt, due, request: part.request };
  try {
    await startInvocation(deps, state, handOnStep(deps.now()));
  } catch (e) {
    part.logger.error('could not continue the wait in a new invocation', { error: errorText(e) });
    // The invoke may have gone through all the same. The next hop claims before it polls, so
    // claiming it here settles which invocation answers (when SSM cannot say, this one does).
    if (!(await deps.store.claim(parameter, hop, deadline, stepDeadline(deps.now(), answerAt, part.time.reserveMs / 4)).catch(() => true))) {
      part.logger.info('the new invocation started all the same: it answers', { hop });
      return { kind: 'handed-off' };
    }
    return { kind: 'answer', body: failedWait(part, `could not continue waiting for isComplete in a new invocation: ${errorText(e)} ${logs}`), stored: hop };
  }
  part.logger.info('wait continues in a new invocation', { hop, attempts: attempt, dueInMs: due - deps.now() });
  return { kind: 'handed-off' };
}

/** Starts a new asynchronous invocation of this function with `state`, by `deadline`, retrying throttling. */
export function startInvocation(deps: LongWaitDependencies, state: PollState, deadline: number): Promise<void> {
  const payload = JSON.stringify(pollMessage(state));
  return boundedCall(`Lambda Invoke of ${deps.functionName}`, deadline, callClock(deps), (signal) => deps.selfInvoke(deps.functionName, payload, signal));
}
