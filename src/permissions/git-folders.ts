import { resolve } from 'node:path';
import type { ShellParse, ShellWord, SimpleCommand } from '../shell/parse-types.js';
import { UNKNOWN } from './argv.js';
import { assignmentWords, gitRepoPlaces } from './git-repo-place.js';
import { shCommands } from '../shell/sh-tokens.js';

const CD_OPTION = /^-[LPe@]+$/;

// Folders a git command of this line may work in: the run folder, every `cd`/`pushd` target (options
// such as `-P` and `--` skipped, chained from earlier targets) and `git -C`. `unknown` names a folder
// change this cannot follow (a variable, a substitution, a glob, `~`, `-`, a bare `cd`, `popd`): the
// command may then be in any repository (`cd "$PWD/sub" && git log -p` printed a nested clone's .env), unless
// `known` (a caller's own rule) names the folder such a word reaches from each folder before it. More than
// MAX_FOLDERS folders is unknown too.
const MAX_FOLDERS = 32;

export function gitFolders(command: SimpleCommand, parse: ShellParse, runDir: string, known?: (word: ShellWord, base: string) => string | undefined): { list: string[]; unknown?: string } {
  const list = [runDir];
  let unknown: string | undefined;
  for (const other of parse.commands) {
    if (other.name === 'popd') unknown ??= 'popd';
    if (other.name !== 'cd' && other.name !== 'pushd') continue;
    const operands = other.words.slice(1).filter((word) => word.dynamic || (!CD_OPTION.test(word.value) && word.value !== '--'));
    const target = operands[operands.length - 1];
    const values = target ? [...new Set([target.value, ...target.candidates])] : [];
    const unsure = !target || target.dynamic || target.glob || values.some((value) => value === '' || value === '-' || value.startsWith('~') || value.includes(UNKNOWN) || /[*?[{]/.test(value));
    const reached = unsure ? (target && known ? list.map((base) => known(target, base)) : [undefined]) : values.flatMap((value) => list.map((base) => resolve(base, value)));
    if (reached.some((folder) => folder === undefined)) {
      unknown ??= target ? target.text : other.name;
      continue;
    }
    const added = [...new Set(reached as string[])].filter((folder) => !list.includes(folder));
    if (list.length + added.length > MAX_FOLDERS) unknown ??= `more than ${MAX_FOLDERS} folders`;
    else list.push(...added);
  }
  // `--git-dir`/`--work-tree` and GIT_DIR=/GIT_WORK_TREE=/… on the command (git-repo-place.ts) choose the repository too.
  const words = shCommands(command.text)[0]?.map((word) => word.text) ?? [];
  const assigned = assignmentWords(words.slice(0, Math.max(0, words.findIndex((word) => /(?:^|\/)git$/.test(word)))));
  for (const place of gitRepoPlaces(command.args, assigned)) {
    if (place === '' || place.includes(UNKNOWN) || /[$`~]/.test(place)) unknown ??= place || '--git-dir';
    else if (!list.includes(resolve(runDir, place))) list.push(resolve(runDir, place));
  }
  command.args.forEach((arg, i) => {
    if (arg === '-C' && command.args[i + 1] !== undefined) list.push(resolve(runDir, command.args[i + 1]!));
    else if (arg.startsWith('-C') && arg.length > 2) list.push(resolve(runDir, arg.slice(2)));
  });
  return unknown === undefined ? { list } : { list, unknown };
}
