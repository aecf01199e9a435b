import { dirname, isAbsolute, resolve } from 'node:path';
import { envConfigEntries } from './config-env.js';
import { type ConfigEntry, parseGitConfigFile } from './config-file.js';
import { expandGitPath, gitOuterConfigFiles, kernelPath } from './config-path.js';
import { METADATA_MAX, readGitMetadataOr, unreadWhy } from './config-read.js';
import { repositoryOf } from './repository-of.js';

const MAX_DEPTH = 10;

type Env = Readonly<Record<string, string | undefined>>;

export const isInclude = (entry: ConfigEntry): boolean => (entry.section === 'include' || entry.section === 'includeif') && entry.key === 'path';

// The one walk of git's config files: each entry of `files` and of every file their include.path /
// includeIf.*.path name, recursively (as git resolves them: relative to the including file as named, `~`
// the home, `~name/` by `homeOf`), handed to `onEntry` with its file, bounded at MAX_DEPTH. Every
// includeIf counts, whatever its condition (gitdir:, onbranch:, hasconfig:): a condition met later
// (another branch, another folder) makes git load it then. A file missing or unreadable (EACCES outside
// the workspace) is listed and not followed. Returns the files looked at (as named); `seen` carries one
// walk across calls. A file git reads but this cannot (past METADATA_MAX: git reads it whole; a FIFO; a link
// loop; EACCES) is told to `onUnread` with the reason (bounds23: never read as empty); a caller that passes none
// reads every file returned itself (git-alone-repo.ts, config-credential.ts).
export function walkConfigFiles(
  files: readonly string[],
  home: string | undefined,
  onEntry: (entry: ConfigEntry, file: string) => void = () => undefined,
  homeOf?: (name: string) => string | undefined,
  seen: Set<string> = new Set(),
  startDepth = 0,
  onUnread: (file: string, why: string) => void = () => undefined,
): string[] {
  const visit = (file: string, depth: number): void => {
    if (seen.has(file) || depth > MAX_DEPTH) return;
    seen.add(file);
    const got = readGitMetadataOr(file);
    const why = got === 'folder' ? undefined : unreadWhy(file, got, METADATA_MAX);
    if (why !== undefined) onUnread(file, why);
    if (typeof got !== 'object') return;
    for (const entry of parseGitConfigFile(got.text).entries) {
      onEntry(entry, file);
      const included = isInclude(entry) ? expandGitPath(entry.value ?? '', dirname(file), home, homeOf) : undefined;
      if (included) visit(included, depth + 1);
    }
  };
  for (const file of files) visit(file, startDepth);
  return [...seen];
}

// `files` and every file they include, as the kernel opens them (symlinks resolved: a reader's real path).
export function withIncludes(files: readonly string[], home: string | undefined): string[] {
  return [...new Set(walkConfigFiles(files, home).map(kernelPath))];
}

// The config files git loads for a workspace (red team round 9/10, R9-14): the system's and the user's
// ($GIT_CONFIG_SYSTEM or /etc/gitconfig; $GIT_CONFIG_GLOBAL, else ~/.gitconfig and the XDG file), the
// repository's own (`config` and `config.worktree` of its git folder and common folder: its own `.git`
// or the enclosing repository's), an include.path the environment gives (GIT_CONFIG_COUNT/KEY/VALUE,
// GIT_CONFIG_PARAMETERS: absolute or `~` paths only, as git requires), and every file these include.
// R9-14: a credential in `.git/creds` a repository includes, in $GIT_CONFIG_GLOBAL=$W/dev.gitconfig, in a
// file ~/.gitconfig includes (`[includeIf "gitdir:$W/"] path = $W/.gitconfig-work`) was an ordinary file.
export function loadedConfigFiles(root: string, home: string | undefined, env: Env = process.env): string[] {
  return [...new Set(loadedConfigNames(root, home, env).map(kernelPath))];
}

// The same files as named (before symlinks are resolved): what that answer read, for a caller that keeps it
// (git/config-credential.ts).
export function loadedConfigNames(root: string, home: string | undefined, env: Env = process.env): string[] {
  const repository = repositoryOf(root);
  const dirs = repository ? [repository.gitDir, ...(repository.common ? [repository.common] : [])] : [resolve(root, '.git')];
  // A `commondir` not read is given as a config file: its reader reports it unread (repository-of.ts).
  const own = [...dirs.flatMap((dir) => [resolve(dir, 'config'), resolve(dir, 'config.worktree')]), ...(repository?.unread === undefined ? [] : [repository.unread])];
  return walkConfigFiles([...gitOuterConfigFiles(home, env), ...own, ...envIncludes(root, home, env)], home);
}

// The files an include.path of the environment names (GIT_CONFIG_COUNT/KEY/VALUE, GIT_CONFIG_PARAMETERS):
// absolute or `~` paths only, as git requires ("relative config includes must come from files").
export function envIncludes(root: string, home: string | undefined, env: Env = process.env): string[] {
  return envConfigEntries(env)
    .filter((entry) => isInclude(entry) && (isAbsolute(entry.value ?? '') || (entry.value ?? '').startsWith('~')))
    .map((entry) => expandGitPath(entry.value ?? '', root, home))
    .filter((path): path is string => path !== undefined);
}
