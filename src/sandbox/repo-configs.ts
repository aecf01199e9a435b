import { join } from 'node:path';
import { lstatQuiet } from '../files/stat-quiet.js';
import { repositoryConfigSecrets } from '../git/config-secrets.js';
import { shapeKind } from '../git/git-folder-shape.js';
import { unnamedConfigHolds } from './repo-configs-bytes.js';
import { bytePath, listBytes } from './byte-names.js';
import { cleanCopy } from './git-identity.js';
import { repositoryOf } from './git-config.js';
import { realOf, within, type SandboxPolicy } from './policy.js';
import { SYSTEM_FOLDERS } from './toolchains.js';

// The workspace repository's own config files shown without their credentials (red team round 5,
// R5-9): a token in a remote URL, http.extraHeader, a credential helper with the secret inline reached
// the model through `cat .git/config`, `git remote -v`, `git config --get …`. Each config file of the
// repository that holds one (its git folder's and common folder's config and config.worktree, every
// linked worktree's config.worktree, every submodule's config under modules/) gets a filtered copy
// (git/config-secrets.ts) bound read-only over it in the sandbox: git still works, remotes keep their
// URL without the token. The host file is never changed.
// The folders are listed by bytes (issue 26, fix59): a module or worktree folder whose name is not UTF-8 cannot be
// named by a bind (bwrap's arguments are UTF-8) and is the person's (not renamed before a run): when a config
// below it holds a credential (or cannot be read), the folder holding it (`.git/modules`, `.git/worktrees`) is
// hidden whole instead (repo-configs-bytes.ts).

// How many entries the walk of a repository's `modules` (submodules of submodules, their worktrees) lists at most
// (red team R43-a2: a depth cap read "nothing below" as "nothing to filter"). Past it, that `modules` folder is
// hidden whole (fail closed) and said after the run.
const MODULE_ENTRIES = 10_000;

// The folders below `modules` or `worktrees` whose name is not UTF-8 (with the folder holding each); `over`: the
// `modules` folders whose walk ran past the budget; `left`: the entries the walk may still list.
interface Found {
  readonly unnamed: { readonly holder: string; readonly path: Buffer }[];
  readonly over: string[];
  left: number;
}

// A `worktrees` or `modules` folder that is a link (a planted `.git/worktrees -> /elsewhere`) is not
// listed: its configs are outside the repository, and a filtered copy bound over the link would show the
// sandbox a file the default-deny view hides (and fail the run: bwrap cannot make the mount point).
const folders = (dir: string, found: Found): string[] => {
  if (lstatQuiet(dir)?.isDirectory() !== true) return [];
  try {
    const listed = listBytes(dir);
    found.left -= listed.length;
    const entries = listed.filter((entry) => entry.entry.isDirectory());
    for (const entry of entries) if (!entry.faithful) found.unnamed.push({ holder: dir, path: bytePath(dir, entry.raw) });
    return entries.filter((entry) => entry.faithful).map((entry) => join(dir, entry.name));
  } catch {
    return [];
  }
};

// A submodule's git folder is named by its name (modules/lib/sub): every folder below modules/ with a HEAD is one,
// with its linked worktrees (worktrees/*); below it, its own modules/ and the git folders of modules whose name goes
// on from its own (`a/b` and `a/b/c`: modules/a/b/c lies in a/b's git folder), all but its objects. At any depth;
// past the entry budget, `top` (the repository's `modules`) is listed in `over`.
function moduleDirs(modules: string, found: Found, top = modules): string[] {
  if (found.left < 0) {
    if (!found.over.includes(top)) found.over.push(top);
    return [];
  }
  const isRepository = modules !== top && ['file', 'link'].includes(shapeKind(lstatQuiet(join(modules, 'HEAD'))) ?? '');
  const below = folders(modules, found).filter((dir) => !isRepository || !dir.endsWith('/objects'));
  const worktrees = isRepository ? folders(join(modules, 'worktrees'), found) : [];
  return [...(isRepository ? [modules] : []), ...worktrees, ...below.flatMap((dir) => (dir.endsWith('/worktrees') && isRepository ? [] : moduleDirs(dir, found, top)))];
}

// Where the view shows a host path: the `shown` folders (besides the workspace), or the view's own answer.
export type InView = readonly string[] | ((path: string) => boolean);

// What the view of `policy` shows (as bwrap.ts hiddenArgs judges it), and the `more` folders bound besides
// (the enclosing repository): the jail's own answer, else the workspace, the writable, shown and system folders.
export const viewShows = (policy: SandboxPolicy, more: readonly string[] = []): ((path: string) => boolean) => {
  const areas = [...more, ...(policy.view ? [] : [...policy.writable, ...policy.shown.flatMap((entry) => [entry.path, realOf(entry.path)]), ...SYSTEM_FOLDERS.map((name) => realOf(`/${name}`))])];
  return (path) => policy.view?.inView(policy, path) === true || areas.some((area) => within(path, area));
};

// Every config file of the workspace's repository wherever the view shows it (red team R43-a7: a linked
// worktree's common config in a sandboxReadable folder is filtered too, not only what lies in the workspace or the
// enclosing repository), and `walked`: every git config file the secret walk found in the workspace (R43-a2,
// walked-configs.ts: a nested clone's, a bare repository's); `hide`: the folders holding a git folder not UTF-8 named
// whose config holds a credential; `over`: the `modules` folders too large to walk (hidden whole).
export function repositoryConfigFiles(root: string, shown: InView = [], walked: readonly string[] = [], budget = MODULE_ENTRIES): { files: string[]; hide: string[]; over: string[] } {
  const repository = repositoryOf(root);
  if (!repository) return { files: [...walked], hide: [], over: [] };
  const common = repository.common ?? repository.gitDir;
  const found: Found = { unnamed: [], over: [], left: budget };
  const dirs = [...new Set([repository.gitDir, common, ...folders(join(common, 'worktrees'), found), ...moduleDirs(join(common, 'modules'), found)])];
  const inView = (path: string): boolean => within(path, root) || (typeof shown === 'function' ? shown(path) : shown.some((area) => within(path, area)));
  const hide = [...new Set(found.unnamed.filter((entry) => inView(entry.holder) && unnamedConfigHolds(entry.path)).map((entry) => entry.holder))];
  const files = dirs.flatMap((dir) => [join(dir, 'config'), join(dir, 'config.worktree')]).filter(inView);
  return { files: [...new Set([...files, ...walked])], hide, over: found.over.filter(inView) };
}

// The filtered copies to bind: config file -> its copy in the state folder (null: none could be
// written, an empty file is bound instead). Files under a hidden folder (`hidden`: a tracked secret
// hides the whole git folder) are left out: the mount point would not exist. `hide`: the folders to hide whole
// (above).
export function repositoryConfigCopies(root: string, stateDir: string | undefined, hidden: readonly { readonly path: string; readonly kind: string }[], shown: InView = [], walked: readonly string[] = []): { copies: Map<string, string | null>; hide: HiddenHolder[] } {
  const copies = new Map<string, string | null>();
  const found = repositoryConfigFiles(root, shown, walked);
  const holders = [...found.over.map((path): HiddenHolder => ({ path, kind: 'dir', keep: [], over: true })), ...found.hide.map((path): HiddenHolder => ({ path, kind: 'dir', keep: namedFolders(path) }))];
  const hide = holders.filter((holder) => !hidden.some((entry) => entry.kind === 'dir' && within(holder.path, entry.path)));
  const covered = (path: string): boolean => hidden.some((entry) => entry.kind === 'dir' && within(path, entry.path)) || hide.some((entry) => within(path, entry.path) && !entry.keep.some((kept) => within(path, kept)));
  for (const path of found.files) {
    if (covered(path)) continue;
    const clean = repositoryConfigSecrets(path);
    if (clean !== undefined) copies.set(path, cleanCopy(path, clean, stateDir));
  }
  return { copies, hide };
}

// A folder hidden whole for a git folder in it that no mount can name (its name not UTF-8, a credential in its config),
// and the folders in it a mount can name (`keep`: the other submodules' git folders), bound back read-only over the
// empty folder (bwrap.ts secretArgs; fix59's LEFT: one such module had broken every submodule).
export interface HiddenHolder {
  readonly path: string;
  readonly kind: 'dir';
  readonly keep: readonly string[];
  // Hidden for the entry budget of the modules walk (MODULE_ENTRIES), not for a name.
  readonly over?: true;
}

function namedFolders(holder: string): string[] {
  try {
    return listBytes(holder).filter((entry) => entry.faithful && entry.entry.isDirectory()).map((entry) => join(holder, entry.name));
  } catch {
    return [];
  }
}

// Said after the run of each such folder hidden.
export const unnamedHiddenNote = (holder: HiddenHolder): string => holder.over ? `${holder.path} was hidden in the sandbox: it holds more than ${MODULE_ENTRIES} entries of submodules' git folders, too many to find every config file in it that may hold a credential` : `${holder.path} was hidden in the sandbox: a git folder in it has a name that is not UTF-8 and a credential in its config, which no filtered copy can be bound over, and no mount can name that folder alone (rename it to show it)${holder.keep.length > 0 ? `; the ${holder.keep.length} folder(s) in it whose names a mount can name were shown read-only` : ''}`;
