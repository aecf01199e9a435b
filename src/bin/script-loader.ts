import { closeSync, fstatSync, lstatSync, mkdirSync, openSync, readFileSync, readSync, renameSync, constants, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Script } from 'node:vm';
import { codewardCacheDir, defaultCacheFolder } from '../engine/cache-dir.js';
import { pruneCodeCache, type ScriptIdentity } from './code-cache-prune.js';
import type { CacheSeal } from './code-cache-seal.js';

// Issue 31: a V8 code cache for the bundle's large chunks on Node 20 (module.enableCompileCache is 22.1+, and
// only a script, not an ES module, takes vm's cachedData without --experimental-vm-modules). scripts/build.mjs
// (scripts/script-chunks.mjs) turns each large chunk into a small ES module facade, which imports what the chunk
// imported and calls loadScript, and the chunk's code as a script beside it (`<chunk>.script`): one async
// function of (dependencies' namespaces, import(), import.meta) that returns its exports.
//
// The cache lives in the user's codeward cache folder (`code-cache/`, 0700, this user's, never a symlink; the same
// folder sandboxed processes never see: sandbox.ts codewardFolders), one file per script: a header naming the
// script's identity (path, device, inode, size, ns mtime and ctime, Node's version, architecture, V8 flags) and
// V8's data. Used only when the header names the script as it is now; V8 checks the data against its own
// version and flags (cachedDataRejected: made again). A missing, foreign or corrupt cache only costs a compile.
// Made at exit, so it holds the functions the call compiled lazily too (unless another call made one meanwhile: kept);
// written only where the cache folder exists already (a read-only run of a new user leaves no cache folder behind).
// CODEWARD_NO_CODE_CACHE=1: none.

// A cache file's first line: the script's path, device, inode, size, ns mtime and ctime, Node's version and
// architecture (V8 checks only the source's length).
const scriptIdentity: ScriptIdentity = (path, stats) => `v1\0${[path, stats.dev, stats.ino, stats.size, stats.mtimeNs, stats.ctimeNs, process.version, process.arch].join('\0')}\n`;

// At the exit of a call that wrote a cache file: the entries no call can use any more deleted (code-cache-prune.ts).
// One listener per process (a constant function, moved after each write's).
const pruneAtExit = (): void => {
  const folder = cacheFolder(process.env, false);
  if (folder) pruneCodeCache(folder, scriptIdentity);
};

// Emitted on `process` right before the call changes V8's flags (setV8Flags).
const BEFORE_V8_FLAGS = Symbol.for('codeward.before-v8-flags');

// The one way the bin changes V8's flags in a call: the code caches still to make are made first. V8 checks a
// cache's data against the flags it was made under, and a call starts with none of these: data made after
// --liftoff-only (a call that parses code or shell text) was rejected by every next call, which compiled the
// chunk and made it again (issue 30: each one-changed-file repo map through the CLI).
export function setV8Flags(v8: { setFlagsFromString(flags: string): void }, flags: readonly string[]): void {
  (process as NodeJS.EventEmitter).emit(BEFORE_V8_FLAGS);
  for (const flag of flags) v8.setFlagsFromString(flag);
}

// Where the bin puts loadScript for the facades (one file fewer than their import of dist/script-loader.js).
export const LOAD_SCRIPT = Symbol.for('codeward.script');

// Whether `stats` (lstat or fstat) is this user's, no symlink, and no one else's to read or write.
const own = (stats: { uid: number | bigint; mode: number | bigint }): boolean => Number(stats.uid) === process.getuid?.() && (Number(stats.mode) & 0o077) === 0;

// The cache folder when it may be used: 0700, this user's, no symlink (`make`: created, inside an existing codeward
// cache folder: mkdir makes no parent). None with CODEWARD_NO_CODE_CACHE=1.
const cachePlace = (env: NodeJS.ProcessEnv): string => join(codewardCacheDir({ env }), 'code-cache');
function cacheFolder(env: NodeJS.ProcessEnv, make: boolean): string | undefined {
  if (env['CODEWARD_NO_CODE_CACHE'] === '1') return undefined;
  const folder = cachePlace(env);
  if (make) {
    try {
      mkdirSync(folder, { mode: 0o700 });
    } catch {
      // There already, or no cache folder to make it in: checked below.
    }
  }
  const stats = lstatSync(folder, { throwIfNoEntry: false });
  return stats?.isDirectory() && own(stats) ? folder : undefined;
}

// The cache file for the script `identity` names (its first line, which the file's must equal), or none: which file it
// is (`stamp`: inode, mtime, size) and, when `withData`, V8's data. `seal`: used only with its writer's seal (a folder
// other than the default one: code-cache-seal.ts).
function kept(file: string, identity: string, withData: boolean, seal: CacheSeal | undefined): { stamp: string; data?: Buffer } | undefined {
  const fd = openSync(file, constants.O_NOFOLLOW) /* O_RDONLY is 0 */;
  const header = Buffer.from(identity);
  try {
    const stats = fstatSync(fd, { bigint: true });
    if (!stats.isFile() || !own(stats) || (seal !== undefined && !seal.holds(file, stats))) return undefined;
    const bytes = withData ? readFileSync(fd) : Buffer.alloc(header.length);
    if (!withData) readSync(fd, bytes, 0, header.length, 0);
    if (!bytes.subarray(0, header.length).equals(header)) return undefined;
    return { stamp: `${stats.ino}:${stats.mtimeNs}:${stats.size}`, ...(withData ? { data: bytes.subarray(header.length) } : {}) };
  } finally {
    closeSync(fd);
  }
}

// Whether another process made a cache for `identity` at `file` since this one read `seen` (or found none): a warm
// engine (`codeward serve`) outlives the cold calls that made theirs, and at its exit it replaced them with a cache of
// only what it had compiled itself, which every later cold call accepted and compiled the rest anew (issue 31).
function madeMeanwhile(file: string, identity: string, seen: string | undefined, seal: CacheSeal | undefined): boolean {
  try {
    const now = kept(file, identity, false, seal);
    return now !== undefined && now.stamp !== seen;
  } catch {
    return false;
  }
}

type ScriptBody = (dependencies: readonly unknown[], load: (specifier: string) => Promise<unknown>, meta: ImportMeta) => Promise<Record<string, unknown>>;

// Runs the chunk script at `url` (its facade's dependencies, import() and import.meta) and returns its exports.
export async function loadScript(url: URL, dependencies: readonly unknown[], load: (specifier: string) => Promise<unknown>, meta: ImportMeta): Promise<Record<string, unknown>> {
  const path = fileURLToPath(url);
  const fd = openSync(path, 'r');
  const stats = fstatSync(fd, { bigint: true });
  const source = readFileSync(fd, 'utf8');
  closeSync(fd);
  // The script's identity, the cache file's first line.
  // (V8 checks its data against its own version and flags: a call with other V8 flags has its data rejected.)
  const identity = scriptIdentity(path, stats);
  const env = process.env;
  const folder = cacheFolder(env, false);
  // Its files need their writer's seal in a folder other than the default one (code-cache-seal.ts, loaded only then).
  const seal = env['CODEWARD_NO_CODE_CACHE'] === '1' || cachePlace(env) === join(defaultCacheFolder() ?? '\0', 'code-cache') ? undefined : (await import('./code-cache-seal.js')).cacheSeal;
  // The file's name: the script's (a chunk's name holds its content's hash; the header is what is checked).
  const name = path.slice(path.lastIndexOf('/') + 1);
  let cachedData: Buffer | undefined;
  // The cache file this process read (V8 may reject its data), or none.
  let seen: string | undefined;
  try {
    const found = folder ? kept(join(folder, name), identity, true, seal) : undefined;
    cachedData = found?.data;
    seen = found?.stamp;
  } catch {
    // None kept (or not readable): compiled.
  }
  const script = new Script(source, { filename: path, ...(cachedData ? { cachedData } : {}) });
  if (!cachedData || script.cachedDataRejected) {
    // Made once, a fresh file renamed into place: at exit, with what the call compiled lazily, or before the call
    // changes V8's flags (setV8Flags), with what it compiled so far, so that it holds the flags a call starts with.
    let made = false;
    const make = (): void => {
      if (made) return;
      made = true;
      try {
        const into = cacheFolder(env, true);
        if (into === undefined || madeMeanwhile(join(into, name), identity, seen, seal)) return;
        const fresh = join(into, `${name}.${process.pid}`);
        writeFileSync(fresh, Buffer.concat([Buffer.from(identity), script.createCachedData()]), { flag: 'wx', mode: 0o600 });
        const ino = lstatSync(fresh, { bigint: true }).ino;
        renameSync(fresh, join(into, name));
        if (seal !== undefined) {
          seal.seal(join(into, name), ino);
          seal.prune();
        }
      } catch {
        // Only a cache: the next call compiles again.
      }
    };
    // One listener per script loaded (a call may load more than Node's default of 10: the MaxListeners warning went to
    // the call's stderr).
    roomFor('exit');
    roomFor(BEFORE_V8_FLAGS);
    process.once('exit', make);
    (process as NodeJS.EventEmitter).once(BEFORE_V8_FLAGS, make);
    // Registered now (a listener added while 'exit' is emitted is not called), once, after the writes.
    process.off('exit', pruneAtExit).on('exit', pruneAtExit);
  }
  return (script.runInThisContext() as ScriptBody)(dependencies, load, meta);
}

// Raises the process's listener limit (not unlimited: 0 stays 0) while this event's listeners come within 8 of it, so
// the other modules' own listeners (run-groups.ts's exit kill) still have room.
function roomFor(event: string | symbol): void {
  const max = process.getMaxListeners();
  if (max !== 0 && process.listenerCount(event) + 8 >= max) process.setMaxListeners(max + 16);
}
