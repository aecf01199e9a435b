// A git command that prints configuration values (`git remote -v`, `git remote get-url origin`, `git config
// --get remote.origin.url`, `git config --list`) prints a token a remote URL or an extraHeader holds (red
// team R5-9). In the OS sandbox git sees a filtered copy of the repository's config; without one (sandbox
// off, or no sandbox on this system) it reads the real file. The gate cannot know which: such a command is
// read-only only when no config git reads for it (the repository's files, the system's and the user's:
// $GIT_CONFIG_GLOBAL, else ~/.gitconfig and the XDG file, and what they include) holds a secret (the one
// filter: git/config-secrets.ts).
import { homedir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import picomatch from '../workspace/picomatch.js';
import { CredentialConfigs, holdsCredential } from '../git/config-credential.js';
import { isCredentialStoreFile } from '../git/credential-store-content.js';
import { envIncludes, withIncludes } from '../git/config-includes.js';
import { gitOuterConfigFiles } from '../git/config-path.js';
import type { ShellParse, SimpleCommand } from '../shell/parse-types.js';
import { parseGit } from './options/git.js';
import { gitFolders } from './git-folders.js';
import { configFiles, gitDirOf } from './readonly-git-config.js';
import { realish } from './readonly-git-secrets.js';
import { pathValues } from './word-paths.js';

// Whether the call prints configuration values: `git remote` with any argument (`-v`, `get-url`, `show`),
// `git config` in any reading form, `git var -l` (every config value and the GIT_* variables: red team R9-7).
function printsConfig(args: readonly string[]): boolean {
  const call = parseGit(args);
  return (call.sub === 'remote' && call.args.length > 0) || call.sub === 'config' || (call.sub === 'var' && call.args.some((arg) => arg === '-l' || arg === '--list'));
}

// The first of `files` and what they include (git/config-includes.ts) that holds a secret.
function secretFile(files: readonly string[], home: string): string | undefined {
  return withIncludes(files, home).find(holdsCredential);
}

// Reads folders whole: `grep -r`, `cp -R`, `rg --hidden`/`-uu`, archivers.
const RECURSIVE = /^(?:-[a-zA-Z]*[rR][a-zA-Z]*|--recursive|--hidden|-u+|--no-ignore.*)$/;
const ARCHIVERS = new Set(['tar', 'zip', '7z', 'cpio', 'rsync', 'bsdtar', 'pax']);

// The git config file holding a credential that a word of another program names: the file (a glob in
// its folder), or the git folder or a checkout holding it, read whole by a recursive reader. The files
// readers refuse (git/config-credential.ts: a repository's own config, or any file git loads here and
// what it includes: red team R9-14 B, `cat .git/creds` printed an included file's token unasked).
function namedConfig(command: SimpleCommand, bases: readonly string[], configs: CredentialConfigs): string | undefined {
  const whole = ARCHIVERS.has(command.name ?? '') || command.args.some((arg) => RECURSIVE.test(arg));
  const words = [...command.words.slice(1), ...command.redirections.flatMap((redirection) => (redirection.targetWord ? [redirection.targetWord] : []))];
  for (const word of words) {
    for (const value of pathValues(word)) {
      if (value === '' || value.startsWith('-')) continue;
      for (const base of bases) {
        const real = realish(resolve(base, value));
        // A git credential store by its content, whatever names it (R13-17).
        if (isCredentialStoreFile(real)) return real;
        const inFolder = (folder: string): string[] => [join(folder, 'config'), join(folder, 'config.worktree')];
        const glob = /[*?[]/.test(value);
        const candidates = [real, ...(glob ? inFolder(dirname(real)) : []), ...(whole ? [...inFolder(real), join(real, '.git', 'config')] : [])];
        const found = candidates.find((candidate) => configs.has(candidate)) ?? configs.find((file) => (whole && file.startsWith(`${real}/`)) || (glob && picomatch.isMatch(file, real, { dot: true })));
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
    const named = namedConfig(command, gitFolders(command, parse, runDir ?? root).list, new CredentialConfigs(root, env.HOME ?? homedir(), env));
    return named === undefined ? undefined : `it reads ${named}, which holds a credential (a token in a remote URL, an extraHeader or a credential helper); outside the OS sandbox it is shown as it is`;
  }
  if (!printsConfig(command.args)) return undefined;
  const home = env.HOME ?? homedir();
  // The user's files ($GIT_CONFIG_GLOBAL, a workspace file in a dotfiles set-up: red team R9-14 A) and a
  // named system file; /etc/gitconfig is the machine's (a distribution's `[credential] helper = gcloud.sh`
  // would make every `git remote -v` ask).
  const files = [...gitOuterConfigFiles(home, env).filter((file) => file !== '/etc/gitconfig'), ...envIncludes(root, home, env)];
  for (const folder of gitFolders(command, parse, runDir ?? root).list) {
    const found = gitDirOf(folder, root);
    if (found?.unread !== undefined) return `it prints git configuration, and the repository git would use is unknown (${found.unread})`;
    if (found) files.push(...configFiles(found.gitDir));
  }
  const file = secretFile(files, home);
  return file === undefined ? undefined : `it prints git configuration, and ${file} holds a credential (a token in a remote URL, an extraHeader or a credential helper); outside the OS sandbox git shows it as it is`;
}
