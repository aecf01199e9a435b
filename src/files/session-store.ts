import { nodeCrypto } from '../engine/lazy-crypto.js';
import { lstat, mkdir, readdir, readFile, realpath, stat, unlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, dirname, isAbsolute, join, relative, resolve } from 'node:path';
import { fail, toCodewardError } from '../engine/errors.js';
import { atomicWrite } from './atomic-write.js';
import { acquireFileLocks } from './lock-file.js';
import { mergeChanges, parseSession, serializeSession } from './session-store-format.js';
import { isFsError } from './staleness-snapshot.js';
import { StalenessTracker } from './staleness.js';

import { codewardCacheDir, type CacheDirOptions } from '../engine/state-dir.js';

export type { CacheDirOptions } from '../engine/state-dir.js';

export interface SessionStoreOptions extends CacheDirOptions {
  // The workspace's root; its real path keys the session file.
  readonly workspaceRoot: string;
  // The CLI's --session ID.
  readonly sessionId: string;
  // The codeward cache folder (default codewardCacheDir()); tests inject a temp dir.
  readonly cacheDir?: string;
  // How long a save waits for another process saving the same session (default 10 s).
  readonly lockTimeoutMs?: number;
}

const SESSION_ID = /^[A-Za-z0-9._-]{1,64}$/;
const DAY_MS = 24 * 60 * 60 * 1000;
const MAX_AGE_MS = 7 * DAY_MS;
const PRUNE_EVERY_MS = 60 * 60 * 1000;

export function validateSessionId(id: string): string {
  if (!SESSION_ID.test(id)) {
    throw fail('C210', `--session: "${id.slice(0, 80)}" is not a valid session id (use 1-64 characters from A-Z a-z 0-9 . _ -)`);
  }
  return id;
}

export { codewardCacheDir } from '../engine/state-dir.js';

const inside = (root: string, path: string): boolean => {
  const rel = relative(root, path);
  return rel === '' || (!isAbsolute(rel) && rel.split(/[\\/]/)[0] !== '..');
};

// `path` with its longest existing ancestor resolved through symlinks.
async function realish(path: string): Promise<string> {
  const parent = dirname(path);
  try {
    return await realpath(path);
  } catch {
    return parent === path ? path : join(await realish(parent), basename(path));
  }
}

// A per-user folder under the OS temp dir, for a workspace that contains the cache folder (e.g. -C ~).
async function privateTempDir(): Promise<string> {
  const dir = join(tmpdir(), `codeward-${process.getuid?.() ?? 'user'}`);
  await mkdir(dir, { recursive: true, mode: 0o700 }).catch(() => undefined);
  const st = await lstat(dir).catch(() => undefined);
  if (!st?.isDirectory() || (process.getuid !== undefined && st.uid !== process.getuid())) {
    throw fail('C216', `${dir}: not a private folder of this user; set CODEWARD_STATE_DIR to a folder outside the workspace`);
  }
  return dir;
}

// The cache folder for per-session state, never inside the workspace: a cache folder inside it (e.g.
// -C ~) would let the agent edit its own stamps or denial counts, so a private temp folder is used then.
export async function cacheDirOutside(root: string, cacheDir: string): Promise<string> {
  const cache = await realish(resolve(cacheDir));
  return inside(root, cache) ? privateTempDir() : cache;
}

// Stamps and warnings of one CLI --session, in the user's cache folder (never in the workspace): load at the
// start of a call, save at the end; saves merge under a cross-process lock, so parallel calls lose nothing.
export class SessionStore {
  private constructor(
    readonly root: string,
    readonly sessionId: string,
    readonly file: string,
    readonly lockDir: string,
    private readonly lockTimeoutMs: number,
  ) {}

  static async open(options: SessionStoreOptions): Promise<SessionStore> {
    const sessionId = validateSessionId(options.sessionId);
    const root = await realpath(options.workspaceRoot).catch(() => resolve(options.workspaceRoot));
    const cache = await cacheDirOutside(root, options.cacheDir ?? codewardCacheDir(options));
    const key = nodeCrypto().createHash('sha256').update(`${root}\0${sessionId}`).digest('hex').slice(0, 32);
    const file = join(cache, 'sessions', `${key}.json`);
    return new SessionStore(root, sessionId, file, join(cache, 'locks'), options.lockTimeoutMs ?? 10_000);
  }

  // The session's tracker; a missing, unreadable or damaged session file gives an empty one.
  async load(tracker: StalenessTracker = new StalenessTracker()): Promise<StalenessTracker> {
    tracker.restore(await this.readRecords());
    return tracker;
  }

  // Writes the tracker's changes since load (temp + rename), merged with whatever other processes saved.
  async save(tracker: StalenessTracker): Promise<void> {
    const changes = tracker.changes();
    if (changes.size === 0) return;
    await mkdir(dirname(this.file), { recursive: true, mode: 0o700 }).catch((error: unknown) => {
      throw toCodewardError(error, 'cannot create the session folder');
    });
    const release = await acquireFileLocks(this.lockDir, [this.file], { timeoutMs: this.lockTimeoutMs, staleMs: 30_000 });
    try {
      const merged = mergeChanges(await this.readRecords(), changes);
      await atomicWrite(this.file, serializeSession(this.root, this.sessionId, merged), { mode: 0o600 });
      tracker.clearChanges();
    } finally {
      await release();
    }
    await this.prune();
  }

  // Before a write: what other processes of this session saved about these files since we loaded.
  async refresh(tracker: StalenessTracker, paths: readonly string[]): Promise<void> {
    if (paths.length > 0) tracker.adopt(await this.readRecords(), paths);
  }

  private async readRecords(): Promise<ReturnType<typeof parseSession>> {
    try {
      return parseSession(await readFile(this.file, 'utf8'), this.root, this.sessionId);
    } catch (error) {
      if (!isFsError(error)) throw error;
      return new Map();
    }
  }

  // At most hourly: removes session files unused for 7 days, and lock files and temp files left by crashes.
  private async prune(): Promise<void> {
    const sessions = dirname(this.file);
    const marker = join(sessions, '.pruned');
    const now = Date.now();
    try {
      const last = await stat(marker).catch(() => undefined);
      if (last !== undefined && now - last.mtimeMs < PRUNE_EVERY_MS) return;
      await writeFile(marker, '');
      const old = async (dir: string, name: string, age: number): Promise<void> => {
        const path = join(dir, name);
        const st = await stat(path).catch(() => undefined);
        if (st?.isFile() && now - st.mtimeMs > age && path !== this.file) await unlink(path).catch(() => undefined);
      };
      const sweep = async (dir: string, pick: (name: string) => number | undefined): Promise<void> => {
        const names = await readdir(dir).catch(() => []);
        await Promise.all(names.map((name) => (pick(name) === undefined ? undefined : old(dir, name, pick(name)!))));
      };
      await sweep(sessions, (name) => (name.endsWith('.json') ? MAX_AGE_MS : name.endsWith('.cw-tmp') ? DAY_MS : undefined));
      await sweep(this.lockDir, (name) => (name.endsWith('.lock') || name.endsWith('.steal') ? MAX_AGE_MS : undefined));
    } catch (error) {
      if (!isFsError(error)) throw error;
    }
  }
}
