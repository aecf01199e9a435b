import { realpathSync } from 'node:fs';
import type { SimpleCommand } from '../shell/parse-types.js';
import { Beneath } from '../workspace/beneath.js';
import { walkFolders, type FolderListings } from '../workspace/listings.js';
import { gitDirShaped } from './git-shape.js';

// Red team R41-b7: a git command whose folder is only known at run time (`git -C r* status`, `git -C $d` in a loop,
// `xargs -I{} git -C {}`, `find … -execdir git status`) may run in ANY repository of the workspace, a nested one
// (a vendored clone, a test fixture, a submodule's checkout) whose `.git/config` names a program too. So each of them
// is judged (immune-git-config.ts): the folders holding a `.git` entry, found by one bounded walk through the jail.

// git's options naming its folder or repository, their value in the next word.
const PLACE_OPTIONS = new Set(['-C', '--git-dir', '--work-tree']);

// Why the folder this git command works in is chosen at run time, or undefined: xargs' or parallel's input, find's
// matches (-execdir runs in each match's folder; `{}` in its words), a -C/--git-dir/--work-tree value with a
// glob, a variable or a substitution.
export function runTimeGitFolder(command: Pick<SimpleCommand, 'input' | 'wrappers' | 'text' | 'words'>): string | undefined {
  if (command.input !== undefined) return command.input.source;
  const words = command.words.slice(1);
  if (command.wrappers.includes('find') && (/\s-(?:execdir|okdir)\s/.test(command.text) || words.some((word) => word.value.includes('{}')))) return "find's matches";
  const at = words.findIndex((word, i) => (word.dynamic || word.glob) && (PLACE_OPTIONS.has(words[i - 1]?.value ?? '') || /^(?:-C|--git-dir=|--work-tree=)./.test(word.text)));
  return at < 0 ? undefined : words[at]!.text;
}

const MAX_DEPTH = 24;
const MAX_ENTRIES = 100_000;

// The folders (absolute) below the workspace `root` holding a `.git` entry (folder, file or link), not inside a git
// folder (inside node_modules packages too); `unknown` why a repository may have been missed (the walk's bound, a bare repository by its shape).
export function nestedRepositories(root: string, listings?: FolderListings): { folders: string[]; unknown?: string } {
  let base: string;
  try {
    base = realpathSync.native(root);
  } catch {
    return { folders: [], unknown: `${root} could not be read` };
  }
  const folders: string[] = [];
  let unknown: string | undefined;
  const onCut = (why: string): void => void (unknown ??= `the walk for repositories: ${why}`);
  // Every folder, node_modules packages' own folders too (R42-b7: a repository at node_modules/p/sub is one a glob
  // reaches; modules-walk.ts's "a clone sits at a package's top" is a guess about honest package managers).
  const skip = (_rel: string, name: string): boolean => name.toLowerCase() === '.git';
  walkFolders(new Beneath(base), { maxDepth: MAX_DEPTH, maxEntries: MAX_ENTRIES, skip, onCut }, (rel, listing) => {
    const has = (name: string): boolean => listing.marks.includes(name) || listing.folders.includes(name) || listing.links.includes(name);
    if (has('.git')) folders.push(rel === '' ? base : `${base}/${rel}`);
    else if (rel !== '' && gitDirShaped(has)) unknown ??= `${rel} is a repository by its shape (a bare one), whose configuration is not read here`;
  }, listings);
  return unknown === undefined ? { folders } : { folders, unknown };
}
