import { relative, resolve } from 'node:path';
import type { ProjectFiles } from './test-detect-files.js';
import type { ScriptReading } from './run-script-reading.js';
import { lineProblem } from './run-script-unknown.js';
import { TaskFolder } from '../permissions/task-runner-files.js';
import { makeWords, readMakeCall } from '../permissions/task-runner-make.js';

// What the question shows for `make [targets]` (run-scripts.ts), rendered from THE make reader's reading
// (permissions/task-runner-make.ts readMakeCall), the one the decision judges (issue 26: one reader, so what is
// shown is what is judged): each recipe line as make runs it (variables filled in), labelled with its target, in
// make's order (the makefile's own remake rule first, prerequisites before their goal). The files the reading read
// (the makefile whole, its includes) are the key; what the reading cannot follow leaves no key (fail closed).

// At most this many lines of one target's recipe are shown (the rest counted, and no key: they were not shown).
const RECIPE_LINES = 8;

// `handed`: the assignments the line hands make (`MAKEFLAGS=… make`).
export async function readMake(files: ProjectFiles, words: readonly string[], handed: readonly string[], reading: ScriptReading): Promise<string[]> {
  const parsed = makeWords(words);
  if (parsed.unknown !== undefined) {
    reading.open(parsed.unknown);
    return [];
  }
  const folder = new TaskFolder(files.jail?.root ?? files.dir, resolve(files.dir, ...parsed.dirs));
  const got = readMakeCall(folder, parsed.goals.length > 0 ? parsed.goals : [''], { rest: words, handed });
  for (const [abs, text] of folder.readTexts()) reading.file(relative(files.dir, abs), text);
  if (got.makefile === undefined) {
    reading.open('no readable Makefile, so the recipe it runs is unknown');
    return [];
  }
  const shown: string[] = [];
  const counts = new Map<string, number>();
  for (const { target, line } of got.steps) {
    const label = `${got.makefile}${target === '' ? ' (while read)' : ` ${target}`}`;
    const count = (counts.get(label) ?? 0) + 1;
    counts.set(label, count);
    if (count <= RECIPE_LINES) shown.push(`${label}: ${line}`);
    else if (count === RECIPE_LINES + 1) reading.open(`${label}: … more recipe lines not shown`);
  }
  reading.body(shown);
  if (got.unknown !== undefined) reading.open(`${got.unknown}, so what it runs is not read whole`);
  for (const { line } of got.steps) {
    const why = lineProblem(line, true);
    if (why !== undefined) reading.open(`${got.makefile}: ${line}: ${why}, so no "always"`);
  }
  return got.steps.map((step) => step.line);
}
