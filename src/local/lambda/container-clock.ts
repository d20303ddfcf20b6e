/**
 * The run's clock inside a container (a local Lambda sandbox), set up by the harness before
 * the handler loads. With a simulated clock (`fastClock`, see local-clock.ts) the container
 * plays the machine's time for its main thread: `Date` reads the run's clock (the machine's
 * plus an offset the runner sends), and a sleep (`node:timers/promises`' `setTimeout`, what
 * cdk-lifecycle's runtime waits with) is reported to the runner, which moves the clock over it
 * once every invocation in flight sleeps; the sleep then ends at once. Other timers keep the
 * machine's time: an I/O timeout or a deadline is never skipped. Without it, nothing changes.
 *
 * Sent to the child as source text (`harnessSource()`): it must use nothing from this
 * module's scope.
 */

/** What the harness does with the clock. */
export interface ContainerClock {
  /** The runner's clock is now `offset` ms ahead of the machine's (an offset that is not larger is ignored). */
  moveTo(offset: unknown): void;
}

/** Sets the clock up (from the environment variable the runner sets; removed before user code loads). */
export function containerClock(): ContainerClock {
  const simulated = process.env.CDK_LIFECYCLE_LOCAL_FAST_CLOCK === '1';
  delete process.env.CDK_LIFECYCLE_LOCAL_FAST_CLOCK;
  if (!simulated) return { moveTo: () => undefined };

  let offset = 0;
  const machineNow = Date.now;
  const clockNow = () => machineNow() + offset;
  const sleeps = new Map<number, { until: number; wake: () => void; timer?: NodeJS.Timeout }>();
  const reportSleeps = () => {
    let until: number | null = null;
    for (const sleep of sleeps.values()) until = until === null ? sleep.until : Math.min(until, sleep.until);
    try {
      process.send?.({ type: 'sleep', until });
    } catch {
      // The runner is gone (the run ended): nobody moves the clock any more; the machine's time still ends the sleep.
    }
  };
  /** Ends the sleeps that are due on the run's clock; the others end on the machine's time left, unless the clock moves first. */
  const armSleeps = () => {
    for (const sleep of [...sleeps.values()]) {
      clearTimeout(sleep.timer);
      if (sleep.until <= clockNow()) sleep.wake();
      else sleep.timer = setTimeout(() => armSleeps(), sleep.until - clockNow());
    }
  };

  const MachineDate = Date;
  globalThis.Date = new Proxy(MachineDate, {
    construct: (target, args, newTarget) => Reflect.construct(target, args.length === 0 ? [clockNow()] : args, newTarget),
    apply: () => new MachineDate(clockNow()).toString(),
    get: (target, key, receiver) => (key === 'now' ? clockNow : Reflect.get(target, key, receiver)),
  });
  /* eslint-disable-next-line @typescript-eslint/no-require-imports */
  const timers: typeof import('node:timers/promises') = require('node:timers/promises');
  let nextSleep = 0;
  const sleep = (ms?: number, value?: unknown, options: { signal?: AbortSignal } = {}) => new Promise<unknown>((resolve, reject) => {
    const signal = options.signal;
    const aborted = () => Object.assign(new Error('The operation was aborted'), { name: 'AbortError', code: 'ABORT_ERR', cause: signal?.reason });
    if (signal?.aborted) return reject(aborted());
    const id = ++nextSleep;
    const end = (settle: () => void) => {
      const entry = sleeps.get(id);
      if (entry === undefined) return;
      clearTimeout(entry.timer);
      sleeps.delete(id);
      signal?.removeEventListener('abort', onAbort);
      reportSleeps();
      settle();
    };
    const onAbort = () => end(() => reject(aborted()));
    signal?.addEventListener('abort', onAbort, { once: true });
    sleeps.set(id, { until: clockNow() + Math.max(0, Number(ms) || 0), wake: () => end(() => resolve(value)) });
    reportSleeps();
    armSleeps();
  });
  timers.setTimeout = sleep as typeof timers.setTimeout;
  // ES modules that import it by name see it too.
  /* eslint-disable-next-line @typescript-eslint/no-require-imports */
  (require('node:module') as typeof import('node:module')).syncBuiltinESMExports();

  return {
    moveTo: (to) => {
      if (typeof to !== 'number' || to <= offset) return;
      offset = to;
      armSleeps();
    },
  };
}
