/**
 * At most `limit` tasks at a time; the others wait their turn, first come first served. The
 * AWS reads of a command go through one of these, so a hundred stacks read in parallel make
 * no more calls at once than CloudFormation's throttling allows for comfortably.
 */
export class CallSlots {
  private active = 0;
  private readonly waiting: Array<() => void> = [];

  /** @param limit how many tasks run at once (at least 1) */
  public constructor(private readonly limit: number) {}

  /** Runs `task` when a slot is free. */
  public async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.active < Math.max(1, this.limit)) {
      this.active++;
    } else {
      // The slot is handed over by the task that ends: `active` stays the same.
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    }
    try {
      return await task();
    } finally {
      const next = this.waiting.shift();
      if (next === undefined) this.active--;
      else next();
    }
  }
}
