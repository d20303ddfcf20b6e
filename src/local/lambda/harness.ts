/**
 * What runs inside a local Lambda container (a child Node.js process): it loads the handler
 * the way the Lambda Node.js runtime does (`_HANDLER` relative to `LAMBDA_TASK_ROOT`, CommonJS
 * or ES module, loaded once per container), and for each `invoke` message from the runner
 * calls it with the event and a Lambda-like context whose `getRemainingTimeInMillis()` counts
 * down to the real deadline. The outcome goes back on stdout after everything the invocation
 * printed, in a line that starts with a marker only the runner knows, so the runner can tell
 * the invocation's log lines from the next one's.
 *
 * With a simulated clock (`fastClock`), the container's clock (container-clock.ts) is set up
 * before anything loads, and follows the runner's offset.
 *
 * The function is sent to the child as source text (`harnessSource()`): it must use nothing
 * from this module's scope.
 */
import { ContainerClock, containerClock } from './container-clock';

/** The message the runner sends for each invocation. */
export interface InvokeMessage {
  readonly type: 'invoke';
  /** The event, as JSON. */
  readonly payload: string;
  readonly requestId: string;
  /** The function's timeout: the invocation's time runs out this long after the handler is loaded. */
  readonly timeoutMs: number;
  /** The invocation's X-Ray trace header, set as `_X_AMZN_TRACE_ID` while it runs (as Lambda sets it). */
  readonly traceId: string;
  /** With a simulated clock: how far the run's clock is ahead of the machine's, in ms. */
  readonly clockOffset?: number;
}

/** The runner's clock jumped (simulated clock): the new offset. */
export interface ClockMessage {
  readonly type: 'clock';
  readonly offset: number;
}

/** The harness's sleeps changed (simulated clock): when the earliest ends on the run's clock, or null for none. */
export interface SleepMessage {
  readonly type: 'sleep';
  readonly until: number | null;
}

/** What the harness reports after an invocation. */
export type HarnessOutcome =
  | { readonly ok: true; readonly payload: string }
  | { readonly ok: false; readonly errorType: string; readonly errorMessage: string; readonly trace: readonly string[] };

/** Environment variable carrying the container's marker to the harness (removed before user code loads). */
export const MARKER_VARIABLE = 'CDK_LIFECYCLE_LOCAL_MARKER';

/** Environment variable telling the harness to play the run's simulated clock (removed before user code loads). */
export const FAST_CLOCK_VARIABLE = 'CDK_LIFECYCLE_LOCAL_FAST_CLOCK';

/** The IPC message the harness sends once the handler is loaded (Lambda's Init phase is over). */
export interface ReadyMessage {
  readonly type: 'ready';
}

/** The first characters of an outcome line: a record separator, then the container's marker. */
export const OUTCOME_PREFIX = '\u001e';

/** The harness, as the source text given to `node -e`: the container's clock first (see container-clock.ts), then the harness. */
export function harnessSource(): string {
  return `(${harness.toString()})((${containerClock.toString()})());`;
}

function harness(clock: ContainerClock): void {
  /* eslint-disable @typescript-eslint/no-require-imports */
  const nodePath: typeof import('node:path') = require('node:path');
  const nodeUrl: typeof import('node:url') = require('node:url');
  /* eslint-enable @typescript-eslint/no-require-imports */
  const marker = process.env.CDK_LIFECYCLE_LOCAL_MARKER ?? '';
  delete process.env.CDK_LIFECYCLE_LOCAL_MARKER;
  // One stream keeps the order of what the invocation printed; Lambda keeps both in its logs.
  process.stderr.write = process.stdout.write.bind(process.stdout) as typeof process.stderr.write;
  const importModule = new Function('url', 'return import(url)') as (url: string) => Promise<Record<string, unknown>>;

  type Handler = (event: unknown, context: unknown, callback?: (error: unknown, result?: unknown) => void) => unknown;
  let loaded: Promise<Handler> | undefined;

  const failure = (errorType: string, errorMessage: string, trace: string[] = []) =>
    Object.assign(new Error(errorMessage), { name: errorType, lambdaTrace: trace });

  const load = async (): Promise<Handler> => {
    const setting = process.env._HANDLER ?? '';
    const dot = setting.lastIndexOf('.');
    const modulePath = nodePath.resolve(process.env.LAMBDA_TASK_ROOT ?? process.cwd(), setting.slice(0, dot));
    const exportName = setting.slice(dot + 1);
    let mod: Record<string, unknown> | undefined;
    for (const candidate of [modulePath, `${modulePath}.mjs`, `${modulePath}.cjs`]) {
      try {
        // eslint-disable-next-line @typescript-eslint/no-require-imports
        mod = require(candidate);
        break;
      } catch (error) {
        const code = (error as { code?: string }).code;
        if (code === 'ERR_REQUIRE_ESM' || (code === 'MODULE_NOT_FOUND' && candidate.endsWith('.mjs'))) {
          try {
            mod = await importModule(nodeUrl.pathToFileURL(candidate).href);
            break;
          } catch (inner) {
            if ((inner as { code?: string }).code !== 'ERR_MODULE_NOT_FOUND') throw failure('Runtime.ImportModuleError', String(inner));
            continue;
          }
        }
        if (code === 'MODULE_NOT_FOUND' && String((error as Error).message).includes(candidate)) continue;
        throw failure('Runtime.ImportModuleError', String(error));
      }
    }
    if (mod === undefined) throw failure('Runtime.ImportModuleError', `Error: Cannot find module '${setting.slice(0, dot)}'`);
    const fn = mod[exportName] ?? (mod.default as Record<string, unknown> | undefined)?.[exportName];
    if (typeof fn !== 'function') throw failure('Runtime.HandlerNotFound', `${setting} is undefined or not exported`);
    return fn as Handler;
  };

  const call = (fn: Handler, event: unknown, context: unknown): Promise<unknown> => {
    if (fn.length >= 3) {
      return new Promise((resolve, reject) => {
        const returned = fn(event, context, (error, result) => (error ? reject(error) : resolve(result)));
        if (returned !== null && typeof returned === 'object' && typeof (returned as Promise<unknown>).then === 'function') {
          (returned as Promise<unknown>).then(resolve, reject);
        }
      });
    }
    return Promise.resolve(fn(event, context));
  };

  const report = (outcome: unknown) => {
    process.stdout.write(`\n${'\u001e'}${marker} ${JSON.stringify(outcome)}\n`);
  };

  process.on('message', (message: { type?: string; payload: string; requestId: string; timeoutMs: number; traceId: string; clockOffset?: number; offset?: number }) => {
    if (message?.type === 'clock') clock.moveTo(message.offset);
    if (message?.type !== 'invoke') return;
    clock.moveTo(message.clockOffset);
    // The AWS SDK's recursion-detection middleware copies it into the X-Amzn-Trace-Id of every call.
    process.env._X_AMZN_TRACE_ID = message.traceId;
    // The timeout counts from the end of Init (loading the handler), as in Lambda.
    let deadline = Date.now() + message.timeoutMs;
    const context = {
      functionName: process.env.AWS_LAMBDA_FUNCTION_NAME,
      functionVersion: process.env.AWS_LAMBDA_FUNCTION_VERSION,
      invokedFunctionArn: process.env.CDK_LIFECYCLE_LOCAL_FUNCTION_ARN,
      memoryLimitInMB: process.env.AWS_LAMBDA_FUNCTION_MEMORY_SIZE,
      awsRequestId: message.requestId,
      logGroupName: process.env.AWS_LAMBDA_LOG_GROUP_NAME,
      logStreamName: process.env.AWS_LAMBDA_LOG_STREAM_NAME,
      callbackWaitsForEmptyEventLoop: true,
      getRemainingTimeInMillis: () => Math.max(0, deadline - Date.now()),
    };
    void (async () => {
      try {
        loaded ??= load();
        const fn = await loaded.catch((error) => {
          loaded = undefined;
          throw error;
        });
        deadline = Date.now() + message.timeoutMs;
        process.send?.({ type: 'ready' });
        const result = await call(fn, JSON.parse(message.payload), context);
        report({ ok: true, payload: JSON.stringify(result === undefined ? null : result) });
      } catch (error) {
        const e = error as { name?: unknown; message?: unknown; stack?: unknown; lambdaTrace?: string[] };
        const isError = typeof e === 'object' && e !== null;
        report({
          ok: false,
          errorType: isError && typeof e.name === 'string' ? e.name : 'Error',
          errorMessage: isError && typeof e.message === 'string' ? e.message : String(error),
          trace: isError && Array.isArray(e.lambdaTrace) ? e.lambdaTrace : isError && typeof e.stack === 'string' ? e.stack.split('\n') : [],
        });
      }
    })();
  });
}
