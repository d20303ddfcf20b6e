/**
 * What the runtime's handler asks of a polling provider: wait for completion after onEvent,
 * and continue a wait when an invocation is a poll. `createHandler` takes a `Waiter` only for
 * providers with isComplete; others never load this code.
 */
import { continueWait, Continuation } from './continue-wait';
import { hopBound } from './hop-bound';
import { invocationTime } from './invocation-time';
import { finishWait, waitInThisInvocation } from './long-wait';
import { isPollInvocation } from './poll-message';
import { waitBefore } from './poll-schedule';
import type { LongWaitDependencies } from './wait-part';
import { readServiceTimeout } from '../protocol/deadline';
import type { Logger } from '../protocol/logger';
import type { CloudFormationRequest } from '../protocol/request';
import type { ResponseBody } from '../protocol/response';

/** A request whose onEvent succeeded, in the invocation that received it. */
export interface FirstWait<S> {
  readonly request: CloudFormationRequest;
  /** The SUCCESS answer onEvent gave (physical id, Data, NoEcho). */
  readonly body: ResponseBody;
  /** When CloudFormation sent the request (`requestSentAt`). */
  readonly sentAt: number;
  readonly invocationStart: number;
  readonly remainingMs: number;
  readonly logger: Logger;
  readonly logLocation: string;
  /** Sends the answer to the request's URL by `deadline`; never rejects. */
  readonly answer: (body: ResponseBody, deadline: number) => Promise<S>;
}

/** The polling part of the runtime. */
export interface Waiter {
  /** True for an invocation that continues a wait (not a request from CloudFormation). */
  isPoll(event: unknown): boolean;
  /**
   * Waits after onEvent and answers when the wait ends in this invocation (what `answer`
   * resolved with); undefined when the wait continues in a new invocation, which answers.
   */
  wait<S>(first: FirstWait<S>): Promise<S | undefined>;
  /** Continues a wait in this invocation; answers when it ends here. Never rejects. */
  continue(event: unknown, run: Continuation): Promise<void>;
}

/** The waiter over `deps`. */
export function createWaiter(deps: LongWaitDependencies): Waiter {
  return {
    isPoll: isPollInvocation,
    continue: (event, run) => continueWait(deps, event, run),
    wait: async (first) => {
      const { ResponseURL: responseUrl, ...request } = first.request;
      const { PhysicalResourceId, Data, NoEcho } = first.body;
      const part = {
        request,
        result: { PhysicalResourceId, Data, NoEcho },
        sentAt: first.sentAt,
        attempt: 0,
        due: deps.now() + waitBefore(0, deps.schedule),
        hop: 0,
        // Fixed here and carried to every hop, so that no hop can widen it.
        maxHop: hopBound(readServiceTimeout(request.ResourceProperties), first.remainingMs),
        invocationMs: first.remainingMs,
        time: invocationTime(first.invocationStart, first.remainingMs),
        logger: first.logger,
        logLocation: first.logLocation,
      };
      const parameter = deps.store.parameterFor(request);
      const end = await waitInThisInvocation(deps, part, parameter, responseUrl);
      return end.kind === 'answer' ? finishWait(deps, part, parameter, end, first.answer) : undefined;
    },
  };
}
