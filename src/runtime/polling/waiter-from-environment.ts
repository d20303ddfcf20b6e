/**
 * The waiter of a polling provider, built from the function's environment (only in the
 * runtime bundle for providers that poll, see build-variant.ts).
 */
import { ENV_IS_COMPLETE_FUNCTION, ENV_IS_COMPLETE_HANDLER, ENV_POLLING, PollingSchedule } from '../contract';
import { sdkSelfInvoke } from './self-invoker';
import { sdkSsmOperations, WaitStore } from './wait-store';
import { createWaiter, Waiter } from './waiter';
import { failure } from '../protocol/handler-result';
import type { Invoker } from '../protocol/lifecycle';
import { sleep } from '../sleep';

/**
 * The waiter of this function when it polls (ENV_POLLING set), else undefined; `isComplete`
 * reaches the user's isComplete (isolated, or another function).
 */
export function waiterFromEnvironment(env: NodeJS.ProcessEnv, isComplete: Invoker | undefined): Waiter | undefined {
  if (!env[ENV_POLLING]) return undefined;
  const functionName = env.AWS_LAMBDA_FUNCTION_NAME ?? '';
  const missing = failure(`HandlerLoadError: the provider polls (${ENV_POLLING} is set) but has neither ${ENV_IS_COMPLETE_HANDLER} nor ${ENV_IS_COMPLETE_FUNCTION}`);
  return createWaiter({
    schedule: JSON.parse(env[ENV_POLLING] ?? '') as PollingSchedule,
    store: new WaitStore(sdkSsmOperations(), functionName, { now: Date.now, sleep, random: Math.random }),
    selfInvoke: sdkSelfInvoke(),
    functionName,
    isComplete: async (event, deadline, logger) => (isComplete ? isComplete.call(event, { deadline, logger }) : missing),
    now: Date.now,
    sleep: sleepPreparing(isComplete),
  });
}

/**
 * The waiter's sleep: each wait also gets `next` ready, so the worker that last answered
 * (onEvent's, or an earlier isComplete's) does not run on through the wait, and the next
 * isComplete finds a worker that has loaded the module.
 */
export function sleepPreparing(next: Invoker | undefined, now: () => number = Date.now): (ms: number) => Promise<void> {
  return (ms) => {
    void next?.prepare?.(now() + ms);
    return sleep(ms);
  };
}
