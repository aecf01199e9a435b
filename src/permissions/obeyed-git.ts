import { statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { userInfo } from 'node:os';
import { commandWords } from '../git/config-command.js';
import { computedValue, globWords } from '../git/config-computed.js';
import { readGitMetadataOr } from '../git/config-read.js';
import { envConfigEntries } from '../git/config-env.js';
import type { ConfigEntry } from '../git/config-file.js';
import { isInclude, walkConfigFiles } from '../git/config-includes.js';
import type { ComputedCommand } from './obeyed.js';
import { expandGitPath, huskyParent, kernelPath, spellings } from '../git/config-path.js';

// Every file and folder a repository's git configuration makes git run, load or obey (the write gate's
// git context, permissions/obeyed-context.ts): the core.hooksPath folder, included config files, the
// attributes and excludes files, the allowed-signers file, the template folder, and every word of every
// command git runs (core.fsmonitor, editor, pager, sshCommand, askPass, `!` aliases, `pager.<cmd>`,
// diff and merge drivers, textconv, clean/smudge/process filters, credential helpers, difftool and
// mergetool commands and paths, gpg programs, sendemail and imap commands, `submodule.*.update = !cmd`,
// config-based hooks), also set by the environment (git/config-env.ts), each resolved as git resolves it (src/git/config-path.ts), as absolute paths.
// The config files are read here, not in src/git (the read jail's folder): they are the user's and the
// repository's git configuration, possibly outside the workspace (the enclosing repository's).

export interface GitConfigRefs {
  readonly folders: string[];
  readonly files: string[];
  // Glob words of configured commands (absolute patterns) and commands that cannot be resolved
  // statically (git/config-computed.ts): the write gate's `gitGlobs` and `computed`.
  readonly globs?: string[];
  readonly computed?: ComputedCommand[];
  // Every config file read (or looked for): the given ones and the files they include.
  readonly sources?: string[];
  // The core.hooksPath folders (as configured and as the kernel opens them): the hooks git runs.
  readonly hooks?: string[];
  // Every path whose kind or symlinks decided the answer (a configured path resolved as the kernel opens it, a
  // command word looked at as a folder, the password file for `~name/`): a kept answer holds while each keeps
  // its identity (obeyed-context.ts), as the config files do.
  readonly probed?: string[];
}

const keyOf = ({ section, subsection, key }: ConfigEntry): string => [section, ...(subsection === undefined ? [] : [subsection]), key].join('.');

// Keys whose value is a command git runs (through the shell, so any word may be a script).
const COMMAND_KEY = /(?:cmd|command|program|helper|driver|editor|pager|askpass|textconv|external|process|clean|smudge|fsmonitor|gitproxy|tunnel|difffilter|uploadpack|receivepack|smtpserver|defaultkeycommand)$/;
// Keys whose value is a file git reads and obeys.
const FILE_KEY = /^(?:attributesfile|excludesfile|allowedsignersfile)$/;
const TOOL_SECTIONS = new Set(['difftool', 'mergetool', 'browser', 'man']);

export function isCommand({ section, key, value }: ConfigEntry): boolean {
  if (section === 'alias' || section === 'pager') return true;
  if (section === 'submodule' && key === 'update') return (value ?? '').trim().startsWith('!');
  if (key === 'path') return TOOL_SECTIONS.has(section);
  return COMMAND_KEY.test(key);
}

function isFolder(path: string): boolean {
  try {
    return statSync(kernelPath(path)).isDirectory();
  } catch {
    return false;
  }
}

const PASSWD = '/etc/passwd';

// A user's home folder by name (`~name/` in a configured path): the current user's, else the password file's
// (`onRead` is told before it is read).
function homeOf(name: string, home: string | undefined, onRead: () => void): string | undefined {
  try {
    if (name === userInfo().username && home) return home;
    onRead();
    // The system's file (not the repository's): unread, the name has no home (the configured path is not resolved).
    const got = readGitMetadataOr(PASSWD);
    const line = (typeof got === 'object' ? got.text : '').split('\n').find((entry) => entry.split(':')[0] === name);
    return line?.split(':')[5] || undefined;
  } catch {
    return undefined;
  }
}

// `top`: the work tree git runs hooks and commands in; `bases`: other folders a relative word may be taken
// from (the workspace of a subfolder, a folder the command moves to). `files`: the config files git reads.
export function gitConfigPaths(top: string, files: readonly string[], home: string | undefined, bases: readonly string[] = [], env: Readonly<Record<string, string | undefined>> = process.env): GitConfigRefs {
  const probed = new Set<string>();
  // Records a path before its kind or its symlinks are looked at.
  const look = (path: string): string => {
    probed.add(path);
    return path;
  };
  const named = (name: string): string | undefined => homeOf(name, home, () => probed.add(PASSWD));
  const folders: string[] = [];
  const found: string[] = [];
  const globs: string[] = [];
  const computed: ComputedCommand[] = [];
  const hooks: string[] = [];
  // Every entry of the config files and the files they include (git/config-includes.ts: the one walk).
  const entries: { readonly entry: ConfigEntry; readonly file: string }[] = [];
  const seen = new Set<string>();
  const onEntry = (entry: ConfigEntry, file: string): void => {
    entries.push({ entry, file });
    const included = isInclude(entry) ? expandGitPath(entry.value ?? '', dirname(file), home, named) : undefined;
    if (included) found.push(...spellings(look(included)));
  };
  // A config file git reads but this cannot (bounds23: past the bound, a FIFO, a link loop): what it names is
  // unknown, so every path of the workspace is obeyed while it stands (as for a command whose words are unknown).
  const onUnread = (file: string, why: string): void => void computed.push({ key: 'include', value: file, why });
  walkConfigFiles(files, home, onEntry, named, seen, 0, onUnread);
  // The environment's entries (GIT_CONFIG_COUNT/KEY/VALUE, GIT_CONFIG_PARAMETERS): read last, relative to the work tree.
  for (const entry of envConfigEntries(env)) {
    onEntry(entry, resolve(top, '(environment)'));
    const included = isInclude(entry) ? expandGitPath(entry.value ?? '', top, home, named) : undefined;
    if (included) walkConfigFiles([included], home, onEntry, named, seen, 1, onUnread);
  }
  // core.worktree moves the work tree, where hooks and commands run (relative to the git folder).
  const tops = [top];
  for (const { entry, file } of entries) {
    const tree = entry.section === 'core' && entry.key === 'worktree' ? expandGitPath(entry.value ?? '', dirname(file), home, named) : undefined;
    if (tree) tops.push(look(tree));
  }
  const at = (value: string, from: readonly string[]): string[] =>
    from.map((base) => expandGitPath(value, base, home, named)).filter((path): path is string => path !== undefined).map(look);
  for (const { entry } of entries) {
    const value = entry.value ?? '';
    if (entry.key === 'hookspath') {
      for (const folder of at(value, tops)) {
        const husky = huskyParent(kernelPath(folder));
        folders.push(...spellings(folder), ...(husky ? [husky] : []));
        hooks.push(kernelPath(folder));
      }
    } else if (entry.key === 'templatedir') {
      for (const folder of at(value, tops)) folders.push(...spellings(folder));
    } else if (FILE_KEY.test(entry.key)) {
      for (const path of at(value, tops)) found.push(...spellings(path));
    } else if (isCommand(entry)) {
      // A plain alias is git's own arguments; every other command runs through the shell.
      const why = computedValue(value, entry.section !== 'alias');
      if (why) computed.push({ key: keyOf(entry), value, why });
      for (const word of globWords(value)) globs.push(...at(word, [...tops, ...bases]).map((path) => resolve(path)));
      const words = commandWords(value);
      // A folder the command names is where its other words may be (`cd tools && sh run.sh`), not a program.
      const from = [...tops, ...bases];
      from.push(...words.flatMap((word) => at(word, from)).filter(isFolder));
      for (const path of words.flatMap((word) => at(word, from))) if (!isFolder(path)) found.push(...spellings(path));
    }
  }
  return { folders: [...new Set(folders)], files: [...new Set(found)], globs: [...new Set(globs)], computed, sources: [...seen], hooks: [...new Set(hooks)], probed: [...probed] };
}
