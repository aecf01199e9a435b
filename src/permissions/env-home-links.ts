import { realpathSync } from 'node:fs';
import { isAbsolute, join, posix, relative, resolve } from 'node:path';
import { homeLinksInto, type LinkScan, type MovedFolder } from './home-links.js';
import { listHome } from './home-list.js';
import { lazyMatcher } from '../workspace/picomatch.js';
import { homeOf, pathWords } from './obeyed-env-homes.js';
import { isNpxSelf } from './npx-self.js';

// The tool homes and start-up folders codeward's environment names, WHEREVER they are (red team R24-8:
// `ZDOTDIR=/o` with `/o/.zshrc -> $W/cfg/zshrc`, `BASH_COMPLETION_USER_DIR=/o` with `/o/completions/tool ->
// $W/cfg/tool.bash`, a dotfiles checkout linked from a dev container's /etc): a link there into the workspace makes
// the workspace file the one the tool runs, as a link from the home's own folders does (home-links.ts). The
// variable's value inside the workspace is obeyed-env-homes.ts' (its rows); its value itself a link into the workspace
// too (obeyed-env-where.ts resolves it). Here: below a value outside the workspace, each obeyed subpath of the row
// (HOMES: `bin/**` walked, `config.toml` resolved; a start-up folder's whole) is scanned for links into the workspace
// with the home scans' walk and budgets (home-links.ts MAX_FOLDERS: past it the caller fails closed, naming it).
// A variable of the generic rule (an unknown tool's folder) is not walked: XDG_DATA_DIRS=/usr/share, JAVA_HOME,
// ANDROID_HOME would be walked on every call (LEFT in the report: its value itself is still resolved).

// Start-up folders of the environment table (obeyed-env.ts folder rows whose every file a program runs) that are
// not tool homes of obeyed-env-homes.ts: zsh's start-up files, git's programs and templates (hooks).
// And the load folders whose TOP entries a loader opens by name (spell27's LEFT, spell28): the dynamic loader's
// LD_LIBRARY_PATH (`/o/libx.so -> $W/lib/libx.so`: it does not look below), python's sitecustomize/usercustomize in
// each PYTHONPATH folder, perl's, ruby's and node's module folders. Each folder is listed once (its links judged),
// never walked (`LD_LIBRARY_PATH=/usr/lib/x86_64-linux-gnu`); past MAX_LISTED entries the scan is cut (fail closed).
// A module folder's file below its top (`/o/Foo/Bar.pm -> $W/...` in a real folder Foo) is not looked at (LEFT).
const TOP = ['*'];
const FOLDER_ROWS: Readonly<Record<string, readonly string[]>> = {
  ZDOTDIR: ['**'], GIT_EXEC_PATH: ['**'], GIT_TEMPLATE_DIR: ['**'],
  LD_LIBRARY_PATH: TOP, PERL5LIB: TOP, PERLLIB: TOP, RUBYLIB: TOP, NODE_PATH: TOP,
  PYTHONPATH: ['sitecustomize*', 'usercustomize*', '__pycache__/sitecustomize*', '__pycache__/usercustomize*'],
};

const GLOB = /[*?[{]/;
// Entries of a folder a row's glob part is matched against, at most (more: the scan is cut, the caller fails closed).
const MAX_LISTED = 65_536;

const realOf = (path: string): string | undefined => {
  try {
    return realpathSync(path);
  } catch {
    return undefined;
  }
};

const inside = (path: string, root: string): boolean => {
  const rel = relative(root, path);
  return !rel.startsWith('..') && !isAbsolute(rel);
};

// A tool-home variable's place and one of its row's subpath patterns.
export interface ToolPlace {
  readonly name: string;
  readonly path: string;
  readonly sub: string;
}

// Each path word of each tool-home variable of `env` with each subpath of its row. Not a place holding the home or a
// workspace root, nor one in a root (`ZDOTDIR=$HOME`, `CARGO_HOME=$W/ch`): the home scans and obeyed-env-homes.ts
// judge those. Sorted: a stable kept key.
export function envToolFolders(roots: readonly string[], env: Readonly<Record<string, string | undefined>>, cwd = process.cwd()): ToolPlace[] {
  const found = new Map<string, ToolPlace>();
  const home = env['HOME'];
  for (const [name, value] of Object.entries(env)) {
    const row = FOLDER_ROWS[name] ?? homeOf(name);
    if (row === undefined || value === undefined || value === '') continue;
    for (const word of pathWords(value)) {
      const path = word === '~' || word.startsWith('~/') ? (home === undefined ? undefined : `${home}${word.slice(1)}`) : resolve(cwd, word);
      if (path === undefined || roots.some((root) => inside(root, path) || inside(path, root)) || (home !== undefined && inside(home, path))) continue;
      for (const sub of row) found.set(`${name}\0${path}\0${sub}`, { name, path: posix.normalize(path), sub });
    }
  }
  return [...found.entries()].sort(([one], [two]) => (one < two ? -1 : 1)).map(([, place]) => place);
}

// The concrete places a subpath pattern names below `path`: a glob part matched against its folder's entries (each
// folder listed goes to `listed`: an entry added or removed changes its times, so the kept answer is computed again),
// `**` the folder walked, the pattern's end the path itself (resolved, not walked: `PNPM_HOME/*` is not its store).
function expand(path: string, sub: string, scan: { listed: string[]; cut: string[] }): { path: string; walk: boolean }[] {
  let at = [path];
  const parts = sub.split('/');
  for (const [index, part] of parts.entries()) {
    if (part === '**') return at.map((one) => ({ path: one, walk: true }));
    if (!GLOB.test(part)) {
      at = at.map((one) => join(one, part));
      continue;
    }
    const match = lazyMatcher(part, { dot: true });
    const last = index === parts.length - 1;
    at = at.flatMap((one) => {
      const listing = listHome(one, MAX_LISTED);
      if (listing === undefined) return [];
      scan.listed.push(one);
      if (listing.over) scan.cut.push(`${one} (more than ${MAX_LISTED} entries)`);
      // The last part's entries are only resolved: in a real folder outside the roots (the place holds none) only a
      // link can lead into one (thousands of a library folder's files are not each resolved).
      const onlyLinks = last && realOf(one) === resolve(one);
      return listing.entries.filter((entry) => match(entry.name) && (!onlyLinks || entry.kind === 'link')).map((entry) => join(one, entry.name));
    });
  }
  return at.map((one) => ({ path: one, walk: false }));
}

// The links into the workspace at the places `envToolFolders` names, each obeyed as what the tool runs there, named
// by the variable and the link (`ZDOTDIR=/o/.zshrc loads cfg/zshrc`; no `$` first: the file itself is obeyed, not the
// whole tree as for a home start-up file's load, obeyed-home-links.ts homeLoads).
export function envToolLinks(places: readonly ToolPlace[], roots: readonly string[]): LinkScan {
  const scan = { listed: [] as string[], cut: [] as string[] };
  const walked: MovedFolder[] = [];
  const files = new Map<string, string>();
  for (const { name, path, sub } of places) {
    for (const one of expand(path, sub, scan)) {
      if (one.walk) walked.push({ path: one.path, as: `${name}=${one.path}` });
      else files.set(one.path, name);
    }
  }
  // From `/`: every place is absolute.
  const found = homeLinksInto('/', walked, [...files.keys()], roots);
  // npx's entry for the workspace itself is the workspace running its own code (npx-self.ts).
  const own = (link: { home: string }): boolean => roots.some((root) => isNpxSelf(link.home, root));
  const links = found.links.filter((link) => !own(link)).map((link) => ({ rel: link.rel, home: '', sourced: files.has(link.home) ? `${files.get(link.home)!}=${link.home}` : link.home }));
  return { links, listed: [...found.listed, ...scan.listed], looked: found.looked, cut: [...found.cut, ...scan.cut] };
}
