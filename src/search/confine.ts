// ripgrep walks the workspace by path strings: a process that swaps a folder for a symlink to the
// outside while rg walks could make it read (and codeward return) outside bytes. So rg runs in a
// bubblewrap namespace whose whole filesystem is the workspace (read-only, at its real path) and the
// rg binary: a symlink to anything outside, swapped in at any moment, names nothing there. No network,
// no other process visible, no way to write. Without a usable bwrap (macOS, no user namespaces), rg
// runs as before and every result path is checked through the handle-based jail instead (names a
// racing swap could hand out are dropped; bytes read through a swap that was undone meanwhile cannot
// be told apart: README "Security model" names that limit).
import { accessSync, constants, statSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { usableProgram, type ToolEnv } from '../sandbox/which.js';

// Where the binary appears inside the namespace.
const CONFINED_RG = '/.codeward-rg';

export interface Launch {
  readonly command: string;
  readonly args: readonly string[];
  // Whether rg sees only the workspace.
  readonly confined: boolean;
}

function executable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

// bwrap on this machine ($CODEWARD_BWRAP, else the absolute folders of env's PATH: the caller gives a PATH without
// the workspace's folders, sandbox/which.ts outsidePath; a bwrap file there leading into the workspace is skipped), or undefined.
export function findBwrap(env: ToolEnv): string | undefined {
  if (process.platform !== 'linux') return undefined;
  const explicit = env['CODEWARD_BWRAP'];
  if (explicit) return executable(explicit) ? explicit : undefined;
  for (const dir of (env['PATH'] ?? '/usr/bin:/bin').split(delimiter)) {
    if (dir === '' || !dir.startsWith('/')) continue;
    const path = join(dir, 'bwrap');
    if (executable(path) && usableProgram(path, env)) return path;
  }
  return undefined;
}

// How to start rg with `args` in `root` (rg's working folder): inside bwrap when there is one.
export function launchRipgrep(rgPath: string, args: readonly string[], root: string, bwrap: string | undefined): Launch {
  if (bwrap === undefined) return { command: rgPath, args, confined: false };
  return {
    command: bwrap,
    args: ['--unshare-all', '--die-with-parent', '--new-session', '--ro-bind', root, root, '--ro-bind', rgPath, CONFINED_RG, '--chdir', root, '--', CONFINED_RG, ...args],
    confined: true,
  };
}

// bwrap itself failed (no user namespaces, a binary that needs libraries the namespace lacks): rg
// never ran, and the search is run again unconfined.
export function bwrapFailed(code: number | null, stderr: string, sawOutput: boolean): boolean {
  return !sawOutput && code !== 0 && /^bwrap: /m.test(stderr);
}
