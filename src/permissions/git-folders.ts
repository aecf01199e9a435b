import type { ShellParse, ShellWord, SimpleCommand } from '../shell/parse-types.js';
import { UNKNOWN } from './argv.js';
import { assignmentWords, gitPlaceAssignments, gitRepoPlaces } from './git-repo-place.js';
import { parseGit } from './options/git.js';
import { startedFolders } from './wrapper-folders.js';
import { shCommands } from '../shell/sh-tokens.js';
import { cdPathFolder, physicalCd, readParsedCd } from '../shell/cd-operand.js';
import { cdPlaces, kernelPlace } from '../workspace/kernel-place.js';

// Folders a git command of this line may work in: the run folder, every `cd`/`pushd` target (options
// such as `-P` and `--` skipped, CDPATH's folders, chained from earlier targets), and from each of them the folder
// git itself reaches (red team R42-b6): its wrappers' folders (`env -C r`, `sudo -D r`) in order, then git's own
// `-C` steps in order, each relative to the one before (`git -C a -C b` is a/b), then `--git-dir`/`--work-tree`/
// GIT_DIR=… relative to that. `unknown` names a step this cannot follow (a variable, a substitution, a glob, a `~`
// word other than `~+` (the shell's folder), `-`, a bare `cd`, `popd`): the command may then be in any repository
// (`cd "$PWD/sub" && git log -p` printed a nested clone's .env), unless `known` (a caller's own rule) names the
// folder such a word reaches from each folder before it. More than MAX_FOLDERS folders is unknown too.
const MAX_FOLDERS = 32;

type Known = (word: ShellWord, base: string) => string | undefined;
interface Folders { list: string[]; unknown?: string }

export function gitFolders(command: SimpleCommand, parse: ShellParse, runDir: string, known?: Known): Folders {
  const bases = cdFolders(parse, runDir, known);
  const list = [...bases.list];
  let unknown = bases.unknown;
  const add = (folder: string): void => {
    if (list.includes(folder)) return;
    if (list.length >= MAX_FOLDERS) unknown ??= `more than ${MAX_FOLDERS} folders`;
    else list.push(folder);
  };
  // `--git-dir`/`--work-tree` and GIT_DIR=/GIT_WORK_TREE=/… on the command (git-repo-place.ts) choose the repository too.
  const words = shCommands(command.text)[0]?.map((word) => word.text) ?? [];
  const assigned = [...assignmentWords(words.slice(0, Math.max(0, words.findIndex((word) => /(?:^|\/)git$/.test(word))))), ...gitPlaceAssignments(command)];
  const places = gitRepoPlaces(command.args, assigned);
  for (const base of bases.list) {
    const reached = gitStart(command, base, known);
    if (typeof reached !== 'string') {
      unknown ??= reached.unknown;
      continue;
    }
    add(reached);
    for (const place of places) {
      if (place === '' || place.includes(UNKNOWN) || /[$`~]/.test(place)) unknown ??= place || '--git-dir';
      else {
        // --git-dir/GIT_DIR as git's open takes it (kernel-place.ts: `l/../.git` with l -> d/e is d/.git, R43-b3).
        const real = kernelPlace(reached, place);
        if (real === undefined) unknown ??= `${place}: a part codeward cannot follow`;
        else add(real);
      }
    }
  }
  return unknown === undefined ? { list } : { list, unknown };
}

// The folders the line's `cd`s may leave the shell in (the one cd reader, shell/cd-operand.ts: `cd -P -- D`,
// `builtin cd D`, CDPATH; R31): `popd`, `cd -`, `cd ~`, a CDPATH only known at run time reach a folder this does not follow.
function cdFolders(parse: ShellParse, runDir: string, known: Known | undefined): Folders {
  const list = [runDir];
  const physical = physicalCd(parse.commands);
  let unknown: string | undefined;
  for (const other of parse.commands) {
    const read = readParsedCd(other);
    if (read === undefined) continue;
    if (read.kind !== 'folder') {
      unknown ??= read.kind === 'unknown' ? read.why : other.text.trim();
      continue;
    }
    const target = other.words[read.at]!;
    const values = [...new Set([target.value, ...target.candidates])];
    const unsure = target.dynamic || target.glob || values.some((value) => value === '' || value === '-' || value.startsWith('~') || unsureName(value));
    const from = read.bases.flatMap((base) => list.map((dir) => cdPathFolder(dir, base)));
    // bash's `cd` is logical (its folder by spelling, `..` taken lexically) unless -P or `set -P`, or its lexical folder
    // is not there (bash then chdirs to the word as written): then the kernel's place (kernel-place.ts, R43-b3).
    const moveTo = (base: string, value: string): (string | undefined)[] => cdPlaces(base, value, read.physical || physical) ?? [undefined];
    const reached = unsure ? (known ? from.map((base) => known(target, base)) : [undefined]) : values.flatMap((value) => from.flatMap((base) => moveTo(base, value)));
    if (reached.some((folder) => folder === undefined)) {
      unknown ??= target.text;
      continue;
    }
    const added = [...new Set(reached as string[])].filter((folder) => !list.includes(folder));
    if (list.length + added.length > MAX_FOLDERS) unknown ??= `more than ${MAX_FOLDERS} folders`;
    else list.push(...added);
  }
  return unknown === undefined ? { list } : { list, unknown };
}

const unsureName = (value: string): boolean => value.includes(UNKNOWN) || /[$`*?[{]/.test(value);

// The folder git starts in when its shell is in `shell`: each wrapper's folder (`env -C`, `--chdir`), then each of
// git's `-C` values, in order, each relative to the last (an empty -C value is no step); `~+` is the shell's folder.
// A word only known at run time is read as `known` says (the whole word the -C value; an attached `-C$d` is unknown).
function gitStart(command: SimpleCommand, shell: string, known: Known | undefined): string | { unknown: string } {
  let at = shell;
  const step = (value: string | undefined): string | undefined => {
    if (value === undefined) return undefined;
    if (value === '~+' || value.startsWith('~+/')) return kernelPlace(shell, value.slice(3) || '.');
    if (value.startsWith('~') || unsureName(value)) return undefined;
    return kernelPlace(at, value);
  };
  // A wrapper's folder is read from the text, its quoting lost: a `~` the line quotes or escapes anywhere is unknown.
  const quotedTilde = /['"\\]~/.test(command.text);
  for (const wrapper of startedFolders(command.text).filter((folder) => folder.starts)) {
    const next = quotedTilde && wrapper.folder?.startsWith('~') === true ? undefined : step(wrapper.folder);
    if (next === undefined) return { unknown: `${wrapper.program}'s folder ${wrapper.folder ?? '(only known at run time)'}` };
    at = next;
  }
  const words = command.words.slice(1);
  // A `~` bash leaves as it is (quoted, escaped, or inside the word: `'~+/r'`, `-C~+`) is a folder of that name (fix66).
  const literal = (word: ShellWord): string => (word.parts[0]?.kind === 'tilde' ? word.value : word.value.replace(/^(-C)?~/, (all, option: string | undefined) => `${option ?? ''}./~`));
  const marked = words.map((word, i) => (word.dynamic || word.glob ? `${word.value}${UNKNOWN}${i}` : literal(word)));
  for (const option of parseGit(marked).globals.filter((global) => global.def.name === '-C')) {
    const value = option.value ?? '';
    const mark = value.lastIndexOf(UNKNOWN);
    const word = mark < 0 ? undefined : words[Number(value.slice(mark + 1))];
    const reached = word === undefined ? (value === '' ? at : step(value)) : word.value.startsWith('-C') ? undefined : known?.(word, at);
    if (reached === undefined) return { unknown: `git -C ${word?.text ?? value}` };
    at = reached;
  }
  // git finds its repository from the folder the kernel is in (a logical `cd l` is l's target, R43-b3).
  return kernelPlace(at, '.') ?? { unknown: `git's folder ${at}: a part codeward cannot follow` };
}
