import { DATA_WORDS } from '../shell/parse-data-words.js';
import { seesThrough, startsCommands } from '../shell/parse-launch-guess.js';
import { launchesByOptionsOnly } from '../shell/parse-launchers.js';
import type { ShellParse, ShellWord, SimpleCommand } from '../shell/parse-types.js';
import { baseName, toArgv, type Argv } from './argv.js';
import { ARGUMENT_SENSITIVE, immuneCommand } from './immune-commands.js';
import type { ShellPlace } from './immune-place.js';
import type { Immunity } from './immune.js';
import { readOnlyVeto } from './readonly.js';

// Launchers on no list (red team R11-1: `ifne rm -r build`, `tini -- rm -r build`, `op run -- rm -r build`;
// R11-1b: `tini -- sh -c 'rm -r build'`, `op run -- eval '...'`, `aws-vault exec p -- perl -e ...`): a
// program codeward does not know (not read-only, not one the planner sees through, not one a class looks
// at, not one that takes its words as data) may start a command from any of its argument words. Each such
// tail is judged by the SAME judge as a whole line (immune-shell.ts passes itself in): a tail that starts
// with a shell, eval, an interpreter, a wrapper or a launcher is the walker's parse of those words as a
// line of their own (SimpleCommand.launches, parse-launch-guess.ts); a tail that starts with a program a
// class looks at (`rm -r build`, `git push -f`) is that command as written. Known programs are left to
// their tables, which know when the words are data (`git rm -r --cached x`, `git commit -m rm`); a package
// manager's tail (`yarn sh -c '...'`, `pnpm rimraf x`: parse-launch-packages.ts) goes through the same judge.

// A word naming a program of the system's folders by a run-time part (`/bin/$R`, `/usr/bin/${X}`).
const SYSTEM_PROGRAM = /^["']?\/(?:usr\/)?(?:local\/)?s?bin\/[^/\s]*\$/;

// A glob the shell expands to a path that may be a program of the system's folders (`/usr/bin/gi[t]`,
// `/usr/b*/git`, `/*/bin/git`: R15-17): the folder part's literal start leads into one of them.
const SYSTEM_FOLDERS = ['/bin/', '/sbin/', '/usr/bin/', '/usr/sbin/', '/usr/local/bin/', '/usr/local/sbin/', '/usr/lib/git-core/', '/usr/libexec/'];
function systemGlob(word: ShellWord): boolean {
  if (!word.glob || !word.value.startsWith('/')) return false;
  const lead = word.value.slice(0, word.value.search(/[*?[]/));
  return SYSTEM_FOLDERS.some((folder) => folder.startsWith(lead) || lead.startsWith(folder));
}

// A word that may name a program: static, not an option, a plain name or path.
const PROGRAM = /^[\w./+@-]+$/;

// The judge of a whole line (immuneShell with the same place and read-only names).
export type LineJudge = (parse: ShellParse) => Immunity | undefined;

// A command of its own from an unknown program's words k.. (`tini -- rm -r build` → `rm -r build`).
export function tail(command: SimpleCommand, k: number, launcher: string): ShellParse {
  const words = command.words.slice(k);
  const { launches: _launches, ...rest } = command;
  const text = words.map((word) => word.text).join(' ');
  const sub: SimpleCommand = { ...rest, name: baseName(words[0]!.value), rawName: words[0]!.value, args: words.slice(1).map((word) => word.value), dynamic: words.some((word) => word.dynamic), text, wrappers: [...command.wrappers, launcher], words };
  return { commands: [sub], redirections: [], ok: true, errors: [], functions: [], source: text };
}

// A read-only program called read-only (`ls sh -c x`); one on the list by name for some of its forms is not,
// in another (`kubectl exec p -- sh -c '...'`).
const readOnlyCall = (command: SimpleCommand, argv: Argv, readOnlyName: (name: string) => boolean): boolean => readOnlyName(argv.name) && readOnlyVeto(command) === undefined;

// The lines a command's words start that are judged: an unknown program's guesses and a package manager's
// tail (parse-launch-guess.ts), never a read-only program's or a data-taking one's, nor those of a program
// a class looks at (`rm -r sh` starts nothing).
export function countedLaunches(command: SimpleCommand, argv: Argv, readOnlyName: (name: string) => boolean): readonly ShellParse[] {
  return guessesFrom(command, argv, readOnlyName) ? (command.launches ?? []) : [];
}

// Whether a command's words are guessed at all (an unknown program's, a package manager's).
export function guessesFrom(command: SimpleCommand, argv: Argv, readOnlyName: (name: string) => boolean): boolean {
  if (readOnlyCall(command, argv, readOnlyName) || DATA_WORDS.has(argv.name)) return false;
  return !ARGUMENT_SENSITIVE.has(argv.name) || startsCommands(argv.name);
}

// Every judged line a shell line's commands start, nested ones included (bounded by the walker's budget).
export function launchedLines(parse: ShellParse, readOnlyName: (name: string) => boolean): ShellParse[] {
  const out: ShellParse[] = [];
  for (const reading of [parse, ...(parse.alternatives ?? [])]) {
    for (const command of reading.commands) {
      const argv = toArgv(command);
      if (argv === undefined) continue;
      for (const line of countedLaunches(command, argv, readOnlyName)) out.push(line, ...launchedLines(line, readOnlyName));
    }
  }
  return out;
}

// The immunity of a command an unknown program's argument words start, if any.
export function launchedByWords(command: SimpleCommand, argv: Argv, readOnlyName: (name: string) => boolean, place: ShellPlace | undefined, judge: LineJudge): Immunity | undefined {
  for (const launched of countedLaunches(command, argv, readOnlyName)) {
    const found = judge(launched);
    if (found) return found;
  }
  if (readOnlyCall(command, argv, readOnlyName) || DATA_WORDS.has(argv.name) || seesThrough(argv.name) || ARGUMENT_SENSITIVE.has(argv.name)) return undefined;
  // A launcher with a table (`podman run img rm -r x`: podman's knows only unshare) is tried for the
  // commands a class reads the words of; a bare name there is a package (`npm install rimraf`).
  const table = startsCommands(argv.name);
  for (let k = 1; k < command.words.length; k++) {
    const word = command.words[k]!;
    // A program of the system's folders whose name is only known at run time (`ld.so /bin/$R -r build`, R12-6c;
    // `cp /usr/bin/gi[t] g`, R15-17):
    // the tail is a line starting with a run-time command name, judged as such.
    if ((word.dynamic && SYSTEM_PROGRAM.test(word.text)) || systemGlob(word)) {
      // Its name is only known at run time (a null name: the judge's "command name only known at run time").
      const line = tail(command, k, argv.name);
      const found = judge({ ...line, commands: [{ ...line.commands[0]!, name: null }] });
      if (found) return found;
      continue;
    }
    if (word.dynamic || word.value.startsWith('-') || !PROGRAM.test(word.value)) continue;
    const name = baseName(word.value);
    // Shells, wrappers and launchers are in `launches`; only names a class looks at are tried here (and a program
    // that starts commands only by its options, guessed in `launches` only when it holds one: `npm install --offline`).
    const bare: Argv = { name, args: [], wrappers: [...argv.wrappers, argv.name], unknown: false };
    if ((startsCommands(name) && !launchesByOptionsOnly(name)) || (!ARGUMENT_SENSITIVE.has(name) && (table || immuneCommand(bare, place) === undefined))) continue;
    const found = judge(tail(command, k, argv.name));
    if (found) return found;
  }
  return undefined;
}
