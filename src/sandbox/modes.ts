import { chmodSync, lstatSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

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

// The bits of `mode` to clear: setuid and setgid of a file, setuid of a folder (a setgid folder only
// passes its group on), world-writable of either.
export function riskyBits(mode: number, dir: boolean): number {
  return mode & (dir ? SETUID | WORLD_WRITABLE : SETUID | SETGID | WORLD_WRITABLE);
}

// `setuid, world-writable`: what the bits are, for a message.
export function riskyWhat(bits: number): string {
  const names = [bits & SETUID ? 'setuid' : '', bits & SETGID ? 'setgid' : '', bits & WORLD_WRITABLE ? 'world-writable' : ''];
  return names.filter(Boolean).join(', ');
}

// Whether the bits make a program run as someone else (then a staged file is set aside, not applied).
export const runsAsOwner = (bits: number): boolean => (bits & (SETUID | SETGID)) !== 0;

export function clearedMessage(rel: string, bits: number): string {
  return `a sandboxed command left ${rel} ${riskyWhat(bits)}; the bit${bits & (bits - 1) ? 's were' : ' was'} cleared (outside the sandbox it would let other users ${runsAsOwner(bits) ? 'run it as its owner' : 'change it'}; chmod it back yourself if you meant it)`;
}

// Every file and folder of the workspace changed at or after `since` (nanoseconds, the file system's
// change time: a chmod sets it, and no process can set it back) with a risky mode: cleared, one warning
// each. The whole tree is walked (node_modules and .git too: a setuid file is as dangerous there); a
// symlink's mode means nothing.
export function clearRiskyModes(root: string, since: bigint): string[] {
  const warnings: string[] = [];
  const walk = (dir: string, rel: string, depth: number): void => {
    let entries;
    try {
      entries = readdirSync(dir, { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) {
      if (!entry.isFile() && !entry.isDirectory()) continue;
      const path = join(dir, entry.name);
      const child = rel === '' ? entry.name : `${rel}/${entry.name}`;
      const stats = lstatSync(path, { bigint: true, throwIfNoEntry: false });
      if (!stats) continue;
      const isDir = stats.isDirectory();
      const bits = riskyBits(Number(stats.mode), isDir);
      if (bits !== 0 && stats.ctimeNs >= since && (isDir || stats.isFile())) {
        try {
          chmodSync(path, Number(stats.mode) & 0o7777 & ~bits);
          warnings.push(clearedMessage(child, bits));
        } catch (error) {
          warnings.push(`a sandboxed command left ${child} ${riskyWhat(bits)} and the bits could not be cleared (${(error as Error).message}); chmod it before anyone runs it`);
        }
      }
      if (isDir && depth < 256) walk(path, child, depth + 1);
    }
  };
  walk(root, '', 0);
  return warnings;
}
