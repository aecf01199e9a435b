import { readdirSync, realpathSync } from 'node:fs';
import { delimiter, join, resolve, sep } from 'node:path';
import { lstatQuiet } from '../files/stat-quiet.js';
import { readGitMetadata } from '../git/config-read.js';
import { isExecutable } from '../sandbox/which.js';

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

// Sections whose entries name programs git runs on content (clean/smudge filters, diff and merge drivers),
// and one entry's value. A driver that is a program of the system (`git-lfs clean -- %f`, installed by `git lfs
// install`) is fine; one whose command names a path relative to the work tree, a variable or a substitution
// may run the workspace's code (red team F7: every git-lfs user was kept read-only).
const SECTION = /^\s*\[\s*([a-z]+)(?:\s+"[^"]*")?\s*\]\s*$/i;
const ENTRY = /^\s*[\w.-]+\s*=\s*(.*)$/;
const DRIVERS = new Set(['filter', 'diff', 'merge']);
const RUNS_WORKSPACE = /[$`]|(?:^|[\s'"=])(?:\.{1,2}\/|[\w.-]+\/)/;

function workspaceDriver(text: string, root: string): string | undefined {
  const top = resolve(root);
  const inside = (value: string): boolean => value.split(/[\s'"=]+/).some((word) => word.startsWith('/') && (word === top || word.startsWith(`${top}${sep}`)));
  let section = '';
  for (const line of text.split('\n')) {
    const head = SECTION.exec(line);
    if (head) section = head[1]!.toLowerCase();
    else if (DRIVERS.has(section)) {
      const value = ENTRY.exec(line)?.[1] ?? '';
      if (RUNS_WORKSPACE.test(value) || inside(value)) return section;
    }
  }
  return undefined;
}

function configTexts(root: string, home: string | undefined): string[] {
  const files = [join(root, '.git', 'config'), join(root, '.git', 'config.worktree'), ...(home ? [join(home, '.gitconfig'), join(home, '.config', 'git', 'config')] : [])];
  return files.map((file) => readGitMetadata(file) ?? '');
}

// Why this repository's git may not write history from the sandbox even for a line of git alone; undefined
// when it may. `hooks`: the repository has hooks git would have run (so the result can say they did not).
export function gitAloneRepository(root: string, home: string | undefined): { refusal?: string; hooks: boolean } {
  const texts = configTexts(root, home);
  const driver = texts.map((text) => workspaceDriver(text, root)).find((name) => name !== undefined);
  if (driver) return { refusal: `git's configuration names ${driver} programs of the work tree (a [${driver} "…"] section), which git runs on the files`, hooks: false };
  const hooksPath = texts.some((text) => /^\s*hookspath\s*=/im.test(text));
  return { hooks: hooksPath || activeHooks(join(root, '.git', 'hooks')) };
}

function activeHooks(folder: string): boolean {
  if (!lstatQuiet(folder)?.isDirectory()) return false;
  try {
    return readdirSync(folder).some((name) => !name.endsWith('.sample'));
  } catch {
    return true;
  }
}

// Whether the `git` a shell in `cwd` finds first on PATH lies outside the workspace (a relative entry such
// as `.` or `node_modules/.bin` is taken against `cwd`, as the shell does).
export function systemGit(path: string, cwd: string, root: string): boolean {
  const top = real(root);
  const inside = (file: string): boolean => file === top || file.startsWith(`${top}${sep}`);
  for (const entry of path.split(delimiter)) {
    const candidate = join(resolve(cwd, entry === '' ? '.' : entry), 'git');
    if (!isExecutable(candidate)) continue;
    return !inside(real(candidate)) && !inside(real(resolve(cwd, entry === '' ? '.' : entry)));
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
