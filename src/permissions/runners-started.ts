import { isAbsolute, join, relative, resolve } from 'node:path';
import { Beneath } from '../workspace/beneath.js';
import { lineFolders } from './decide-script-dirs.js';
import { spellCommand } from './shell-subjects.js';
import { commandWords, fromProgram } from './task-runner-lines.js';
import { isScriptFileRunner } from './task-runner-shell.js';
import { taskRunnerOf } from './task-runners.js';
import type { ShellParse, SimpleCommand } from './types.js';

// THE reader of "which runners does this command start" (red team R36-1), for the call's own line and for every
// line a package script, a task or a script file runs in turn (decide-scripts.ts): the shell parser's commands
// (compounds opened: `if x; then sh s.sh; fi`), each in the spellings rules see (shell-subjects.ts spellCommand:
// wrappers unwrapped, `env sh s.sh` is `sh s.sh`, a script run by its path keeps the path, `./s.sh`), and a bare
// program looked up on the PATH the command's own assignment gives it (`PATH=./bin:$PATH t` runs bin/t: R36-4).
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
  });
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
// path from the run folder (`PATH=./bin:$PATH t` runs ./bin/t), so the script-file row reads it.
function pathFound(command: SimpleCommand, words: readonly string[], runDir: string, root: string): string[] | undefined {
  const [program, ...rest] = words;
  if (program === undefined || program.includes('/') || program === '') return undefined;
  const assigned = commandWords(command.text)[0]?.find((word) => word.startsWith('PATH='));
  if (assigned === undefined) return undefined;
  const jail = new Beneath(root);
  for (const entry of assigned.slice('PATH='.length).split(':')) {
    if (/^\$(?:PATH\b|\{PATH\})/.test(entry)) continue;
    const folder = resolve(runDir, entry.replace(/^\$(?:PWD\b|\{PWD\})/, runDir) || '.');
    if (/[$`]/.test(entry.replace(/^\$(?:PWD\b|\{PWD\})/, ''))) return undefined;
    const file = join(folder, program);
    const rel = relative(root, file);
    if (rel.startsWith('..') || isAbsolute(rel)) continue;
    if (jail.lstat(file) !== undefined) {
      const shown = relative(runDir, file);
      return [shown.startsWith('.') ? shown : `./${shown}`, ...rest];
    }
  }
  return undefined;
}
