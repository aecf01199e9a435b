import { kernelSteps } from '../workspace/kernel-place.js';
import { shCommands } from '../shell/sh-tokens.js';
import type { ViewFolders } from '../sandbox/policy.js';
import { TaskFolder } from './task-runner-files.js';
import { taskRunnerOf } from './task-runners.js';

// The shell lines a task runner line runs (task-runners.ts' table): the tasks its words name, and the tasks those
// run in turn (dependencies, `@other`, `task:`), each read once; or why not all of them could be read.

// Tasks read per runner line; past it the reading is unknown (fail closed).
const MAX_TASKS = 64;

export interface TaskLines {
  readonly lines: string[];
  readonly unknown?: string;
  // Some file the runner reads stands where it looks (false: none of its task files was found).
  readonly found?: boolean;
  // The folder (from the run folder) the tasks were read from and run in (`make -C sub`): the runners they start
  // would be read from the run folder, so they are not known whole (decide-scripts.ts, fail closed).
  readonly elsewhere?: string;
  // That folder as the kernel reaches it (absolute): where the lines run, so where their writes land (R43-b10).
  readonly folder?: string;
  // Every file the reading looked at, there or not.
  readonly files?: readonly string[];
}

// make's job and load limits attached to their option (`make -j$(nproc)`, `--jobs=$N`): a value known only at run
// time there picks no task and no Makefile, so the recipes are still read. (A separate word after -j/-l is not
// taken: their argument is optional, and a word make does not read as a number is a target.)
const MAKES = /(?:^|\/)g?make$/;
// `$PWD` is the folder the runner starts in, known here (`make install DESTDIR=$PWD/stage`).
const KNOWN_PWD = /\$(?:PWD\b|\{PWD\})/g;
const JOBS = /^(?:-[a-zA-Z]*[jl]|--jobs=|--load-average=|--max-load=)[$`]/;
const jobsValue = (rest: readonly string[], at: number): boolean => JOBS.test(rest[at]!);

export function taskRunnerLines(words: readonly string[], runDir: string, root: string, handed: readonly string[], view?: ViewFolders): TaskLines | undefined {
  const found = taskRunnerOf(words);
  if (found === undefined) return undefined;
  const { runner, program, rest } = found;
  const names = runner.names(rest);
  if (names === null) return undefined;
  const shown = [program, ...rest].join(' ');
  const dynamic = rest.find((word, at) => /[$`]/.test(word.replace(KNOWN_PWD, '')) && !(MAKES.test(program) && jobsValue(rest, at)));
  if (dynamic !== undefined) return { lines: [], unknown: `\`${shown}\`: ${dynamic} is only known at run time, so which task of ${runner.files} runs is not known` };
  if ('unknown' in names) return { lines: [], unknown: `\`${shown}\`: ${names.unknown}, so which task of ${runner.files} runs is not known` };
  const passed: string[] = [];
  // make's `-C` steps as its chdir takes them (kernel-place.ts: `make -C l/..` with l -> d/e runs in d, R43-b2).
  const dir = names.dirs === undefined ? runDir : kernelSteps(runDir, names.dirs, { trusted: root, passed: (at) => passed.push(at) });
  if (dir === undefined) return { lines: [], unknown: `\`${shown}\`: its folder is reached through a part codeward cannot follow` };
  const folder = new TaskFolder(root, dir, view, passed);
  const lines: string[] = [];
  const queue = [...names.names];
  const seen = new Set<string>();
  for (let at = 0; at < queue.length; at++) {
    const name = queue[at]!;
    if (seen.has(name)) continue;
    seen.add(name);
    if (seen.size > MAX_TASKS) return { lines, unknown: `\`${shown}\` runs more than ${MAX_TASKS} tasks of ${runner.files}` };
    const step = runner.read(folder, name, { rest, handed });
    lines.push(...step.lines);
    if (step.unknown !== undefined) return { lines, unknown: `\`${shown}\` runs the task "${name || 'default'}" of ${runner.files}, which codeward cannot read whole: ${step.unknown}` };
    queue.push(...(step.calls ?? []));
  }
  return { lines, found: folder.found(), files: folder.looked(), ...(names.dirs === undefined ? {} : { elsewhere: names.dirs.join(' then '), folder: dir }) };
}

// The simple commands of a line as sh reads their words (quotes removed).
export const commandWords = (line: string): string[][] => shCommands(line).map((words) => words.map((word) => word.text));

// A command's words from its program on: `FOO=1 sh s.sh` runs sh, and `FOO=/run/x cat a` runs no script `FOO=/run/x`.
export function fromProgram(words: readonly string[]): string[] {
  const at = words.findIndex((word) => !/^[A-Za-z_][A-Za-z0-9_]*=/.test(word));
  return at < 0 ? [] : words.slice(at);
}

