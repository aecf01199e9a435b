// What `make` runs for a hook (red team R9-6, round 10 R10-1): the recipe lines of the targets it names (the
// first target, or .DEFAULT_GOAL, when none) and of their prerequisites, with `$(VAR)` taken from the makefile's
// assignments; the makefile it reads (`-f FILE`, else GNUmakefile/makefile/Makefile in the folder `-C DIR`
// names) and every file it includes (`include`, `-include`, `sinclude`, recursively, bounded), each obeyed by
// obeyed-hooks.ts, which reads the recipe lines like the hook's own, from the folder make runs in (`$(MAKE) -C sub
// lint` too). A file make BUILDS and a recipe then runs (red team R14-1: `lint: tools/check` with `./tools/check`,
// `tools/check: tools/check.in`, or make's built-in `%: %.sh`) carries what it is built from: the prerequisites
// of every rule (explicit, pattern or built-in) that makes a file a recipe names are obeyed, transitively.
// The makefile model is an allow-list (hook-make-lines.ts): any other construct makes the run unknown.
import { basename, dirname, resolve } from 'node:path';
import type { Read } from './hook-tasks.js';
import { BUILT_IN, stemOf, unknownAssignment } from './hook-make-lines.js';
import { toolchainArgs, toolchainName } from './hook-toolchains.js';
import { parse } from './hook-make-parse.js';
import { MAKEFILE_NAMES } from './task-runner-make-grammar.js';
import { automatic, expand, expandEach, newParsed, type Parsed, type Rule } from './hook-make-text.js';
import { MAKE_LINE_FLAGS, optionWords } from '../shell/option-variables.js';
import { withAliases } from '../shell/program-aliases.js';

// One make run: the makefiles it reads (obeyed, missing ones too), the folder it runs in, the lines it runs.
export interface MakeRun {
  readonly files: string[];
  // Included globs (`include mk/*.mk`, `$(wildcard mk/*.mk)`), absolute: a file they match made later counts.
  readonly globs: string[];
  readonly folder: string;
  readonly lines: string[];
  // What a file a recipe runs is built from (absolute): obeyed, existing or not.
  readonly built: string[];
  // Why what the makefiles run cannot be read from them (an include only known at run time, $(eval …),
  // $(file <…): red team R13-6; a construct outside the allow-list: R14-1): the walk then treats the run like a
  // runner it does not model.
  readonly unknown?: string;
}

const MAX_TARGETS = 16;
const MAX_BUILT = 64;
const MAKE = withAliases(['make']);

// The rules that may make `name`: its own, else each pattern rule it matches (instantiated with the stem), else
// make's built-in ones (`%: %.sh`); with the stem, for `$*`.
// `intermediate`: `name` is a prerequisite an implicit rule derived; make then never applies a match-anything
// rule (`%: %.in`, built-in `%: %.sh`) to it (GNU make's chain rule), which would derive x.in.in … without end.
function rulesFor(parsed: Parsed, name: string, builtIn: boolean, intermediate = false): { rule: Rule; stem?: string; compiled?: boolean }[] {
  const own = parsed.table.get(name);
  if (own) return own.map((rule) => ({ rule }));
  const patterns: { target: string; rule: Rule; compiled?: boolean }[] = [...parsed.patterns, ...(builtIn ? BUILT_IN.map(({ target, prerequisite, compiled }) => ({ target, rule: { prerequisites: [prerequisite], recipe: [] }, compiled })) : [])];
  return patterns.flatMap(({ target, rule, compiled }) => {
    if (intermediate && target === '%') return [];
    const found = target.includes('%') ? stemOf(target, name) : undefined;
    if (found === undefined) return [];
    const at = (each: string): string => (each.includes('%') ? `${found.folder}${each.replace('%', found.stem)}` : each);
    return [{ rule: { prerequisites: rule.prerequisites.map(at), recipe: rule.recipe }, stem: found.stem, ...(compiled === undefined ? {} : { compiled }) }];
  });
}

// Whether every line of a recipe runs a modelled compiler with modelled arguments (`$(CC) -o t t.c`): what it
// is built from is that toolchain's sources (hook-toolchains.ts: the documented limit), not a script copied.
const compiles = (lines: readonly string[]): boolean =>
  lines.length > 0 && lines.every((line) => {
    const words = line.trim().split(/\s+/);
    const name = toolchainName(basename(words[0] ?? ''));
    return name !== undefined && !/[;&|<>`]|\$\(/.test(line) && toolchainArgs(name, words.slice(1)).unknown === undefined;
  });

// Why an assignment read makes the run unknown (judged once every makefile is read: `export` may come later).
function finish(parsed: Parsed, main: string): void {
  for (const { name, value } of parsed.assigned) {
    const why = unknownAssignment(name, expand(value, parsed.vars), parsed.exportAll === true || parsed.exported.has(name));
    if (why !== undefined) parsed.unknown ??= `${basename(main)} sets ${why}`;
  }
}

// The recipe lines of the goals and what they need, then what every file a line names is built from.
// `makefiles`: the makefiles make read (folder-relative): make remakes each one a rule, pattern or built-in
// rule builds before it reads them again, so what each is built from is makefile text (red team R15-19).
// `exists`: whether a file is there now (a pattern rule's recipe runs only when its prerequisites are).
function walkRules(parsed: Parsed, goals: readonly string[], folder: string, makefiles: readonly string[], exists: (name: string) => boolean): { lines: string[]; built: string[] } {
  const ran: string[] = [...parsed.shells];
  // Each line with the target whose recipe holds it: a rule naming its own target (`cc -o $@`) does not run it.
  const named: { line: string; target: string }[] = [];
  const seen = new Set<string>();
  const queue = [...goals];
  for (let i = 0; i < queue.length; i++) {
    const target = queue[i]!;
    if (seen.has(target)) continue;
    // A bound that stops reading fails closed for a target a rule names (red team R15-9b); pattern rules may derive
    // names without end (`%: %.in` asks for x.in.in …), which make itself never builds: those stop here.
    if (seen.size >= MAX_TARGETS) {
      if (parsed.table.has(target)) parsed.unknown ??= `needs more than ${MAX_TARGETS} targets for ${goals.join(' ')}`;
      continue;
    }
    seen.add(target);
    // No rule: `.DEFAULT`'s recipe makes it (when no such file exists: taken either way).
    const found = rulesFor(parsed, target, false);
    for (const { rule, stem } of found.length > 0 ? found : (parsed.table.get('.DEFAULT') ?? []).map((each) => ({ rule: each, stem: undefined }))) {
      const lines = rule.recipe.flatMap((line) => expandEach(line, parsed).map((each) => automatic(each, target, rule, stem)));
      ran.push(...lines);
      named.push(...lines.map((line) => ({ line, target })));
        const needs = rule.prerequisites.flatMap((name) => expandEach(name, parsed));
      // One the model cannot expand (`$(SRC:.c=.o)`) may be any target: what it runs is not known ($(shell …) is read).
      const computed = needs.find((name) => /\$[({]/.test(name) && !/\$[({]shell\b/.test(name));
      if (computed !== undefined) parsed.unknown ??= `needs ${computed} for ${target} (a prerequisite only known at run time)`;
      queue.push(...needs);
    }
  }
  // A file a line names (or a prerequisite a goal needs) that a rule builds: its prerequisites are what runs.
  const built = new Set<string>();
  const runs = named.flatMap(({ line, target }) => (line.match(/[^\s;&|()<>'"`=]+/g) ?? []).filter((word) => !word.startsWith('-') && !word.includes('$') && resolve(folder, word) !== resolve(folder, target)));
  const candidates = [...new Set([...makefiles, ...runs.map((word) => word.replace(/^\.\//, ''))])];
  // Prerequisites an implicit rule derived (rulesFor's `intermediate`).
  const derived = new Set<string>();
  for (let i = 0; i < candidates.length; i++) {
    // A bound that stops reading fails closed (as MAX_TARGETS): what the rest is built from is not known.
    if (built.size >= MAX_BUILT) {
      parsed.unknown ??= `builds more than ${MAX_BUILT} files a recipe runs or make reads`;
      break;
    }
    const name = candidates[i]!;
    // Built-in rules only for a path (`./tools/check`) or a makefile, not every word of a line (`echo`).
    for (const { rule, stem, compiled } of rulesFor(parsed, name, name.includes('/') || parsed.table.has(name) || makefiles.includes(name), derived.has(name))) {
      const lines = rule.recipe.flatMap((line) => expandEach(line, parsed).map((each) => automatic(each, name, rule, stem)));
      if (compiled ?? compiles(lines)) continue;
      for (const prerequisite of rule.prerequisites.flatMap((each) => expandEach(each, parsed))) {
        if (/\$[({]/.test(prerequisite)) parsed.unknown ??= `builds ${name} from ${prerequisite} (a file only known at run time)`;
        else if (!built.has(resolve(folder, prerequisite))) {
          built.add(resolve(folder, prerequisite));
          const next = prerequisite.replace(/^\.\//, '');
          candidates.push(next);
          if (stem !== undefined || compiled !== undefined) derived.add(next);
        }
      }
      if (!seen.has(name) && (!makefiles.includes(name) || stem === undefined || rule.prerequisites.every(exists))) ran.push(...lines);
    }
  }
  return { lines: ran, built: [...built] };
}

// The make runs `words` start, from the folder `from` (absolute), in the work tree `top`.
export function makeRuns(top: string, words: readonly string[], from: string, read: Read): MakeRun[] {
  const runs: MakeRun[] = [];
  words.forEach((word, at) => {
    if (!MAKE.has(basename(word))) return;
    const targets: string[] = [];
    let folder = from;
    let file: string | undefined;
    const includeDirs: string[] = [];
    // make reads MAKEFLAGS / MFLAGS / GNUMAKEFLAGS set for it on the line as options too (`MAKEFLAGS=-Itools make`).
    const flags = words.slice(0, at).flatMap((each) => (MAKE_LINE_FLAGS.test(each) ? optionWords(each.slice(each.indexOf('=') + 1)) : []));
    const line = [...words.slice(0, at + 1), ...flags, ...words.slice(at + 1)];
    for (let i = at + 1; i < line.length; i++) {
      const arg = line[i]!;
      const value = (short: string, long: string): string | undefined =>
        arg === short || arg === long ? line[++i] : arg.startsWith(`${long}=`) ? arg.slice(long.length + 1) : arg.startsWith(short) && arg.length > 2 ? arg.slice(2) : undefined;
      const dir = value('-C', '--directory');
      const named = dir === undefined ? (value('-f', '--file') ?? value('-f', '--makefile')) : undefined;
      // `-I DIR` / `--include-dir=DIR`: where an included makefile is looked for too (red team R21-8).
      const include = dir === undefined && named === undefined ? value('-I', '--include-dir') : undefined;
      if (dir !== undefined) folder = resolve(folder, dir);
      else if (named !== undefined) file = named;
      else if (include !== undefined) includeDirs.push(include);
      else if (!arg.startsWith('-') && !arg.includes('=')) targets.push(arg);
    }
    // An -I folder is relative to where make starts (before -C moves it: GNU make reads options in order; both kept).
    const parsed = newParsed(folder, includeDirs.flatMap((dir) => [...new Set([resolve(from, dir), resolve(folder, dir)])]));
    const candidates = file !== undefined ? [resolve(folder, file)] : MAKEFILE_NAMES.map((name) => resolve(folder, name));
    const main = candidates.find((path) => read(path) !== undefined) ?? candidates[candidates.length - 1]!;
    parse(top, main, folder, read, parsed);
    finish(parsed, main);
    const files = [...new Set([...candidates, ...parsed.files])];
    // Every makefile read, the main one too (`Makefile: Makefile.in`, autotools), is remade first when a rule
    // (explicit or pattern) makes it (R13-6, R14-1, R15-19): its recipe runs, its sources are obeyed transitively.
    const makefiles = parsed.files.map((path) => (path.startsWith(`${folder}/`) ? path.slice(folder.length + 1) : path));
    // A pattern rule remakes one only when its prerequisites are there (else make does not use it; they stay obeyed).
    const exists = (name: string): boolean => parsed.table.has(name) || read(resolve(folder, name)) !== undefined;
    const remade = makefiles.filter((name) => rulesFor(parsed, name, false).some(({ rule, stem }) => stem === undefined || rule.prerequisites.every(exists)));
    const goal = parsed.goal ?? parsed.first;
    const goals = [...remade, ...(targets.some((target) => parsed.table.has(target)) ? targets : goal ? [goal] : [])];
    const { lines, built } = walkRules(parsed, goals, folder, makefiles, exists);
    runs.push({ files, globs: parsed.globs, folder, lines, built: [...built, ...remade.map((name) => resolve(folder, name))], ...(parsed.unknown ? { unknown: parsed.unknown } : {}) });
  });
  return runs;
}

// Every rule of one makefile (and what it includes), for a make run whose targets or folder are not known
// (hook-fallback.ts): all recipe lines, and the prerequisites, which a recipe may run (`sh $<`).
export function makefileAll(top: string, path: string, read: Read): { files: string[]; globs: string[]; lines: string[]; named: string[] } {
  const folder = dirname(path);
  const parsed = newParsed(folder);
  parse(top, path, folder, read, parsed);
  const rules: [string | undefined, Rule][] = [...[...parsed.table].flatMap(([target, each]) => each.map((rule): [string, Rule] => [target, rule])), ...parsed.patterns.map(({ rule }) => [undefined, rule] as [undefined, Rule])];
  return {
    files: parsed.files, globs: parsed.globs,
    lines: [...parsed.shells, ...rules.flatMap(([target, rule]) => rule.recipe.flatMap((line) => expandEach(line, parsed).map((each) => automatic(each, target, rule))))],
    named: rules.flatMap(([, rule]) => rule.prerequisites.filter((name) => !name.includes('%')).map((name) => resolve(folder, expand(name, parsed.vars)))),
  };
}
