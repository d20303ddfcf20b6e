/**
 * The two ways to reach the user's handler.
 *
 * - In-function mode: the user's code sits beside the runtime in the same Lambda function;
 *   `index.onEvent` names the module (relative to the code root) and its export. It is
 *   loaded by an isolation (src/runtime/isolation) with `nodeModuleLoader`.
 * - Framework mode: the user's function (any language) is invoked synchronously with the
 *   event; its answer is the result. The AWS SDK is loaded only in this mode.
 */
import { POLLING_BUILD } from './build-variant';
import { errorText } from './protocol/error-text';
import { failure, ResultShape, validateResult } from './protocol/handler-result';
import type { Invoker } from './protocol/lifecycle';
import { isPlainObject } from './protocol/request';

/** Splits `dir/module.export` into the module path and the export name; undefined when it has no such shape. */
export function parseHandlerSpec(spec: string): { modulePath: string; exportName: string } | undefined {
  const dot = spec.lastIndexOf('.');
  return dot <= 0 || dot === spec.length - 1 ? undefined : { modulePath: spec.slice(0, dot), exportName: spec.slice(dot + 1) };
}

/** Loads a module with require, or with import() for ES modules. */
export type ModuleLoader = (absolutePath: string) => Promise<Record<string, unknown>>;

/** The real loader: require first (CommonJS), then import() (ES modules, `.mjs`). */
export const nodeModuleLoader: ModuleLoader = async (absolutePath) => {
  try {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    return require(absolutePath);
  } catch (e) {
    const code = (e as { code?: string }).code;
    // ES modules that require() cannot load (older Node, or top-level await), or `name.mjs`.
    if (code !== 'ERR_REQUIRE_ESM' && code !== 'ERR_REQUIRE_ASYNC_MODULE' && code !== 'MODULE_NOT_FOUND') throw e;
    for (const candidate of [absolutePath, `${absolutePath}.mjs`]) {
      try {
        // eslint-disable-next-line @typescript-eslint/no-require-imports
        const url = require('node:url').pathToFileURL(candidate).href;
        return await import(url);
      } catch (inner) {
        if ((inner as { code?: string }).code !== 'ERR_MODULE_NOT_FOUND') throw inner;
      }
    }
    throw e;
  }
};

/** Invokes a Lambda function synchronously and returns its parsed payload. */
export type LambdaInvoke = (functionName: string, payload: string) => Promise<{ payload: string; functionError?: string }>;

/**
 * An invoker calling the user's function through `invoke`. Its payload is parsed JSON (plain
 * data), validated like an in-function result; a function error becomes a FAILED outcome
 * with the function's `errorType: errorMessage`.
 */
export function frameworkInvoker(functionName: string, invoke: LambdaInvoke, shape: ResultShape = 'onEvent'): Invoker {
  return {
    call: async (event) => {
      let payload: unknown;
      try {
        const answer = await invoke(functionName, JSON.stringify(event));
        try {
          payload = answer.payload === '' ? undefined : JSON.parse(answer.payload);
        } catch {
          return failure(`HandlerResultError: the handler function ${functionName} returned a payload that is not JSON`);
        }
        if (answer.functionError) {
          const described = isPlainObject(payload) && typeof payload.errorType === 'string' ? payload : { errorType: answer.functionError, errorMessage: `the handler function ${functionName} failed` };
          return failure(errorText(described));
        }
      } catch (e) {
        return failure(errorText(e));
      }
      return POLLING_BUILD && shape === 'isComplete' ? { ok: true, result: {}, answer: payload } : validateResult(payload);
    },
  };
}

/** The real synchronous invoke, through the AWS SDK the Lambda runtime provides. */
export function sdkLambdaInvoke(): LambdaInvoke {
  let client: import('@aws-sdk/client-lambda').LambdaClient | undefined;
  return async (functionName, payload) => {
    // Loaded lazily: in-function mode never pays for the SDK.
    // The Lambda Node.js runtime provides the SDK; it is a devDependency for types and tests.
    // eslint-disable-next-line @typescript-eslint/no-require-imports, import/no-extraneous-dependencies
    const sdk = require('@aws-sdk/client-lambda') as typeof import('@aws-sdk/client-lambda');
    // One attempt: a retried synchronous invoke could run the handler's side effects twice.
    client ??= new sdk.LambdaClient({ maxAttempts: 1 });
    const out = await client.send(new sdk.InvokeCommand({ FunctionName: functionName, InvocationType: 'RequestResponse', Payload: Buffer.from(payload) }));
    return { payload: out.Payload ? Buffer.from(out.Payload).toString('utf8') : '', functionError: out.FunctionError };
  };
}
