import { relative } from 'node:path';
import { lineFolders, type LineFolders } from './decide-script-dirs.js';
import { pathLookup, pathValue } from './path-lookup.js';
import { spellCommand } from './shell-subjects.js';
import { commandWords, fromProgram } from './task-runner-lines.js';
import { isScriptFileRunner } from './task-runner-shell.js';
import { loaderWords } from './task-runner-library.js';
import { taskRunnerOf } from './task-runners.js';
import type { ShellParse, SimpleCommand } from './types.js';

// THE reader of "which runners does this command start" (red team R36-1), for the call's own line and for every
// line a package script, a task or a script file runs in turn (decide-scripts.ts): the shell parser's commands
// (compounds opened: `if x; then sh s.sh; fi`), each in the spellings rules see (shell-subjects.ts spellCommand:
// wrappers unwrapped, `env sh s.sh` is `sh s.sh`, a script run by its path keeps the path, `./s.sh`), and a bare
// program looked up on the PATH the command's own assignment gives it (`PATH=./bin:$PATH t` runs bin/t: R36-4).
// The native libraries the command's environment makes the loader map into its program are runners of their own
// (task-runner-library.ts: `LD_PRELOAD=./x.so`, R38-b9).
// `npm`: a package manager's line (package.json scripts); `file`: a shell script file's runner (task-runner-shell.ts).

// A recipe's `$(MAKE)` / `${MAKE}` (as make passes it on: make itself).
const asMake = (words: string[]): string[] => (/^\$[({]MAKE[)}]$/.test(words[0] ?? '') ? ['make', ...words.slice(1)] : words);

// Package managers and package-bin runners (run-script-bin-shadows.ts runsPackageBin: their PATH starts in node_modules/.bin).
const RUNNER = /^(?:npm|pnpm|yarn|bun|lerna|npx|pnpx|bunx)(?:\s|$)/;

export interface StartedRunner {
  readonly line: string;
  readonly words: string[];
  readonly npm: boolean;
  readonly file?: boolean;
  // Why the program it runs is not known (a PATH folder only known at run time: path-lookup.ts): asked unread.
  readonly unknown?: string;
}

// Where the command runs (decide-script-dirs.ts) and whether the line may set HOME (`~`, `$HOME` then unknown).
interface Place extends LineFolders {
  readonly homeSet: boolean;
}

export function runnersStarted(command: SimpleCommand, runDir: string, root: string, place: Place = { dirs: [runDir], homeSet: false }): StartedRunner[] {
  const spelling = spellCommand(command, runDir, root);
  const texts = [...new Set([spelling.canonical, ...spelling.others])];
  const npm = texts.filter((text) => RUNNER.test(text)).map((line) => ({ line, words: [] as string[], npm: true }));
  const looked: StartedRunner[] = [];
  const tasks = texts.map((text) => asMake(fromProgram(commandWords(text)[0] ?? []))).flatMap((words) => {
    const found = pathFound(command, words, runDir, root, place);
    if (found !== undefined && 'unknown' in found) looked.push({ line: words.join(' '), words, npm: false, file: true, unknown: found.unknown });
    return found === undefined || 'unknown' in found ? [words] : [words, ...found.readings];
  }).concat(loaderWords(command));
  const seen = new Set<string>();
  const runners = tasks.filter((words) => taskRunnerOf(words) !== undefined).flatMap((words) => {
    const line = words.join(' ');
    if (seen.has(line)) return [];
    seen.add(line);
    return [{ line, words, npm: false, file: isScriptFileRunner(taskRunnerOf(words)!.runner) }];
  });
  return [...npm, ...runners, ...looked.slice(0, 1)];
}

// The runners each command of a parse (and its other readings) starts, with the folders it may run in (its own
// cd/pushd/env -C: decide-script-dirs.ts) and why a folder is lost, if one is.
export function parseRunners(parse: ShellParse, runDir: string, root: string): { reading: ShellParse; command: SimpleCommand; runners: StartedRunner[]; dirs: readonly string[]; lost?: string }[] {
  return [parse, ...(parse.alternatives ?? [])].flatMap((reading) => {
    const folders = lineFolders(reading.commands, runDir, root);
    // A word HOME the line assigns, reads into or unsets (`HOME=.`, `read HOME`): `~` is only known at run time.
    const homeSet = [...reading.commands.map((each) => each.text), ...(reading.assignments ?? []).map((each) => each.text)].some((text) => /(?<![$\w{])HOME\b/.test(text));
    return reading.commands.map((command) => {
      const place = folders.get(command) ?? { dirs: [runDir] };
      return { reading, command, runners: runnersStarted(command, runDir, root, { ...place, homeSet }), ...place };
    });
  });
}

// A bare program (no '/') looked up on the PATH the command's own assignments give it (`PATH=./bin:$PATH t` runs
// ./bin/t, `PATH+=:. t` ./t: R36-4, R39-b1), by the one PATH-lookup reader (path-lookup.ts) from each folder the command
// may run in: the files found, so the script-file row reads them (spelled from the run folder when it is the only one,
// `./bin/t`; else by their absolute path), or why the program is unknown. Every PATH word of the command is a reading
// (env applies its assignments in order, the last wins: `env PATH=/usr/bin PATH=./bin t`, R38-b2). A workspace folder
// before any folder that holds the name decides even where the name is not there yet (R37-b2, R38-b10: `cp s.sh bin/t
// && PATH=./bin:$PATH t`): the script-file row then finds it absent, only known at run time.
function pathFound(command: SimpleCommand, words: readonly string[], runDir: string, root: string, place: Place): { readings: string[][] } | { unknown: string } | undefined {
  const [program, ...rest] = words;
  if (program === undefined || program.includes('/') || program === '') return undefined;
  const home = place.homeSet ? undefined : process.env['HOME'];
  const readings: string[][] = [];
  // The assignments before the program's word: a prefix's or env's (`env PATH=. t`: not env's own lookup).
  const all = commandWords(command.text)[0] ?? [];
  const at = all.indexOf(program);
  for (const value of all.slice(0, at < 0 ? undefined : at).map(pathValue).filter((each) => each !== undefined)) {
    const found = pathLookup(value, program, { dirs: place.dirs, root, home, ...(place.lost === undefined ? {} : { moved: place.lost }) });
    if (found === undefined) continue;
    if ('unknown' in found) return found;
    for (const file of found.files) {
      const shown = relative(runDir, file);
      readings.push([place.dirs.length > 1 || place.dirs[0] !== runDir || shown.startsWith('..') ? file : `./${shown}`, ...rest]);
    }
  }
  return readings.length > 0 ? { readings } : undefined;
}
