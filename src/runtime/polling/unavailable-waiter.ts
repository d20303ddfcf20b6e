/**
 * The waiter used when the polling code cannot be loaded: every request that would wait is
 * answered FAILED with the reason, and a poll invocation is only logged (its wait's first
 * invocation could not have handed on without the polling code).
 */
import { failedResponse } from '../protocol/lifecycle';
import { isPollInvocation } from './poll-message';
import type { Waiter } from './waiter';

/** A waiter that fails every wait with `reason`. */
export function unavailableWaiter(reason: string): Waiter {
  return {
    isPoll: isPollInvocation,
    wait: async ({ request, body, logger, logLocation }) => {
      logger.error(reason);
      const failed = failedResponse(request, `${reason} (see ${logLocation})`);
      // onEvent created something: the Delete that follows must reach the handler.
      return request.RequestType === 'Create' ? { ...failed, PhysicalResourceId: body.PhysicalResourceId } : failed;
    },
    continue: async (_event, run) => run.logger.error(reason),
  };
}
