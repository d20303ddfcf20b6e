/**
 * The worker side of isolation: runs inside a fresh worker thread, loads the handler module,
 * waits for its one request, calls the handler and sends back a bounded outcome.
 *
 * A module that fails to load, a throw from a timer and an unhandled rejection are reported
 * as `failed` (the runtime then answers FAILED and stops the worker); `process.exit`, running
 * out of memory and a blocked event loop are seen by the runtime from outside.
 */
import { POLLING_BUILD } from '../build-variant';
import type { ResultShape } from '../protocol/handler-result';
import { isPlainObject } from '../protocol/request';
import { ModuleLoader, nodeModuleLoader } from '../user-handler';
import { callHandler, findExport, loadErrorText, missingExport } from './call-handler';
import { unhandledText, uncaughtText, WorkerMessage } from './worker-messages';

/** Set in a handler worker's environment, so the runtime bundle knows to look at its workerData. */
export const HANDLER_WORKER_ENV = 'CDK_LIFECYCLE_HANDLER_WORKER';

/** The `workerData` of a handler worker. */
export interface HandlerWorkerData {
  /** Marks the runtime's own workers (the bundle runs as both the runtime and its workers). */
  readonly cdkLifecycleHandlerWorker: true;
  /** Absolute path of the handler module. */
  readonly modulePath: string;
  /** The module as the handler setting names it, for messages. */
  readonly moduleName: string;
}

/** True when `value` is the workerData of a handler worker. */
export function isHandlerWorkerData(value: unknown): value is HandlerWorkerData {
  return isPlainObject(value) && value.cdkLifecycleHandlerWorker === true;
}

/** The port to the runtime (`parentPort`). */
export interface RuntimePort {
  postMessage(message: WorkerMessage): void;
  on(event: 'message', listener: (message: unknown) => void): unknown;
}

/** A console stream of the worker (`process.stdout`, `process.stderr`). */
export interface WorkerStream {
  write(chunk: string | Uint8Array, ...rest: unknown[]): boolean;
}

/** The process a worker watches and whose console it sends to the runtime (`process`). */
export interface WorkerProcess {
  readonly stdout: WorkerStream;
  readonly stderr: WorkerStream;
  on(event: 'uncaughtException' | 'unhandledRejection', listener: (error: unknown) => void): unknown;
}

/** Runs a handler worker: load, report ready, answer one call. */
export async function runHandlerWorker(
  data: HandlerWorkerData, port: RuntimePort, proc: WorkerProcess, load: ModuleLoader = nodeModuleLoader,
): Promise<void> {
  proc.on('uncaughtException', (e) => port.postMessage({ t: 'failed', error: uncaughtText(e) }));
  proc.on('unhandledRejection', (e) => port.postMessage({ t: 'failed', error: unhandledText(e) }));
  // The console goes to the runtime on the same port as everything else, so it arrives in
  // order and before a crash. A write's callback runs once the text is posted.
  for (const stream of ['stdout', 'stderr'] as const) {
    proc[stream].write = (chunk, ...rest) => {
      port.postMessage({ t: 'out', stream, text: typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString() });
      for (const callback of rest) if (typeof callback === 'function') queueMicrotask(callback as () => void);
      return true;
    };
  }
  let mod: Record<string, unknown>;
  try {
    mod = await load(data.modulePath);
  } catch (e) {
    port.postMessage({ t: 'failed', error: loadErrorText(data.moduleName, e) });
    return;
  }
  // The listener stays: it keeps the worker alive while the handler waits (as Lambda's runtime
  // keeps its process alive), so a promise left pending runs into the deadline. One call only.
  let called = false;
  port.on('message', (message) => {
    if (called) return;
    called = true;
    void answer(data, mod, message).then((outcome) => port.postMessage({ t: 'outcome', outcome }));
  });
  port.postMessage({ t: 'ready' });
}

async function answer(data: HandlerWorkerData, mod: Record<string, unknown>, message: unknown) {
  const call = isPlainObject(message) ? message : {};
  const exportName = typeof call.exportName === 'string' ? call.exportName : '';
  const fn = findExport(mod, exportName);
  return fn ? callHandler(fn, call.event, POLLING_BUILD ? call.shape as ResultShape : undefined) : missingExport(data.moduleName, exportName, mod);
}
