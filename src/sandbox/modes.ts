import { chmodSync, lstatSync, readdirSync, unlinkSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

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
// symlink's mode means nothing. `from`: the folders of the workspace the run could write in place (a
// staged run: the writable binds of the real workspace, its `.git`; the rest the stage plan judges).
// A FIFO, socket or device changed since then is removed (SPECIAL_FILE), one warning each. `from` may hold folders
// outside the workspace (the sandboxWritable ones, written in place by every run: sandbox.ts).
export function clearRiskyModes(root: string, since: number, from: readonly string[] = [root]): string[] {
  const warnings: string[] = [];
  // An explicit stack, no depth cap (red team R38-a1: a cap left a setuid file and a FIFO 260 folders deep unjudged).
  const walk = (top: string, topRel: string): void => {
    const stack: [string, string][] = [[top, topRel]];
    for (let next = stack.pop(); next !== undefined; next = stack.pop()) {
      const [dir, rel] = next;
      let entries;
      try {
        entries = readdirSync(dir, { withFileTypes: true });
      } catch {
        continue;
      }
      for (const entry of entries) {
        const path = join(dir, entry.name);
        const child = rel === '' ? entry.name : `${rel}/${entry.name}`;
        if (!entry.isFile() && !entry.isDirectory()) {
          if (!entry.isSymbolicLink()) special(path, child);
          continue;
        }
        if (clear(path, child)) stack.push([path, child]);
      }
    }
  };
  // Cleared when changed since the run started; true for a folder to walk into. Plain (not bigint)
  // stats: a 2 s margin makes milliseconds enough, and a bigint stat of every file costs twice as much.
  const clear = (path: string, rel: string): boolean => {
    const stats = lstatSync(path, { throwIfNoEntry: false });
    if (!stats || (!stats.isDirectory() && !stats.isFile())) return false;
    const isDir = stats.isDirectory();
    const bits = riskyBits(stats.mode, isDir);
    if (bits !== 0 && stats.ctimeMs >= since) {
      try {
        chmodSync(path, stats.mode & 0o7777 & ~bits);
        warnings.push(clearedMessage(rel, bits, isDir));
      } catch (error) {
        warnings.push(`a sandboxed command left ${rel} ${riskyWhat(bits)} and the bits could not be cleared (${(error as Error).message}); chmod it before anyone runs it`);
      }
    }
    return isDir;
  };
  const special = (path: string, rel: string): void => {
    const stats = lstatSync(path, { throwIfNoEntry: false });
    if (!stats || stats.isFile() || stats.isDirectory() || stats.isSymbolicLink() || stats.ctimeMs < since) return;
    try {
      unlinkSync(path);
      warnings.push(`a sandboxed command left ${rel}, ${SPECIAL_FILE}: it was removed (a reader that opens it, codeward's, git's or rg's, would wait for ever)`);
    } catch (error) {
      warnings.push(`a sandboxed command left ${rel}, a FIFO, socket or device, and it could not be removed (${(error as Error).message}); remove it: git and codeward block on opening it`);
    }
  };
  // The workspace folder itself too (`chmod g+s .`).
  // A folder outside the workspace (sandboxWritable, red team R38-a10) is named by its full path.
  for (const start of from) {
    const inside = start === root || start.startsWith(`${root}${sep}`);
    const rel = inside ? relative(root, start).split(sep).join('/') || '.' : start;
    if (clear(start, rel)) walk(start, rel === '.' ? '' : rel);
  }
  return warnings;
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
