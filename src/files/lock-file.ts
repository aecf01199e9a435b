import { nodeCrypto } from '../engine/lazy-crypto.js';
import { mkdir, open, readFile, stat, unlink, utimes } from 'node:fs/promises';
import { hostname } from 'node:os';
import { join, resolve } from 'node:path';
import { CodewardError, fail, isCodewardError, toCodewardError } from '../engine/errors.js';
import { processAlive } from '../engine/process-alive.js';

export interface FileLockOptions {
  // Give up (C216) when the locks are not all held after this long.
  readonly timeoutMs: number;
  // A lock whose file was not refreshed for this long is taken over (holders refresh it every staleMs / 3).
  readonly staleMs: number;
  readonly signal?: AbortSignal;
}

export type ReleaseFileLocks = () => Promise<void>;

// The content of a lock file.
interface LockInfo {
  readonly pid: number;
  readonly hostname: string;
  readonly createdAt: number;
  readonly token: string;
}

// A lock file as another process found it: identity (inode, mtime, bytes) and parsed owner, if any.
interface Seen {
  readonly ino: number;
  readonly mtimeMs: number;
  readonly raw: string;
  readonly info: LockInfo | undefined;
}

interface Held {
  readonly path: string;
  readonly token: string;
  readonly heartbeat: ReturnType<typeof setInterval>;
}

// A remover crashed between creating and deleting its guard when the guard is older than this.
const GUARD_STALE_MS = 2000;

export function lockFileName(key: string): string {
  return `${nodeCrypto().createHash('sha256').update(resolve(key)).digest('hex')}.lock`;
}

const ignoreMissing = (error: NodeJS.ErrnoException): void => {
  if (error.code !== 'ENOENT') throw error;
};

// Creates `path` exclusively with `content`; false when it already exists.
async function tryCreate(path: string, content: string): Promise<boolean> {
  let handle;
  try {
    handle = await open(path, 'wx', 0o600);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
  try {
    await handle.writeFile(content);
  } catch (error) {
    await handle.close().catch(() => undefined);
    await unlink(path).catch(() => undefined);
    throw error;
  }
  await handle.close();
  return true;
}

function parseInfo(raw: string): LockInfo | undefined {
  try {
    const value = JSON.parse(raw) as Partial<LockInfo> | null;
    if (typeof value?.pid !== 'number' || typeof value.hostname !== 'string' || typeof value.createdAt !== 'number') return undefined;
    return { pid: value.pid, hostname: value.hostname, createdAt: value.createdAt, token: String(value.token ?? '') };
  } catch {
    return undefined; // still being written, or damaged: judged by age alone
  }
}

async function inspect(path: string): Promise<Seen | undefined> {
  try {
    const [st, raw] = await Promise.all([stat(path), readFile(path, 'utf8')]);
    return { ino: st.ino, mtimeMs: st.mtimeMs, raw, info: parseInfo(raw) };
  } catch (error) {
    ignoreMissing(error as NodeJS.ErrnoException);
    return undefined;
  }
}

// Stale: not refreshed for staleMs, or its owner on this host is gone (a dead pid, or our own pid
// reused from an earlier process: a lock of ours created before this process started).
function isStale(seen: Seen, staleMs: number): boolean {
  if (Date.now() - seen.mtimeMs > staleMs) return true;
  const owner = seen.info;
  if (owner === undefined || owner.hostname !== hostname()) return false;
  if (owner.pid === process.pid) return owner.createdAt < performance.timeOrigin - 1000;
  return !processAlive(owner.pid);
}

// Removes a stale lock unless it changed since it was judged. Removers serialise on a guard file, so two
// processes that both judged the same lock stale cannot delete the fresh lock the first one then took.
async function removeStale(path: string, judged: Seen): Promise<boolean> {
  const guard = `${path}.steal`;
  if (!(await tryCreate(guard, String(process.pid)))) {
    const st = await stat(guard).catch(() => undefined);
    if (st !== undefined && Date.now() - st.mtimeMs > GUARD_STALE_MS) await unlink(guard).catch(() => undefined);
    return false;
  }
  try {
    const now = await inspect(path);
    if (now !== undefined && now.ino === judged.ino && now.mtimeMs === judged.mtimeMs && now.raw === judged.raw) {
      await unlink(path).catch(ignoreMissing);
    }
    return true;
  } finally {
    await unlink(guard).catch(() => undefined);
  }
}

const sleep = (ms: number): Promise<void> => new Promise((done) => setTimeout(done, ms));

function seconds(ms: number): string {
  return String(Number((ms / 1000).toFixed(2)));
}

// Takes one lock file, waiting with small randomized backoff until `deadline`.
async function acquireOne(lockDir: string, key: string, deadline: number, options: FileLockOptions): Promise<Held> {
  const path = join(lockDir, lockFileName(key));
  const token = nodeCrypto().randomBytes(8).toString('hex');
  let owner: number | undefined;
  for (let attempt = 0; ; attempt++) {
    const info: LockInfo = { pid: process.pid, hostname: hostname(), createdAt: Date.now(), token };
    if (await tryCreate(path, JSON.stringify(info))) {
      const every = Math.max(10, Math.floor(options.staleMs / 3));
      const heartbeat = setInterval(() => {
        const now = new Date();
        utimes(path, now, now).catch(() => undefined);
      }, every);
      heartbeat.unref();
      return { path, token, heartbeat };
    }
    const seen = await inspect(path);
    if (seen === undefined) continue; // released meanwhile
    owner = seen.info?.pid ?? owner;
    if (isStale(seen, options.staleMs) && (await removeStale(path, seen))) continue;
    const { signal } = options;
    if (signal?.aborted) throw isCodewardError(signal.reason) ? signal.reason : fail('C223', `${key}: aborted while waiting for a file lock`);
    const left = deadline - Date.now();
    if (left <= 0) {
      throw fail('C216', `${key}: file is locked by another codeward process (pid ${owner ?? 'unknown'}) for more than ${seconds(options.timeoutMs)}s`);
    }
    const base = Math.min(50, 2 * 1.5 ** attempt);
    await sleep(Math.min(left, base * (0.5 + Math.random())));
  }
}

async function releaseOne(held: Held): Promise<void> {
  clearInterval(held.heartbeat);
  const seen = await inspect(held.path).catch(() => undefined);
  // Only our own lock: one taken over as stale (and maybe re-taken) belongs to someone else now.
  if (seen?.info?.token === held.token) await unlink(held.path).catch(() => undefined);
}

// Cross-process (and in-process) exclusive locks on `keys` (absolute paths): one file per key in `lockDir`,
// taken in sorted order so two callers can never deadlock. Resolves to the release function.
export async function acquireFileLocks(lockDir: string, keys: readonly string[], options: FileLockOptions): Promise<ReleaseFileLocks> {
  const sorted = [...new Set(keys.map((key) => resolve(key)))].sort();
  const held: Held[] = [];
  const releaseAll = async (): Promise<void> => {
    const list = held.splice(0).reverse();
    for (const lock of list) await releaseOne(lock);
  };
  try {
    if (sorted.length > 0) await mkdir(lockDir, { recursive: true, mode: 0o700 });
    const deadline = Date.now() + options.timeoutMs;
    for (const key of sorted) held.push(await acquireOne(lockDir, key, deadline, options));
  } catch (error) {
    await releaseAll();
    // Whatever the OS said (ENOTDIR, EACCES ...), a broken lock folder is an I/O problem of our cache.
    if (isCodewardError(error)) throw error;
    const cause = toCodewardError(error, `cannot lock in ${lockDir}`);
    throw new CodewardError('C216', cause.message, { cause: error });
  }
  return releaseAll;
}
