/** A small seeded PRNG for the change-set tests' generated templates (Mulberry32). */
export class Random {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0; // eslint-disable-line no-bitwise
  }

  /** A float in [0, 1). */
  public next(): number {
    /* eslint-disable no-bitwise */
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    /* eslint-enable no-bitwise */
  }

  /** An integer in [min, max]. */
  public int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  public pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)];
  }

  public chance(probability: number): boolean {
    return this.next() < probability;
  }
}

