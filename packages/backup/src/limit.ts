/** A counting semaphore: at most `capacity` units held at once; waiters are served in order. */
export class Semaphore {
  private available: number;
  private readonly waiters: { units: number; resolve: () => void }[] = [];

  constructor(readonly capacity: number) {
    this.available = capacity;
  }

  /** Takes `units` (at most the capacity, so one oversized request cannot wait for ever). */
  async acquire(units = 1): Promise<void> {
    const wanted = Math.min(units, this.capacity);
    if (this.waiters.length === 0 && this.available >= wanted) {
      this.available -= wanted;
      return;
    }
    await new Promise<void>((resolve) => this.waiters.push({ units: wanted, resolve }));
  }

  /** True while someone waits for units. */
  get isContended(): boolean {
    return this.waiters.length > 0;
  }

  /** Takes `units` if that needs no waiting. */
  tryAcquire(units = 1): boolean {
    const wanted = Math.min(units, this.capacity);
    if (this.waiters.length > 0 || this.available < wanted) return false;
    this.available -= wanted;
    return true;
  }

  release(units = 1): void {
    this.available += Math.min(units, this.capacity);
    while (this.waiters.length > 0 && this.available >= this.waiters[0]!.units) {
      const next = this.waiters.shift()!;
      this.available -= next.units;
      next.resolve();
    }
  }

  async use<T>(work: () => Promise<T>, units = 1): Promise<T> {
    await this.acquire(units);
    try {
      return await work();
    } finally {
      this.release(units);
    }
  }
}

/** Maps `items` with at most `limit` calls of `work` running at once; results in input order. */
export const mapLimit = async <T, R>(
  items: readonly T[],
  limit: number,
  work: (item: T, index: number) => Promise<R>,
): Promise<R[]> => {
  const results = new Array<R>(items.length);
  let next = 0;
  const runner = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await work(items[i]!, i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, runner));
  return results;
};
