// The git configuration a transport is chosen from (git-transport.ts): every entry git would load for a
// folder's repository (the system's and the user's files, the repository's config, config.worktree and its
// common folder's, the files they include, the environment's entries), each marked `own` when it comes from
// the repository's files (which a cloned or enclosing repository, or a file in the work tree, may have written),
// and the repository's `.gitmodules`. Read only through readGitMetadataOr: a file git would read that this
// cannot (too large, not a regular file, unreadable, an include past the depth git allows, a `~name/` path) makes
// the whole answer unknown, and the caller asks.
import { statSync } from 'node:fs';
import { dirname, join, resolve, sep } from 'node:path';
import { envConfigEntries } from '../git/config-env.js';
import { parseGitConfigFile, type ConfigEntry } from '../git/config-file.js';
import { isInclude } from '../git/config-includes.js';
import { expandGitPath, gitOuterConfigFiles } from '../git/config-path.js';
import { readGitMetadataOr, unreadWhy, METADATA_MAX } from '../git/config-read.js';
import { foldersUp, trustedFolder } from '../workspace/above.js';
import { gitSearchable } from '../permissions/git-shape.js';

export type Env = Readonly<Record<string, string | undefined>>;

export interface SourcedEntry extends ConfigEntry {
  // From the repository's files (or a file inside the workspace), not the person's or the system's.
  readonly own: boolean;
}

export interface TransportConfig {
  readonly entries: SourcedEntry[];
  // The git folder and the work tree (undefined: no repository; a bare one has no work tree).
  readonly gitDir?: string;
  readonly workTree?: string;
}

const MAX_DEPTH = 10;

class Unknown extends Error {}

function text(path: string): string | undefined {
  const read = readGitMetadataOr(path);
  if (typeof read === 'object') return read.text;
  if (read === 'absent') return undefined;
  throw new Unknown(unreadWhy(path, read, METADATA_MAX));
}

const isDir = (path: string): boolean => {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
};

// The git folder and work tree of the repository `folder` is in (searched upwards as git does).
function repository(folder: string, root: string): { gitDir: string; workTree?: string } | undefined {
  for (const current of foldersUp(folder, root)) {
    const dotGit = join(current, '.git');
    if (isDir(dotGit)) return { gitDir: dotGit, workTree: current };
    const pointer = text(dotGit);
    if (pointer !== undefined) {
      const match = /^gitdir:\s*(.+?)\s*$/m.exec(pointer);
      if (match) return { gitDir: resolve(current, match[1]!), workTree: current };
    }
    if (trustedFolder(root, current) && gitSearchable(current, 'objects') && gitSearchable(current, 'refs') && text(join(current, 'HEAD')) !== undefined) return { gitDir: current };
  }
  return undefined;
}

function inside(file: string, root: string): boolean {
  const top = resolve(root);
  return file === top || file.startsWith(`${top}${sep}`);
}

// Every entry of `files` and what they include, in git's order.
function walk(files: readonly string[], own: boolean, root: string, home: string | undefined, out: SourcedEntry[]): void {
  const visit = (file: string, depth: number): void => {
    if (depth > MAX_DEPTH) throw new Unknown(`\`${file}\` is included deeper than git reads`);
    const body = text(file);
    if (body === undefined) return;
    for (const entry of parseGitConfigFile(body).entries) {
      out.push({ ...entry, own: own || inside(file, root) });
      if (!isInclude(entry) || !entry.value) continue;
      const included = expandGitPath(entry.value, dirname(file), home);
      if (included === undefined) throw new Unknown(`\`${entry.value}\` (included by \`${file}\`) is a path codeward cannot resolve`);
      visit(included, depth + 1);
    }
  };
  for (const file of files) visit(file, 0);
}

// The configuration git reads in `folder` (or for the git folder `gitDir`), or why it is unknown.
export function transportConfig(folder: string, root: string, home: string | undefined, env: Env, gitDir?: string): TransportConfig | string {
  try {
    const repo = gitDir !== undefined ? { gitDir } : repository(folder, root);
    const entries: SourcedEntry[] = [];
    walk(gitOuterConfigFiles(home, env), false, root, home, entries);
    if (repo !== undefined) {
      const own = [join(repo.gitDir, 'config'), join(repo.gitDir, 'config.worktree')];
      const common = text(join(repo.gitDir, 'commondir'))?.trim();
      if (common) {
        const dir = resolve(repo.gitDir, common);
        own.push(join(dir, 'config'), join(dir, 'config.worktree'));
      }
      walk(own, true, root, home, entries);
    }
    entries.push(...envConfigEntries(env).map((entry) => ({ ...entry, own: false })));
    return { entries, ...(repo === undefined ? {} : { gitDir: repo.gitDir }), ...(repo?.workTree === undefined ? {} : { workTree: repo.workTree }) };
  } catch (error) {
    if (error instanceof Unknown) return error.message;
    throw error;
  }
}

// The `.gitmodules` entries of a work tree (its submodule URLs), or why they are unknown.
export function gitmodules(workTree: string): SourcedEntry[] | string {
  try {
    return parseGitConfigFile(text(join(workTree, '.gitmodules')) ?? '').entries.map((entry) => ({ ...entry, own: true }));
  } catch (error) {
    if (error instanceof Unknown) return error.message;
    throw error;
  }
}
