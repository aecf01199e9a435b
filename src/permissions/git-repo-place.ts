// git's repository-selecting options and variables (red team R29-7): `git --git-dir=../o.git config core.pager CMD`,
// `git --work-tree=W --git-dir=O …`, `GIT_DIR=../o.git git fetch . HEAD:z` (an assignment on the command, or one
// an `env` wrapper makes) choose the repository git reads and WRITES, the way `-C` chooses the folder it starts
// in. ONE reader of them, which the line's folder readers take as git's folder (wrapper-folders.ts: the place
// judges and the unconfined reader; git-folders.ts: the readers of the repository's configuration and objects).
// `--namespace`/GIT_NAMESPACE name refs inside the same repository, not a place: not read here.
import { parseGit } from './options/git.js';
import type { SimpleCommand } from '../shell/parse-types.js';

// The global options whose value is a folder or file of the repository git works on.
const PLACE_OPTIONS = new Set(['--git-dir', '--work-tree']);
// The environment variables git takes its repository, work tree, index and object store from.
export const GIT_PLACE_VARIABLES: ReadonlySet<string> = new Set(['GIT_DIR', 'GIT_WORK_TREE', 'GIT_COMMON_DIR', 'GIT_INDEX_FILE', 'GIT_OBJECT_DIRECTORY']);
const ASSIGNMENT = /^([A-Za-z_]\w*)=(.*)$/s;

// The places a git call names: its `--git-dir`/`--work-tree` values (`args`: the words after `git`), then the
// values of the place variables among `assigned` (`NAME=value` words the command is run with), as written.
export function gitRepoPlaces(args: readonly string[], assigned: readonly string[] = []): string[] {
  const out = parseGit(args).globals.filter((option) => PLACE_OPTIONS.has(option.def.name)).map((option) => option.value ?? '');
  for (const word of assigned) {
    const match = ASSIGNMENT.exec(word);
    if (match && GIT_PLACE_VARIABLES.has(match[1]!)) out.push(match[2]!);
  }
  return out;
}

// The `NAME=value` words of `words` (a command's words as written: its prefix assignments, an env wrapper's).
export function assignmentWords(words: readonly string[]): string[] {
  return words.filter((word) => ASSIGNMENT.test(word) && !word.startsWith('-'));
}

// The place variables the command's environment sets, as `NAME=value` words (red team R39-b12: `GIT_DIR=ev git status`
// is `git --git-dir=ev status`). The environment the parse recorded (SimpleCommand.env: prefix assignments, `env
// NAME=VALUE`, exports earlier on the line), one word per value it may take; a run-time part is kept as written.
export function gitPlaceAssignments(command: SimpleCommand): string[] {
  return (command.env ?? []).filter((entry) => GIT_PLACE_VARIABLES.has(entry.name)).flatMap((entry) => (entry.candidates ?? [entry.dynamic ? `$${entry.name}` : entry.value]).map((value) => `${entry.name}=${value}`));
}
