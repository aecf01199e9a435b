import type { FileLocker } from './engine-types.js';
import type { KeyedLocks } from './locks.js';

// The locks one call holds: the engine's own (calls of this process) and the file locks (other processes).
// A call may take more while it runs (ctx.claim): every lock it holds is then let go and all are taken
// again in sorted order, since waiting for a new one while holding others could deadlock with a call that
// holds the new one and waits for one of ours. What changed in between is caught by the staleness check
// that follows and by the handler's own comparison with the text it planned on.
export class CallLocks {
  private keys: string[] = [];
  private releaseKeys: (() => void) | undefined;
  private releaseFiles: (() => Promise<void>) | undefined;

  constructor(private readonly locks: KeyedLocks, private readonly fileLocks: FileLocker | undefined) {}

  async take(keys: readonly string[]): Promise<void> {
    const added = [...new Set(keys)].filter((key) => !this.keys.includes(key));
    if (added.length === 0 && this.releaseKeys !== undefined) return;
    await this.release();
    this.keys = [...this.keys, ...added];
    this.releaseKeys = await this.locks.acquire(this.keys);
    if (this.fileLocks && this.keys.length > 0) this.releaseFiles = await this.fileLocks(this.keys);
  }

  async release(): Promise<void> {
    const [keys, files] = [this.releaseKeys, this.releaseFiles];
    this.releaseKeys = undefined;
    this.releaseFiles = undefined;
    await files?.().catch(() => undefined);
    keys?.();
  }
}
