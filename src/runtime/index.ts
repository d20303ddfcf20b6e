/**
 * The Lambda entry point of every provider function (`cdk-lifecycle-runtime/index.handler`).
 *
 * Reads its configuration from the environment the construct set, wires the real I/O and
 * hands everything to `createHandler`. The same file runs as the handler's worker threads:
 * started with a handler worker's `workerData`, it loads the user's module instead.
 */
import { join, resolve } from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';
import {
  ENV_IS_COMPLETE_FUNCTION, ENV_IS_COMPLETE_HANDLER, ENV_ISOLATE_HANDLER, ENV_ON_EVENT_FUNCTION, ENV_POLLING, ENV_USER_HANDLER, POLLING_FILE,
} from './contract';
import { createHandler } from './create-handler';
import { isHandlerWorkerData, runHandlerWorker } from './isolation/handler-worker';
import { heapLimitMb } from './isolation/heap-limit';
import { inThreadIsolation } from './isolation/in-thread-isolation';
import { Isolation, isolatedInvoker } from './isolation/isolation';
import { workerIsolation } from './isolation/worker-isolation';
import { failure } from './protocol/handler-result';
import type { Invoker } from './protocol/lifecycle';
import { nodePut } from './protocol/send-response';
import { unavailableWaiter } from './polling/unavailable-waiter';
import type { Waiter } from './polling/waiter';
import { errorText } from './protocol/error-text';
import { frameworkInvoker, nodeModuleLoader, parseHandlerSpec, sdkLambdaInvoke } from './user-handler';

/** The function's code root: the user's files sit one folder above the runtime's own. */
const CODE_ROOT = join(__dirname, '..');

/** How the runtime reaches the user's code: onEvent, and isComplete for polling providers. */
interface Handlers {
  readonly onEvent: Invoker;
  readonly isComplete?: Invoker;
}

function handlersFromEnvironment(env: NodeJS.ProcessEnv): Handlers {
  const functionName = env[ENV_ON_EVENT_FUNCTION];
  if (functionName) {
    const lambda = sdkLambdaInvoke();
    const isCompleteFunction = env[ENV_IS_COMPLETE_FUNCTION];
    return {
      onEvent: frameworkInvoker(functionName, lambda),
      ...(isCompleteFunction ? { isComplete: frameworkInvoker(isCompleteFunction, lambda, 'isComplete') } : {}),
    };
  }
  const spec = env[ENV_USER_HANDLER] ?? '';
  const handlerSpec = parseHandlerSpec(spec);
  if (!handlerSpec) {
    const outcome = failure(spec
      ? `HandlerLoadError: the handler must look like "file.export", got "${spec}"`
      : `HandlerLoadError: the provider function has neither ${ENV_USER_HANDLER} nor ${ENV_ON_EVENT_FUNCTION} set`);
    return { onEvent: { call: async () => outcome } };
  }
  // isComplete is another export of the same module (the construct checks that it is).
  const isCompleteExport = parseHandlerSpec(env[ENV_IS_COMPLETE_HANDLER] ?? '')?.exportName;
  const modulePath = resolve(CODE_ROOT, handlerSpec.modulePath);
  let isolation: Isolation;
  if (env[ENV_ISOLATE_HANDLER] === 'false') {
    isolation = inThreadIsolation(() => nodeModuleLoader(modulePath), handlerSpec.modulePath);
  } else {
    const workers = workerIsolation({
      entry: __filename,
      modulePath,
      moduleName: handlerSpec.modulePath,
      heapLimitMb: heapLimitMb(env.AWS_LAMBDA_FUNCTION_MEMORY_SIZE),
    });
    // During Lambda's init: the first request then finds a worker that has loaded the module.
    workers.prestart();
    isolation = workers;
  }
  return {
    onEvent: isolatedInvoker(isolation, handlerSpec.exportName),
    ...(isCompleteExport ? { isComplete: isolatedInvoker(isolation, isCompleteExport, 'isComplete') } : {}),
  };
}

/**
 * The waiter of a polling provider (ENV_POLLING set), or undefined. The polling code is a file of
 * its own beside this one, loaded only by providers that poll; if it cannot be loaded, every
 * request that would wait is answered FAILED rather than left waiting.
 */
function waiterFromEnvironment(env: NodeJS.ProcessEnv, isComplete: Invoker | undefined): Waiter | undefined {
  if (!env[ENV_POLLING]) return undefined;
  try {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const polling = require(join(__dirname, POLLING_FILE)) as typeof import('./polling/polling-entry');
    return polling.waiterFromEnvironment(env, isComplete);
  } catch (e) {
    return unavailableWaiter(`cdk-lifecycle runtime error: the polling code could not be loaded: ${errorText(e)}`);
  }
}

/** In a handler worker: load the user's module and answer one call (no Lambda handler). */
const asWorker = isHandlerWorkerData(workerData);
if (asWorker) void runHandlerWorker(workerData, parentPort!, process);

const handlers = asWorker ? undefined : handlersFromEnvironment(process.env);
const handler = handlers && createHandler({
  invoke: handlers.onEvent,
  put: nodePut,
  log: (line) => console.log(line),
  waiter: waiterFromEnvironment(process.env, handlers.isComplete),
});

// Plain CommonJS (no ES module interop helpers in the bundle): Lambda reads `handler`.
export = { handler };
