/**
 * The messages between the runtime and a handler worker, and the texts that name what
 * happened when a worker fails. Everything crossing back is a small string or plain data:
 * the runtime never receives the handler's objects.
 *
 * runtime -> worker: `call` (once). worker -> runtime: `ready` (module loaded), then
 * `outcome`; or `failed` at any time (the module did not load, a timer threw, a rejection
 * was left unhandled); and `out` for everything the handler writes to its console. All travel
 * on one port, in order, and Node delivers what was posted even when the thread then dies:
 * the handler's last lines before a crash arrive before the crash does.
 */
import { deadlineText } from '../protocol/deadline';
import { errorText } from '../protocol/error-text';
import type { ResultShape } from '../protocol/handler-result';
import { isPlainObject } from '../protocol/request';
import { CRASHED } from '../protocol/text';

/** The one request a worker serves. */
export interface CallMessage {
  readonly t: 'call';
  readonly exportName: string;
  readonly event: unknown;
  /** Which answer the export gives; onEvent's when absent. */
  readonly shape?: ResultShape;
}

/**
 * What a worker sends back. The handler can post on the same port, so the runtime reads
 * these defensively: an outcome is validated again, an error is clipped.
 */
export type WorkerMessage =
  | { readonly t: 'ready' }
  | { readonly t: 'outcome'; readonly outcome: unknown }
  | { readonly t: 'failed'; readonly error: string }
  | { readonly t: 'out'; readonly stream: 'stdout' | 'stderr'; readonly text: string };

/** Names a throw from outside the handler's promise (a timer, a callback). */
export function uncaughtText(error: unknown): string {
  return `${CRASHED}uncaught exception: ${errorText(error)}`;
}

/** Names a rejected promise nobody handled. */
export function unhandledText(reason: unknown): string {
  return `${CRASHED}unhandled promise rejection: ${errorText(reason)}`;
}

/** Names an error the worker thread ended with ('error' event), such as running out of memory. */
export function workerErrorText(error: unknown, heapLimitMb: number | undefined): string {
  if (isPlainObject(error) && error.code === 'ERR_WORKER_OUT_OF_MEMORY') {
    return `${CRASHED}the handler ran out of memory (limit ${heapLimitMb ?? 'default'} MB of heap)`;
  }
  return uncaughtText(error);
}

/** Names a worker that exited before it answered (the handler called process.exit). */
export function exitText(code: number): string {
  return `${CRASHED}the handler called process.exit(${code})`;
}

/** Names a call stopped at its deadline. */
export function stoppedText(ms: number): string {
  return `${deadlineText(ms)}; its worker thread was stopped`;
}

/** Names a failure that happened while the worker waited for its request. */
export function beforeCallText(text: string): string {
  return `${text} (before the handler was called)`;
}
