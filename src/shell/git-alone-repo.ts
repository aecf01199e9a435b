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

// Sections whose entries name programs git runs on content (clean/smudge filters, diff and merge drivers).
const DRIVER_SECTION = /^\s*\[\s*(filter|diff|merge)\s+"[^"]*"\s*\]/im;

function configTexts(root: string, home: string | undefined): string[] {
  const files = [join(root, '.git', 'config'), join(root, '.git', 'config.worktree'), ...(home ? [join(home, '.gitconfig'), join(home, '.config', 'git', 'config')] : [])];
  return files.map((file) => readGitMetadata(file) ?? '');
}

// Why this repository's git may not write history from the sandbox even for a line of git alone; undefined
// when it may. `hooks`: the repository has hooks git would have run (so the result can say they did not).
export function gitAloneRepository(root: string, home: string | undefined): { refusal?: string; hooks: boolean } {
  const texts = configTexts(root, home);
  const driver = texts.map((text) => DRIVER_SECTION.exec(text)?.[1]).find((name) => name !== undefined);
  if (driver) return { refusal: `git's configuration names ${driver} programs (a [${driver} "…"] section), which git runs on the files`, hooks: false };
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
