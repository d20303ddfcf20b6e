/**
 * What the runtime's handler asks of a polling provider: wait for completion after onEvent,
 * and continue a wait when an invocation is a poll. `createHandler` takes a `Waiter` only for
 * providers with isComplete; others never load this code.
 */
import { continueWait, Continuation, handOnReserve, LongWaitDependencies, waitInThisInvocation } from './long-wait';
import { isPollInvocation } from './poll-message';
import { waitBefore } from './poll-schedule';
import type { Logger } from '../protocol/logger';
import type { CloudFormationRequest } from '../protocol/request';
import type { ResponseBody } from '../protocol/response';

/** A request whose onEvent succeeded, in the invocation that received it. */
export interface FirstWait {
  readonly request: CloudFormationRequest;
  /** The SUCCESS answer onEvent gave (physical id, Data, NoEcho). */
  readonly body: ResponseBody;
  readonly invocationStart: number;
  readonly remainingMs: number;
  readonly logger: Logger;
  readonly logLocation: string;
}

/** The polling part of the runtime. */
export interface Waiter {
  /** True for an invocation that continues a wait (not a request from CloudFormation). */
  isPoll(event: unknown): boolean;
  /** Waits after onEvent: the answer, or undefined when the wait continues in a new invocation. */
  wait(first: FirstWait): Promise<ResponseBody | undefined>;
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
      const end = await waitInThisInvocation(deps, {
        request,
        result: { PhysicalResourceId, Data, NoEcho },
        arrivedAt: first.invocationStart,
        attempt: 0,
        due: deps.now() + waitBefore(0, deps.schedule),
        hop: 0,
        invocationEnd: first.invocationStart + first.remainingMs - handOnReserve(first.remainingMs),
        logger: first.logger,
        logLocation: first.logLocation,
      }, deps.store.parameterFor(request), responseUrl);
      return end.kind === 'answer' ? end.body : undefined;
    },
  };
}
