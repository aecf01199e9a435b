import { dirname, isAbsolute, join, relative } from 'node:path';
import { readGitMetadataNoting, readGitMetadataOr, unreadWhy } from '../git/config-read.js';
import { statQuiet } from '../files/stat-quiet.js';
import { resolveLoose, type HomeLink, type Looked } from './home-links.js';
import { LOADERS, loadsOf, type LoaderRow } from './home-sources-parse.js';
import { namedPaths } from './home-sources-named.js';
import { computedLoads } from './home-sources-computed.js';
import { WHOLE } from './obeyed-env-runtime.js';
import { miseFilesIn, type MiseFiles } from './mise-files.js';
import { cargoFilesIn } from './cargo-files.js';
import { pkgConfigsIn } from './pkg-config-files.js';
import { golangciFilesIn } from './golangci-files.js';
import { pixiFilesIn } from './pixi-files.js';
import { moduleMarks } from './home-sources-modules.js';
import { belowGlob } from './below-glob.js';
import { locatedStartup, startEnv, type StartEnv } from './home-sources-env.js';
import { listBeneath } from '../workspace/own-read-sync.js';
import type { Loaded, LoaderKind } from './home-sources-expand.js';
import { ranProgram, ranRelative, type RanLoads } from './home-sources-ran.js';
import { relativeRuns } from './home-sources-relpath.js';
import { shadowedNames } from './obeyed-env-path.js';

// What the user's start-up files LOAD (red team R9-4, CRITICAL, and R10: `~/.bashrc: source
// ~/dotfiles/shell/aliases.sh` with the workspace at ~/dotfiles; `~/.ssh/config: Include
// ~/dotfiles/ssh/config.d/*`, whose `Match exec` ssh ran; `~/.vimrc: source`, `~/.tmux.conf: source-file`,
// a workspace `.envrc`'s `source_env` / `use flake`). The start-up file was protected, the file it loads was
// not, and the person's next shell, ssh, editor or `cd` ran what the agent wrote. Each start-up file of the
// table (home-sources-parse.ts: kind -> files -> parser) is read; what it loads is read the same way by its
// own kind, up to 3 levels deep, 1,024 files, 1,000 per folder, 256 KB each (a workspace file past a bound: the whole
// tree is obeyed, naming it, R19-10/R21-9); a glob or a folder makes the folder
// obeyed. Each path, resolved as the kernel opens it, that lands in the workspace is a HomeLink whose
// `sourced` names the loading start-up file (judged as that file: obeyed-home-links.ts). Read through the
// metadata reader (regular files, size-capped): the text is only judged, never shown.

const MAX_DEPTH = 3;
// Files loaded (depth 1 and below) read at most: a loop over a folder of snippets reads each (R22b-3), so far
// above real use; past it, a home file too is not read, and the whole work tree is obeyed (never silently).
const MAX_SCRIPTS = 1024;
// The start-up and project env files themselves (depth 0) have their own, larger bound: seventy `mise.toml` files of
// a monorepo must not starve the `.cargo/config.toml` after them (red team R19-10).
const MAX_START = 512;
// Files of one loaded folder read at most (red team R22b-3: 32 cut `~/.bashrc.d/*.sh` silently): far above real use;
// past it the whole work tree is obeyed, naming the folder.
const MAX_FOLDER_FILES = 1000;
const MAX_BYTES = 256 * 1024;

// Entries of a loaded folder listed at most (a loader reads MAX_FOLDER_FILES of them).
const MAX_LISTED = 65_536;

// The files a loaded folder gives its loader (a loop glob, fish's conf.d, `source_env dir/`), by name: listed
// through the jail where the folder really is (its real path: no link on the way, none swapped in since),
// regular files and links. A link is the file its target is: `linked`, judged where it lands. More than the
// bound: `over` says so (the caller obeys the whole work tree: never silently, R21-9).
const listFiles = (dir: string, name: string, looked?: Looked): { files: { path: string; linked: boolean }[]; over?: string } => {
  const real = resolveLoose(dir, '/', undefined, looked);
  const listed = real === undefined ? undefined : listBeneath(real, real, MAX_LISTED);
  if (real === undefined || listed === undefined || listed === 'link') return { files: [] };
  const files = listed.entries.filter((entry) => entry.kind === 'file' || entry.kind === 'link');
  const over = listed.over || files.length > MAX_FOLDER_FILES ? `${name} holds more than ${listed.over ? MAX_LISTED : MAX_FOLDER_FILES} ${listed.over ? 'entries' : 'files'}: the ones past it were not read` : undefined;
  const kept = files.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0)).slice(0, MAX_FOLDER_FILES).map((entry) => ({ path: join(real, entry.name), linked: entry.kind === 'link' }));
  return { files: kept, ...(over === undefined ? {} : { over }) };
};

// The folders a loaded path is relative to (a module name: where node runs, home-sources-modules.ts).
// `cwd`: the folder a sourced script's shell runs in, when not its own (pixi's activation, pixi-obeyed.ts).
function nearOf(loaded: Loaded, file: string, home: string, row: LoaderRow, cwd?: string): string[] {
  if (loaded.module?.from !== undefined) return [loaded.module.from];
  return isAbsolute(loaded.path) ? ['/'] : row.base.map((base) => (base === 'file' ? (cwd ?? dirname(file)) : base === 'home' ? home : join(home, base)));
}

// A loaded path as absolute paths (one per base its kind resolves relative names against), each with
// whether it names a folder (a glob: the folder above its first glob part).
function targets(loaded: Loaded, file: string, home: string, row: LoaderRow, cwd?: string): { path: string; folder: boolean }[] {
  return nearOf(loaded, file, home, row, cwd).map((base) => {
    const absolute = join(base, loaded.path);
    const glob = absolute.search(/[*?[]/);
    if (glob >= 0) return { path: dirname(absolute.slice(0, glob + 1)), folder: true };
    return { path: absolute, folder: loaded.folder === true };
  });
}

// A home start-up file as messages name it (`~/.bashrc`, `$ZDOTDIR/.zshrc`): obeyed-home-links.ts homeLoads' own test.
const isHomeLoader = (loader: string): boolean => loader.startsWith('~/') || loader.startsWith('$');

const relIn = (path: string, root: string): string | undefined => {
  const rel = relative(root, path);
  return rel.startsWith('..') || isAbsolute(rel) ? undefined : rel.split('\\').join('/');
};

interface Item {
  readonly path: string;
  readonly depth: number;
  // The start-up file as messages name it (`~/.bashrc`, the workspace's `.envrc`).
  readonly loader: string;
  readonly kind: LoaderKind;
  // Not read: a place the loader reads that codeward does not (a mise configuration through a link): the whole
  // work tree is obeyed, this naming why.
  readonly why?: string;
  // A link in a loaded folder: the file it leads to is loaded (obeyed where it lands).
  readonly linked?: boolean;
  // The folder its shell runs in (Loaded.cwd): its relative names are found there and in every folder below.
  readonly cwd?: string;
  // The folder its relative names are found from when not its own (a direnv file `source`d: the `.envrc`'s).
  readonly dir?: string;
  // A program of a home PATH folder (Loaded.runs) or a file one of them loads: what it loads is obeyed itself, not the
  // whole work tree (red team R26-9; a computed load of it still is: home-sources-computed.ts).
  readonly ran?: boolean;
}

// The folders above the workspace, nearest first (mise merges every config up to `/`; direnv takes the nearest
// `.envrc` above a folder that has none): their files may name workspace paths (`_.path = ["sub/bin"]`).
function foldersAbove(roots: readonly string[]): string[] {
  const out = new Set<string>();
  for (const root of roots) for (let at = dirname(root); !out.has(at); at = dirname(at)) out.add(at);
  return [...out];
}

type ProjectKind = 'direnv' | 'mise' | 'cargo' | 'pkgconf' | 'golangci' | 'pixi';
const PROJECT_KINDS: ReadonlySet<string> = new Set<ProjectKind>(['direnv', 'mise', 'cargo', 'pkgconf', 'golangci', 'pixi']);
// The kinds whose files sit at fixed names in each folder (the others: direnv's `.envrc`, mise's places).
const FILES_IN: Partial<Record<ProjectKind, (dir: string) => string[]>> = { cargo: cargoFilesIn, pkgconf: pkgConfigsIn, golangci: golangciFilesIn, pixi: pixiFilesIn };

// Where the project env files of `kind` are: the workspace's (`roots`), the folders below its top that hold one
// (`below`: `.envrc` files, the folders that may hold mise's or cargo's files), and the folders above it. Named in messages relative to the
// workspace, or by their absolute path above it.
function projectItems(kind: ProjectKind, roots: readonly string[], below: readonly string[], sources: string[], home: string): Item[] {
  const at = (path: string, loader: string): Item => ({ path, depth: 0, loader, kind });
  if (kind === 'direnv') return [...roots.map((root) => at(join(root, '.envrc'), '.envrc')), ...below.map((rel) => at(join(roots[0]!, rel), rel)), ...foldersAbove(roots).map((dir) => at(join(dir, '.envrc'), join(dir, '.envrc')))];
  const inside = [...roots.map((root) => ({ dir: root, root })), ...below.map((rel) => ({ dir: join(roots[0]!, rel), root: roots[0]! }))];
  const filesIn = FILES_IN[kind];
  if (filesIn) return [...inside.flatMap(({ dir, root }) => filesIn(dir).map((path) => at(path, relative(root, path)))), ...foldersAbove(roots).flatMap((dir) => filesIn(dir).map((path) => at(path, path)))];
  const items = (found: MiseFiles, name: (path: string) => string): Item[] => [...found.files.map((path) => at(path, name(path))), ...found.unread.map(({ place, why }) => ({ ...at(place, name(place)), why }))];
  return [
    ...inside.flatMap(({ dir, root }) => items(miseFilesIn(dir, sources, root), (path) => relative(root, path))),
    ...foldersAbove(roots).flatMap((dir) => items(miseFilesIn(dir, sources, undefined, home), (path) => path)),
  ];
}

// The table's start-up files: the home's, every file of its folders, the project env files (`projectItems`).
// Each also where codeward's environment moves it (home-sources-env.ts: `$ZDOTDIR/.zshrc`, R22b-5).
function startItems(home: string, roots: readonly string[], below: { envrcs: readonly string[]; mise: readonly string[] }, sources: string[], located: StartEnv): Item[] {
  const items: Item[] = [];
  const places = (rel: string): { path: string; loader: string }[] => [{ path: join(home, rel), loader: `~/${rel}` }, ...locatedStartup(rel, located)];
  for (const [kind, row] of Object.entries(LOADERS) as [LoaderKind, LoaderRow][]) {
    for (const rel of row.startup) for (const { path, loader } of places(rel)) items.push({ path, depth: 0, loader, kind });
    for (const { path: dir, loader: name } of (row.folders ?? []).flatMap(places)) {
      sources.push(dir);
      const { files, over } = listFiles(dir, name);
      if (over !== undefined) items.push({ path: dir, depth: 0, loader: name, kind, why: over });
      for (const { path, linked } of files) items.push({ path, depth: 0, loader: `${name}/${path.slice(path.lastIndexOf('/') + 1)}`, kind, linked });
    }
    if (PROJECT_KINDS.has(kind)) items.push(...projectItems(kind as ProjectKind, roots, kind === 'direnv' ? below.envrcs : below.mise, sources, home));
  }
  return items;
}

// The loaded files and folders that resolve into `roots`, and every file and folder read (the cache's sources).
// `envrcs`: direnv's `.envrc` files below the workspace's top, `miseFolders` the folders below it that may hold
// mise's files (workspace-relative: obeyed-repos.ts finds them).
// `moduleFolders`: the workspace's folders holding a node_modules (a bare NODE_OPTIONS name's packages below).
// `located`: where codeward's environment moves the start-up files (home-sources-env.ts). `path`: codeward's PATH
// (the programs a file in a relative PATH entry `.` shadows by name: home-sources-relpath.ts).
export function homeSourced(home: string, roots: readonly string[], envrcs: readonly string[] = [], miseFolders: readonly string[] = [], moduleFolders: readonly string[] = [], located: StartEnv = startEnv(), path = process.env['PATH'] ?? ''): { links: HomeLink[]; sources: string[]; looked: Looked } {
  const sources: string[] = [];
  // Each path looked up on the way of each path resolved or read, and what it found (home-links.ts Looked): with
  // the files read and the folders listed, what the answer depends on.
  const looked: Looked = new Map();
  const found = new Map<string, HomeLink>();
  const queue = startItems(home, roots, { envrcs, mise: miseFolders }, sources, located);
  const vars = new Map([['HOME', home]]);
  // The variables that name the workspace (home-sources-computed.ts), across the files in the order read.
  const tainted = new Set<string>();
  // The functions that load their arguments (home-sources-computed-fn.ts), across the files in the order read.
  const functions = new Set<string>();
  // A path in the workspace or above it (a search below it: `find ~ -name x.sh`).
  const reaches = (path: string): boolean => {
    const real = resolveLoose(path, '/', undefined, looked) ?? path;
    return roots.some((root) => relIn(real, root) !== undefined || relIn(root, real) !== undefined);
  };
  const seen = new Set<string>();
  const handled = new Set<string>();
  // `named` 'ran': loaded by a program of a PATH folder (Item.ran): obeyed itself, but the workspace's top as a load.
  const mark = (path: string, folder: boolean, loader: string, how: boolean | 'ran' = false, why?: string): void => {
    // What it depends on, where the path really is and what stands there, is in `looked` (the last name looked up).
    const real = resolveLoose(path, '/', undefined, looked);
    if (real === undefined) return;
    // A path merely named (not loaded) counts as a file or a run-time part's folder below the workspace's top,
    // obeyed itself (`mention`), never the whole tree (red team R24-12: `alias p='cd ~/proj'`, `export PROJ=~/proj`;
    // what computes a load from it is home-sources-computed.ts's). `~/dotfiles/zsh`, an existing folder named
    // without a run-time part, is only that folder itself; the workspace's top named alone obeys nothing.
    const only = how !== false && !folder && statQuiet(real)?.isDirectory() === true;
    for (const root of roots) {
      const rel = relIn(real, root);
      const named = how === true || (how === 'ran' && rel !== '');
      if (rel !== undefined && named && rel !== '' && !found.has(rel)) found.set(rel, { rel, home: loader, sourced: loader, mention: true, ...(folder && !only ? {} : { exact: true }) });
      else if (rel !== undefined && !named) found.set(rel, { rel, home: loader, sourced: loader });
      else if (folder && !named && relIn(root, real) !== undefined) found.set('', { rel: '', home: loader, sourced: loader, ...(why === undefined ? {} : { note: why }) });
    }
  };
  // Paths below `at` matching `glob` (a package installed below an env file later): one link per root. `mention`:
  // loaded by a PATH folder's program (Item.ran), those paths obeyed, not the whole tree.
  // `programs`: only the files a shell runs by name there (HomeLink names/executable: a relative PATH entry `.`).
  const markGlob = (at: string, glob: string, loader: string, mention = false, programs: Pick<HomeLink, 'names' | 'executable'> = {}): void => {
    const real = resolveLoose(at, '/', undefined, looked);
    if (real === undefined) return;
    for (const root of roots) {
      const rel = relIn(real, root) ?? (relIn(root, real) !== undefined ? '' : undefined);
      if (rel !== undefined) found.set(`${rel}\0${glob}${programs.names === undefined ? '' : '\0programs'}`, { rel, home: loader, sourced: loader, glob, ...(mention ? { mention } : {}), ...programs });
    }
  };
  // The programs on codeward's PATH by name, listed once when a relative entry needs them.
  let onPath: readonly string[] | undefined;
  const pathNames = (): readonly string[] => (onPath ??= [...shadowedNames(roots, path)]);
  // A file past a bound is not read. Never silently when it lies in the workspace (red team R19-10, R21-9): what it
  // names would be free, so the whole work tree is obeyed, naming why. (A home file past it: the person's own.)
  const unread = (path: string, loader: string, why: string): void => {
    const real = resolveLoose(path, '/', undefined, looked) ?? path;
    if (roots.some((root) => relIn(real, root) !== undefined || relIn(path, root) !== undefined)) mark(WHOLE.path, true, loader, false, why);
  };
  // A PATH folder of a home start-up file (red team R26-9): a program there runs when its name is typed, as
  // `alias t='~/proj/tools/t'` runs tools/t. The folder is obeyed itself (every file in it, a new one too), and each
  // of its files is read as a script for what it loads (Item.ran); not the whole work tree. The workspace's top on
  // PATH is a load of the top (the whole tree, as before); a folder above the workspace runs none of its files.
  const runsFrom = (folder: string, loader: string, depth: number): void => {
    const real = resolveLoose(folder, '/', undefined, looked);
    if (real === undefined) return;
    const rels = roots.map((root) => relIn(real, root)).filter((rel) => rel !== undefined);
    if (rels.includes('')) return mark(folder, true, loader);
    if (rels.length === 0) return;
    for (const rel of rels) if (!found.has(rel) || found.get(rel)!.mention === true) found.set(rel, { rel, home: loader, sourced: loader, mention: true });
    sources.push(folder);
    const listed = listFiles(folder, folder, looked);
    if (listed.over !== undefined) mark(WHOLE.path, true, loader, false, `\`${loader}\` puts on PATH ${listed.over}`);
    for (const { path: file, linked } of listed.files) {
      if (depth + 1 > MAX_DEPTH) unread(file, loader, `\`${loader}\` loads files more than ${MAX_DEPTH} levels deep`);
      else queue.push({ path: file, depth: depth + 1, loader, kind: 'shell', linked, ran: true });
    }
  };
  // What a PATH folder's program loads besides a shell script's own reading (home-sources-ran.ts).
  const ranMarks = (got: RanLoads, loader: string, depth: number, kind?: LoaderKind): void => {
    for (const file of got.files) mark(file, false, loader, 'ran');
    for (const folder of got.folders) mark(folder, true, loader, 'ran');
    for (const { at, glob } of got.globs) markGlob(at, glob, loader, true);
    for (const file of got.scripts) if (kind !== undefined && depth + 1 <= MAX_DEPTH) queue.push({ path: file, depth: depth + 1, loader, kind, ran: true });
    if (got.why !== undefined) mark(WHOLE.path, true, loader, false, got.why);
  };
  const readText = (file: string): string | undefined => {
    sources.push(file);
    const got = readGitMetadataOr(file, MAX_BYTES);
    return typeof got === 'object' ? got.text : undefined;
  };
  // The start-up files read, with how many loader functions were known then: a function defined in a file read
  // later (`.bashrc` sources `.bash_aliases`, which defines `myload`, then calls `myload ~/proj`) is looked for again.
  const readLoaders: { text: string; kind: LoaderKind; loader: string; fish: boolean; known: number }[] = [];
  // Files read (a start-up file that is not there does not count against the budget).
  let read = 0;
  let started = 0;
  for (let at = 0; at < queue.length; at++) {
    const { path, depth, loader, kind, why, linked, cwd, dir, ran } = queue[at]!;
    if (seen.has(path)) continue;
    seen.add(path);
    const how = ran === true ? 'ran' : false;
    if (linked === true) mark(path, false, loader, how);
    if (depth === 0 ? started >= MAX_START : read >= MAX_SCRIPTS) {
      // A home file past it (R22b-3) may load any workspace path as well as a workspace file may.
      mark(WHOLE.path, true, loader, false, `more than ${depth === 0 ? MAX_START : MAX_SCRIPTS} start-up and env files to read: \`${loader}\` was not read`);
      continue;
    }
    if (why !== undefined) {
      sources.push(path);
      mark(WHOLE.path, true, loader, false, why);
      continue;
    }
    // Its own identity decides what is read (a link re-pointed, a file created or changed, is another
    // identity or 'missing'): no trail for it, so a workspace folder that merely holds an `.envrc` place does
    // not end up among the folders whose times must hold.
    sources.push(path);
    const got = readGitMetadataOr(path, MAX_BYTES);
    // Too large to read (red team R21-9), or not a file read: npm, direnv, mise and cargo read the whole file.
    // A folder in the queue (`use flake`'s project folder) is obeyed as named, not read.
    const notRead = got === 'folder' ? undefined : unreadWhy(path, got, MAX_BYTES);
    // A program of a PATH folder not read (a large binary) is obeyed as its folder is, as an alias's program is.
    if (notRead !== undefined && ran !== true) unread(path, loader, notRead);
    if (typeof got !== 'object') continue;
    const text = got.text;
    if (depth === 0) started += 1;
    else read += 1;
    // A PATH folder's program that is not a shell script: read by its interpreter (home-sources-ran.ts).
    const root = ran === true ? roots.find((top) => relIn(path, top) !== undefined) : undefined;
    const program = root === undefined ? undefined : ranProgram(path, text, root, readText, (file) => statQuiet(file)?.isFile() === true, home, foldersAbove(roots));
    if (program !== undefined) {
      ranMarks(program, loader, depth);
      continue;
    }
    // What the start-up file names (obeyed, not read further: R11-9), and what the kind's parser loads.
    for (const loaded of namedPaths(text, home, true)) mark(loaded.path, loaded.folder === true, loader, true);
    // A home start-up file's line that computes what it loads from the workspace: the whole tree (R12-9b, R24-12).
    // Only the top itself, as the signal (obeyed-home-links.ts homeLoads: the whole tree but its inert files).
    const known = functions.size;
    const computed = isHomeLoader(loader) && !found.has('') ? computedLoads(text, kind, home, ran === true ? new Set(tainted) : tainted, vars, reaches, path.endsWith('.fish'), ran === true ? new Set(functions) : functions)[0] : undefined;
    if (isHomeLoader(loader) && ran !== true) readLoaders.push({ text, kind, loader, fish: path.endsWith('.fish'), known });
    if (computed !== undefined) found.set('', { rel: '', home: loader, sourced: loader, exact: true, note: `\`${computed.slice(0, 200)}\` computes what it loads from the workspace` });
    // A program's own variables are its own (a PATH folder's script does not set the start-up files' variables).
    for (const loaded of loadsOf(kind, text, ran === true ? new Map(vars) : vars, path)) {
      if (loaded.module !== undefined) {
        const near = nearOf(loaded, path, home, LOADERS[kind]);
        // A package file node reads but this cannot (past the bound, a FIFO: bounds23): as an unknown main.
        let unknown: string | undefined;
        const marks = moduleMarks(loaded.module.spec, near, roots[0]!, loaded.module.from === undefined ? undefined : moduleFolders, (file) => {
          sources.push(file);
          return readGitMetadataNoting(file, MAX_BYTES, (why) => void (unknown ??= `NODE_OPTIONS requires ${loaded.module!.spec}: ${why}`));
        });
        for (const one of marks.paths) mark(one, false, loader);
        for (const { at, glob } of marks.globs) markGlob(at, glob, loader);
        const why = marks.why ?? unknown;
        if (why !== undefined) mark('/', true, loader, false, why);
        continue;
      }
      if (loaded.glob !== undefined) {
        for (const next of targets(loaded, path, home, LOADERS[kind])) markGlob(next.path, loaded.glob, loader);
        continue;
      }
      // A relative PATH entry a workspace `.envrc` exports (`export PATH=./bin:$PATH`; PATH_add makes its folder
      // absolute) stays relative: searched from whatever folder below the `.envrc` the person stands in (R28-12).
      if (loaded.runs === true && kind === 'direnv' && !isHomeLoader(loader) && !isAbsolute(loaded.path)) {
        const rel = relativeRuns(loaded.path, [dirname(path)], pathNames);
        for (const { at, glob, names, executable } of rel.globs) markGlob(at, glob, loader, true, { ...(names === undefined ? {} : { names }), ...(executable === undefined ? {} : { executable }) });
      }
      // A home PATH folder (red team R26-9): its programs run by name, each read as a script for what it loads.
      if (loaded.runs === true && isHomeLoader(loader)) {
        for (const next of targets(loaded, path, home, LOADERS[kind], cwd ?? dir)) runsFrom(next.path, loader, depth);
        // A relative entry is searched from the current folder: any of the workspace's (home-sources-relpath.ts, R27-1).
        const rel = isAbsolute(loaded.path) ? undefined : relativeRuns(loaded.path, roots, pathNames);
        for (const { at, glob, names, executable } of rel?.globs ?? []) markGlob(at, glob, loader, true, { ...(names === undefined ? {} : { names }), ...(executable === undefined ? {} : { executable }) });
        for (const folder of rel?.folders ?? []) runsFrom(folder, loader, depth);
        for (const file of rel?.programs ?? []) if (depth + 1 <= MAX_DEPTH) queue.push({ path: file, depth: depth + 1, loader, kind: 'shell', ran: true });
        continue;
      }
      // A home start-up file's relative load (`. .bashrc.local`, `. ./env.sh`) is found from the current folder too (a
      // shell opened in the project loads the project's file, red team R27-1): as a PATH program's (ranRelative).
      if (kind === 'shell' && ran !== true && loaded.kind !== undefined && isHomeLoader(loader) && !isAbsolute(loaded.path)) ranMarks(ranRelative(loaded.path, path, roots, home, foldersAbove(roots)), loader, depth, loaded.kind);
      // A PATH folder's program's relative name: found from a current folder not known (home-sources-ran.ts).
      if (ran === true && !isAbsolute(loaded.path)) {
        ranMarks(ranRelative(loaded.path, path, roots, home, foldersAbove(roots)), loader, depth, loaded.kind);
        continue;
      }
      // A sourced script's relative name in a shell run in any folder below `cwd` (pixi shell): obeyed there too.
      if (cwd !== undefined && !isAbsolute(loaded.path) && !/[*?[]/.test(loaded.path)) {
        const below = belowGlob(cwd, loaded.path);
        markGlob(below.at, below.glob, loader);
      }
      for (const next of targets(loaded, path, home, LOADERS[kind], cwd ?? dir)) {
        // A path named again (fifty `source` lines of one file, a glob per host) is judged once.
        const key = `${next.path}\0${next.folder}\0${loaded.kind}`;
        if (handled.has(key)) continue;
        handled.add(key);
        mark(next.path, next.folder, loader, how, loaded.why);
        if (!loaded.kind) continue;
        // A folder listed for its files (its entries' names): its times tell one added or removed. Only named, not
        // listed, it depends on where it is (`looked`).
        if (next.folder) sources.push(next.path);
        const listed = next.folder ? listFiles(next.path, next.path, looked) : { files: [{ path: next.path, linked: false }] };
        if (listed.over !== undefined) mark(WHOLE.path, true, loader, false, `\`${loader}\` loads ${listed.over}`);
        for (const { path: file, linked } of listed.files) {
          // Past the depth bound what a file loads is obeyed, not read (red team R21-9: never silently).
          if (depth + 1 > MAX_DEPTH) unread(file, loader, `\`${loader}\` loads files more than ${MAX_DEPTH} levels deep`);
          else queue.push({ path: file, depth: depth + 1, loader, kind: loaded.kind, linked, ...(ran === true ? { ran } : {}), ...(cwd === undefined && loaded.cwd === undefined ? {} : { cwd: loaded.cwd ?? cwd }), ...(loaded.here === true && kind === 'direnv' ? { dir: dir ?? dirname(path) } : {}) });
        }
      }
    }
  }
  // Each file read before a loader function it may call was known, read again with every function the walk found
  // (and every name it found tainted: more is read as computed, never less; red team R26-4, home28's LEFT).
  for (const { text, kind, loader, fish, known } of readLoaders) {
    if (found.has('') || known >= functions.size) continue;
    const computed = computedLoads(text, kind, home, new Set(tainted), new Map(vars), reaches, fish, new Set(functions))[0];
    if (computed !== undefined) found.set('', { rel: '', home: loader, sourced: loader, exact: true, note: `\`${computed.slice(0, 200)}\` computes what it loads from the workspace` });
  }
  return { links: [...found.values()], sources: [...new Set(sources)], looked };
}
