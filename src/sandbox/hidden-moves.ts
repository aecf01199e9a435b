import { closeSync, constants, lstatSync, mkdirSync, openSync, renameSync } from 'node:fs';
import { bytePath, gone, listBytes, type ByteEntry } from './byte-names.js';
import { openUnlisted } from './modes-unlisted.js';
import { basename, dirname, relative, sep } from 'node:path';
import { moveAside } from './planted.js';
import { withOwnFolderWritable } from './own-folder.js';

// Red team R6-9: what the sandbox hides in the workspace (the non-accessible globs) is a mount point, which
// a process cannot rename or remove; a folder ABOVE it can be renamed, though, by a run in place
// (`mv config config3`): the hidden files then live where no anchored glob (`config/private/**`) matches,
// and `read` shows them. So the folders between the workspace and each hidden path are kept by identity
// before an in-place run, and one the run moved is moved back after it (a staged run cannot: the rename of
// a folder holding a mount fails there). Only the rare run that did it pays for the search.

// Past this many bytes of path the walk goes on from a held descriptor of the folder (/proc/self/fd/N), so no
// path it names passes PATH_MAX (4096) however deep the run moved the folder.
const ANCHOR = 2048;

// How much find() may walk (entries listed, milliseconds) before it stops: a run that made millions of folders must
// not hold codeward for ever. Cut short is not "not found": the folder is lost (hidden-lost.ts: later runs refuse).
export interface FindBudget {
  readonly entries: number;
  readonly ms: number;
}
export const FIND_BUDGET: FindBudget = { entries: 200_000, ms: 10_000 };

export function identity(path: string | Buffer): string | undefined {
  try {
    const stats = lstatSync(path, { bigint: true });
    return stats.isDirectory() ? `${stats.dev}:${stats.ino}` : undefined;
  } catch {
    return undefined;
  }
}

// The folders between `root` and each hidden path (absolute), by identity.
export function hiddenAncestors(root: string, hidden: readonly string[]): Map<string, string> {
  const folders = new Map<string, string>();
  for (const path of hidden) {
    for (let dir = dirname(path); dir !== root && dir.startsWith(`${root}${sep}`) && !folders.has(dir); dir = dirname(dir)) {
      const id = identity(dir);
      if (id) folders.set(dir, id);
    }
  }
  return folders;
}

// One step of find's walk: a folder to list (`anchor`: opened first, its path being long), or what to do once all
// below a held folder was walked (close it; give an unlistable folder its mode back, with the warning that says so).
type Frame = { readonly dir: Buffer; readonly rel: string; readonly anchor?: true } | { readonly done: () => string | undefined };

// The folder of the workspace with this identity, wherever a run moved it (red team R42-a3: a walk capped at 32
// folders deep read "moved 40 deep" as "nothing to do", and the secret showed). Listed by bytes (byte-names.ts: below
// a name that is not UTF-8 too, utf55), no depth cap: a long path is walked on from a held descriptor, and a folder
// of codeward's user that it cannot list is given u+rwx for the walk, its mode given back (modes-unlisted.ts).
// `use` gets its path (bytes) while the walk's descriptors are still open. `unlisted`: folders it could not look into;
// `cut`: the budget ran out first.
export interface Found {
  readonly found: boolean;
  readonly cut: boolean;
  readonly unlisted: string[];
  readonly notes: string[];
}
// `ran`: when the run began (what it did not change is not blamed on it: modes-unlisted.ts).
export function find(root: string, id: string, use: (at: Buffer, rel: string) => void, budget: FindBudget = FIND_BUDGET, ran = Infinity): Found {
  const stack: Frame[] = [{ dir: Buffer.from(root), rel: '' }];
  const deadline = Date.now() + budget.ms;
  let listed = 0;
  const unlisted: string[] = [];
  const notes: string[] = [];
  const finish = (frame: Frame): void => {
    const note = 'done' in frame ? frame.done() : undefined;
    if (note !== undefined) notes.push(note);
  };
  try {
    for (let top = stack.pop(); top !== undefined; top = stack.pop()) {
      if ('done' in top) {
        finish(top);
        continue;
      }
      const dir = open(top, stack, unlisted, ran);
      if (dir === undefined) continue;
      listed += dir.entries.length;
      if (listed > budget.entries || Date.now() > deadline) return { found: false, cut: true, unlisted, notes };
      for (const { raw, name, entry } of dir.entries) {
        if (!entry.isDirectory()) continue;
        const path = bytePath(dir.at, raw);
        const rel = top.rel === '' ? name : `${top.rel}/${name}`;
        if (identity(path) === id) {
          use(path, rel);
          return { found: true, cut: false, unlisted, notes };
        }
        stack.push({ dir: path, rel, ...(path.length > ANCHOR ? { anchor: true as const } : {}) });
      }
    }
    return { found: false, cut: false, unlisted, notes };
  } finally {
    for (let frame = stack.pop(); frame !== undefined; frame = stack.pop()) finish(frame);
  }
}

// The entries of the frame's folder and the path they are below (a held descriptor's for a long or unlistable one,
// whose closing is pushed on `stack`); undefined when it is gone, or cannot be looked into (named in `unlisted`).
function open(frame: { readonly dir: Buffer; readonly rel: string; readonly anchor?: true }, stack: Frame[], unlisted: string[], ran: number): { at: Buffer; entries: ByteEntry[] } | undefined {
  let at = frame.dir;
  try {
    if (frame.anchor) {
      const fd = openSync(frame.dir, constants.O_DIRECTORY | constants.O_NOFOLLOW);
      stack.push({ done: () => void closeSync(fd) });
      at = Buffer.from(`/proc/self/fd/${fd}`);
    }
    return { at, entries: listBytes(at) };
  } catch (error) {
    if (gone(error)) return undefined;
    const opened = openUnlisted(at, () => true, 0, frame.rel, ran);
    if (opened === undefined) return void unlisted.push(frame.rel || '.');
    stack.push({ done: opened.restore });
    at = Buffer.from(`/proc/self/fd/${opened.fd}`);
    try {
      return { at, entries: listBytes(at) };
    } catch {
      return void unlisted.push(frame.rel || '.');
    }
  }
}

const shown = (rel: string): string => (rel.length > 300 ? `...${rel.slice(-240)}` : rel);

// After an in-place run: each folder above a hidden path that the run moved is moved back (what the run
// put in its place is moved aside first). One warning each; one that cannot be found fails loud (what it
// holds may show): the secret walk of every later run hides whole a folder it cannot look into. One the walk was cut
// short looking for is handed to `lost` (hidden-lost.ts records it: later runs refuse until it is back; true when
// recorded), and the ones below it are not looked for again.
export function restoreHiddenAncestors(root: string, before: ReadonlyMap<string, string>, lost?: (path: string, id: string) => boolean, budget: FindBudget = FIND_BUDGET, ran = Infinity): string[] {
  const warnings: string[] = [];
  const cut: string[] = [];
  // Topmost first: moving a folder back brings the ones below it back too.
  for (const [path, id] of [...before].sort(([a], [b]) => a.length - b.length)) {
    if (identity(path) === id || cut.some((top) => path.startsWith(`${top}${sep}`))) continue;
    const back = moveBack(root, path, id, budget, ran);
    if (back.cut || back.stuck) {
      cut.push(path);
      back.warnings.push(back.cut ? lostNote(root, path, budget, lost?.(path, id) === true) : stuckNote(root, path, lost?.(path, id) === true));
    }
    warnings.push(...back.warnings);
  }
  return warnings;
}

const relOf = (root: string, at: string): string => relative(root, at).split(sep).join('/');

// The folder `id` moved back to `path`, wherever in the workspace the run put it: what was said, and whether the walk
// was cut short (nothing said of it then: the caller says what follows).
// found, or found and not moved back (`stuck`: the caller records it as lost, as a walk cut short).
// `refuse`: why the folder found (its path, bytes) must not be moved back to `path` (a record's: lost-place.ts), said
// as `refused`.
export function moveBack(root: string, path: string, id: string, budget: FindBudget = FIND_BUDGET, ran = Infinity, refuse?: (at: Buffer) => string | undefined): { warnings: string[]; cut: boolean; stuck: boolean; refused?: string } {
  const warnings: string[] = [];
  const rel = relOf(root, path);
  let stuck = false;
  let refused: string | undefined;
  const { found, cut, unlisted, notes } = find(root, id, (at, moved) => {
    refused = refuse?.(at);
    if (refused !== undefined) return void (stuck = true);
    try {
      const aside = lstatSync(path, { throwIfNoEntry: false }) ? moveAside(path) : undefined;
      renameBack(root, at, path);
      warnings.push(`a sandboxed command moved ${rel} to ${shown(moved)}, which would have shown files the hidden-files globs hide; it was moved back${aside ? ` (what the command put there is now ${basename(aside)})` : ''}`);
    } catch (error) {
      stuck = true;
      warnings.push(`a sandboxed command moved ${rel} to ${shown(moved)}, which shows files the hidden-files globs hide, and it could not be moved back (${(error as Error).message})`);
    }
  }, budget, ran);
  warnings.push(...notes);
  if (!found && !cut) stuck = true;
  if (!found && !cut) warnings.push(`a sandboxed command moved ${rel}, which holds files the hidden-files globs hide, and codeward could not find where it went${unlisted.length > 0 ? ` (it could not look into ${unlisted.slice(0, 3).map(shown).join(', ')}${unlisted.length > 3 ? ` and ${unlisted.length - 3} more` : ''}, which later runs see as empty)` : ' in the workspace'}: those files may show; find it and move it back yourself`);
  return { warnings, cut, stuck, ...(refused === undefined ? {} : { refused }) };
}

// Red team R43-a4: the run can refuse the move back itself: `chmod 555` on the folder it came from or on the moved
// folder (its `..` changes), or the folder it came from removed. Folders of codeward's own user get u+wx for the
// rename (own-folder.ts, modes given back); missing folders between the workspace and the place are made again (no
// link followed: an entry that is not a folder fails). Whatever still fails is the caller's `stuck`.
function renameBack(root: string, at: Buffer, path: string): void {
  try {
    return renameSync(at, path);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' && remakeParents(root, dirname(path))) return renameSync(at, path);
    if (code !== 'EACCES' && code !== 'EPERM') throw error;
    const cut = at.lastIndexOf(0x2f);
    const name = at.subarray(cut + 1);
    withOwnFolderWritable(at.subarray(0, Math.max(cut, 1)), error, (from) =>
      withOwnFolderWritable(dirname(path), error, (to) => withOwnFolderWritable(at, error, () => renameSync(Buffer.concat([Buffer.from(`${from}/`), name]), `${to}/${basename(path)}`))),
    );
  }
}

function remakeParents(root: string, folder: string): boolean {
  const parts = relative(root, folder).split(sep).filter(Boolean);
  if (parts[0] === '..') return false;
  let at = root;
  for (const part of parts) {
    at = `${at}${sep}${part}`;
    const stats = lstatSync(at, { throwIfNoEntry: false });
    if (stats && !stats.isDirectory()) return false;
    if (!stats) mkdirSync(at, { mode: 0o755 });
  }
  return true;
}

function stuckNote(root: string, path: string, recorded: boolean): string {
  const rel = relOf(root, path);
  return recorded ? `every later sandboxed run of this workspace first tries again to move it back to ${rel}, and is refused until it is back (move it back yourself, or remove it)` : 'those files may show (no state folder to record it in): move it back yourself';
}

export function lostNote(root: string, path: string, budget: FindBudget, recorded: boolean): string {
  const rel = relOf(root, path);
  return `a sandboxed command moved ${rel}, which holds files the hidden-files globs hide, and codeward stopped looking for where it went (past ${budget.entries} entries or ${budget.ms} ms of the workspace's folders): ${recorded ? `every later sandboxed run of this workspace is refused until it is back at ${rel} (move it back yourself, or remove it)` : 'those files may show (no state folder to record it in): find it and move it back yourself'}`;
}
