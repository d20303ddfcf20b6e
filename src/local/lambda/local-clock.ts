/**
 * The one clock of a local run: the time the response URLs are signed with, the functions'
 * deadlines, the ServiceTimeout of each step, the answers' arrival. By default it is the
 * machine's clock. Simulated (`fastClock`), it runs with the machine's clock and jumps forward
 * whenever everything that runs is waiting for it: when every invocation in flight is asleep
 * in a wait (a polling provider between two calls of isComplete, or idling until it hands the
 * wait on), the clock moves to the earliest moment one of them (or one of the runner's own
 * timers: a function's timeout, a step's ServiceTimeout) is due, so a 60 s poll plays in about
 * no time while every deadline still falls where it would. Work never runs in skipped time:
 * the clock only jumps when nothing works.
 *
 * The containers learn the clock's offset from the runner (with each invocation and whenever
 * it jumps) and see it through `Date`; their sleeps (`node:timers/promises`' `setTimeout`, what
 * cdk-lifecycle's runtime waits with) are what the clock jumps over (see container-clock.ts).
 */

/** A timer on the clock. */
interface Timer {
  readonly due: number;
  readonly fire: () => void;
  handle?: NodeJS.Timeout;
}

/** The clock of a run. */
export class LocalClock {
  private offset = 0;
  private readonly timers = new Set<Timer>();
  private readonly listeners = new Set<(offset: number) => void>();

  /** @param simulated whether the clock jumps over waits (`fastClock`) */
  public constructor(public readonly simulated = false) {}

  /** Epoch milliseconds on this clock. */
  public now(): number {
    return Date.now() + this.offset;
  }

  /** How far this clock is ahead of the machine's, in ms (0 unless simulated). */
  public get offsetMs(): number {
    return this.offset;
  }

  /** Calls `fire` once `ms` have passed on this clock; returns what cancels it. */
  public setTimer(fire: () => void, ms: number): () => void {
    if (!this.simulated) {
      const handle = setTimeout(fire, ms);
      return () => clearTimeout(handle);
    }
    const timer: Timer = { due: this.now() + Math.max(0, ms), fire };
    this.timers.add(timer);
    this.arm(timer);
    return () => {
      clearTimeout(timer.handle);
      this.timers.delete(timer);
    };
  }

  /** The earliest moment a timer is due, if one is set. */
  public nextDue(): number | undefined {
    let next: number | undefined;
    for (const timer of this.timers) next = next === undefined ? timer.due : Math.min(next, timer.due);
    return next;
  }

  /**
   * Moves a simulated clock forward to `to` (never back, never a clock that is not simulated):
   * the timers due by then fire, and the listeners hear the new offset.
   */
  public advanceTo(to: number): void {
    if (!this.simulated || to <= this.now()) return;
    this.offset += to - this.now();
    for (const listener of this.listeners) listener(this.offset);
    for (const timer of [...this.timers]) this.arm(timer);
  }

  /** Calls `listener` with the new offset whenever the clock jumps; returns the unsubscribe. */
  public onAdvance(listener: (offset: number) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** (Re)arms a timer for the machine's time left until it is due on this clock. */
  private arm(timer: Timer): void {
    clearTimeout(timer.handle);
    timer.handle = setTimeout(() => {
      // Armed for the machine's time left; fires only once it is due on this clock.
      if (this.now() < timer.due) return this.arm(timer);
      this.timers.delete(timer);
      timer.fire();
    }, Math.max(0, timer.due - this.now()));
  }
}
