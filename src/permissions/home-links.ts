import { readlinkSync } from 'node:fs';
import { dirname, isAbsolute, join, relative } from 'node:path';
import { lstatQuiet, statQuiet } from '../files/stat-quiet.js';
import { listBeneath } from '../workspace/own-read-sync.js';
import { recordNameTest } from './home-mention-rules.js';

// Where the user's home paths really are (red team R7-11, R7-13: a dotfiles repository the home links into,
// `~/.bashrc -> ~/dotfiles/shell/rc.sh`, `~/.aws -> ~/dotfiles/aws`, GNU stow's folder and file links):
// a home path judged by its spelling misses the workspace file it resolves to. Each home path of a list
// is resolved as the kernel opens it (a link at any level of it, a missing tail or a dangling link kept as
// the name it would create), and so is every symlink found below a listed folder that is a real folder
// (stow links file by file into a folder that already exists). Pure of module state: the caller keeps the
// result (obeyed-context.ts with its FolderListings, setup's engine).

// A home path that resolves into the workspace: `rel` is its workspace-relative real path ('' when the
// workspace lies inside it), `home` the home path (`/`-separated, relative to the home folder) that
// `rel` is; the workspace paths below `rel` are the home paths below `home`.
export interface HomeLink {
  readonly rel: string;
  readonly home: string;
  // `rel` is not that home path but what a start-up file loads: that file as messages name it (`~/.bashrc`,
  // the workspace's `.envrc`: home-sources.ts, R9-4).
  readonly sourced?: string;
  // Only `rel` itself, not the paths below it (a path a start-up file merely names: home-sources-named.ts).
  readonly exact?: boolean;
  // Only the paths below `rel` whose rest matches this picomatch pattern (a package a bare NODE_OPTIONS name
  // loads in any node_modules below an env file: home-sources-modules.ts).
  readonly glob?: string;
  // Why the start-up file is not understood when it obeys the whole work tree (`[hooks] enter`, `direnv_load`).
  readonly note?: string;
  // A path a home file merely mentions (home-mentions.ts, the generic rule): that path is obeyed, not the whole
  // work tree (obeyed-home-links.ts homeLoads).
  readonly mention?: boolean;
}

// Links followed at most in one path (the kernel's own limit).
const MAX_HOPS = 40;
// How deep below a listed folder symlinks are looked for, and how many folders are listed at most over one
// resolution (a home folder holds large trees: plug-in folders, toolchains).
const LINK_DEPTH = 3;
const MAX_FOLDERS = 400;

const kindOf = (path: string): 'link' | 'dir' | 'other' | 'missing' => {
  const stats = lstatQuiet(path);
  return !stats ? 'missing' : stats.isSymbolicLink() ? 'link' : stats.isDirectory() ? 'dir' : 'other';
};

// Each path a resolution looked up and what it found (`dir`, `other`, `missing`, `link:TARGET`): all a
// resolution's answer depends on (the names on the way and where links lead), so it holds while each path still
// finds the same, whatever else changes in the folders looked into (a new file in the home folder, a session
// file beside a secret). Recorded as the resolution saw it: a change after is a difference at the next check.
export type Looked = Map<string, string>;

// The key under which `looked` holds a folder's dot-entry names (homeDotEntries).
const DOTS = '\0dot-entries';

// The key under which `looked` holds a folder's entry names but records (home-mention-walk.ts: a session
// transcript written beside a configuration is no reason to search again).
export const KEPT_NAMES = '\0kept-names';
const NAMES = KEPT_NAMES;

// A folder's entry names but records, as `looked` holds them (`isRecord`: home-mention-rules.ts).
export function keptNames(folder: string, looked?: Looked, isRecord = recordNameTest()): string {
  const names = entriesOf(folder).map((entry) => entry.name).filter((name) => !isRecord(name)).sort().join('\0');
  looked?.set(`${folder}${NAMES}`, names);
  return names;
}

const lookAt = (path: string): string => {
  if (path.endsWith(DOTS)) return homeDotEntries(path.slice(0, -DOTS.length)).join('\0');
  if (path.endsWith(NAMES)) return keptNames(path.slice(0, -NAMES.length));
  const kind = kindOf(path);
  if (kind !== 'link') return kind;
  try {
    return `link:${readlinkSync(path)}`;
  } catch {
    return 'link';
  }
};

// Whether every path of `looked` (as kept: [path, found] pairs) still finds what it found.
export const stillLooked = (looked: readonly (readonly [string, string])[]): boolean => looked.every(([path, found]) => lookAt(path) === found);

// `path` (absolute) as the kernel would open or create it: every symlink on the way followed, also a dangling
// one and one whose target's tail is missing (the file a write through it creates); undefined for a loop.
// `from`: a real folder the path is relative to (the home folder's real path: one lstat per name below it).
// `trail`: learns every folder whose entry was looked up (while each keeps its identity and times, the answer
// holds: a link can only be replaced or a name added by changing its folder); `looked`, narrower, each path
// looked up and what it found.
export function resolveLoose(path: string, from = '/', trail?: Set<string>, looked?: Looked): string | undefined {
  let done = from;
  const rest = path.split('/').filter((name) => name !== '' && name !== '.');
  for (let hops = 0; rest.length > 0; ) {
    const name = rest.shift()!;
    if (name === '..') {
      done = dirname(done);
      continue;
    }
    const next = join(done, name);
    trail?.add(done);
    const kind = kindOf(next);
    if (kind !== 'link') looked?.set(next, kind);
    if (kind === 'link') {
      if (++hops > MAX_HOPS) return undefined;
      let target: string;
      try {
        target = readlinkSync(next);
      } catch {
        looked?.set(next, 'link');
        return undefined;
      }
      looked?.set(next, `link:${target}`);
      rest.unshift(...target.split('/').filter((part) => part !== '' && part !== '.'));
      if (isAbsolute(target)) done = '/';
      continue;
    }
    if (kind === 'missing') return join(next, ...rest);
    done = next;
  }
  return done;
}

const relIn = (path: string, root: string): string | undefined => {
  const rel = relative(root, path);
  return rel.startsWith('..') || isAbsolute(rel) ? undefined : rel.split('\\').join('/');
};

// Each home path of `folders` and `files` (relative to `home`), and every symlink below the `folders` that are
// real folders, that resolves into one of `roots` (the workspace as given and as the kernel opens it).
// `listed`: every folder read (their identity and times tell the result is still valid: a link added, removed
// or replaced at any depth changes one of them); `looked`: each path looked up on the way of a path resolved
// and what it found (Looked).
// `depth`: how deep below a listed folder symlinks are looked for.
export function homeLinksInto(home: string, folders: readonly string[], files: readonly string[], roots: readonly string[], depth = LINK_DEPTH): { links: HomeLink[]; listed: string[]; looked: Looked } {
  const found = new Map<string, HomeLink>();
  const listed: string[] = [];
  const looked: Looked = new Map();
  const realHome = resolveLoose(home, '/', undefined, looked);
  if (realHome === undefined) return { links: [], listed, looked };
  const judge = (homeRel: string): void => {
    const real = resolveLoose(homeRel, realHome, undefined, looked);
    if (real === undefined) return;
    for (const root of roots) {
      const rel = relIn(real, root);
      if (rel !== undefined) found.set(`${rel}\0${homeRel}`, { rel, home: homeRel });
      // The workspace inside what the home path resolves to: every workspace path is below it.
      const inside = rel === undefined ? relIn(root, real) : undefined;
      if (inside !== undefined) found.set(`\0${homeRel}/${inside}`, { rel: '', home: inside === '' ? homeRel : `${homeRel}/${inside}` });
    }
  };
  let budget = MAX_FOLDERS;
  const walk = (homeRel: string, level: number): void => {
    if (level > depth || --budget < 0) return;
    listed.push(join(home, homeRel));
    const names = entriesOf(resolveLoose(homeRel, realHome)).map((entry) => ({ name: entry.name, link: entry.kind === 'link', dir: entry.kind === 'folder' }));
    for (const { name, link, dir } of names) {
      if (link) judge(`${homeRel}/${name}`);
      else if (dir) walk(`${homeRel}/${name}`, level + 1);
    }
  };
  for (const entry of new Set(folders)) {
    judge(entry);
    // A listed folder that is a link to a folder elsewhere is walked too (its links may lead into the workspace).
    if (statQuiet(join(home, entry))?.isDirectory()) walk(entry, 1);
  }
  for (const entry of new Set(files)) judge(entry);
  return { links: [...found.values()], listed: [...new Set(listed)], looked };
}

// The home folder's own dot-entries (`.config`, `.tmux.conf`, a stow link `.zshrc`), besides a list, by name;
// `looked` learns them (a dot-entry added or removed changes the answer, another file of the home folder does not).
export function homeDotEntries(home: string, looked?: Looked): string[] {
  const names = entriesOf(resolveLoose(home)).map((entry) => entry.name).filter((name) => name.startsWith('.') && name !== '.' && name !== '..').sort();
  looked?.set(`${home}${DOTS}`, names.join('\0'));
  return names;
}

// Entries of a home folder listed at most (more: the rest are not seen; LEFT, bounds23: a home folder this large is
// not met, and the walk has no channel to fail closed through yet).
const MAX_LISTED = 65_536;

// The entries of the folder at the real path `real` (no link on the way: resolveLoose), listed through the read
// jail's handle (workspace/own-read-sync.ts); none when it is missing or not a folder.
function entriesOf(real: string | undefined): readonly { readonly name: string; readonly kind: string }[] {
  const listing = real === undefined ? undefined : listBeneath(real, real, MAX_LISTED);
  return listing === undefined || listing === 'link' ? [] : listing.entries;
}
