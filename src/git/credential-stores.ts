import { readdirSync, realpathSync } from 'node:fs';
import { lstatQuiet } from '../files/stat-quiet.js';
import { basename, isAbsolute, join, relative, resolve } from 'node:path';
import { readGitMetadata } from './config-read.js';
import { repositoryOf } from './repository-of.js';
import { parseGitConfigFile } from './config-file.js';
import { shCommands } from '../shell/sh-tokens.js';

// The plain-text stores git's `store` credential helper keeps passwords in (red team round 11, R11-7: with
// `git config credential.helper 'store --file=.git/credentials'`, the CI and dotfiles pattern, read, search and
// `cat` printed the store's `https://user:token@host` lines: only the config files were hidden, not the file a
// config points to). Each `helper` value of the config files git loads is read the way git reads it (the config
// parser unquotes it; a `!` value is shell text) and the `--file` of every store helper in it names one, however
// the helper is spelled (round 12, R12-7): `store`, `/usr/lib/git-core/git-credential-store`, `!git
// credential-store --file=X "$@"`, a shell function around it. git's default store names (`.git-credentials`,
// `git/credentials`) are hidden by name (reader-hidden.ts CREDENTIAL_GLOBS).

const isStore = (word: string, first: boolean, shell: boolean): boolean =>
  (first && !shell && word === 'store') || word === 'credential-store' || basename(word) === 'git-credential-store';

// Spellings of the folder git runs a helper in (R12-7b: `--file="$PWD/c3"`, `--file=$(git rev-parse
// --show-toplevel)/c10`): the path after them is relative to it.
const HERE = /(?:\$\{PWD\}|\$PWD|\$\(\s*pwd(?:\s+-[LP])?\s*\)|`\s*pwd\s*`|\$\(\s*git\s+rev-parse\s+--show-toplevel\s*\))\/?/g;
// A part only known at run time: what follows the last one is the store's name in some folder.
const RUN_TIME = /^.*(?:\$\([^)]*\)|\$\{[^}]*\}|\$\w+|`[^`]*`)\/?/;
const SHELLS = new Set(['sh', 'bash', 'zsh', 'dash', 'ksh', 'eval']);

// The commands of a helper's text, a shell's `-c TEXT` and `eval TEXT` read as commands of their own.
function helperCommands(text: string, depth = 0): string[][] {
  // A command substitution left (not a spelling of the folder) is one run-time word part, not commands of its own.
  const commands = shCommands(text.replace(HERE, '').replace(/\$\([^()]*\)|`[^`]*`/g, '$RUNTIME')).map((command) => command.map((word) => word.text));
  if (depth > 3) return commands;
  return commands.flatMap((words) => {
    const name = basename(words[0] ?? '');
    const inline = name === 'eval' ? words.slice(1).join(' ') : SHELLS.has(name) ? words[words.indexOf('-c') + 1] : undefined;
    return inline !== undefined && (name === 'eval' || words.includes('-c')) ? [words, ...helperCommands(inline, depth + 1)] : [words];
  });
}

// The `--file` values of the store helpers a helper value runs (relative to the folder git runs it in, or
// absolute; a name after a part only known at run time, as that name).
export function storeFilesOfHelper(value: string): string[] {
  const shell = value.trimStart().startsWith('!');
  const files: string[] = [];
  for (const [index, words] of helperCommands(value.trim().replace(/^!\s*/, '')).entries()) {
    const from = words.findIndex((word, at) => isStore(word, index === 0 && at === 0, shell));
    if (from < 0) continue;
    for (const [at, word] of words.entries()) {
      if (at <= from) continue;
      if (word.startsWith('--file=')) files.push(word.slice('--file='.length));
      else if (word === '--file' && words[at + 1] !== undefined) files.push(words[at + 1]!);
    }
  }
  return files.map((file) => file.replace(RUN_TIME, '')).filter((file) => file !== '');
}

// Every word of a shell helper (`!…`): a file of the work tree it names is treated as a store (a helper that
// keeps its passwords under a name spelled some other way: `!sh -c 'cat c1'`, a script's own store).
function mentionedByShellHelper(value: string): string[] {
  if (!value.trimStart().startsWith('!')) return [];
  return helperCommands(value.trim().slice(1)).flat().flatMap((word) => word.split('=')).map((word) => word.replace(RUN_TIME, '')).filter((word) => word !== '' && !word.startsWith('-'));
}

// What an answer depended on, for a caller that keeps it (git/config-credential.ts): `read`, the files read
// and the folders listed (stamped by identity and times); `placed`, the paths looked at or resolved (stamped
// by where they really are and what they are).
export interface StoreProbe {
  readonly read: Set<string>;
  readonly placed: Set<string>;
}

// The config files of the repository's submodules (`.git/modules/**/config`), each with the work tree
// git runs their helpers in: a store they name is used when git runs there.
function moduleConfigs(root: string, probe?: StoreProbe): { config: string; worktree: string }[] {
  const found: { config: string; worktree: string }[] = [];
  const walk = (dir: string, depth: number): void => {
    if (depth > 4 || found.length >= 64) return;
    let names: string[];
    probe?.read.add(dir);
    try {
      names = readdirSync(dir);
    } catch {
      return;
    }
    if (names.includes('config') && names.includes('HEAD')) {
      probe?.read.add(join(dir, 'config'));
      const text = readGitMetadata(join(dir, 'config'), 1024 * 1024) ?? '';
      const worktree = parseGitConfigFile(text).entries.find((entry) => entry.section === 'core' && entry.key === 'worktree')?.value;
      // Without core.worktree, the submodule's folder by its name below .git/modules (R12-7b).
      found.push({ config: join(dir, 'config'), worktree: worktree ? resolve(dir, worktree) : resolve(root, relative(join(root, '.git', 'modules'), dir)) });
    }
    for (const name of names) if (name !== 'objects' && name !== 'refs' && name !== 'logs' && lstatQuiet(join(dir, name))?.isDirectory()) walk(join(dir, name), depth + 1);
  };
  probe?.placed.add(join(root, '.git', 'modules'));
  if (lstatQuiet(join(root, '.git', 'modules'))?.isDirectory()) walk(join(root, '.git', 'modules'), 0);
  return found;
}

// The store files the `configs` (real paths of config files) and the submodules' configs name, as real paths
// where they exist (else as spelled, made absolute): `~/` from `home`, a relative path from the work tree git
// runs its helpers in: the top of the repository holding the workspace `root` (in a subfolder workspace
// `.git/creds` is the repository's, not a missing `sub/.git/creds`), else `root`; a submodule's work tree.
// `probe`: collects what the answer depended on, beside repositoryOf(root) and `home` (StoreProbe).
export function credentialStoreFiles(configs: Iterable<string>, root: string, home: string | undefined, probe?: StoreProbe): string[] {
  const found = new Set<string>();
  const top = repositoryOf(root)?.top ?? root;
  const sources = [...[...configs].map((config) => ({ config, worktree: top })), ...moduleConfigs(top, probe)];
  for (const { config, worktree } of sources) {
    probe?.read.add(config);
    const text = readGitMetadata(config, 1024 * 1024);
    if (text === undefined) continue;
    const helpers = parseGitConfigFile(text).entries.filter((entry) => entry.section === 'credential' && entry.key === 'helper' && entry.value);
    // A relative name is relative to the folder the git process runs in: the work tree, or the top of the
    // superproject (`git submodule foreach`, a helper of .git/modules/sub/config spelled from the top).
    const bases = [...new Set([worktree, top])];
    const add = (spelled: string, mentioned: boolean): void => {
      const paths = spelled.startsWith('~/') ? (home ? [join(home, spelled.slice(2))] : []) : isAbsolute(spelled) ? [spelled] : bases.map((base) => join(base, spelled));
      for (const path of paths) {
        probe?.placed.add(path);
        // A word a shell helper merely mentions counts where it is a file.
        if (mentioned && lstatQuiet(path)?.isFile() !== true) continue;
        found.add(path);
        try {
          found.add(realpathSync.native(path));
        } catch {
          // not there yet (git creates it on the first stored password): hidden as spelled
        }
      }
    };
    for (const entry of helpers) {
      for (const spelled of storeFilesOfHelper(entry.value!)) add(spelled, false);
      for (const spelled of mentionedByShellHelper(entry.value!)) add(spelled, true);
    }
  }
  return [...found];
}
