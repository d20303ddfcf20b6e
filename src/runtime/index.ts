/**
 * The Lambda entry point of every provider function (`cdk-lifecycle-runtime/index.handler`).
 *
 * Reads its configuration from the environment the construct set, wires the real I/O and
 * hands everything to `createHandler`.
 */
import { ENV_ON_EVENT_FUNCTION, ENV_USER_HANDLER } from './contract';
import { createHandler } from './create-handler';
import type { Invoker } from './protocol/lifecycle';
import { nodePut } from './protocol/send-response';
import { frameworkInvoker, HandlerLoadError, inFunctionInvoker, sdkLambdaInvoke } from './user-handler';

function invokerFromEnvironment(env: NodeJS.ProcessEnv): Invoker {
  const functionName = env[ENV_ON_EVENT_FUNCTION];
  if (functionName) return frameworkInvoker(functionName, sdkLambdaInvoke());
  const spec = env[ENV_USER_HANDLER];
  if (spec) return inFunctionInvoker(env.LAMBDA_TASK_ROOT ?? process.cwd(), spec);
  return async () => {
    throw new HandlerLoadError(`the provider function has neither ${ENV_USER_HANDLER} nor ${ENV_ON_EVENT_FUNCTION} set`);
  };
}

export const handler = createHandler({
  invoke: invokerFromEnvironment(process.env),
  put: nodePut,
  log: (line) => console.log(line),
});
