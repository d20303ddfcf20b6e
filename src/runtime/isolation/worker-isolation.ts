/**
 * Isolation in worker threads: every call runs in a fresh worker, so nothing one request
 * leaves behind (timers, module state, a hung promise) can touch the next.
 *
 * To keep the warm path fast, one standby worker is kept: started when the runtime loads
 * (during Lambda's init) and again after each call, it has already loaded the handler module
 * when its request arrives. A worker serves exactly one call. It is stopped once its answer
 * has been sent (when the runtime prepares for the next request, when a polling provider
 * starts a wait, or at the next call), not while it is sent: on a small machine the thread's
 * teardown would slow the PUT down.
 */
import { IsolatedWorker, startWorker } from './isolated-worker';
import type { Isolation } from './isolation';
import { errorText } from '../protocol/error-text';
import { failure } from '../protocol/handler-result';
import { CRASHED } from '../protocol/text';

/** How the isolation starts its workers. */
export interface WorkerIsolationOptions {
  /** The script each worker runs: the runtime bundle itself. */
  readonly entry: string;
  /** Absolute path of the handler module. */
  readonly modulePath: string;
  /** The module as the handler setting names it, for messages. */
  readonly moduleName: string;
  /** Old-generation heap limit of each worker in MB; undefined leaves Node's default. */
  readonly heapLimitMb?: number;
  readonly now?: () => number;
}

/** An isolation with a standby worker. */
export interface WorkerIsolation extends Isolation {
  /**
   * Stops the used workers and, once they have ended, gets the standby ready; resolves by
   * `until` (epoch ms) at the latest (what is not done by then goes on after).
   */
  readonly prepare: (until: number) => Promise<void>;
  /** Starts the standby worker if there is none. Never throws (the next call retries). */
  prestart(): void;
  /**
   * Stops the standby worker and waits for every worker to end. A worker's console streams
   * keep a process alive, so scripts and tests that run the runtime close it once no call is
   * in flight (a call's worker is stopped by a later prepare, call or close); in Lambda the
   * process is frozen instead.
   */
  close(): Promise<void>;
}

/** Runs every call in a fresh worker thread. */
export function workerIsolation(options: WorkerIsolationOptions): WorkerIsolation {
  const now = options.now ?? Date.now;
  let standby: IsolatedWorker | undefined;
  /** Workers that have served their call and are not known to have ended. */
  const used = new Set<IsolatedWorker>();
  /** Stops the used workers; resolves once they have ended (their last output is in). */
  const retire = () => Promise.all([...used].map((worker) => (worker.stop(), worker.stopped)));
  const spawn = () => startWorker({
    entry: options.entry,
    data: { cdkLifecycleHandlerWorker: true, modulePath: options.modulePath, moduleName: options.moduleName },
    heapLimitMb: options.heapLimitMb,
    now,
  });
  const prestart = () => {
    try {
      standby ??= spawn();
    } catch {
      standby = undefined;
    }
  };
  return {
    prestart,
    call: async (call) => {
      void retire();
      let worker: IsolatedWorker;
      try {
        worker = standby ?? spawn();
      } catch (e) {
        return failure(`${CRASHED}could not start a worker thread: ${errorText(e)}`);
      } finally {
        standby = undefined;
      }
      const outcome = await worker.run(call);
      used.add(worker);
      void worker.stopped.then(() => used.delete(worker));
      return outcome;
    },
    prepare: async (until) => {
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        // The used workers end (their last output is in) before the next starts: two handlers'
        // heaps, each limited to nearly the function's memory, never add up.
        retire().then(() => {
          prestart();
          return standby?.loaded;
        }),
        new Promise<void>((resolve) => (timer = setTimeout(resolve, Math.max(0, until - now())))),
      ]);
      clearTimeout(timer);
    },
    close: async () => {
      standby?.stop();
      await Promise.all([retire(), standby?.stopped]);
      standby = undefined;
    },
  };
}
