// Per-key async mutexes for one engine instance. Keys are taken in sorted order so two calls that
// touch the same pair of files can never deadlock (seed 000 "Transactional multipatch").
export class KeyedLocks {
  private readonly tails = new Map<string, Promise<void>>();

  async acquire(keys: Iterable<string>): Promise<() => void> {
    const sorted = [...new Set(keys)].sort();
    const releases: (() => void)[] = [];
    for (const key of sorted) releases.push(await this.acquireOne(key));
    return () => {
      for (const release of releases.reverse()) release();
    };
  }

  private async acquireOne(key: string): Promise<() => void> {
    const previous = this.tails.get(key) ?? Promise.resolve();
    let release!: () => void;
    const current = new Promise<void>((resolve) => {
      release = resolve;
    });
    const tail = previous.then(() => current);
    this.tails.set(key, tail);
    await previous;
    return () => {
      release();
      // Forget the key once nobody queued behind us, so the map does not grow without bound.
      if (this.tails.get(key) === tail) this.tails.delete(key);
    };
  }
}
