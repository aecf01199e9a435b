import { nodeCrypto } from '../engine/lazy-crypto.js';
import { mkdir, readFile, realpath } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { toCodewardError } from '../engine/errors.js';
import { atomicWrite } from '../files/atomic-write.js';
import { cacheDirOutside, codewardCacheDir, validateSessionId, type CacheDirOptions } from '../files/session-store.js';
import { DenialTracker, denialLimitsFromEnv, type DenialLimits } from './denials.js';

export interface DenialStoreOptions extends CacheDirOptions {
  readonly workspaceRoot: string;
  // The CLI's --session ID.
  readonly sessionId: string;
  // Default codewardCacheDir(); tests inject a temp dir.
  readonly cacheDir?: string;
}

// The denial counts of one CLI --session: `<cache>/denials/<sha256(root, session)>.json`, written
// atomically (temp file + rename) with mode 0600. The last saving process wins.
export class DenialStore {
  private constructor(
    readonly file: string,
    private readonly limits: DenialLimits,
  ) {}

  static async open(options: DenialStoreOptions): Promise<DenialStore> {
    const sessionId = validateSessionId(options.sessionId);
    const root = await realpath(options.workspaceRoot).catch(() => resolve(options.workspaceRoot));
    const cache = await cacheDirOutside(root, options.cacheDir ?? codewardCacheDir(options));
    const key = nodeCrypto().createHash('sha256').update(`${root}\0${sessionId}`).digest('hex').slice(0, 32);
    return new DenialStore(join(cache, 'denials', `${key}.json`), denialLimitsFromEnv(options.env ?? process.env));
  }

  // The session's tracker; a missing or damaged file gives a fresh one.
  async load(): Promise<DenialTracker> {
    let text: string;
    try {
      text = await readFile(this.file, 'utf8');
    } catch {
      return new DenialTracker(this.limits);
    }
    try {
      return DenialTracker.fromJSON(JSON.parse(text), this.limits);
    } catch {
      return new DenialTracker(this.limits);
    }
  }

  async save(tracker: DenialTracker): Promise<void> {
    try {
      await mkdir(dirname(this.file), { recursive: true, mode: 0o700 });
      await atomicWrite(this.file, `${JSON.stringify(tracker.toJSON())}\n`, { mode: 0o600 });
    } catch (error) {
      throw toCodewardError(error, 'cannot save the denial counts');
    }
  }
}
