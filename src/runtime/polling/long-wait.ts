/**
 * A long wait, from the invocation that ran onEvent to the one that answers: poll here while
 * there is time, then keep the response URL in the wait store and continue in a new
 * invocation of this function (`handOn`), which claims its hop, polls, and either answers or
 * hands on (`continueWait`). Exactly one invocation answers; it removes everything the wait
 * stored, after the answer.
 */
import { handOn } from './hand-on';
import { answerBy, callBudget, cleanUpDeadline } from './invocation-time';
import { pollingDeadline } from './poll-schedule';
import { pollWithinInvocation } from './poll-within-invocation';
import { failedWait, LongWaitDependencies, WaitEnd, WaitPart } from './wait-part';
import { answerReserve } from '../contract';
import { readServiceTimeout } from '../protocol/deadline';
import { errorText } from '../protocol/error-text';
import { toHandlerEvent } from '../protocol/lifecycle';
import { dataTooLargeReason, jsonBytes, MAX_BODY_BYTES, measureData, ResponseBody } from '../protocol/response';
import type { LifecycleIsCompleteEvent } from '../types';

/**
 * Polls within this invocation. `parameter` is where the wait is (or will be) kept; with a
 * `responseUrl` (the invocation that ran onEvent), the wait is kept there before the first
 * hand-off. Never rejects: a failure to hand on becomes a FAILED answer.
 */
export async function waitInThisInvocation(deps: LongWaitDependencies, part: WaitPart, parameter: string, responseUrl?: string): Promise<WaitEnd> {
  const serviceTimeout = readServiceTimeout(part.request.ResourceProperties);
  const handlerEvent = toHandlerEvent({ ...part.request, ResponseURL: '' });
  const end = await pollWithinInvocation({
    schedule: deps.schedule,
    attempt: part.attempt,
    due: part.due,
    deadline: pollingDeadline(part.sentAt, serviceTimeout),
    invocationEnd: part.time.pollUntil,
    callMs: callBudget(part.time.pollUntil - deps.now()),
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
  // A continued invocation answers for the kept wait and the claims up to its own.
  const stored = responseUrl === undefined ? part.hop : undefined;
  switch (end.kind) {
    case 'complete': {
      // NoEcho from onEvent or from isComplete's answer masks the whole Data, as onEvent's alone does.
      const noEcho = part.result.NoEcho === true || end.noEcho === true;
      part.logger.info('isComplete reported completion', { attempts: end.attempts, dataKeys: noEcho ? undefined : Object.keys(end.data ?? {}) });
      const body = success(part, end.data, noEcho);
      // Each Data fits alone; together (isComplete's over onEvent's) they may not.
      if (body.Data && jsonBytes(body) > MAX_BODY_BYTES) {
        const reason = `${dataTooLargeReason(measureData(body.Data), noEcho)} (onEvent's Data and isComplete's together) ${logs}`;
        part.logger.error('the Data of onEvent and isComplete together do not fit the response', {});
        return { kind: 'answer', body: failedWait(part, reason), stored };
      }
      return { kind: 'answer', body, stored };
    }
    case 'failed':
      part.logger.error('isComplete failed', { attempts: end.attempts, error: end.error });
      return { kind: 'answer', body: failedWait(part, `isComplete failed: ${end.error} ${logs}`), stored };
    case 'timed-out':
      part.logger.error('isComplete did not report completion in time', { attempts: end.attempts, serviceTimeout });
      return { kind: 'answer', body: failedWait(part, `isComplete did not report completion within ${serviceTimeout} s (ServiceTimeout) after ${end.attempts} call(s) ${logs}`), stored };
    case 'continue':
      return handOn(deps, part, parameter, responseUrl, end.attempts, end.due);
  }
}

/**
 * Sends the answer a wait ended with, then removes what the wait stored (best effort: what
 * cannot be removed expires an hour after the deadline). The answer is due by the polling
 * deadline and leaves the last share of the invocation to the removal.
 */
export async function finishWait<S>(
  deps: LongWaitDependencies, part: WaitPart, parameter: string, end: Extract<WaitEnd, { kind: 'answer' }>,
  answer: (body: ResponseBody, deadline: number) => Promise<S>,
): Promise<S> {
  const deadline = answerBy(part.time, pollingDeadline(part.sentAt, readServiceTimeout(part.request.ResourceProperties)));
  const answered = await answer(end.body, deadline);
  if (end.stored !== undefined) {
    await deps.store.remove(parameter, end.stored, cleanUpDeadline(deps.now(), part.time)).catch((e) => {
      part.logger.error('could not remove what the wait stored: it expires an hour after the deadline', { error: errorText(e) });
    });
  }
  return answered;
}

function success(part: WaitPart, data: Record<string, unknown> | undefined, noEcho: boolean): ResponseBody {
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
  return { ...body, Data: merged, NoEcho: noEcho ? true : result.NoEcho };
}

