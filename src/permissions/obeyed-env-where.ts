import { readlinkSync, realpathSync } from 'node:fs';
import { isAbsolute, posix, relative } from 'node:path';
import { anchoredAtRoot } from '../workspace/anchored.js';

// Where an entry of a variable of the environment's table (obeyed-env.ts) lies in the workspace.

// The real path of `path`, also when its last parts do not exist yet: the deepest existing folder's real path and
// the rest as written (red team R24-1: `CARGO_HOME=/tmp/l/ch` with /tmp/l a link to the workspace and ch made
// later is the workspace's ch).
// A link whose target is not made yet leads to that target (R24-8: `GIT_CONFIG_GLOBAL=/o/gitconfig` with
// /o/gitconfig -> WS/cfg/gitconfig before the agent writes it).
function real(path: string, hops = 0): string {
  let rest = '';
  for (let at = posix.normalize(path); ; ) {
    try {
      return posix.join(realpathSync(at), rest);
    } catch {
      const target = hops < 40 ? linkTarget(at) : undefined;
      if (target !== undefined) return real(posix.join(posix.resolve(posix.dirname(at), target), rest), hops + 1);
      const up = posix.dirname(at);
      if (up === at) return posix.normalize(path);
      rest = rest === '' ? posix.basename(at) : posix.join(posix.basename(at), rest);
      at = up;
    }
  }
}

const linkTarget = (path: string): string | undefined => {
  try {
    return readlinkSync(path);
  } catch {
    return undefined;
  }
};

// A workspace-relative form of an entry: an absolute one inside a root (as written, normalised, or by its real
// path), a relative one normalised (`././bin`, `bin/../bin` and `.//bin` are `bin`); undefined outside.
export function relativeOf(given: string, roots: readonly string[], home = process.env['HOME']): { rel: string; relative: boolean } | undefined {
  // bash expands a leading `~` in PATH entries (red team R7-2).
  const entry = home && (given === '~' || given.startsWith('~/')) ? `${home}${given.slice(1)}` : given;
  if (entry === '') return undefined;
  if (!isAbsolute(entry)) {
    const normal = posix.normalize(entry).replace(/\/+$/, '');
    return normal === '..' || normal.startsWith('../') ? undefined : { rel: normal === '.' ? '' : normal, relative: true };
  }
  for (const form of new Set([posix.normalize(entry), real(entry)])) {
    for (const root of roots) {
      const rel = relative(root, form);
      if (!rel.startsWith('..') && !isAbsolute(rel)) return { rel, relative: false };
    }
  }
  return undefined;
}

// Where a folder entry lies in the workspace, as root-relative patterns ('' for the root itself). A relative
// entry (`node_modules/.bin`) holds in every folder, and in the folders above the root too: the person's shell
// stands where it likes, so a root at `node_modules` holds it as `.bin`, a root at `node_modules/.bin` IS it
// (red team R7-6, workspace/anchored.ts). `relative`: it depends on the folder the shell stands in (an absolute
// entry that is the root itself counts so as well: a build writing at the root is judged by name only).
// A relative `.` is left out (every folder's files would be protected: the README says why).
export function foldersAt(found: { rel: string; relative: boolean } | undefined, roots: readonly string[]): { folder: string; relative: boolean }[] {
  if (found === undefined) return [];
  if (!found.relative) return [{ folder: found.rel, relative: found.rel === '' }];
  if (found.rel === '') return [];
  const above = anchoredAtRoot([found.rel], roots);
  const root = above.covers !== undefined && roots.includes(above.covers.folder) ? [''] : [];
  return [`**/${found.rel}`, ...above.rests, ...root].map((folder) => ({ folder, relative: true }));
}

// A path the environment makes obeyed (obeyed-env.ts, obeyed-env-homes.ts).
export interface EnvLoadGlob {
  // Workspace-relative picomatch pattern.
  readonly glob: string;
  // The variable and its entry, for the refusal's message.
  readonly why: string;
  // From a relative PATH entry (`node_modules/.bin`): the file tools ask before writing there; what a sandboxed
  // command leaves there is applied (package managers write their programs' links there on every install),
  // see withoutRelativePath, except a program named like one found in the rest of PATH (`shadows`).
  readonly relative?: true;
  // Only these file names (the programs of the rest of PATH, which a file there would shadow).
  readonly names?: ReadonlySet<string>;
}
