/**
 * Isolation: where the user's handler runs, so that nothing it does can stop the runtime.
 *
 * An `Isolation` calls one export of the handler module with its own copy of an event and
 * resolves, by the call's deadline, with a plain, bounded outcome. `WorkerIsolation` runs
 * each call in a fresh worker thread; `InThreadIsolation` runs it on the runtime's thread
 * (faster, unprotected). The same call serves any export (`onEvent`, later `isComplete`).
 */
import { POLLING_BUILD } from '../build-variant';
import type { HandlerOutcome, ResultShape } from '../protocol/handler-result';
import type { Invoker } from '../protocol/lifecycle';

/** Which console stream a line of the handler's output came from. */
export type OutputStream = 'stdout' | 'stderr';

/** One call of the handler. */
export interface IsolationCall {
  /** The export of the handler module to call, e.g. `onEvent`. */
  readonly exportName: string;
  /** Which answer the export gives (onEvent's when absent). */
  readonly shape?: ResultShape;
  /** The event; the handler receives its own copy. */
  readonly event: unknown;
  /** Epoch ms by which the call resolves; an isolated handler is stopped then. */
  readonly deadline: number;
  /** Receives each line the handler writes to its console (when it runs in a worker). */
  readonly output?: (line: string, stream: OutputStream) => void;
}

/** Runs calls of the handler somewhere its failures cannot reach the runtime. */
export interface Isolation {
  /**
   * Gets the next call ready, resolving by `until` (epoch ms) at the latest. Absent when
   * there is nothing to get ready. Called unbound: implementations do not use `this`.
   */
  readonly prepare?: (until: number) => Promise<void>;
  /** Calls the handler; never rejects. */
  call(call: IsolationCall): Promise<HandlerOutcome>;
}

/** The lifecycle's invoker for an export, with the handler's output logged under the request. */
export function isolatedInvoker(isolation: Isolation, exportName: string, shape?: ResultShape): Invoker {
  return {
    call: (event, { deadline, logger }) => isolation.call({
      exportName,
      // Only the polling bundle carries the shape (the other has no isComplete).
      ...(POLLING_BUILD ? { shape } : {}),
      event,
      deadline,
      // stderr (console.error, console.warn) is logged at ERROR level.
      output: (line, stream) => logger[stream === 'stdout' ? 'info' : 'error']('handler output', { stream, line }),
    }),
    prepare: isolation.prepare,
  };
}
