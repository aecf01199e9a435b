import { realpathSync } from 'node:fs';
import { homedir, userInfo } from 'node:os';
import { isAbsolute, join, relative, resolve } from 'node:path';
import { aliasesFor } from './obeyed-alias.js';
import { envLoadGlobs } from './obeyed-env.js';
import { envMainGlobs } from './obeyed-env-mains.js';
import { gitConfigPaths, type GitConfigRefs } from './obeyed-git.js';
import { hookReached } from './obeyed-hooks.js';
import { gitOuterConfigFiles } from '../git/config-path.js';
import { envConfigEntries } from '../git/config-env.js';
import { scanWorkspace, workspaceRepositories } from './obeyed-repos.js';
import { fsLookup } from './git-shape.js';
import { fsRunnable, isProgram } from './runnable.js';
import { homeLoads, obeyedHomeLinks } from './obeyed-home-links.js';
import type { Repository } from '../sandbox/git-config.js';
import { VENV_MARKERS, type ObeyedContext } from './obeyed.js';
import { isKept, KEPT_FILE, withTests, type Kept, type PlainContext, type RepositoryContext } from './obeyed-context-kept.js';
import { FolderListings } from '../workspace/listings.js';
import { realPaths } from '../workspace/realpath.js';
import { anchorsOf, exists, keepAcross, keptAcross, stampsFor } from './kept-across.js';
import { binShadowJudge, binShadowNames } from './obeyed-bin-shadows.js';
import { ownCodeIn, ownPackageIn } from './own-code.js';

// The repository a workspace outside any repository is read as: its top, and no git folder.
const PLAIN: Repository = { top: '', gitDir: '' };

// git's hook names: with core.hooksPath naming the workspace root itself, these files at the root are hooks.
const HOOK_NAMES = [
  'applypatch-msg', 'pre-applypatch', 'post-applypatch', 'pre-commit', 'pre-merge-commit', 'prepare-commit-msg', 'commit-msg',
  'post-commit', 'pre-rebase', 'post-checkout', 'post-merge', 'pre-push', 'pre-receive', 'update', 'proc-receive', 'post-receive',
  'post-update', 'reference-transaction', 'push-to-checkout', 'pre-auto-gc', 'post-rewrite', 'sendemail-validate',
  'fsmonitor-watchman', 'p4-changelist', 'p4-prepare-changelist', 'p4-post-changelist', 'p4-pre-submit', 'post-index-change',
];

function real(path: string): string {
  try {
    return realpathSync.native(path);
  } catch {
    return path;
  }
}

// The config files git reads for a repository: its own and its common folder's, the system's and the
// user's (which may name workspace paths too: core.hooksPath = .githooks), as git picks them.
function configFiles(dirs: readonly string[], home: string | undefined): string[] {
  return [...dirs.flatMap((dir) => [resolve(dir, 'config'), resolve(dir, 'config.worktree')]), ...gitOuterConfigFiles(home)];
}

// Where the user's home folder lies in the workspace ('' when it is the workspace): `home` (the HOME the
// call runs with) and the password file's, each as given and as the kernel opens it (red team H-C).
function homesIn(roots: readonly string[], home: string | undefined, listings: FolderListings): string[] {
  const homes = new Set<string>();
  // The password file's home folder of this process's user (read once per cache owner: getpwuid reads a file).
  let own = listings.recall<{ readonly dir: string | undefined }>('password-home');
  if (!own) {
    try {
      own = { dir: userInfo().homedir };
    } catch {
      own = { dir: undefined };
    }
    listings.keep('password-home', own);
  }
  for (const folder of [home, homedir(), own.dir]) {
    if (!folder || !isAbsolute(folder)) continue;
    for (const spelled of new Set([folder, real(folder)])) {
      for (const base of roots) {
        const rel = relative(base, spelled);
        if (!rel.startsWith('..') && !isAbsolute(rel)) homes.add(rel.split('\\').join('/'));
      }
    }
  }
  return [...homes];
}

// Workspace-relative forms of `path` (as given and as the kernel opens it: `realOf`, one question's realpath
// memo); '' for the root itself.
function relForms(path: string, roots: readonly string[], realOf: (path: string) => string | undefined): string[] {
  const forms: string[] = [];
  for (const spelled of new Set([path, realOf(path) ?? path])) {
    for (const base of roots) {
      const rel = relative(base, spelled);
      if (!rel.startsWith('..') && !isAbsolute(rel)) forms.push(rel.split('\\').join('/'));
    }
  }
  return forms;
}

// Whether a workspace-relative folder is a Python virtual environment now: one of its markers exists (lstat:
// a marker that is a symlink counts too). Asked at each judgement, never cached: a run that makes a venv
// is judged by what it left.
function venvProbe(roots: readonly string[]): (folder: string) => boolean {
  return (folder) => roots.some((root) => VENV_MARKERS.some((marker) => exists(join(root, folder, marker))));
}

// What one repository's configuration makes git run or read, as workspace-relative paths, globs and
// commands that cannot be resolved; what the answer depends on: `sources`, the config files read and looked
// for (includes too) and the hook walk's files and folders; `anchors`, the paths resolved through symlinks or
// looked at as folders, the git folders themselves, and the folders above the missing ones (anchorsOf).
function repositoryContext(repository: Repository, roots: readonly string[], home: string | undefined, listings: FolderListings): { plain: PlainContext; sources: string[]; anchors: string[] } {
  // A workspace in no repository (PLAIN): no git configuration and no hooks, only what its editor runs (R18-19).
  const plainFolder = repository.gitDir === PLAIN.gitDir;
  const dirs = plainFolder ? [] : [repository.gitDir, ...(repository.common ? [repository.common] : [])];
  const refs: GitConfigRefs = plainFolder ? { folders: [], files: [] } : gitConfigPaths(repository.top, [...configFiles(dirs, home), ...(repository.unread === undefined ? [] : [repository.unread])], home, roots);
  // What the active hooks run (a script they name, package.json for `npm test` ...: obeyed-hooks.ts, R8-6).
  const hookDirs = plainFolder ? [] : refs.hooks?.length ? refs.hooks : [join(repository.common ?? repository.gitDir, 'hooks')];
  const hooks = hookReached(hookDirs, repository.top, HOOK_NAMES, plainFolder ? undefined : repository.gitDir, listings);
  const gitPaths = new Set<string>();
  const realOf = realPaths();
  const resolved = [...dirs, ...refs.folders, ...refs.files, ...hooks.files];
  for (const path of resolved) {
    for (const rel of relForms(path, roots, realOf)) {
      if (rel === '') for (const name of HOOK_NAMES) gitPaths.add(name);
      else gitPaths.add(rel);
    }
  }
  const gitGlobs = [...(refs.globs ?? []), ...hooks.globs].flatMap((glob) => relForms(glob, roots, realOf)).filter((rel) => rel !== '');
  // The hook walk's fallback (R11-6): its globs say which hook line made every runner-executed kind obeyed.
  const kinds = new Set(hooks.kinds.flatMap((glob) => relForms(glob, roots, realOf)));
  const kindWhy = `${hooks.unmodeled ?? 'a hook'}, so every file of the kinds task runners execute or read is obeyed (src/permissions/runner-kinds.ts)`;
  // A hook's glob never reaches into installed packages (a package manager's own files: `node_modules/x/
  // package.json`, a venv's `site-packages/pkg/conftest.py`), which runners do not collect and a staged install writes.
  const fromHooks = new Set(hooks.globs.flatMap((glob) => relForms(glob, roots, realOf)));
  // A Tailwind project's stylesheet glob: obeyed only when the written text loads code (css-code.ts).
  const styles = new Set(hooks.styles.flatMap((glob) => relForms(glob, roots, realOf)));
  const globs = [...new Set(gitGlobs)].map((glob) => ({ glob, hook: fromHooks.has(glob), ...(kinds.has(glob) ? { why: kindWhy } : {}), ...(styles.has(glob) ? { styles: true as const } : {}) }));
  const plain = { gitPaths: [...gitPaths], globs, computed: refs.computed ?? [], whole: hooks.unmodeled === undefined ? [] : [hooks.unmodeled] };
  // relForms resolved every path of `resolved` through its symlinks: each is stamped too.
  // What was read counts by identity and times; what was resolved by where it really is (anchorStamp).
  const placed = [...new Set([...(refs.probed ?? []), ...resolved])];
  return { plain, sources: [...new Set([...(refs.sources ?? []), ...hooks.sources])], anchors: [...new Set([...placed, ...anchorsOf(placed)])] };
}

// A repository's context, kept with the caller's listings, and across processes when they have a kept file,
// while every path it depends on (repositoryContext's `sources` and `anchors`) keeps its stamp: a config
// changed by a person between two calls counts at once. The key holds every other input: the repository,
// the roots, the home folder, the outer config files git picks and the environment's config entries.
function contextOf(repository: Repository, roots: readonly string[], home: string | undefined, listings: FolderListings, editors: readonly string[]): RepositoryContext {
  // `editors`: where the editor may be opened (the hook walk reads each; a new one is a new key).
  const key = JSON.stringify(['git-context', repository, roots, home ?? '', gitOuterConfigFiles(home), envConfigEntries(), editors]);
  // In memory, the entry holds its glob tests too (made once per owner).
  const known: (Kept & { ctx?: RepositoryContext }) | undefined = listings.recall<Kept & { ctx?: RepositoryContext }>(key) ?? keptAcross(listings, KEPT_FILE, key, isKept);
  if (known && stampsFor(known.sources, known.anchors) === known.stamps) {
    const ctx = known.ctx ?? withTests(known.plain);
    listings.keep(key, { ...known, ctx });
    return ctx;
  }
  const { plain, sources, anchors } = repositoryContext(repository, roots, home, listings);
  const ctx = withTests(plain);
  const stamps = stampsFor(sources, anchors);
  if (stamps !== undefined) {
    listings.keep(key, { stamps, sources, anchors, plain, ctx });
    keepAcross(listings, KEPT_FILE, key, { stamps, sources, anchors, plain }, isKept);
  }
  return ctx;
}

// Where the root lies in the user's home folder, when it lies below it (red team R7-12: a root at ~/.config or
// ~/.ssh had nothing of the home catalogue protected): its paths are judged as home paths too (obeyed.ts).
function homeAbove(roots: readonly string[], home: string | undefined): { homeAbove?: string } {
  if (!home) return {};
  for (const base of new Set([home, real(home)])) {
    for (const root of roots) {
      const rel = relative(base, root).split('\\').join('/');
      if (rel !== '' && !rel.startsWith('..') && !isAbsolute(rel)) return { homeAbove: rel };
    }
  }
  return {};
}

// The union of what every repository's configuration names: each path is judged against all of them.
function union(parts: readonly RepositoryContext[]): RepositoryContext {
  return {
    gitPaths: [...new Set(parts.flatMap((part) => part.gitPaths))],
    gitGlobs: [...new Set(parts.flatMap((part) => part.gitGlobs ?? []))],
    gitGlobTests: [...new Map(parts.flatMap((part) => part.gitGlobTests ?? []).map((test) => [test.glob, test])).values()],
    computed: parts.flatMap((part) => part.computed ?? []),
    whole: parts.flatMap((part) => part.whole ?? []),
  };
}

// The judge of node_modules/.bin files named like a program of PATH (obeyed-bin-shadows.ts), its names listed once
// per caller's cache and PATH.
function binShadow(roots: readonly string[], listings: FolderListings): ObeyedContext['binShadow'] {
  const path = process.env['PATH'] ?? '';
  const key = JSON.stringify(['bin-shadows', roots, path]);
  const known = listings.recall<ObeyedContext['binShadow']>(key);
  if (known) return known;
  const judge = binShadowJudge(binShadowNames(roots, path));
  listings.keep(key, judge);
  return judge;
}

// codeward's own code in the workspace (own-code.ts), found once per caller's cache.
function ownCode(roots: readonly string[], listings: FolderListings): { own?: readonly string[] } {
  const key = JSON.stringify(['own-code', roots]);
  const own = listings.recall<string[]>(key) ?? ownCodeIn(roots, ownPackageIn(listings));
  listings.keep(key, own);
  return own.length > 0 ? { own } : {};
}

// The write gate's context for a workspace: what the configuration of every repository it holds (its own,
// or the one enclosing a subfolder workspace, and each submodule, linked worktree, nested clone and git
// folder by shape: obeyed-repos.ts) makes git run or read (obeyed-git.ts, resolved as git and the kernel
// resolve them), as workspace-relative paths of both the workspace as given and as the kernel opens it;
// the globs and unresolvable commands they configure; where the user's home folder is in it; which
// folders are Python virtual environments (obeyed.ts IN_VENV); what stands at a path (git-shape.ts).
// `listings`: the caller's cache (the policy's or the sandbox's) of folder listings and of each
// repository's configuration, by identity; without one, everything is read now.
export function obeyedContext(root: string, home: string | undefined = homedir(), listings: FolderListings = new FolderListings()): ObeyedContext {
  const roots = [...new Set([root, real(root)])];
  const held = scanWorkspace(root, listings);
  const found = workspaceRepositories(root, held, listings);
  const repositories = found.length > 0 ? found : [{ ...PLAIN, top: real(root) }];
  const git = union(repositories.map((repository) => contextOf(repository, roots, home, listings, held.editors ?? [])));
  const homeLinks = obeyedHomeLinks(roots, home, listings, held);
  const homes = homesIn(roots, home, listings);
  // A scan cut short (R20-25): the files past it (.envrc, mise.toml, .cargo/config.toml, .npmrc ...) are not read.
  const whole = [...(git.whole ?? []), ...homeLoads(homeLinks, homes), ...(held.cut === undefined ? [] : [held.cut])];
  const ctx: ObeyedContext = { ...git, whole, homes, homeLinks, venv: venvProbe(roots), lookup: fsLookup(roots), runnable: fsRunnable(roots), program: isProgram, at: real(root), envGlobs: [...envLoadGlobs(roots), ...envMainGlobs(held.base, held.moduleFolders ?? [])], binShadow: binShadow(roots, listings), ...ownCode(roots, listings), ...homeAbove(roots, home) };
  return { ...ctx, aliases: aliasesFor(held.base, held.links, ctx) };
}
