/**
 * One handler worker, seen from the runtime's thread: started ahead of its request (it loads
 * the handler module while it waits), used for exactly one call, then stopped.
 *
 * The call resolves, exactly once, with the first of: the worker's outcome, a crash it
 * reports (a throw from a timer, an unhandled rejection), the thread ending on its own
 * (`process.exit`, running out of memory), or the deadline, at which the runtime stops the
 * thread itself (a busy loop cannot block a timer on another thread).
 *
 * A worker that answered with an outcome is not stopped here: the isolation stops it once
 * the answer is sent, so that its teardown does not compete with the PUT.
 */
import { POLLING_BUILD } from '../build-variant';
import { HANDLER_WORKER_ENV, HandlerWorkerData } from './handler-worker';
import type { IsolationCall, OutputStream } from './isolation';
import { lineSplitter } from './output-lines';
import { beforeCallText, CallMessage, exitText, stoppedText, workerErrorText } from './worker-messages';
import { errorText } from '../protocol/error-text';
import { failure, HandlerOutcome, readOutcome } from '../protocol/handler-result';
import { isPlainObject } from '../protocol/request';
import { CRASHED } from '../protocol/text';

/** How to start a handler worker. */
export interface WorkerSettings {
  /** The script the worker runs: the runtime bundle, which becomes a handler worker on its workerData. */
  readonly entry: string;
  readonly data: HandlerWorkerData;
  /** Old-generation heap limit in MB; undefined leaves Node's default. */
  readonly heapLimitMb?: number;
  readonly now: () => number;
}

/** A started handler worker. */
export interface IsolatedWorker {
  /** Resolves once the module is loaded, or the worker can no longer serve. */
  readonly loaded: Promise<void>;
  /** Resolves once the thread has exited (all it printed has been forwarded by then). */
  readonly stopped: Promise<void>;
  /** Calls the handler; resolves by the call's deadline. Call once: a worker serves one call. */
  run(call: IsolationCall): Promise<HandlerOutcome>;
  /** Stops the thread (idempotent). */
  stop(): void;
}

/** Lines kept while no call is attached (what the module prints while it loads); later ones are dropped. */
export const MAX_EARLY_LINES = 100;

/** Starts a worker that loads the handler module and waits for its one call. */
export function startWorker(settings: WorkerSettings): IsolatedWorker {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { Worker } = require('node:worker_threads') as typeof import('node:worker_threads');
  const worker = new Worker(settings.entry, {
    workerData: settings.data,
    env: { ...process.env, [HANDLER_WORKER_ENV]: '1' },
    resourceLimits: settings.heapLimitMb === undefined ? undefined : { maxOldGenerationSizeMb: settings.heapLimitMb },
  });
  // A waiting worker must not keep a process alive; a call's deadline timer does that.
  worker.unref();

  let markLoaded: () => void = () => undefined;
  const loaded = new Promise<void>((resolve) => (markLoaded = resolve));
  let ready = false;
  let stopping = false;
  /** Why the worker cannot serve its call (set before the call arrives). */
  let problem: string | undefined;
  let call: IsolationCall | undefined;
  let resolveCall: ((outcome: HandlerOutcome) => void) | undefined;
  let sent = false;
  let timer: NodeJS.Timeout | undefined;
  let early: Array<[string, OutputStream]> = [];

  const stop = () => {
    if (stopping) return;
    stopping = true;
    markLoaded();
    worker.terminate().catch(() => undefined);
  };
  /** Answers the call (only the first answer counts); the thread keeps running. */
  const finish = (outcome: HandlerOutcome) => {
    clearTimeout(timer);
    resolveCall?.(outcome);
    resolveCall = undefined;
  };
  /** The worker cannot go on: stop it, and answer the call with `text` or keep it for the call to come. */
  const fail = (text: string) => {
    if (call) finish(failure(text));
    else if (!stopping) problem ??= beforeCallText(text);
    stop();
  };
  const send = () => {
    sent = true;
    const message: CallMessage = { t: 'call', exportName: call!.exportName, event: call!.event, ...(POLLING_BUILD ? { shape: call!.shape } : {}) };
    try {
      // Structured clone: the handler gets its own copy of the event.
      worker.postMessage(message);
    } catch (e) {
      fail(`${CRASHED}the event could not be sent to the worker: ${errorText(e)}`);
    }
  };
  const emit = (line: string, stream: OutputStream) => {
    if (call) call.output?.(line, stream);
    else if (early.length < MAX_EARLY_LINES) early.push([line, stream]);
  };
  const lines = {
    stdout: lineSplitter((line) => emit(line, 'stdout')),
    stderr: lineSplitter((line) => emit(line, 'stderr')),
  };
  // Node delivers every message a worker posted before its 'exit' event.
  const stopped = new Promise<void>((resolve) => worker.once('exit', () => {
    lines.stdout.end();
    lines.stderr.end();
    resolve();
  }));

  worker.on('message', (value: unknown) => {
    const message = isPlainObject(value) ? value : {};
    if (message.t === 'ready') {
      ready = true;
      markLoaded();
      if (call && !sent) send();
    } else if (message.t === 'failed') {
      fail(String(message.error));
    } else if (message.t === 'out') {
      lines[message.stream === 'stderr' ? 'stderr' : 'stdout'].push(String(message.text));
    } else if (message.t === 'outcome' && sent) {
      // Only an answer to the call counts (the handler itself could post before it).
      finish(readOutcome(message.outcome, POLLING_BUILD ? call?.shape : undefined));
    }
  });
  worker.on('error', (error: unknown) => fail(workerErrorText(error, settings.heapLimitMb)));
  worker.on('exit', (code: number) => fail(exitText(code)));

  return {
    loaded,
    stopped,
    stop,
    run: (next) => new Promise((resolve) => {
      call = next;
      resolveCall = resolve;
      for (const [line, stream] of early) next.output?.(line, stream);
      early = [];
      if (problem !== undefined) {
        finish(failure(problem));
        return;
      }
      const ms = next.deadline - settings.now();
      timer = setTimeout(() => fail(stoppedText(ms)), Math.max(0, ms));
      if (ready) send();
    }),
  };
}
