/**
 * The Lambda entry point of every provider function (`cdk-lifecycle-runtime/index.handler`).
 *
 * Reads its configuration from the environment the construct set, wires the real I/O and
 * hands everything to `createHandler`. The same file runs as the handler's worker threads:
 * started with a handler worker's `workerData`, it loads the user's module instead.
 *
 * Loading stays cheap: node:worker_threads is only required in a worker or, in the main
 * thread, right after loading (still during Lambda's init) to start the standby worker.
 */
import { join, resolve } from 'node:path';
import { POLLING_BUILD } from './build-variant';
import { Parameters } from './claim/parameters';
import { RequestClaims } from './claim/request-claims';
import { signedSsmOperations } from './claim/signed-ssm';
import {
  ENV_CLAIM_PATH, ENV_IS_COMPLETE_FUNCTION, ENV_IS_COMPLETE_HANDLER, ENV_ISOLATE_HANDLER, ENV_ON_EVENT_FUNCTION, ENV_USER_HANDLER,
} from './contract';
import { createHandler } from './create-handler';
import { HANDLER_WORKER_ENV, isHandlerWorkerData, runHandlerWorker } from './isolation/handler-worker';
import { heapLimitMb } from './isolation/heap-limit';
import { inThreadIsolation } from './isolation/in-thread-isolation';
import { Isolation, isolatedInvoker } from './isolation/isolation';
import { workerIsolation } from './isolation/worker-isolation';
import { waiterFromEnvironment } from './polling/waiter-from-environment';
import { failure } from './protocol/handler-result';
import type { Invoker } from './protocol/lifecycle';
import { nodePut } from './protocol/send-response';
import { sleep } from './sleep';
import { frameworkInvoker, nodeModuleLoader, parseHandlerSpec, sdkLambdaInvoke } from './user-handler';

/** The function's code root: the user's files sit one folder above the runtime's own. */
const CODE_ROOT = join(__dirname, '..');

/**
 * How the runtime reaches the user's code: `[onEvent, isComplete?]`, isComplete for polling providers (a
 * pair rather than an object: the bundle for providers that do not poll stays smaller).
 */
type Handlers = readonly Invoker[];

function handlersFromEnvironment(env: NodeJS.ProcessEnv): Handlers {
  const functionName = env[ENV_ON_EVENT_FUNCTION];
  if (functionName) {
    const lambda = sdkLambdaInvoke();
    const isCompleteFunction = POLLING_BUILD && env[ENV_IS_COMPLETE_FUNCTION];
    return [frameworkInvoker(functionName, lambda), ...(isCompleteFunction ? [frameworkInvoker(isCompleteFunction, lambda, 'isComplete')] : [])];
  }
  const spec = env[ENV_USER_HANDLER] ?? '';
  const handlerSpec = parseHandlerSpec(spec);
  if (!handlerSpec) {
    // Never with a construct-made function (it sets one of the two variables).
    const outcome = failure(`HandlerLoadError: ${ENV_USER_HANDLER} must look like "file.export", got "${spec}"`);
    return [{ call: async () => outcome }];
  }
  // isComplete is another export of the same module (the construct checks that it is).
  const isCompleteExport = POLLING_BUILD && parseHandlerSpec(env[ENV_IS_COMPLETE_HANDLER] ?? '')?.exportName;
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
    // Right after loading, still during Lambda's init: the first request then finds a worker
    // that has loaded the module.
    setImmediate(workers.prestart);
    isolation = workers;
  }
  return [isolatedInvoker(isolation, handlerSpec.exportName), ...(isCompleteExport ? [isolatedInvoker(isolation, isCompleteExport, 'isComplete')] : [])];
}

/** In a handler worker: load the user's module and answer one call (no Lambda handler). */
// eslint-disable-next-line @typescript-eslint/no-require-imports
const threads: typeof import('node:worker_threads') | undefined = process.env[HANDLER_WORKER_ENV] ? require('node:worker_threads') : undefined;
const asWorker = isHandlerWorkerData(threads?.workerData);
if (asWorker) void runHandlerWorker(threads!.workerData, threads!.parentPort!, process);

/** The claims of this provider's requests, when it claims them (`exactlyOnce`). */
function claimsFromEnvironment(env: NodeJS.ProcessEnv): RequestClaims | undefined {
  const path = env[ENV_CLAIM_PATH];
  if (!path) return undefined;
  return new RequestClaims(new Parameters(signedSsmOperations(env), { now: Date.now, sleep, random: Math.random }), path, Date.now);
}

const handlers = asWorker ? undefined : handlersFromEnvironment(process.env);
const handler = handlers && createHandler({
  claims: claimsFromEnvironment(process.env),
  invoke: handlers[0],
  put: nodePut,
  sleep,
  log: (line) => console.log(line),
  ...(POLLING_BUILD ? { waiter: waiterFromEnvironment(process.env, handlers[1]) } : {}),
});

// Plain CommonJS (no ES module interop helpers in the bundle): Lambda reads `handler`.
export = { handler };
