/**
 * One invocation's part of a long wait: what it knows, what it uses, how it ends, and the
 * FAILED answer a wait gives (shared by the invocation that ran onEvent and the ones that
 * continue its wait).
 */
import type { CallClock } from './bounded-call';
import type { InvocationTime } from './invocation-time';
import type { SelfInvoke } from './self-invoker';
import type { WaitStore } from './wait-store';
import type { PollingSchedule } from '../contract';
import type { HandlerOutcome } from '../protocol/handler-result';
import { failedResponse } from '../protocol/lifecycle';
import type { Logger } from '../protocol/logger';
import type { CloudFormationRequest } from '../protocol/request';
import type { ResponseBody } from '../protocol/response';
import type { LifecycleIsCompleteEvent, LifecycleResult } from '../types';

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
  /** The jitter of retried SSM and Lambda calls. @default Math.random */
  readonly random?: () => number;
}

/** One invocation's part of a wait. */
export interface WaitPart {
  /** The request without its URL. */
  readonly request: Omit<CloudFormationRequest, 'ResponseURL'>;
  /** onEvent's answer: the physical id that will be answered, its Data and NoEcho. */
  readonly result: LifecycleResult;
  /** When CloudFormation sent the request: the ServiceTimeout counts from here. */
  readonly sentAt: number;
  /** Calls of isComplete made before this invocation. */
  readonly attempt: number;
  /** When the next call is due. */
  readonly due: number;
  /** 0 in the invocation that ran onEvent; then the hop this invocation claimed. */
  readonly hop: number;
  /** The most hand-offs this wait may take (`hopBound`). */
  readonly maxHop: number;
  /** This invocation's length in ms (for Reasons). */
  readonly invocationMs: number;
  readonly time: InvocationTime;
  readonly logger: Logger;
  /** Where the logs are, for Reasons. */
  readonly logLocation: string;
}

/**
 * How this invocation's part ended: an answer to send, or the wait handed on. `stored` says
 * what to remove after the answer: the kept wait and the claims of hops 1 to `stored`
 * (undefined: nothing was stored).
 */
export type WaitEnd =
  | { readonly kind: 'answer'; readonly body: ResponseBody; readonly stored?: number }
  | { readonly kind: 'handed-off' };

/**
 * Loads the SSM and Lambda SDK clients (synchronously, a few hundred ms when cold) before any
 * call's deadline is set, so that a budget in the reserve is spent on the call, not on loading
 * its client.
 */
export function loadClients(deps: LongWaitDependencies): void {
  deps.store.load();
  deps.selfInvoke.load?.();
}

/** The clock of this wait's SSM and Lambda calls. */
export function callClock(deps: LongWaitDependencies): CallClock {
  return { now: deps.now, sleep: deps.sleep, random: deps.random ?? Math.random };
}

/**
 * A FAILED answer of a wait. A Create keeps the id onEvent answered: something was created, and
 * the Delete CloudFormation sends next must reach the handler. An Update or a Delete keeps the
 * incoming id, as any failed Update or Delete does.
 */
export function failedWait(part: Pick<WaitPart, 'request' | 'result'>, reason: string): ResponseBody {
  const { request, result } = part;
  const id = request.RequestType === 'Create' ? result.PhysicalResourceId : request.PhysicalResourceId;
  const body = failedResponse({ ...request, PhysicalResourceId: id }, reason);
  return request.RequestType === 'Create' && id !== undefined ? { ...body, PhysicalResourceId: id } : body;
}
