import { readdir, realpath } from 'node:fs/promises';
import { join } from 'node:path';
import { isInside, toRel } from '../workspace/contains.js';

// Red team H2 of issue 26: git follows symlinks deep inside its folder. A sandboxed run that replaced
// `.git/objects/XX` by links to another repository's object folders, `refs/heads/master` by a link to
// its ref, and deleted the index made codeward's git-status list that repository's files, git-diff
// print their contents and git-log its commit messages, outside the sandbox. The top-level check
// (git-dir.ts CONTROL) looks at whole names only; this one walks (lstat only, from folder listings with
// types: no file is opened, no link followed) every entry git reads history and state from, and names
// the first symlink whose target leaves the workspace (or does not resolve).
//
// Hard links are not refused: `git clone --local` hard-links the objects of the repository it clones,
// and a sandboxed command cannot make one to a file its default-deny view does not show.

// What git reads for status, diffs and history, under a git folder (and its common folder).
const FILES = ['HEAD', 'index', 'packed-refs', 'ORIG_HEAD', 'FETCH_HEAD', 'MERGE_HEAD', 'shallow'];
const FOLDERS = ['objects', 'refs', 'logs', 'worktrees', 'info'];
const MAX_DEPTH = 16;

async function leaves(root: string, path: string): Promise<string | undefined> {
  const target = await realpath(path).catch(() => undefined);
  if (target !== undefined && isInside(root, target)) return undefined;
  return `${toRel(root, path)} -> ${target ?? 'a path that does not resolve'}`;
}

async function walk(root: string, folder: string, depth: number): Promise<string | undefined> {
  const entries = await readdir(folder, { withFileTypes: true }).catch(() => []);
  for (const entry of entries) {
    const path = join(folder, entry.name);
    if (entry.isSymbolicLink()) {
      const found = await leaves(root, path);
      if (found !== undefined) return found;
    } else if (entry.isDirectory() && depth < MAX_DEPTH) {
      const found = await walk(root, path, depth + 1);
      if (found !== undefined) return found;
    }
  }
  return undefined;
}

// The first symlink under the git folder `gitDir` (inside the workspace `root`) that leads out of the
// workspace, as `rel -> target`, or undefined.
export async function linkLeaving(root: string, gitDir: string): Promise<string | undefined> {
  const entries = new Map((await readdir(gitDir, { withFileTypes: true }).catch(() => [])).map((entry) => [entry.name, entry]));
  for (const name of FILES) {
    if (entries.get(name)?.isSymbolicLink()) {
      const found = await leaves(root, join(gitDir, name));
      if (found !== undefined) return found;
    }
  }
  for (const name of FOLDERS) {
    const entry = entries.get(name);
    const found = entry?.isSymbolicLink() ? await leaves(root, join(gitDir, name)) : entry?.isDirectory() ? await walk(root, join(gitDir, name), 0) : undefined;
    if (found !== undefined) return found;
  }
  return undefined;
}
