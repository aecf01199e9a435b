// A git command that prints configuration values (`git remote -v`, `git remote get-url origin`, `git config
// --get remote.origin.url`, `git config --list`) prints a token a remote URL or an extraHeader holds (red
// team R5-9). In the OS sandbox git sees a filtered copy of the repository's config; without one (sandbox
// off, or no sandbox on this system) it reads the real file. The gate cannot know which: such a command is
// read-only only when no config git reads for it (the repository's files and what they include, the
// user's ~/.gitconfig and $XDG_CONFIG_HOME/git/config) holds a secret (the one filter: git/config-secrets.ts).
import { homedir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { parseGitConfig } from '../git/config-file.js';
import { readGitMetadata } from '../git/config-read.js';
import { repositoryConfigSecrets, withoutSecrets } from '../git/config-secrets.js';
import type { ShellParse, SimpleCommand } from '../shell/parse-types.js';
import { parseGit } from './options/git.js';
import { gitFolders } from './git-folders.js';
import { configFiles, gitDirOf } from './readonly-git-config.js';
import { realish } from './readonly-git-secrets.js';

const MAX_INCLUDES = 10;

// Whether the call prints configuration values: `git remote` with any argument (`-v`, `get-url`, `show`),
// `git config` in any reading form, `git var -l` (every config value and the GIT_* variables: red team R9-7).
function printsConfig(args: readonly string[]): boolean {
  const call = parseGit(args);
  return (call.sub === 'remote' && call.args.length > 0) || call.sub === 'config' || (call.sub === 'var' && call.args.some((arg) => arg === '-l' || arg === '--list'));
}

// The first file of `files` (and what they include) that holds a secret.
function secretFile(files: readonly string[], home: string): string | undefined {
  const seen = new Set<string>();
  const visit = (file: string, depth: number): string | undefined => {
    if (seen.has(file) || depth > MAX_INCLUDES) return undefined;
    seen.add(file);
    const text = readGitMetadata(file, 1024 * 1024);
    if (text === undefined) return undefined;
    if (withoutSecrets(text) !== undefined) return file;
    for (const entry of parseGitConfig(text)) {
      if ((entry.section !== 'include' && entry.section !== 'includeif') || entry.key !== 'path' || !entry.value) continue;
      const path = entry.value.startsWith('~/') ? join(home, entry.value.slice(2)) : resolve(dirname(file), entry.value);
      const found = visit(path, depth + 1);
      if (found) return found;
    }
    return undefined;
  };
  for (const file of files) {
    const found = visit(file, 0);
    if (found) return found;
  }
  return undefined;
}

// Reads folders whole: `grep -r`, `cp -R`, `rg --hidden`/`-uu`, archivers.
const RECURSIVE = /^(?:-[a-zA-Z]*[rR][a-zA-Z]*|--recursive|--hidden|-u+|--no-ignore.*)$/;
const ARCHIVERS = new Set(['tar', 'zip', '7z', 'cpio', 'rsync', 'bsdtar', 'pax']);

// The repository config holding a credential that a word of another program names: the file (a glob in
// its folder), or the git folder or a checkout holding it, read whole by a recursive reader.
function namedConfig(command: SimpleCommand, bases: readonly string[]): string | undefined {
  const whole = ARCHIVERS.has(command.name ?? '') || command.args.some((arg) => RECURSIVE.test(arg));
  const words = [...command.words.slice(1), ...command.redirections.flatMap((redirection) => (redirection.targetWord ? [redirection.targetWord] : []))];
  for (const word of words) {
    for (const value of new Set([word.value, ...word.candidates])) {
      if (value === '' || value.startsWith('-')) continue;
      for (const base of bases) {
        const real = realish(resolve(base, value));
        const inFolder = (folder: string): string[] => [join(folder, 'config'), join(folder, 'config.worktree')];
        const candidates = [real, ...(/[*?[]/.test(value) ? inFolder(dirname(real)) : []), ...(whole ? [...inFolder(real), join(real, '.git', 'config')] : [])];
        const found = candidates.find((candidate) => repositoryConfigSecrets(candidate) !== undefined);
        if (found) return found;
      }
    }
  }
  return undefined;
}

// Why this call may print a credential from a git config file, or undefined.
export function configSecretVeto(command: SimpleCommand, parse: ShellParse, root: string | undefined, env: Readonly<Record<string, string | undefined>> = process.env, runDir = root): string | undefined {
  if (root === undefined || command.name === null) return undefined;
  if (command.name !== 'git') {
    const named = namedConfig(command, gitFolders(command, parse, runDir ?? root).list);
    return named === undefined ? undefined : `it reads ${named}, which holds a credential (a token in a remote URL, an extraHeader or a credential helper); outside the OS sandbox it is shown as it is`;
  }
  if (!printsConfig(command.args)) return undefined;
  const home = env.HOME ?? homedir();
  const xdg = env.XDG_CONFIG_HOME ?? join(home, '.config');
  const files = [join(home, '.gitconfig'), join(xdg, 'git', 'config')];
  for (const folder of gitFolders(command, parse, runDir ?? root).list) {
    const found = gitDirOf(folder, root);
    if (found) files.push(...configFiles(found.gitDir));
  }
  const file = secretFile(files, home);
  return file === undefined ? undefined : `it prints git configuration, and ${file} holds a credential (a token in a remote URL, an extraHeader or a credential helper); outside the OS sandbox git shows it as it is`;
}
