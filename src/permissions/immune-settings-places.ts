import { realpathSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { settingsHome } from '../shell/command-variables.js';
import type { SimpleCommand } from '../shell/parse-types.js';
import { inside } from './path-lookup.js';

// A settings home given as an ABSOLUTE path inside the workspace (fix60, round 41's LEFT: `CCACHE_DIR=/path/to/ws/cc`
// obeys the repository's cc/ccache.conf, whose compiler_check is a command; `HOME=/path/to/ws` its .gitconfig;
// `RUSTUP_TOOLCHAIN=/path/to/ws/tc` runs tc/bin/cargo). The shell's reading (command-variables.ts) asks for every
// other spelling that may be the workspace (relative, `$PWD/…`, `~…`, a run-time value) but cannot place an absolute
// one: here, where the root is known, it is the same settings source only known at run time.

// The real place of a path: its longest existing ancestor's links followed (`/tmp/link-to-ws/cc`).
function realPlace(path: string): string {
  const rest: string[] = [];
  for (let folder = path; ; folder = dirname(folder)) {
    try {
      return join(realpathSync(folder), ...rest);
    } catch {
      if (dirname(folder) === folder) return path;
      rest.unshift(basename(folder));
    }
  }
}

// Why the command's environment points a settings home into the workspace, or undefined.
export function settingsInWorkspace(command: SimpleCommand, root: string): string | undefined {
  let realRoot: string | undefined;
  for (const { name, value, dynamic } of command.env ?? []) {
    if (dynamic || !value.startsWith('/') || !settingsHome(name, value)) continue;
    const abs = resolve(value);
    if (inside(abs, root) || inside(realPlace(abs), (realRoot ??= realPlace(root)))) return `${name}=${value} names a folder inside the workspace, whose settings files the repository controls (they may name programs)`;
  }
  return undefined;
}
