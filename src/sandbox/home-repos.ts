import { join } from 'node:path';
import { lstatQuiet } from '../files/stat-quiet.js';
import { names } from './home-entries.js';
import { within } from './paths.js';

// Other repositories in a sandboxWritable folder (red team R46-9: `["~"]`, a run wrote ~/other/.git/hooks/pre-commit
// and core.fsmonitor into ~/other/.git/config; the person's next `git commit` there ran them): the git folders at most
// two levels below each writable folder (~/other/.git, ~/src/x/.git), not in the workspace nor codeward's folders.
// Their config files and hooks folder are what git runs programs from: bound read-only where they exist, moved aside
// after the run where the run made them (home-writable.ts). Names and lstats only: no file is opened.

const BUDGET = 4_000;
const GUARDED = ['config', 'config.worktree', 'hooks'];

// The paths to guard (existing or not) of each git folder found.
export function repositoryGuards(areas: readonly string[], kept: readonly string[]): string[] {
  const found: string[] = [];
  let left = BUDGET;
  const visit = (folder: string, depth: number): void => {
    if (left-- <= 0 || kept.some((place) => within(folder, place))) return;
    // (The workspace's enclosing repository is the view's own: enclosing-git.ts.)
    const git = join(folder, '.git');
    if (!kept.some((place) => within(place, folder)) && lstatQuiet(git)?.isDirectory()) found.push(...GUARDED.map((name) => join(git, name)));
    if (depth === 2) return;
    for (const name of names(folder)) if (!name.startsWith('.') && lstatQuiet(join(folder, name))?.isDirectory()) visit(join(folder, name), depth + 1);
  };
  for (const area of areas) visit(area, 0);
  return found;
}
