import { accessSync, constants, lstatSync, statSync } from 'node:fs';
import { join } from 'node:path';

// A folder is a git directory by its SHAPE, whatever its name (red team round 5 R5-8): git takes a folder
// holding HEAD, objects and refs (folders, links or executable files: R13-21; or HEAD and a commondir file
// naming where those are) for one, when it
// is run there (`cd src && git status` in a `src/` made a bare repository, the workspace root of a folder
// without `.git`) or when a `.git` file names it; it then obeys that folder's config (core.fsmonitor,
// core.worktree, aliases), hooks and info files outside any sandbox. The catalogue's `.git` entry knows
// the name only; this is the one predicate for the shape, used by every writer that asks isObeyedLater
// (the file tools' judge, the shell judge, the stage plan, undo): a write that creates or changes one of
// the control names of a folder that IS a git directory AFTER the write (the write's own path counts as
// made: `mkdir x/refs` where x has HEAD and objects/ completes the shape and is caught) is obeyed.

// What stands at a workspace-relative path ('' the root): a folder, something else, or nothing.
export type Lookup = (rel: string) => 'dir' | 'file' | undefined;

// The names git reads in a git directory, and the ones that make a folder one (lower case: a
// case-insensitive file system obeys `Config` as `config`).
const CONTROL = new Set(['head', 'config', 'config.worktree', 'commondir', 'gitdir', 'hooks', 'info', 'objects', 'refs', 'modules', 'worktrees', 'packed-refs']);

const BY = 'git (a folder git takes for a git directory by its shape: HEAD, objects/ and refs/, whatever its name)';

// What the file system holds at `rel` of any of `roots` (the workspace as given and as the kernel opens it).
// HEAD may be a symlink (git accepts one); objects/ and refs/ may be links to folders (followed).
export function fsLookup(roots: readonly string[]): Lookup {
  return (rel) => {
    for (const root of roots) {
      const path = rel === '' ? root : join(root, rel);
      try {
        return statSync(path).isDirectory() ? 'dir' : 'file';
      } catch {
        try {
          lstatSync(path);
          return 'file';
        } catch {
          // nothing here
        }
      }
    }
    return undefined;
  };
}

// THE shape test, the one predicate of every reader (the write gate's lookups here, the after-run walk of an
// in-place run, sandbox/obeyed-scan.ts, the workspace's repository scan, obeyed-repos.ts; red team R30-4: the
// walk counted real folders only): `has(name)` whether ANYTHING stands by that name in the folder. git takes
// objects/ and refs/ that are folders, links, or even executable files (setup.c checks access(X_OK); red team
// R13-21), and a HEAD that is a file or a link, so presence is the test.
export function gitDirShaped(has: (name: string) => boolean): boolean {
  return has('HEAD') && ((has('objects') && has('refs')) || has('commondir'));
}

// The names gitDirShaped asks about (a listing that keeps only some names must keep these, whatever they are).
export const SHAPE_NAMES: readonly string[] = ['HEAD', 'objects', 'refs', 'commondir'];

// Whether git, looking for its repository, can search `folder`/`name` as it requires of objects and refs (setup.c
// is_git_directory: access(X_OK), so a folder, a link to one, or an executable FILE). For readers that must name
// the ONE repository git will use (readonly-git-config.ts, shell/git-transport-config.ts): a presence test there
// could pick a folder git passes by (red team R30-4: `isDir` missed executable files).
export function gitSearchable(folder: string, name: string): boolean {
  try {
    accessSync(join(folder, name), constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

// Whether the folder `folder` ('' the root) is a git directory once `made` (the control name the write
// creates or changes there) exists.
function shaped(folder: string, made: string, at: Lookup): boolean {
  return gitDirShaped((name) => made === name.toLowerCase() || at(inside(folder, name)) !== undefined);
}

const inside = (folder: string, name: string): string => (folder === '' ? name : `${folder}/${name}`);

// Whether the folder at the absolute path `folder` is a git directory by its shape now.
export function isGitDirAt(folder: string): boolean {
  return shaped('', '', fsLookup([folder]));
}

// The git-directory-by-shape entry `names` (a normalised workspace-relative path, split) falls under, or
// undefined. A path outside the workspace (absolute, `..`) is not judged here.
// What gitShape finds: an obeyed.ts Obeyed of the git family (declared here, so obeyed.ts, which asks it,
// and this module import nothing of each other's: test/permissions/import-cycles).
export interface ShapeObeyed {
  readonly pattern: string;
  readonly family: 'git';
  readonly by: string;
  readonly why?: string;
}

export function gitShape(names: readonly string[], at: Lookup | undefined): ShapeObeyed | undefined {
  if (!at || names.length === 0 || names[0] === '' || names.includes('..')) return undefined;
  for (let i = 0; i < names.length; i++) {
    const made = names[i]!.toLowerCase();
    if (!CONTROL.has(made)) continue;
    const folder = names.slice(0, i).join('/');
    if (!shaped(folder, made, at)) continue;
    const where = folder === '' ? 'the workspace root' : folder;
    return { pattern: inside(folder, names[i]!), family: 'git', by: BY, why: `${where} is a git directory by its shape (HEAD, objects/ and refs/), which git obeys when run there or named by a .git file: its ${names[i]} is git's (config, hooks, refs), so writing it is a person's decision` };
  }
  return undefined;
}

// The state after a staged run: its entries (created folders and files, whiteouts) over the file system.
export function stagedLookup(base: Lookup, entries: Iterable<{ readonly rel: string; readonly kind: string }>): Lookup {
  const staged = new Map<string, 'dir' | 'file' | 'gone'>();
  for (const entry of entries) staged.set(entry.rel, entry.kind === 'dir' ? 'dir' : entry.kind === 'whiteout' ? 'gone' : 'file');
  return (rel) => {
    const found = staged.get(rel);
    return found === 'gone' ? undefined : found ?? base(rel);
  };
}
