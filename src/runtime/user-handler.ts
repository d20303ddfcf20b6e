/**
 * The two ways to reach the user's handler.
 *
 * - In-function mode: the user's code sits beside the runtime in the same Lambda function;
 *   `index.onEvent` names the module (relative to the code root) and its export.
 * - Framework mode: the user's function (any language) is invoked synchronously with the
 *   event; its answer is the result. The AWS SDK is loaded only in this mode.
 */
import * as path from 'node:path';
import type { Invoker } from './protocol/lifecycle';
import { isPlainObject } from './protocol/request';

/** Raised when the handler cannot be found or loaded. */
export class HandlerLoadError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'HandlerLoadError';
  }
}

/** Splits `dir/module.export` into the module path and the export name. */
export function parseHandlerSpec(spec: string): { modulePath: string; exportName: string } {
  const dot = spec.lastIndexOf('.');
  if (dot <= 0 || dot === spec.length - 1) {
    throw new HandlerLoadError(`handler must look like "file.export" (for example "index.onEvent"), got "${spec}"`);
  }
  return { modulePath: spec.slice(0, dot), exportName: spec.slice(dot + 1) };
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
    if (code !== 'ERR_REQUIRE_ESM' && code !== 'MODULE_NOT_FOUND') throw e;
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

/** An invoker calling `spec` under `root`; the module is loaded once, on first use. */
export function inFunctionInvoker(root: string, spec: string, load: ModuleLoader = nodeModuleLoader): Invoker {
  let loaded: Promise<(event: unknown) => unknown> | undefined;
  const resolve = async () => {
    const { modulePath, exportName } = parseHandlerSpec(spec);
    let mod: Record<string, unknown>;
    try {
      mod = await load(path.resolve(root, modulePath));
    } catch (e) {
      throw new HandlerLoadError(`could not load handler module "${modulePath}" from the function code: ${(e as Error)?.message ?? String(e)}`);
    }
    const fn = mod[exportName] ?? (isPlainObject(mod.default) ? (mod.default as Record<string, unknown>)[exportName] : undefined);
    if (typeof fn !== 'function') {
      throw new HandlerLoadError(`handler "${spec}": module "${modulePath}" has no exported function "${exportName}" (exports: ${Object.keys(mod).join(', ') || 'none'})`);
    }
    return fn as (event: unknown) => unknown;
  };
  return async (event) => {
    loaded ??= resolve();
    // A failed load is retried on the next request rather than cached forever.
    const fn = await loaded.catch((e) => {
      loaded = undefined;
      throw e;
    });
    return fn(event);
  };
}

/** Invokes a Lambda function synchronously and returns its parsed payload. */
export type LambdaInvoke = (functionName: string, payload: string) => Promise<{ payload: string; functionError?: string }>;

/** Raised when the user's function reports an error. */
export class HandlerFunctionError extends Error {
  constructor(name: string, message: string) {
    super(message);
    this.name = name;
  }
}

/** An invoker calling the user's function through `invoke`. */
export function frameworkInvoker(functionName: string, invoke: LambdaInvoke): Invoker {
  return async (event) => {
    const answer = await invoke(functionName, JSON.stringify(event));
    let payload: unknown;
    try {
      payload = answer.payload === '' ? undefined : JSON.parse(answer.payload);
    } catch {
      throw new HandlerFunctionError('HandlerResultError', `the handler function ${functionName} returned a payload that is not JSON`);
    }
    if (answer.functionError) {
      const p = isPlainObject(payload) ? payload : {};
      throw new HandlerFunctionError(
        typeof p.errorType === 'string' ? p.errorType : answer.functionError,
        typeof p.errorMessage === 'string' ? p.errorMessage : `the handler function ${functionName} failed (${answer.functionError})`,
      );
    }
    return payload;
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
