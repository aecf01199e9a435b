import { chmodSync, closeSync, constants, fstatSync, lstatSync, openSync, type Stats } from 'node:fs';
import { foldSetAside, listBytes } from './byte-names.js';
import { relative, sep } from 'node:path';
import { findCandidates } from './modes-find.js';
import { idOf, judgeHeld } from './modes-held.js';
import { spellHeld } from './modes-bytes.js';
import type { Unlisted } from './modes-unlisted.js';

// Red team H2: a sandboxed command (`chmod 4755 x`, `open(O_CREAT, 06777)`, `tar xp`) can leave a
// setuid or setgid program in the workspace. Inside, every mount is nosuid (bwrap's binds, the staging
// overlay), so the bit does nothing there; outside, where the workspace has no nosuid, it would run as the
// file's owner (root, when codeward runs as root) for any local user. A world-writable file or folder lets
// any local user change what the person later runs. So what a run leaves is checked after it: in place,
// by a walk of the workspace (files changed since the run started); staged, by the stage plan
// (shell/stage/plan.ts). The bits are cleared and the file is named in the run's warnings.

const SETUID = 0o4000;
const SETGID = 0o2000;
const WORLD_WRITABLE = 0o002;

// The bits of `mode` to clear: setuid, setgid and world-writable, of a file or a folder. A setgid folder
// (issue 26) gives every file made in it later, by the person outside the sandbox too, the folder's group
// (any group of the user's the command chose) and passes the bit on to new subfolders: files the person
// writes become the group's, which a group-writable umask hands to its other members.
export function riskyBits(mode: number, _dir: boolean): number {
  return mode & (SETUID | SETGID | WORLD_WRITABLE);
}

// `setuid, world-writable`: what the bits are, for a message.
export function riskyWhat(bits: number): string {
  const names = [bits & SETUID ? 'setuid' : '', bits & SETGID ? 'setgid' : '', bits & WORLD_WRITABLE ? 'world-writable' : ''];
  return names.filter(Boolean).join(', ');
}

// A FIFO, socket or device node a run made is never left in the workspace: a staged run does not apply it
// (shell/stage/plan.ts), an in-place run's is removed (clearRiskyModes). Red team R37-a7: a FIFO named `.gitignore`
// made every later search, git-status and plain `git status` block for ever on opening it.
export const SPECIAL_FILE = 'a FIFO, socket or device: never applied';

// Whether the bits make a program run as someone else (then a staged file is set aside, not applied).
export const runsAsOwner = (bits: number): boolean => (bits & (SETUID | SETGID)) !== 0;

export function clearedMessage(rel: string, bits: number, dir = false): string {
  const risk = dir && runsAsOwner(bits) ? 'give files made in it its group' : runsAsOwner(bits) ? 'let other users run it as its owner' : 'let other users change it';
  return `a sandboxed command left ${rel} ${riskyWhat(bits)}; the bit${bits & (bits - 1) ? 's were' : ' was'} cleared (outside the sandbox it would ${risk}; chmod it back yourself if you meant it)`;
}

// Every file and folder of the workspace changed at or after `since` (milliseconds, the file system's
// change time: a chmod sets it, and no process can set it back) with a risky mode: cleared, one warning
// each. The whole tree is walked (node_modules and .git too: a setuid file is as dangerous there); a
// symlink's mode means nothing. `from`: the folders the run could write in place (the workspace; a staged run: the
// writable binds of the real workspace, its `.git`; the rest the stage plan judges; and the sandboxWritable folders
// outside it, red team R38-a10), each named in messages from `root` when inside it, by its full path otherwise.
// A FIFO, socket or device changed since then is settled by modes-special.ts, one warning each.
// At any depth (red team R38-a1: a cap of 256 folders left a setuid file and a FIFO at 260): an explicit stack, not
// recursion, and a folder whose path grows long is listed through an open descriptor (/proc/self/fd/N, modes-deep.ts)
// so no path passes the kernel's PATH_MAX. `before`: the modes of the `from` folders taken before the run (inPlaceStarts): a
// folder whose own mode the run did not change keeps it (a shared cache the person made 1777 stays so, though the
// run's new files change the folder's change time).
// modes-special.ts loads only when a special file is found (a plain `exec true` never: test/bin/lazy-start.test.ts).
// The entries are listed by one GNU find child when there is one (modes-find.ts, ~10x cheaper than an lstat each in
// node); `find`: that program (tests: a missing one), the system's by default.
export async function clearRiskyModes(root: string, since: number, from: readonly string[] = [root], before?: ReadonlyMap<string, number | undefined>, find?: string): Promise<string[]> {
  const warnings: string[] = [];
  let specials: Promise<typeof import('./modes-special.js')> | undefined;
  // Cleared when changed since the run started; true for a folder to walk into. Plain (not bigint)
  // stats: a 2 s margin makes milliseconds enough, and a bigint stat of every file costs twice as much.
  const clear = (path: string, rel: string, kept?: number): Stats | undefined => {
    let stats: Stats | undefined;
    try {
      stats = lstatSync(path, { throwIfNoEntry: false });
    } catch (error) {
      // Red team R41-a1: one entry's error (EACCES below a folder not searchable) never abandons the walk.
      warnings.push(`${rel} could not be checked for what the run left (${(error as Error).message}); check it`);
      return undefined;
    }
    if (!stats || (!stats.isDirectory() && !stats.isFile())) return undefined;
    const isDir = stats.isDirectory();
    const bits = riskyBits(stats.mode, isDir);
    if (bits !== 0 && stats.ctimeMs >= since && stats.mode !== kept) {
      try {
        warnings.push(chmodHeld(path, stats, bits) ? clearedMessage(rel, bits, isDir) : `${rel} (${riskyWhat(bits)}) changed while it was checked (a run still going?) and was left as it is; check it`);
      } catch (error) {
        warnings.push(`a sandboxed command left ${rel} ${riskyWhat(bits)} and the bits could not be cleared (${(error as Error).message}); chmod it before anyone runs it`);
      }
    }
    return isDir ? stats : undefined;
  };
  // Settled by modes-special.ts (the kernel's socket list read once per walk, and the walk's connects, in `memo`).
  const memo: { probes?: { skipped: number; count: number; spent: number } } = {};
  // Their warnings, folded past 10 at the end (modes-special.ts foldSpecial).
  const settled: string[] = [];
  // The folders the walk gave u+rwx (modes-unlisted.ts), held open until the walk ends.
  const opened: Unlisted[] = [];
  const special = async (path: string, rel: string, plain: string): Promise<void> => {
    const message = await (await (specials ??= import('./modes-special.js'))).settleSpecial(path, rel, since, memo, plain);
    if (message !== undefined) settled.push(message);
  };
  // Lists a folder, judges each entry; returns its subfolders. Red team R39-a1: a run still going (another exec of the
  // same workspace or cache) swaps entries for symlinks while the walk goes, so the folder is opened (no link followed)
  // and must be the folder its parent listed (`id`), and its entries are judged through that descriptor.
  const visit = async (folder: Folder): Promise<Folder[]> => {
    let fd: number;
    // A folder the run left unlistable or unsearchable is opened after a u+rwx and given its mode back after
    // (modes-unlisted.ts).
    let unlisted: Unlisted | undefined;
    try {
      fd = openSearchable(folder.path, constants.O_DIRECTORY | (PROC_FD.test(folder.path) ? 0 : constants.O_NOFOLLOW));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EACCES' || PROC_FD.test(folder.path)) return [];
      unlisted = (await import('./modes-unlisted.js')).openUnlisted(folder.path, (stats) => folder.id === undefined || idOf(stats) === folder.id, since, folder.rel);
      if (unlisted === undefined) return [];
      fd = unlisted.fd;
    }
    const folders: Folder[] = [];
    try {
      if (folder.id !== undefined && idOf(fstatSync(fd)) !== folder.id) return [];
      const held = `/proc/self/fd/${fd}`;
      let entries;
      try {
        entries = listBytes(held);
      } catch {
        return [];
      }
      for (const listed of entries) {
        // By bytes: a name that is not UTF-8 is renamed to its spelling first (byte-names.ts, red team R40-a2).
        const name = listed.faithful ? listed.name : spellHeld(held, folder.rel, listed.raw, since, warnings);
        if (name === undefined) continue;
        const entry = listed.entry;
        const rel = folder.rel === '' ? name : `${folder.rel}/${name}`;
        if (entry.isFile() || entry.isDirectory()) {
          const dir = clear(`${held}/${name}`, rel);
          if (dir) folders.push({ path: `${folder.path}/${name}`, rel, id: idOf(dir) });
        } else if (!entry.isSymbolicLink()) await special(`${held}/${name}`, rel, `${folder.path}/${name}`);
      }
    } finally {
      if (unlisted !== undefined) opened.push(unlisted);
      else closeSync(fd);
    }
    return folders;
  };
  // Depth first, an explicit stack; a folder whose path passes ANCHOR goes to `deep`.
  const walk = async (stack: Folder[], deep: Folder[]): Promise<void> => {
    for (let top = stack.pop(); top !== undefined; top = stack.pop()) for (const folder of await visit(top)) (folder.path.length > ANCHOR ? deep : stack).push(folder);
  };
  const starts: Folder[] = [];
  const deep: Folder[] = [];
  // The workspace folder itself too (`chmod g+s .`).
  for (const start of from) {
    const named = relative(root, start).split(sep).join('/') || '.';
    const rel = named.startsWith('..') ? start : named;
    const dir = clear(start, rel, before?.get(start));
    if (dir) starts.push({ path: start, rel: rel === '.' ? '' : rel, id: idOf(dir) });
  }
  // One find child lists the candidates (modes-find.ts), judged through held folders (modes-held.ts); the node walk
  // when it cannot (no GNU find, or it failed).
  try {
    const found = await findCandidates(starts, since, riskyBits(0o7777, true) | riskyBits(0o7777, false), ANCHOR, find, warnings);
    if (found === undefined) await walk(starts, deep);
    else {
      const judged = await judgeHeld(found, async (held, entry) => {
        if (entry.special) await special(held, entry.rel, entry.path);
        else clear(held, entry.rel);
      });
      warnings.push(...judged.warnings);
      deep.push(...judged.deep);
    }
    // Listed through descriptors (modes-deep.ts), loaded only for such a tree.
    if (deep.length > 0) warnings.push(...(await (await import('./modes-deep.js')).walkDeep(deep, walk)));
  } finally {
    // The folders the walk gave u+rwx, given their modes back (deepest first) once all below them was walked.
    for (const folder of opened.reverse()) warnings.push(folder.restore());
  }
  if (specials !== undefined) {
    const loaded = await specials;
    warnings.push(...loaded.foldSpecial(settled));
    const unasked = loaded.skippedProbes(memo.probes);
    if (unasked) warnings.push(unasked);
  }
  return foldSetAside(warnings);
}

// A folder's listing descriptor; throws EACCES too when codeward's user (not root) owns it and may list it but not
// search it (red team R41-a1: `chmod 601 d` opens, lists, and then every lstat below it fails), so the walk takes it
// the way of an unlistable one (modes-unlisted.ts).
function openSearchable(path: string, flags: number): number {
  const fd = openSync(path, flags);
  const stats = fstatSync(fd);
  const uid = process.getuid?.();
  if (uid === undefined || uid === 0 || stats.uid !== uid || (stats.mode & 0o100) !== 0) return fd;
  closeSync(fd);
  throw Object.assign(new Error(`${path}: not searchable`), { code: 'EACCES' });
}

// `id`: the folder's device and inode when its parent listed it (idOf).
type Folder = { path: string; rel: string; id?: string };

const PROC_FD = /^\/proc\/self\/fd\/\d+$/;
// Linux's O_PATH (node names no constant for it): a descriptor of the entry itself, opened whatever its mode.
const O_PATH = 0o10000000;

// Clears `bits` of the entry at `path` judged from `stats` (an lstat), through a descriptor of the entry itself (no link
// followed) that must be the inode judged: never by path again (red team R39-a1: chmod follows a link a concurrent run
// swapped in between the lstat and the chmod, and codeward, as root, changed a host file's mode). False when it changed.
function chmodHeld(path: string, stats: Stats, bits: number): boolean {
  const fd = openSync(path, O_PATH | constants.O_NOFOLLOW);
  try {
    const now = fstatSync(fd);
    if (idOf(now) !== idOf(stats) || now.mode !== stats.mode) return false;
    chmodSync(`/proc/self/fd/${fd}`, now.mode & 0o7777 & ~bits);
    return true;
  } finally {
    closeSync(fd);
  }
}

// A folder path longer than this is listed through a descriptor (PATH_MAX is 4096; a name adds at most 256).
export const ANCHOR = 3_000;


// The folders an in-place walk starts from (the workspace's parts and the writable folders; one inside another is
// walked twice, finding nothing new the second time), each with its mode before the run (clearRiskyModes' `before`).
export function inPlaceStarts(workspace: readonly string[], writable: readonly string[]): Map<string, number | undefined> {
  return new Map([...workspace, ...writable].map((path) => [path, lstatSync(path, { throwIfNoEntry: false })?.mode]));
}

// The folders of the workspace a bwrap argument list binds writable (`--bind SRC DST` with SRC in root),
// besides the workspace itself: what a staged run writes in place.
export function writableInPlace(args: readonly string[], root: string): string[] {
  const found: string[] = [];
  for (let index = 0; index + 2 < args.length && args[index] !== '--'; index += 1) {
    const source = args[index + 1]!;
    if (args[index] === '--bind' && source !== root && source.startsWith(`${root}${sep}`)) found.push(source);
  }
  return found;
}
