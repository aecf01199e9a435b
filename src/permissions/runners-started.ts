import { existsSync } from 'node:fs';
import { isAbsolute, join, relative, resolve } from 'node:path';
import { lineFolders } from './decide-script-dirs.js';
import { spellCommand } from './shell-subjects.js';
import { commandWords, fromProgram } from './task-runner-lines.js';
import { isScriptFileRunner, procPlace } from './task-runner-shell.js';
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
}

export function runnersStarted(command: SimpleCommand, runDir: string, root: string): StartedRunner[] {
  const spelling = spellCommand(command, runDir, root);
  const texts = [...new Set([spelling.canonical, ...spelling.others])];
  const npm = texts.filter((text) => RUNNER.test(text)).map((line) => ({ line, words: [] as string[], npm: true }));
  const tasks = texts.map((text) => asMake(fromProgram(commandWords(text)[0] ?? []))).flatMap((words) => {
    const found = pathFound(command, words, runDir, root);
    return found === undefined ? [words] : [words, found];
  }).concat(loaderWords(command));
  const seen = new Set<string>();
  const runners = tasks.filter((words) => taskRunnerOf(words) !== undefined).flatMap((words) => {
    const line = words.join(' ');
    if (seen.has(line)) return [];
    seen.add(line);
    return [{ line, words, npm: false, file: isScriptFileRunner(taskRunnerOf(words)!.runner) }];
  });
  return [...npm, ...runners];
}

// The runners each command of a parse (and its other readings) starts, with the folders it may run in (its own
// cd/pushd/env -C: decide-script-dirs.ts) and why a folder is lost, if one is.
export function parseRunners(parse: ShellParse, runDir: string, root: string): { reading: ShellParse; command: SimpleCommand; runners: StartedRunner[]; dirs: readonly string[]; lost?: string }[] {
  return [parse, ...(parse.alternatives ?? [])].flatMap((reading) => {
    const folders = lineFolders(reading.commands, runDir, root);
    return reading.commands.map((command) => ({ reading, command, runners: runnersStarted(command, runDir, root), ...(folders.get(command) ?? { dirs: [runDir] }) }));
  });
}

// A bare program (no '/') that the command's own `PATH=` assignment finds in a workspace folder: that file, by its
// path from the run folder (`PATH=./bin:$PATH t` runs ./bin/t), so the script-file row reads it. Every `PATH=` word of
// the command is a reading (env applies its assignments in order, the last wins: `env PATH=/usr/bin PATH=./bin t`,
// R38-b2). A workspace folder before any folder that holds the name decides even where the name is not there yet
// (R37-b2, R38-b10: `cp s.sh bin/t && PATH=./bin:$PATH t`, `cp s.sh ls; PATH=.:$PATH ls`): the script-file row then
// finds it absent, only known at run time.
function pathFound(command: SimpleCommand, words: readonly string[], runDir: string, root: string): string[] | undefined {
  const [program, ...rest] = words;
  if (program === undefined || program.includes('/') || program === '') return undefined;
  for (const assigned of (commandWords(command.text)[0] ?? []).filter((word) => word.startsWith('PATH=')).reverse()) {
    const found = pathEntryFile(assigned.slice('PATH='.length), program, runDir, root);
    if (found !== undefined) {
      const shown = relative(runDir, found);
      return [shown.startsWith('.') ? shown : `./${shown}`, ...rest];
    }
  }
  return undefined;
}

// The workspace file `program` names on PATH value `path` (undefined: a folder outside the workspace has it first, or
// no workspace folder is on it). `$PATH`: codeward's own PATH, which its runs inherit.
function pathEntryFile(path: string, program: string, runDir: string, root: string): string | undefined {
  for (const entry of path.split(':')) {
    const pwd = procPlace(entry.replace(/^\$(?:PWD\b|\{PWD\})/, runDir), runDir);
    if (/^\$(?:PATH\b|\{PATH\})/.test(entry)) {
      if ((process.env['PATH'] ?? '').split(':').some((dir) => isAbsolute(dir) && existsSync(join(dir, program)))) return undefined;
      continue;
    }
    if (/[$`]/.test(pwd)) return undefined;
    const file = join(resolve(runDir, pwd || '.'), program);
    const rel = relative(root, file);
    if (rel.startsWith('..') || isAbsolute(rel)) {
      if (existsSync(file)) return undefined;
      continue;
    }
    // A name already there or one the line may make (absent now): the script-file row reads it or says it is absent.
    return file;
  }
  return undefined;
}
