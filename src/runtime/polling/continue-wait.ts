/**
 * An invocation that continues a wait (an event from `pollMessage`): it claims its hop, reads
 * the kept wait, and polls on; it answers when the wait ends here, or hands on again. Each SSM
 * and Lambda call has a deadline that leaves an answer its time, and retries throttling in it:
 *
 * - the claim fails (SSM cannot say who has the hop): this invocation answers FAILED;
 * - the kept wait is not a kept wait (corrupted): the wait ends at once (its response URL is
 *   lost with it) and what it stored is removed;
 * - the kept wait cannot be read: the wait goes on in a new invocation with the next hop
 *   number (a fresh claim, never this hop's own), until the deadline or the wait's bound on
 *   hand-offs; when that invocation cannot be started, this one claims the next hop itself,
 *   reads once more and goes on here;
 * - the hop is beyond the wait's bound on hand-offs: FAILED, saying so.
 *
 * Whatever it answers, it removes what the wait stored afterwards (best effort, within half
 * the reserve: what is left expires an hour after the deadline).
 */
import { startInvocation } from './hand-on';
import { hopBound, hopBoundReason } from './hop-bound';
import { answerBy, cleanUpDeadline, invocationTime, stepDeadline } from './invocation-time';
import { finishWait, waitInThisInvocation } from './long-wait';
import { PollState, readPollState } from './poll-message';
import { pollingDeadline } from './poll-schedule';
import { failedWait, loadClients, LongWaitDependencies, WaitEnd, WaitPart } from './wait-part';
import { CORRUPTED_WAIT, KeptWait } from './wait-store';
import { readServiceTimeout } from '../protocol/deadline';
import { errorText } from '../protocol/error-text';
import type { Logger } from '../protocol/logger';
import type { ResponseBody } from '../protocol/response';

/** What an invocation that continues a wait needs besides the dependencies. */
export interface Continuation {
  readonly invocationStart: number;
  /** Milliseconds this invocation has. */
  readonly remainingMs: number;
  readonly logger: Logger;
  readonly logLocation: (requestId: string) => string;
  /** Sends the answer to the response URL, by `deadline`. */
  readonly answer: (body: ResponseBody, responseUrl: string, deadline: number, logger: Logger) => Promise<void>;
}

/** Continues a wait in this invocation. Never rejects. */
export async function continueWait(deps: LongWaitDependencies, event: unknown, run: Continuation): Promise<void> {
  const read = readPollState(event);
  if (!read.state) {
    run.logger.error('cannot continue a wait: the poll event is malformed', { problem: read.problem });
    return;
  }
  let state = read.state;
  loadClients(deps);
  const logger = run.logger.child({ RequestId: state.request.RequestId, LogicalResourceId: state.request.LogicalResourceId, hop: state.hop });
  const serviceTimeout = readServiceTimeout(state.request.ResourceProperties);
  const deadline = pollingDeadline(state.sentAt, serviceTimeout);
  const time = invocationTime(run.invocationStart, run.remainingMs);
  // The calls of this hop's start (its claim gates everything else) take half of what is left
  // before the answer is due, at most the whole reserve: time they take is taken from polling
  // (which then hands on sooner), and the answer keeps its share.
  const step = () => stepDeadline(deps.now(), answerBy(time, deadline), time.reserveMs, 1 / 2);
  const maxHop = state.maxHop ?? hopBound(serviceTimeout, run.remainingMs);
  try {
    let claimError: unknown;
    const claimed = await deps.store.claim(state.parameter, state.hop, deadline, step()).catch((e: unknown) => {
      claimError = e;
      return true;
    });
    if (!claimed) {
      logger.info('this hop of the wait is handled by another invocation (a repeated delivery): nothing to do');
      return;
    }
    let kept: KeptWait | undefined;
    try {
      kept = await deps.store.read(state.parameter, step());
    } catch (e) {
      if ((e as { name?: unknown }).name === CORRUPTED_WAIT) {
        // The response URL is in it: nobody can answer, and no later hop can do better.
        logger.error('the kept wait is unreadable (its value is not a kept wait): the wait ends here; nobody can answer, CloudFormation fails the resource at its ServiceTimeout', { error: errorText(e) });
        await deps.store.remove(state.parameter, state.hop, cleanUpDeadline(deps.now(), time)).catch((error) => logger.error('could not remove what the wait stored: it expires an hour after the deadline', { error: errorText(error) }));
        return;
      }
      const here = await goOnElsewhere(deps, state, maxHop, e, deadline, step, logger);
      if (!here) return;
      ({ state, kept } = here);
    }
    if (!kept) {
      logger.info('the request was answered already (a late delivery): nothing to do');
      if (claimError === undefined) {
        await deps.store.release(state.parameter, state.hop, cleanUpDeadline(deps.now(), time)).catch((e) => logger.error('could not remove the claim of this hop: it expires an hour after the deadline', { error: errorText(e) }));
      }
      return;
    }
    const part: WaitPart = {
      request: state.request,
      result: kept.result,
      sentAt: state.sentAt,
      attempt: state.attempt,
      due: state.due,
      hop: state.hop,
      maxHop,
      invocationMs: run.remainingMs,
      time,
      logger,
      logLocation: run.logLocation(state.request.RequestId),
    };
    const logs = `(see ${part.logLocation})`;
    let end: WaitEnd;
    if (claimError !== undefined) {
      // SSM cannot say whether another invocation has this hop: answering is safer than leaving nobody to.
      logger.error('could not claim this hop of the wait: this invocation answers', { error: errorText(claimError) });
      end = { kind: 'answer', body: failedWait(part, `could not claim hop ${state.hop} of the wait for isComplete: ${errorText(claimError)} ${logs}`), stored: state.hop };
    } else if (state.hop > maxHop) {
      logger.error('the wait is beyond its bound on hand-offs', { bound: maxHop });
      end = { kind: 'answer', body: failedWait(part, `${hopBoundReason(state.hop, maxHop, serviceTimeout, run.remainingMs)} ${logs}`), stored: state.hop };
    } else {
      end = await waitInThisInvocation(deps, part, state.parameter);
    }
    if (end.kind === 'handed-off') return;
    const url = kept.responseUrl;
    await finishWait(deps, part, state.parameter, end, (body, by) => run.answer(body, url, by, logger));
  } catch (e) {
    // Never reached by a failing SSM or Lambda call (each is handled where it is made): a runtime bug.
    logger.error('the wait could not go on', { error: errorText(e) });
  }
}

/**
 * The kept wait could not be read: a new invocation tries again, as the next hop (a fresh
 * claim, never this hop's own). When it cannot be started, this invocation claims that hop
 * itself (the invoke may have gone through all the same) and reads once more: the wait then
 * goes on here, as the next hop. Undefined when nothing more is to be done here.
 */
async function goOnElsewhere(
  deps: LongWaitDependencies, state: PollState, maxHop: number, readError: unknown, deadline: number, step: () => number, logger: Logger,
): Promise<{ readonly state: PollState; readonly kept?: KeptWait } | undefined> {
  const next = { ...state, hop: state.hop + 1 };
  logger.error('could not read the kept wait: the wait goes on in a new invocation', { error: errorText(readError), nextHop: next.hop });
  const stop = deps.now() >= deadline ? 'the deadline has passed' : next.hop > maxHop ? `the wait has reached its bound of ${maxHop} hand-offs` : undefined;
  if (stop) {
    logger.error(`${stop}: nobody is left to answer; CloudFormation fails the resource at its ServiceTimeout`);
    return undefined;
  }
  try {
    // SSM may be throttling: give it a moment (within this step's budget) before the next try.
    await deps.sleep(Math.min(1_000, step() - deps.now()));
    await startInvocation(deps, next, step());
    return undefined;
  } catch (e) {
    logger.error('could not start a new invocation either: this one tries again', { error: errorText(e) });
  }
  if (!(await deps.store.claim(state.parameter, next.hop, deadline, step()).catch(() => true))) return undefined;
  try {
    const kept = await deps.store.read(state.parameter, step());
    return { state: next, kept };
  } catch (e) {
    logger.error('could not read the kept wait nor start a new invocation: nobody is left to answer; CloudFormation fails the resource at its ServiceTimeout', { error: errorText(e) });
    return undefined;
  }
}
