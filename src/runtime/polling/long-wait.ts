/**
 * A long wait, from the invocation that ran onEvent to the one that answers: poll here while
 * there is time, then keep the response URL in the wait store and continue in a new
 * invocation of this function, which claims its hop, polls, and either answers or hands on.
 * Exactly one invocation answers; it removes everything the wait stored.
 */
import type { PollingSchedule } from '../contract';
import { readServiceTimeout } from '../protocol/deadline';
import { errorText } from '../protocol/error-text';
import type { HandlerOutcome } from '../protocol/handler-result';
import { failedResponse, toHandlerEvent } from '../protocol/lifecycle';
import type { Logger } from '../protocol/logger';
import type { CloudFormationRequest } from '../protocol/request';
import { dataTooLargeReason, jsonBytes, MAX_BODY_BYTES, measureData, ResponseBody } from '../protocol/response';
import type { LifecycleIsCompleteEvent, LifecycleResult } from '../types';
import { pollMessage, PollState, readPollState } from './poll-message';
import { pollingDeadline } from './poll-schedule';
import { pollWithinInvocation } from './poll-within-invocation';
import type { SelfInvoke } from './self-invoker';
import type { KeptWait, WaitStore } from './wait-store';

/** Calls isComplete once with its own copy of the event; resolves by `deadline`; never rejects. */
export type IsCompleteCall = (event: LifecycleIsCompleteEvent, deadline: number, logger: Logger) => Promise<HandlerOutcome>;

/** What a long wait uses. */
export interface LongWaitDependencies {
  readonly schedule: PollingSchedule;
  readonly store: WaitStore;
  readonly selfInvoke: SelfInvoke;
  /** This function's name (`AWS_LAMBDA_FUNCTION_NAME`): new invocations go to it. */
  readonly functionName: string;
  readonly isComplete: IsCompleteCall;
  readonly now: () => number;
  readonly sleep: (ms: number) => Promise<void>;
}

/** One invocation's part of a wait. */
export interface WaitPart {
  /** The request without its URL. */
  readonly request: Omit<CloudFormationRequest, 'ResponseURL'>;
  /** onEvent's answer: the physical id that will be answered, its Data and NoEcho. */
  readonly result: LifecycleResult;
  readonly arrivedAt: number;
  /** Calls of isComplete made before this invocation. */
  readonly attempt: number;
  /** When the next call is due. */
  readonly due: number;
  /** 0 in the invocation that ran onEvent; then the hop this invocation claimed. */
  readonly hop: number;
  /** When this invocation must stop polling (its end less the time to hand off or answer). */
  readonly invocationEnd: number;
  readonly logger: Logger;
  /** Where the logs are, for Reasons. */
  readonly logLocation: string;
}

/** How this invocation's part ended: an answer to send, or the wait handed on. */
export type WaitEnd = { readonly kind: 'answer'; readonly body: ResponseBody } | { readonly kind: 'handed-off' };

/** Time kept after the last call of isComplete to deliver the answer: 10% of the ServiceTimeout, at most 5 s. */
export function answerReserve(serviceTimeoutSeconds: number): number {
  return Math.min(5_000, serviceTimeoutSeconds * 100);
}

/** Longest time one call of isComplete may take: a fifth of the invocation, 1 s to 60 s. */
export function callBudget(invocationMs: number): number {
  return Math.min(60_000, Math.max(1_000, invocationMs / 5));
}

/**
 * Polls within this invocation. `parameter` is where the wait is (or will be) kept; with a
 * `responseUrl` (the invocation that ran onEvent), the wait is kept there before the first
 * hand-off. Never rejects: a failure to hand on becomes a FAILED answer.
 */
export async function waitInThisInvocation(deps: LongWaitDependencies, part: WaitPart, parameter: string, responseUrl?: string): Promise<WaitEnd> {
  const serviceTimeout = readServiceTimeout(part.request.ResourceProperties);
  const deadline = pollingDeadline(part.arrivedAt, serviceTimeout);
  const callMs = callBudget(part.invocationEnd - deps.now());
  const handlerEvent = toHandlerEvent({ ...part.request, ResponseURL: '' });
  const end = await pollWithinInvocation({
    schedule: deps.schedule,
    attempt: part.attempt,
    due: part.due,
    deadline,
    invocationEnd: part.invocationEnd,
    callMs,
    answerMs: answerReserve(serviceTimeout),
    noEcho: part.result.NoEcho === true,
    now: deps.now,
    sleep: deps.sleep,
    isComplete: async (attempt, callDeadline) => {
      const event = {
        ...handlerEvent, PhysicalResourceId: part.result.PhysicalResourceId!, Data: part.result.Data, Attempt: attempt,
      } as LifecycleIsCompleteEvent;
      part.logger.info('calling isComplete', { attempt });
      return deps.isComplete(event, callDeadline, part.logger);
    },
  });
  const logs = `(see ${part.logLocation})`;
  switch (end.kind) {
    case 'complete': {
      part.logger.info('isComplete reported completion', { attempts: end.attempts, dataKeys: part.result.NoEcho ? undefined : Object.keys(end.data ?? {}) });
      const body = success(part, end.data);
      // Each Data fits alone; together (isComplete's over onEvent's) they may not.
      if (body.Data && jsonBytes(body) > MAX_BODY_BYTES) {
        const reason = `${dataTooLargeReason(measureData(body.Data), part.result.NoEcho === true)} (onEvent's Data and isComplete's together) ${logs}`;
        part.logger.error('the Data of onEvent and isComplete together do not fit the response', {});
        return { kind: 'answer', body: failed(part, reason) };
      }
      return { kind: 'answer', body };
    }
    case 'failed':
      part.logger.error('isComplete failed', { attempts: end.attempts, error: end.error });
      return { kind: 'answer', body: failed(part, `isComplete failed: ${end.error} ${logs}`) };
    case 'timed-out':
      part.logger.error('isComplete did not report completion in time', { attempts: end.attempts, serviceTimeout });
      return { kind: 'answer', body: failed(part, `isComplete did not report completion within ${serviceTimeout} s (ServiceTimeout) after ${end.attempts} call(s) ${logs}`) };
    case 'continue':
      return handOn(deps, part, parameter, responseUrl, end.attempts, end.due);
  }
}

/** Keeps the wait (first hand-off) and starts the next invocation; waits here first when the call is far off. */
async function handOn(
  deps: LongWaitDependencies, part: WaitPart, parameter: string, responseUrl: string | undefined, attempt: number, due: number,
): Promise<WaitEnd> {
  // A call due after this invocation's end: spend this invocation waiting rather than
  // handing on at once (a chain of invocations that only pass the wait along).
  const idle = Math.min(due, part.invocationEnd) - deps.now();
  if (idle > 0) await deps.sleep(idle);
  const state: PollState = { v: 1, parameter, hop: part.hop + 1, attempt, arrivedAt: part.arrivedAt, due, request: part.request };
  try {
    if (responseUrl !== undefined) {
      const serviceTimeout = readServiceTimeout(part.request.ResourceProperties);
      if (!(await deps.store.keep(parameter, { responseUrl, result: part.result }, pollingDeadline(part.arrivedAt, serviceTimeout)))) {
        part.logger.info('the wait of this request is kept by another invocation (CloudFormation\'s request was delivered twice): that one answers');
        return { kind: 'handed-off' };
      }
    }
    await deps.selfInvoke(deps.functionName, JSON.stringify(pollMessage(state)));
  } catch (e) {
    part.logger.error('could not continue the wait in a new invocation', { error: errorText(e) });
    // The invoke may have gone through all the same. The next hop claims before it polls, so
    // claiming it here settles which invocation answers (when SSM cannot say, this one does).
    if (!(await deps.store.claim(parameter, state.hop).catch(() => true))) {
      part.logger.info('the new invocation started all the same: it answers', { hop: state.hop });
      return { kind: 'handed-off' };
    }
    if (responseUrl !== undefined) await deps.store.remove(parameter, state.hop).catch(() => undefined);
    return { kind: 'answer', body: failed(part, `could not continue waiting for isComplete in a new invocation: ${errorText(e)} (see ${part.logLocation})`) };
  }
  part.logger.info('wait continues in a new invocation', { hop: state.hop, attempts: attempt, dueInMs: due - deps.now() });
  return { kind: 'handed-off' };
}

function success(part: WaitPart, data: Record<string, unknown> | undefined): ResponseBody {
  const { request, result } = part;
  const body: ResponseBody = {
    Status: 'SUCCESS',
    PhysicalResourceId: result.PhysicalResourceId!,
    StackId: request.StackId,
    RequestId: request.RequestId,
    LogicalResourceId: request.LogicalResourceId,
  };
  if (request.RequestType === 'Delete') return body;
  const merged = result.Data || data ? { ...result.Data, ...data } : undefined;
  return { ...body, Data: merged, NoEcho: result.NoEcho };
}

/**
 * A FAILED answer of a wait. A Create keeps the id onEvent answered: something was created, and
 * the Delete CloudFormation sends next must reach the handler. An Update or a Delete keeps the
 * incoming id, as any failed Update or Delete does.
 */
function failed(part: WaitPart, reason: string): ResponseBody {
  const { request, result } = part;
  const id = request.RequestType === 'Create' ? result.PhysicalResourceId : request.PhysicalResourceId;
  const body = failedResponse({ ...request, PhysicalResourceId: id }, reason);
  return request.RequestType === 'Create' && id !== undefined ? { ...body, PhysicalResourceId: id } : body;
}

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

/** Time kept at the end of an invocation to hand on or answer: 10%, 2 s to 10 s. */
export function handOnReserve(invocationMs: number): number {
  return Math.min(10_000, Math.max(2_000, invocationMs / 10));
}

/** Continues a wait in this invocation (an event from `pollMessage`). Never rejects. */
export async function continueWait(deps: LongWaitDependencies, event: unknown, run: Continuation): Promise<void> {
  const { state, problem } = readPollState(event);
  if (!state) {
    run.logger.error('cannot continue a wait: the poll event is malformed', { problem });
    return;
  }
  const logger = run.logger.child({ RequestId: state.request.RequestId, LogicalResourceId: state.request.LogicalResourceId, hop: state.hop });
  try {
    if (!(await deps.store.claim(state.parameter, state.hop))) {
      logger.info('this hop of the wait is handled by another invocation (a repeated delivery): nothing to do');
      return;
    }
    let kept: KeptWait | undefined;
    try {
      kept = await deps.store.read(state.parameter);
    } catch (e) {
      // Nothing can answer without what is kept: let another invocation try this hop again.
      logger.error('could not read the kept wait: this hop starts again in a new invocation', { error: errorText(e) });
      await deps.store.release(state.parameter, state.hop).catch(() => undefined);
      if (deps.now() < pollingDeadline(state.arrivedAt, readServiceTimeout(state.request.ResourceProperties))) {
        await deps.sleep(1_000);
        await deps.selfInvoke(deps.functionName, JSON.stringify(pollMessage(state)));
      }
      return;
    }
    if (!kept) {
      logger.info('the request was answered already (a late delivery): nothing to do');
      await deps.store.release(state.parameter, state.hop);
      return;
    }
    const invocationEnd = run.invocationStart + run.remainingMs - handOnReserve(run.remainingMs);
    const part: WaitPart = {
      request: state.request,
      result: kept.result,
      arrivedAt: state.arrivedAt,
      attempt: state.attempt,
      due: state.due,
      hop: state.hop,
      invocationEnd,
      logger,
      logLocation: run.logLocation(state.request.RequestId),
    };
    const end = await waitInThisInvocation(deps, part, state.parameter);
    if (end.kind === 'handed-off') return;
    const serviceTimeout = readServiceTimeout(state.request.ResourceProperties);
    const deadline = Math.min(pollingDeadline(state.arrivedAt, serviceTimeout), run.invocationStart + run.remainingMs - 500);
    // Answered first (the time kept is for the answer), then everything stored is removed,
    // the claim of a next hop this invocation may have taken too.
    await run.answer(end.body, kept.responseUrl, deadline, logger);
    await deps.store.remove(state.parameter, state.hop + 1).catch((e) => logger.error('could not remove what the wait stored', { error: errorText(e) }));
  } catch (e) {
    // The store or the answer failed: nothing else can answer this hop, so say it loudly.
    logger.error('the wait could not go on', { error: errorText(e) });
  }
}
