import { resolve } from 'node:path';
import type { ShellParse, ShellWord, SimpleCommand } from '../shell/parse-types.js';
import { UNKNOWN } from './argv.js';
import { assignmentWords, gitPlaceAssignments, gitRepoPlaces } from './git-repo-place.js';
import { shCommands } from '../shell/sh-tokens.js';
import { readParsedCd } from '../shell/cd-operand.js';

// Folders a git command of this line may work in: the run folder, every `cd`/`pushd` target (options
// such as `-P` and `--` skipped, CDPATH's folders, chained from earlier targets) and `git -C`. `unknown` names a folder
// change this cannot follow (a variable, a substitution, a glob, `~`, `-`, a bare `cd`, `popd`): the
// command may then be in any repository (`cd "$PWD/sub" && git log -p` printed a nested clone's .env), unless
// `known` (a caller's own rule) names the folder such a word reaches from each folder before it. More than
// MAX_FOLDERS folders is unknown too.
const MAX_FOLDERS = 32;

export function gitFolders(command: SimpleCommand, parse: ShellParse, runDir: string, known?: (word: ShellWord, base: string) => string | undefined): { list: string[]; unknown?: string } {
  const list = [runDir];
  let unknown: string | undefined;
  for (const other of parse.commands) {
    // The one cd reader (shell/cd-operand.ts: `cd -P -- D`, `builtin cd D`, CDPATH; R31): `popd`, `cd -`, `cd ~`, a
    // CDPATH only known at run time reach a folder this does not follow.
    const read = readParsedCd(other);
    if (read === undefined) continue;
    if (read.kind !== 'folder') {
      unknown ??= read.kind === 'unknown' ? read.why : other.text.trim();
      continue;
    }
    const target = other.words[read.at]!;
    const values = [...new Set([target.value, ...target.candidates])];
    const unsure = target.dynamic || target.glob || values.some((value) => value === '' || value === '-' || value.startsWith('~') || value.includes(UNKNOWN) || /[*?[{]/.test(value));
    const from = read.bases.flatMap((base) => list.map((dir) => resolve(dir, base)));
    const reached = unsure ? (known ? from.map((base) => known(target, base)) : [undefined]) : values.flatMap((value) => from.map((base) => resolve(base, value)));
    if (reached.some((folder) => folder === undefined)) {
      unknown ??= target.text;
      continue;
    }
    const added = [...new Set(reached as string[])].filter((folder) => !list.includes(folder));
    if (list.length + added.length > MAX_FOLDERS) unknown ??= `more than ${MAX_FOLDERS} folders`;
    else list.push(...added);
  }
  // `--git-dir`/`--work-tree` and GIT_DIR=/GIT_WORK_TREE=/… on the command (git-repo-place.ts) choose the repository too.
  const words = shCommands(command.text)[0]?.map((word) => word.text) ?? [];
  const assigned = [...assignmentWords(words.slice(0, Math.max(0, words.findIndex((word) => /(?:^|\/)git$/.test(word))))), ...gitPlaceAssignments(command)];
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
