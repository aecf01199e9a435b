import { readdirSync, realpathSync } from 'node:fs';
import { delimiter, join, resolve, sep } from 'node:path';
import { lstatQuiet } from '../files/stat-quiet.js';
import { METADATA_MAX, readGitMetadataOr, unreadWhy } from '../git/config-read.js';
import { parseGitConfig, type ConfigEntry } from '../git/config-file.js';
import { loadedConfigFiles } from '../git/config-includes.js';
import { isCommand } from '../permissions/obeyed-git.js';
import { isExecutable, outsidePath } from '../sandbox/which.js';

// A line that runs git alone gets the git folder writable (git-only-line.ts), but git itself starts other
// programs, and whatever they start would write history too (red team round 13): the repository's hooks
// (an installed pre-commit that runs `npm test` runs the model's test files), the fsmonitor, and the
// filters and drivers its configuration names. So such a run gets hooks and the fsmonitor switched off
// through git's own environment configuration (said after the run: "your hooks did not run"), and a
// repository whose configuration names filters or drivers keeps the git folder read-only. The `git` the
// shell will find must be the system's: a `./git` or a `git` in a workspace folder on PATH is not git.

// git's configuration through the environment, for that run only: no hook, no fsmonitor.
export const GIT_ALONE_ENV: Readonly<Record<string, string>> = {
  GIT_CONFIG_COUNT: '2',
  GIT_CONFIG_KEY_0: 'core.hooksPath',
  GIT_CONFIG_VALUE_0: '/dev/null',
  GIT_CONFIG_KEY_1: 'core.fsmonitor',
  GIT_CONFIG_VALUE_1: 'false',
};

// What git's configuration makes it run, read with the one config parser (git/config-file.ts) from every file
// git loads (git/config-includes.ts: system, user, repository, worktree, includes): red team R14-6 fooled a
// second, regex reader with `[filter.x]`, a key on the header's line, an `[include]`, a continuation line,
// and `core.sshCommand`. A command entry is fine when it starts a program of the system git users install for
// it (`git-lfs filter-process`, `ssh -i …`, `gpg`); any other program may read the workspace's code (`make -s
// filt` reads the Makefile: R14-5), so the git folder stays read-only. Editors run only without `-m`, and the
// usual `vim`/`code --wait` must not stop commits: only one naming a work-tree path, a variable or a
// substitution counts. Aliases are never run (git-only-line.ts takes built-in subcommands only), pagers need
// a terminal, and hooks and the fsmonitor are switched off above.
const SYSTEM_PROGRAMS = new Set(['git-lfs', 'git-crypt', 'ssh', 'gpg', 'gpg2', 'ssh-keygen', 'cat', 'true', 'false']);
const RUNS_WORKSPACE = /[$`]|(?:^|[\s'"=])(?:\.{1,2}\/|[\w.-]+\/)/;
const IGNORED = new Set(['alias', 'pager']);

// `own`: the entry comes from the repository's files (its git folder, a file it includes from the work tree),
// which the model or a cloned repository may have written; the person's and the system's files name the
// person's own programs, judged by what they name only.
function workspaceCommand(entry: ConfigEntry, top: string, own: boolean): boolean {
  const value = (entry.value ?? '').trim();
  const inside = value.split(/[\s'"=!]+/).some((word) => word.startsWith('/') && (word === top || word.startsWith(`${top}${sep}`)));
  const named = RUNS_WORKSPACE.test(value) || inside;
  if (!own || /editor$/.test(entry.key) || (entry.section === 'credential' && entry.key === 'helper')) return named;
  const [first = '', second] = value.split(/\s+/);
  const system = SYSTEM_PROGRAMS.has(first) || (first === 'git' && second === 'lfs');
  return value !== '' && (named || !system);
}

// Each config file git loads with its text (a folder there: none). One git reads but codeward cannot (past the
// reader's bound: git reads it whole; a FIFO; a link loop; EACCES) gives `unread`, naming it and the bound: what
// it sets is unknown (bounds23: a `.git/config` padded with 5 MiB of comments was read as empty, and the filter
// after the padding ran from a line of git alone).
function configTexts(root: string, home: string | undefined): { texts: { file: string; text: string }[]; unread?: string } {
  const texts: { file: string; text: string }[] = [];
  for (const file of loadedConfigFiles(root, home)) {
    const got = readGitMetadataOr(file);
    if (typeof got === 'object') texts.push({ file, text: got.text });
    else if (got !== 'folder') {
      const why = unreadWhy(file, got, METADATA_MAX);
      if (why !== undefined) return { texts, unread: why };
    }
  }
  return { texts };
}

// Keys a reading leaves to others: a line of git alone runs with the fsmonitor off; the transport programs
// (core.sshCommand, core.gitProxy, remote.*.uploadpack/receivepack) are git-transport.ts's, for the commands that use them.
const ALONE_SKIPS: ReadonlySet<string> = new Set(['pager', 'fsmonitor']);
const IN_PLACE_SKIPS: ReadonlySet<string> = new Set(['pager', 'sshcommand', 'gitproxy', 'uploadpack', 'receivepack']);

function drivingEntry(root: string, texts: readonly { file: string; text: string }[], skips = ALONE_SKIPS): string | undefined {
  const top = resolve(root);
  const tops = [top, real(root)];
  for (const { file, text } of texts) {
    const own = tops.some((each) => file === each || file.startsWith(`${each}${sep}`));
    for (const entry of parseGitConfig(text)) {
      if (IGNORED.has(entry.section) || skips.has(entry.key) || !isCommand(entry)) continue;
      if (workspaceCommand(entry, top, own)) return `${[entry.section, ...(entry.subsection === undefined ? [] : [entry.subsection]), entry.key].join('.')} = ${entry.value ?? ''}`;
    }
  }
  return undefined;
}

// Why this repository's git may not write history from the sandbox even for a line of git alone; undefined
// when it may. `hooks`: the repository has hooks git would have run (so the result can say they did not).
export function gitAloneRepository(root: string, home: string | undefined): { refusal?: string; hooks: boolean } {
  const { texts, unread } = configTexts(root, home);
  if (unread !== undefined) return { refusal: `a config file git reads could not be read, so what it makes git run is unknown (${unread})`, hooks: false };
  const driver = drivingEntry(root, texts);
  if (driver) return { refusal: `git's configuration makes it run a program that may read the work tree (${driver.slice(0, 120)})`, hooks: false };
  const hooksPath = texts.some(({ text }) => /^\s*hookspath\s*=/im.test(text));
  return { hooks: hooksPath || activeHooks(join(root, '.git', 'hooks')) };
}

// The program git's configuration for the repository `folder` is in makes git start (a filter, a diff driver, the
// fsmonitor; transports are git-transport.ts's) when it is not the system's (git-lfs, ssh, gpg) or names the workspace `root` (the same reading as
// above), or why that configuration is unknown; undefined: none. A line with more than git does not get
// GIT_ALONE_ENV, so the fsmonitor counts too (R40-b9); hooks (core.hooksPath alone: husky) do not.
export function repositoryProgram(folder: string, root: string, home: string | undefined): string | undefined {
  const { texts, unread } = configTexts(folder, home);
  if (unread !== undefined) return `a config file git reads could not be read, so what it makes git run is unknown (${unread})`;
  const driver = drivingEntry(root, texts, IN_PLACE_SKIPS);
  return driver === undefined ? undefined : `the repository's git configuration names a program: ${driver.slice(0, 120)}`;
}

function activeHooks(folder: string): boolean {
  if (!lstatQuiet(folder)?.isDirectory()) return false;
  try {
    return readdirSync(folder).some((name) => !name.endsWith('.sample'));
  } catch {
    return true;
  }
}

// Whether the `git` a shell in `cwd` finds first on PATH lies outside the workspace and every folder a run may write
// (`areas`: Workspace.toolAreas), the file and its folder by any spelling or link (sandbox/which.ts outsidePath: a
// git a run left in a sandboxWritable bin is no system git, red team R42-a6). A relative entry such as `.` or
// `node_modules/.bin` is taken against `cwd`, as the shell does.
export function systemGit(path: string, cwd: string, areas: readonly string[]): boolean {
  for (const entry of path.split(delimiter)) {
    const candidate = join(resolve(cwd, entry === '' ? '.' : entry), 'git');
    if (!isExecutable(candidate)) continue;
    return outsidePath({ PATH: candidate }, areas)['PATH'] === candidate;
  }
  return false;
}

function real(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    return resolve(path);
  }
}
