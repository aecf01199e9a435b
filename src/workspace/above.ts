import { dirname, join, resolve } from 'node:path';
import { lstatQuiet } from '../files/stat-quiet.js';
import { isInside } from './contains.js';

// Red team H5 of issue 26: above the workspace a folder is anyone's. In a shared folder (/tmp, 1777)
// another user makes an empty `.git` (and an AGENTS.md, a config, an index): no walk of codeward's may
// take it for the repository around the workspace. Like git's safe.directory (git stops there with
// "dubious ownership" and looks no further), a `.git` found outside the workspace counts only when the
// current user owns it and the folder holding it (git checks both); root's is not trusted for another
// user. A folder without a `.git` does not stop the walk, whoever owns it (git walks on too: a
// root-owned subfolder of the user's repository still lies in that repository). Inside the workspace
// (the folder the person chose) every `.git` counts. No uid (Windows): every one counts.

// Whether `path` is missing or belongs to the current user (lstat: a link is judged itself).
export function ownedByCurrentUser(path: string): boolean {
  const uid = process.getuid?.();
  if (uid === undefined) return true;
  const stats = lstatQuiet(path);
  return stats === undefined || stats.uid === uid;
}

// Whether a walk from the workspace `root` may go on at `folder` (and use its `.git`): inside the
// workspace, always; outside, when it holds no `.git`, or the current user owns it and `folder`.
export function trustedGitEntry(root: string, folder: string): boolean {
  return isInside(resolve(root), resolve(folder)) || (ownedByCurrentUser(join(folder, '.git')) && ownedByCurrentUser(folder)) || lstatQuiet(join(folder, '.git')) === undefined;
}

// Whether `folder` itself may be used as a git folder (a bare repository found by a walk): inside the
// workspace, or the current user's.
export function trustedFolder(root: string, folder: string): boolean {
  return isInside(resolve(root), resolve(folder)) || ownedByCurrentUser(folder);
}

const MAX_UP = 256;

// The folders a repository search from `start` looks at, nearest first, up to the file-system root: the
// one rule of every upward walk (git's, codeward's). The walk ends at a folder outside the workspace
// `root` whose `.git` belongs to another user: git stops there too, and nothing above it counts.
export function* foldersUp(start: string, root: string = start): Generator<string> {
  let folder = resolve(start);
  for (let up = 0; up < MAX_UP; up += 1) {
    if (!trustedGitEntry(root, folder)) return;
    yield folder;
    const parent = dirname(folder);
    if (parent === folder) return;
    folder = parent;
  }
}
