import { nodeCrypto } from '../engine/lazy-crypto.js';
import { lstatSync, readFileSync, renameSync, unlinkSync } from 'node:fs';
import { basename, dirname, isAbsolute } from 'node:path';
import { withOwnFolderWritable } from './own-folder.js';
import { budgetedListener, probeBudget, skippedProbes, type ProbeBudget } from './socket-listener.js';

export { skippedProbes };

// A FIFO, socket or device node found changed since an in-place run started (clearRiskyModes, modes.ts). Who made it
// is not written anywhere codeward can read: the run, or another program of the person's on the host at the same time
// (a dev database's `.s.PGSQL.5432`, a tool's FIFO). Red team R38-a2: removing every one of them by its change time took
// the person's live server socket and blamed it on the run. So, by what each kind can tell:
// - a socket some live process has bound (the kernel's list, /proc/net/unix) is not the run's: the run's processes
//   all died with its pid namespace (bwrap --unshare-pid --die-with-parent). Left alone, no warning. That list is this
//   network namespace's and spells the path as bind() did (red team R40-a4: a container's listener, one bound through
//   a symlinked folder), so a socket not in it is asked itself: a connect() that succeeds (or meets a full backlog)
//   is a listener, left alone; ECONNREFUSED is no listener in any namespace. A socket no process holds blocks no
//   reader (opening one fails at once) and serves nobody: removed, said as such. Any other answer: left, said.
// - a FIFO or device cannot be told apart: a reader that opens a FIFO waits for ever (R37-a7: `.gitignore`), so it is
//   moved aside (renamed beside itself, recoverable, never deleted), and the warning says it may be the person's.

// Paths of the sockets live processes have bound (this network namespace's; abstract names skipped), read once.
function liveSocketPaths(): (path: string) => boolean {
  let bound: Set<string> | undefined;
  return (path) => {
    bound ??= readBound();
    // A name bound relative to its process's folder matches by its last part (a dead socket left alone is harmless).
    return bound.has(path) || bound.has(`./${basename(path)}`);
  };
}

function readBound(): Set<string> {
  const found = new Set<string>();
  let text: string;
  try {
    text = readFileSync('/proc/net/unix', 'utf8');
  } catch {
    return found;
  }
  for (const line of text.split('\n').slice(1)) {
    const fields = line.trim().split(/\s+/);
    const path = fields.length >= 8 ? fields.slice(7).join(' ') : '';
    if (path === '' || path.startsWith('@')) continue;
    found.add(isAbsolute(path) ? path : `./${basename(path)}`);
  }
  return found;
}

// The special file at `path` (`rel` for the message) settled when changed since `since`; the warning, if any.
// `memo`: the socket list of one walk. `plain`: its path by name (`path` may be /proc/self/fd/N/name, a held folder's):
// what a live process bound is matched by.
// `memo.probes`: the walk's connects (socket-listener.ts budgetedListener): past its budget a socket is left unasked.
export async function settleSpecial(path: string, rel: string, since: number, memo: { live?: (path: string) => boolean; probes?: ProbeBudget }, plain = path): Promise<string | undefined> {
  const stats = lstatSync(path, { throwIfNoEntry: false });
  if (!stats || stats.isFile() || stats.isDirectory() || stats.isSymbolicLink() || stats.ctimeMs < since) return undefined;
  if (stats.isSocket()) {
    if ((memo.live ??= liveSocketPaths())(plain)) return undefined;
    const answer = await budgetedListener(path, (memo.probes ??= probeBudget()));
    if (answer === undefined || answer === 'listens') return undefined;
    if (answer !== 'ECONNREFUSED') return `${rel}, a socket made or changed while the run went, was left in place: whether something listens on it could not be told (${answer}); remove it if it is not yours`;
    try {
      unlinkSync(path);
      return `${rel}, a socket made or changed while the run went that no process holds, was removed (nothing listened on it)`;
    } catch (error) {
      return `${rel}, a socket made or changed while the run went that no process holds, could not be removed (${(error as Error).message})`;
    }
  }
  const what = stats.isFIFO() ? 'a FIFO' : 'a device node';
  const aside = `${path}.set-aside-by-codeward-${new Date().toISOString().replace(/[:.]/g, '-')}-${nodeCrypto().randomBytes(4).toString('hex')}`;
  try {
    moveAside(path, aside);
    return `${rel}, ${what} made or changed while the run went (by the run, or by another program of yours meanwhile), was moved to ${basename(aside)}: a reader that opens it (codeward's, git's, rg's) would wait for ever; move it back if it is yours`;
  } catch (error) {
    return `${rel}, ${what} made or changed while the run went, could not be moved aside (${(error as Error).message}); remove it: git and codeward block on opening it`;
  }
}

// Renames `path` to `aside` (beside it). Red team R42-a8: in a folder the run made read-only (`chmod 555 d`, then
// `d/.gitignore` a FIFO) codeward's user (not root) cannot (EACCES): a folder of its own is given u+wx for the move
// (own-folder.ts), the mode given back.
function moveAside(path: string, aside: string): void {
  try {
    return renameSync(path, aside);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EACCES') throw error;
    withOwnFolderWritable(dirname(path), error, (self) => renameSync(`${self}/${basename(path)}`, `${self}/${basename(aside)}`));
  }
}

// What became of each special file, as its warning says (for the fold below).
const OUTCOMES: readonly (readonly [string, string])[] = [
  ['could not be', 'could not be moved aside or removed (remove them: git and codeward block on a FIFO)'],
  ['was moved to', 'moved aside'],
  ['was removed', 'removed (no process held them)'],
  ['was left in place', 'left in place (whether something listens could not be told)'],
];

// The special files' warnings past the first `limit` (in order of their text: the same whichever walk found them)
// folded into one line (red team R42-a4: 10,000 FIFOs gave 10,001 lines, 2.9 MB, as R41-a7's set-aside names did):
// counted by what became of them, with a few of their folders.
export function foldSpecial(messages: readonly string[], limit = 10): string[] {
  if (messages.length <= limit) return [...messages];
  const sorted = [...messages].sort();
  const rest = sorted.slice(limit);
  const counts = OUTCOMES.map(([marker, said]) => [rest.filter((message) => message.includes(marker)).length, said] as const).filter(([count]) => count > 0);
  const folders = [...new Set(rest.map((message) => dirname(message.slice(0, message.indexOf(', ')))))];
  const where = `${folders.slice(0, 3).join(', ')}${folders.length > 3 ? ` and ${folders.length - 3} more folders` : ''}`;
  return [...sorted.slice(0, limit), `and ${rest.length} more FIFOs, sockets or device nodes made or changed while the run went, in ${where}: ${counts.map(([count, said]) => `${count} ${said}`).join(', ')}`];
}
