// A program the repository's git configuration makes git start (core.fsmonitor, diff.external, a textconv driver,
// a clean/process filter: R40-b9), which an in-place line shows nowhere. A line of git alone runs with hooks and the
// fsmonitor off and keeps the git folder read-only when such a driver is set (shell/git-alone-repo.ts); a line
// with anything beside git (`git status; true`) runs git as configured, so that program is judged as what it is:
// unknown. The system's programs (git-lfs, ssh, gpg) and core.hooksPath alone (husky) stay free.
import type { ShellParse, SimpleCommand } from '../shell/parse-types.js';
import { repositoryProgram } from '../shell/git-alone-repo.js';
import { gitFolders } from './git-folders.js';
import { nestedRepositories, runTimeGitFolder } from './git-nested-repos.js';
import type { ShellPlace } from './immune-place.js';

// Why this git command starts a program its line does not show, or undefined. A folder only known at run time (a
// folder change the gate cannot follow, a glob or variable -C, xargs, find: git-nested-repos.ts) may be the run
// folder, the workspace root or any repository below it: each is judged (R41-b7); one the walk may have missed is unknown.
export function gitConfigProgram(command: SimpleCommand, parse: ShellParse, place: ShellPlace, home = process.env['HOME']): string | undefined {
  const { list, unknown } = gitFolders(command, parse, place.runDir);
  const runtime = unknown ?? runTimeGitFolder(command);
  const nested = runtime === undefined ? undefined : nestedRepositories(place.root, place.listings);
  for (const folder of new Set(nested === undefined ? list : [...list, place.root, ...nested.folders])) {
    const program = repositoryProgram(folder, place.root, home);
    if (program !== undefined) return nested === undefined ? program : `${program} (${folder}: git's folder is only known at run time, ${runtime})`;
  }
  return nested?.unknown === undefined ? undefined : `git's folder is only known at run time (${runtime}), and ${nested.unknown}`;
}
