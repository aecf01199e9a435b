import { readFileSync, statSync } from 'node:fs';
import { basename, dirname, isAbsolute, resolve } from 'node:path';
import { parseGitConfigFile } from '../git/config-file.js';

// Paths in the workspace that a repository's own git config makes git run or read, outside the sandbox:
// the core.hooksPath folder (husky's `.husky/_` runs the hooks in `.husky/`, so that folder too),
// included config files, and programs named by a relative or workspace path (core.fsmonitor = ./x,
// a filter or diff driver script, sshCommand, credential helpers…). They are guarded like `.git/hooks`.

export interface ConfigRefs {
  readonly folders: string[];
  readonly files: string[];
}

const PROGRAM_KEY = /^(?:fsmonitor|sshcommand|editor|pager|askpass|textconv|command|external|helper|process|clean|smudge|program|cmd|gitproxy)$/;
const MAX_INCLUDES = 5;

// The program of a command line: its first word, when it names a path (has a slash). `!cmd` (an
// alias-style shell command) names its first word too.
function programPath(value: string): string | undefined {
  const text = value.trim().replace(/^!\s*/, '');
  const first = /^(?:"([^"]+)"|'([^']+)'|(\S+))/.exec(text);
  const word = first?.[1] ?? first?.[2] ?? first?.[3];
  return word && word.includes('/') ? word : undefined;
}

function expand(path: string, base: string, home: string | undefined): string | undefined {
  if (path.startsWith('~/')) return home ? resolve(home, path.slice(2)) : undefined;
  if (path.startsWith('~')) return undefined;
  return isAbsolute(path) ? path : resolve(base, path);
}

// `files`: the config files git reads for this repository (its own, its common folder's, the user's).
export function gitConfigRefs(root: string, files: readonly string[], home: string | undefined): ConfigRefs {
  const refs: ConfigRefs = { folders: [], files: [] };
  const seen = new Set<string>();
  const visit = (file: string, depth: number): void => {
    if (seen.has(file) || depth > MAX_INCLUDES) return;
    seen.add(file);
    let text: string;
    try {
      // Not a FIFO or device: reading one would block codeward before the run.
      if (!statSync(file).isFile()) return;
      text = readFileSync(file, 'utf8');
    } catch {
      return;
    }
    for (const { section, key, value: raw } of parseGitConfigFile(text).entries) {
      const value = raw ?? '';
      if (key === 'hookspath') {
        // Relative to the top of the working tree (git runs hooks there).
        const folder = expand(value, root, home);
        if (!folder) continue;
        refs.folders.push(folder);
        if (basename(folder) === '_') refs.folders.push(dirname(folder));
      } else if ((section === 'include' || section === 'includeif') && key === 'path') {
        // Relative to the file that includes it.
        const included = expand(value, dirname(file), home);
        if (!included) continue;
        refs.files.push(included);
        visit(included, depth + 1);
      } else if (PROGRAM_KEY.test(key)) {
        const program = programPath(value);
        const path = program ? expand(program, root, home) : undefined;
        if (path) refs.files.push(path);
      }
    }
  };
  for (const file of files) visit(file, 0);
  return refs;
}

// The repository the workspace is in: its own `.git` (folder or `gitdir:` file), else the nearest
// enclosing one (a workspace that is a subfolder of a repository: that repository's hooks and config
// are obeyed by every git command run in the workspace). `top`: its work tree.
export interface Repository {
  readonly top: string;
  readonly gitDir: string;
  readonly common?: string;
}

function readSmall(path: string): string | undefined {
  try {
    return statSync(path).isFile() ? readFileSync(path, 'utf8') : undefined;
  } catch {
    return undefined;
  }
}

function ownGitDir(folder: string): string | undefined {
  const dotGit = resolve(folder, '.git');
  try {
    if (statSync(dotGit).isDirectory()) return statSync(resolve(dotGit, 'HEAD')).isFile() ? dotGit : undefined;
  } catch {
    return undefined;
  }
  const match = /^gitdir:\s*(.+?)\s*$/m.exec(readSmall(dotGit) ?? '');
  return match ? resolve(folder, match[1]!) : undefined;
}

const MAX_UP = 64;

export function repositoryOf(root: string): Repository | undefined {
  let folder = resolve(root);
  for (let i = 0; i < MAX_UP; i++) {
    const gitDir = ownGitDir(folder);
    if (gitDir) {
      const common = readSmall(resolve(gitDir, 'commondir'))?.trim();
      const commonDir = common ? resolve(gitDir, common) : undefined;
      return { top: folder, gitDir, ...(commonDir && commonDir !== gitDir ? { common: commonDir } : {}) };
    }
    const parent = dirname(folder);
    if (parent === folder) return undefined;
    folder = parent;
  }
  return undefined;
}

// Every path git is configured to run or read for the workspace's repository (its own or the enclosing
// one): the hooks folder core.hooksPath names, included files, programs, and the git folders themselves
// (a `.git` file may name a git folder anywhere, inside the workspace under another name too).
export function repositoryRefs(root: string, home: string | undefined): ConfigRefs & { readonly repository?: Repository } {
  const repository = repositoryOf(root);
  if (!repository) return { folders: [], files: [] };
  const dirs = [repository.gitDir, ...(repository.common ? [repository.common] : [])];
  const files = dirs.flatMap((dir) => [resolve(dir, 'config'), resolve(dir, 'config.worktree')]);
  // The user's own config may name workspace paths too (core.hooksPath = .githooks).
  if (home) files.push(resolve(home, '.gitconfig'), resolve(home, '.config', 'git', 'config'));
  const refs = gitConfigRefs(repository.top, files, home);
  return { folders: [...dirs, ...refs.folders], files: refs.files, repository };
}
