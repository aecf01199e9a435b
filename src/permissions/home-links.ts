import { readlinkSync } from 'node:fs';
import { dirname, isAbsolute, join, relative } from 'node:path';
import { lstatQuiet, statQuiet } from '../files/stat-quiet.js';
import { listHome } from './home-list.js';
import { isConfigName, recordNameTest } from './home-mention-rules.js';
import { listBeneath } from '../workspace/own-read-sync.js';

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
  // Only the FILES below `rel` (where `glob` matches) a shell runs by name: a relative PATH entry `.`, an empty one,
  // `node_modules/.bin` (home-sources-relpath.ts, red team R28-1). A file named like a program (`names`, lower case;
  // one ending in `*` a prefix: `git-*`, every git subcommand) or, with `executable`, any file that is a program
  // (ObeyedContext.runnable: its executable bit, or the bytes a file tool writes there).
  readonly names?: readonly string[];
  readonly executable?: boolean;
  // Why the start-up file is not understood when it obeys the whole work tree (`[hooks] enter`, `direnv_load`).
  readonly note?: string;
  // A path a home file merely mentions (home-mentions.ts, the generic rule): that path is obeyed, not the whole
  // work tree (obeyed-home-links.ts homeLoads).
  readonly mention?: boolean;
}

// Links followed at most in one path (the kernel's own limit).
const MAX_HOPS = 40;
// How many folders are listed at most below each listed folder (red team R22b-1: one budget shared by every
// listed folder, and a depth of 3, stopped silently where oh-my-zsh's clone came first or kickstart.nvim's
// lua/custom/plugins lay four levels down). No depth bound: a link is found at any depth. Past this bound the scan
// fails closed (LinkScan.cut). A realistic large home lists ~2,000 folders below its largest listed folder
// (bench/home-scan-homelinks25.mjs).
export const MAX_FOLDERS = 25_000;

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
  const names = (listHome(folder, MAX_LISTED)?.entries ?? []).map((entry) => entry.name).filter((name) => !isRecord(name)).sort().join('\0');
  looked?.set(`${folder}${NAMES}`, names);
  return names;
}

// The key under which `looked` holds the configuration files at the top of a folder skipped as a record (topConfigs).
const CONFIGS = '\0kept-configs';

// The configuration-named files at the top of a folder skipped as a record (home-mention-walk.ts searches them:
// red team R24-14), at most `max` entries listed; recorded in `looked` under their own key, so the recheck lists
// the same thing the walk did (perf38: kept under NAMES, every recheck compared them with all the folder's names).
export function topConfigs(folder: string, max: number, looked?: Looked): { readonly names: readonly string[]; readonly over: boolean } | undefined {
  const listed = listBeneath(folder, folder, max);
  if (listed === undefined || listed === 'link') return undefined;
  const names = listed.entries.filter((entry) => entry.kind === 'file' && isConfigName(entry.name)).map((entry) => entry.name).sort();
  looked?.set(`${folder}${CONFIGS}`, `${listed.over ? 'over\0' : ''}${names.join('\0')}`);
  return { names, over: listed.over };
}

// Entries a folder skipped as a record is listed to at most for its top configuration files.
export const MAX_TOP = 10_000;

const lookAt = (path: string): string => {
  if (path.endsWith(DOTS)) return homeDotEntries(path.slice(0, -DOTS.length)).join('\0');
  if (path.endsWith(NAMES)) return keptNames(path.slice(0, -NAMES.length));
  if (path.endsWith(CONFIGS)) {
    const folder = path.slice(0, -CONFIGS.length);
    const looked: Looked = new Map();
    topConfigs(folder, MAX_TOP, looked);
    return looked.get(path) ?? 'missing';
  }
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

// A folder listed below its own spelling: `path` (absolute) walked and reported as the home path `as` (a folder
// the environment moves, `$XDG_CONFIG_HOME` for `.config`: red team R22b-5).
export interface MovedFolder {
  readonly path: string;
  readonly as: string;
}

// What a scan found: the links, every folder read (`listed`, real paths: their identity and times tell the result
// is still valid: a link added, removed or replaced at any depth changes one of them), each path looked up on the
// way of a path resolved and what it found (`looked`), and the listed folders whose scan stopped at a bound (`cut`,
// home paths, with why): a link past it is unknown, so the caller fails closed.
export interface LinkScan {
  links: HomeLink[];
  listed: string[];
  looked: Looked;
  cut: string[];
}

// Below a listed folder, what cannot hold a link a program obeys, proven by what writes it: a git object store
// (objects/XX hold only files named by their hash, written by git itself; 256 folders a clone, thousands in a
// plug-in manager's checkouts) and its reflogs (.git/logs: data), and the home's known data (HOME_DATA: the
// trash, npm's verified cache), by home path.
const skipped = (homeRel: string, name: string, parent: string, data: ReadonlySet<string>): boolean =>
  ((name === 'objects' || name === 'logs') && parent === '.git') || data.has(homeRel.toLowerCase());

// Each home path of `folders` and `files` (relative to `home`, or moved: MovedFolder), and every symlink at any depth
// below the `folders` that are real folders (or links to one), that resolves into one of `roots` (the workspace as
// given and as the kernel opens it). `data`: home paths (lower case) not walked (skipped).
export function homeLinksInto(home: string, folders: readonly (string | MovedFolder)[], files: readonly string[], roots: readonly string[], data: ReadonlySet<string> = new Set()): LinkScan {
  const found = new Map<string, HomeLink>();
  const listed: string[] = [];
  const looked: Looked = new Map();
  const cut: string[] = [];
  const realHome = resolveLoose(home, '/', undefined, looked);
  if (realHome === undefined) return { links: [], listed, looked, cut };
  // The link `homeRel` (home spelling) at `name` below the real folder `from`: what it resolves to, if anything.
  const judge = (homeRel: string, name: string, from: string): string | undefined => {
    const real = resolveLoose(name, from, undefined, looked);
    if (real === undefined) return undefined;
    for (const root of roots) {
      const rel = relIn(real, root);
      if (rel !== undefined) found.set(`${rel}\0${homeRel}`, { rel, home: homeRel });
      // The workspace inside what the home path resolves to: every workspace path is below it.
      const inside = rel === undefined ? relIn(root, real) : undefined;
      if (inside !== undefined) found.set(`\0${homeRel}/${inside}`, { rel: '', home: inside === '' ? homeRel : `${homeRel}/${inside}` });
    }
    return real;
  };
  // Every real folder below the listed folder `top` (real path `real`), breadth first, up to MAX_FOLDERS.
  const walk = (top: string, real: string): void => {
    const queue: (readonly [string, string])[] = [[top, real]];
    for (let at = 0; at < queue.length; at++) {
      if (at === MAX_FOLDERS) {
        cut.push(`${top} (more than ${MAX_FOLDERS} folders below it)`);
        return;
      }
      const [homeRel, folder] = queue[at]!;
      listed.push(folder);
      const listing = listHome(folder, MAX_LISTED);
      if (listing === undefined) continue;
      if (listing.over) cut.push(`${homeRel} (more than ${MAX_LISTED} entries)`);
      const name = homeRel.slice(homeRel.lastIndexOf('/') + 1);
      for (const entry of listing.entries) {
        const below = `${homeRel}/${entry.name}`;
        if (entry.kind === 'link') judge(below, entry.name, folder);
        else if (entry.kind === 'folder' && !skipped(below, entry.name, name, data)) queue.push([below, `${folder}/${entry.name}`]);
      }
    }
  };
  // Each folder once (by where it is: a moved one does not replace the home's own, which other programs still read).
  for (const [, { path, as }] of new Map(folders.map((folder) => (typeof folder === 'string' ? [folder, { path: folder, as: folder }] : [`${folder.path}\0${folder.as}`, folder])))) {
    // A listed folder that is a link to a folder elsewhere is walked too (its links may lead into the workspace).
    const real = judge(as, path, path === as ? realHome : '/');
    if (real !== undefined && statQuiet(real)?.isDirectory() === true) walk(as, real);
  }
  for (const entry of new Set(files)) judge(entry, entry, realHome);
  return { links: [...found.values()], listed: [...new Set(listed)], looked, cut };
}

// The home folder's own dot-entries (`.config`, `.tmux.conf`, a stow link `.zshrc`), besides a list, by name;
// `looked` learns them (a dot-entry added or removed changes the answer, another file of the home folder does not).
export function homeDotEntries(home: string, looked?: Looked): string[] {
  const real = resolveLoose(home);
  const names = (real === undefined ? [] : listHome(real, MAX_LISTED)?.entries ?? []).map((entry) => entry.name).filter((name) => name.startsWith('.') && name !== '.' && name !== '..').sort();
  looked?.set(`${home}${DOTS}`, names.join('\0'));
  return names;
}

// Entries of a home folder listed at most (more: the scan is cut, LinkScan.cut).
const MAX_LISTED = 65_536;
