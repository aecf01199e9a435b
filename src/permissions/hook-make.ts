// What `make` runs for a hook (red team R9-6, round 10 R10-1): the recipe lines of the targets it names (the
// first target when none) and of their prerequisites, with `$(VAR)` taken from the makefile's assignments; the
// makefile it reads (`-f FILE`, else GNUmakefile/makefile/Makefile in the folder `-C DIR` names) and every
// file it includes (`include`, `-include`, `sinclude`, recursively, bounded), each obeyed by obeyed-hooks.ts,
// which reads the recipe lines like the hook's own, from the folder make runs in (`$(MAKE) -C sub lint` too).
import { basename, dirname, resolve } from 'node:path';
import picomatch from 'picomatch';
import type { Read } from './hook-tasks.js';
import { listInside, realTops } from './hook-listing.js';

// One make run: the makefiles it reads (obeyed, missing ones too), the folder it runs in, the lines it runs.
export interface MakeRun {
  readonly files: string[];
  // Included globs (`include mk/*.mk`, `$(wildcard mk/*.mk)`), absolute: a file they match made later counts.
  readonly globs: string[];
  readonly folder: string;
  readonly lines: string[];
  // Why what the makefiles run cannot be read from them (an include only known at run time, $(eval …),
  // $(file <…): red team R13-6): the walk then treats the run like a runner it does not model.
  readonly unknown?: string;
}

const MAX_INCLUDES = 16;
const MAX_TARGETS = 16;
const MAKE = new Set(['make', 'gmake']);

interface Rule {
  readonly prerequisites: string[];
  readonly recipe: string[];
}

interface Parsed {
  readonly table: Map<string, Rule>;
  readonly vars: Map<string, string>;
  readonly files: string[];
  readonly globs: string[];
  first?: string;
  unknown?: string;
  // Shell commands make runs while it reads the makefiles (`$(shell …)` in an assignment, `!=`).
  readonly shells: string[];
}

// `$(NAME)` / `${NAME}` replaced by the value assigned (a few rounds, for values that name others).
function expand(text: string, vars: ReadonlyMap<string, string>): string {
  let out = text;
  for (let round = 0; round < 4; round++) {
    const next = out.replace(/\$[({]([A-Za-z_][\w.-]*)[)}]/g, (all, name: string) => vars.get(name) ?? all);
    if (next === out) break;
    out = next;
  }
  return out;
}

// The files an include names: the path, or what a glob in its last name matches now (the glob is noted;
// listed only inside the work tree `top`).
function included(top: string, path: string, parsed: Parsed): string[] {
  if (!/[*?[]/.test(basename(path))) return [path];
  parsed.globs.push(path);
  const matches = picomatch(basename(path));
  return listInside(realTops([top]), dirname(path)).filter((entry) => matches(entry.name)).map((entry) => resolve(dirname(path), entry.name));
}

// A recipe line with make's automatic variables replaced (R11-6: `sh $<` runs the first prerequisite):
// `$<` the first prerequisite, `$^`/`$+` all of them, `$@` the target.
const automatic = (line: string, target: string, rule: Rule): string =>
  line.replace(/\$(?:\(([<^+@])\)|\{([<^+@])\}|([<^+@]))/g, (_, a?: string, b?: string, c?: string) => {
    const name = a ?? b ?? c;
    return name === '<' ? (rule.prerequisites[0] ?? '') : name === '@' ? target : rule.prerequisites.join(' ');
  });

// The spellings of "this makefile's folder" and "the folder make runs in" (red team round 12, R12-10):
// `$(dir $(lastword $(MAKEFILE_LIST)))`, `$(shell pwd)`, `$(PWD)`.
function selfFolder(text: string, path: string, folder: string): string {
  return text
    .replace(/\$\(\s*dir\s+\$\(\s*lastword\s+\$\(MAKEFILE_LIST\)\s*\)\s*\)/g, `${dirname(path)}/`)
    .replace(/\$\(\s*shell\s+pwd\s*\)|\$\(PWD\)|\$\{PWD\}/g, folder);
}

// make's path functions of literal arguments (R12-10): `$(abspath X)`, `$(realpath X)`, `$(addprefix P,A B)`,
// `$(addsuffix S,A B)`, `$(firstword A B)`, `$(patsubst %,P%S,A B)`.
function makeFunctions(text: string): string {
  let out = text;
  for (let round = 0; round < 4; round++) {
    const next = out
      .replace(/\$\((?:abspath|realpath)\s+([^$()]*)\)/g, '$1')
      .replace(/\$\(addprefix\s+([^,$()]*),([^$()]*)\)/g, (_all, prefix: string, list: string) => list.trim().split(/\s+/).map((word) => `${prefix}${word}`).join(' '))
      .replace(/\$\(addsuffix\s+([^,$()]*),([^$()]*)\)/g, (_all, suffix: string, list: string) => list.trim().split(/\s+/).map((word) => `${word}${suffix}`).join(' '))
      .replace(/\$\(firstword\s+([^$()]*)\)/g, (_all, list: string) => list.trim().split(/\s+/)[0] ?? '')
      .replace(/\$\(patsubst\s+%,([^,$()]*),([^$()]*)\)/g, (_all, pattern: string, list: string) => list.trim().split(/\s+/).map((word) => pattern.replace('%', word)).join(' '));
    if (next === out) break;
    out = next;
  }
  return out;
}

// Reads one makefile into `parsed`, following its includes (relative to the folder make runs in).
function parse(top: string, path: string, folder: string, read: Read, parsed: Parsed): void {
  if (parsed.files.includes(path) || parsed.files.length >= MAX_INCLUDES) return;
  parsed.files.push(path);
  const text = read(path);
  if (text === undefined) return;
  let current: Rule[] = [];
  for (const line of text.replace(/\\\n/g, ' ').split('\n')) {
    if (line.startsWith('\t')) {
      for (const rule of current) rule.recipe.push(line.slice(1).replace(/^\s*[@+-]+/, ''));
      continue;
    }
    if (line.trim() === '' || line.trim().startsWith('#')) continue;
    if (/\$[({](?:eval|file)\s/.test(line)) parsed.unknown ??= `${basename(path)} evaluates text at run time ($(eval …) or $(file …))`;
    const include = /^\s*(?:-include|sinclude|include)\s+(.+)$/.exec(line);
    if (include) {
      const names = makeFunctions(expand(selfFolder(include[1]!.replace(/#.*$/, ''), path, folder), parsed.vars)).replace(/\$\(wildcard\s+([^)]*)\)/g, '$1');
      if (/\$[({]/.test(names)) parsed.unknown ??= `${basename(path)} includes a makefile only known at run time (${include[1]!.trim()})`;
      for (const name of names.split(/\s+/).filter(Boolean)) for (const path of included(top, resolve(folder, name), parsed)) parse(top, path, folder, read, parsed);
      current = [];
      continue;
    }
    const assigned = /^\s*(?:override\s+|export\s+)*([A-Za-z_][\w.-]*)\s*([:?+!]*=)\s*(.*)$/.exec(line);
    // `X := $(shell sh mk/gen.sh)` (and `!=`) runs while make reads the makefile (red team R13-6): a line it runs.
    if (assigned) for (const found of line.matchAll(/\$[({]shell\s+([^)}]*)[)}]/g)) parsed.shells.push(expand(found[1]!, parsed.vars));
    if (assigned && assigned[2] === '!=') parsed.shells.push(expand(assigned[3]!, parsed.vars));
    if (assigned) {
      const [, name, op, value] = assigned as unknown as [string, string, string, string];
      if (op === '?=' && parsed.vars.has(name)) continue;
      parsed.vars.set(name, op === '+=' ? `${parsed.vars.get(name) ?? ''} ${value}` : value);
      current = [];
      continue;
    }
    const found = /^([^\s:=#][^:=#]*?)\s*::?(?!=)\s*([^;#]*)(?:;(.*))?$/.exec(line);
    current = [];
    if (!found) continue;
    for (const target of found[1]!.split(/\s+/)) {
      const rule: Rule = { prerequisites: found[2]!.split(/\s+/).filter(Boolean), recipe: found[3] ? [found[3]] : [] };
      parsed.table.set(target, rule);
      current.push(rule);
      if (parsed.first === undefined && !target.startsWith('.')) parsed.first = target;
    }
  }
}

// The make runs `words` start, from the folder `from` (absolute), in the work tree `top`.
export function makeRuns(top: string, words: readonly string[], from: string, read: Read): MakeRun[] {
  const runs: MakeRun[] = [];
  words.forEach((word, at) => {
    if (!MAKE.has(basename(word))) return;
    const targets: string[] = [];
    let folder = from;
    let file: string | undefined;
    for (let i = at + 1; i < words.length; i++) {
      const arg = words[i]!;
      const value = (short: string, long: string): string | undefined =>
        arg === short || arg === long ? words[++i] : arg.startsWith(`${long}=`) ? arg.slice(long.length + 1) : arg.startsWith(short) && arg.length > 2 ? arg.slice(2) : undefined;
      const dir = value('-C', '--directory');
      const named = dir === undefined ? (value('-f', '--file') ?? value('-f', '--makefile')) : undefined;
      if (dir !== undefined) folder = resolve(folder, dir);
      else if (named !== undefined) file = named;
      else if (!arg.startsWith('-') && !arg.includes('=')) targets.push(arg);
    }
    // make's own variables a makefile spells paths with (`include $(CURDIR)/tools/extra.mk`, R11-6).
    const parsed: Parsed = { table: new Map(), vars: new Map([['MAKE', 'make'], ['CURDIR', folder], ['PWD', folder]]), files: [], globs: [], shells: [] };
    const candidates = file !== undefined ? [resolve(folder, file)] : ['GNUmakefile', 'makefile', 'Makefile'].map((name) => resolve(folder, name));
    const main = candidates.find((path) => read(path) !== undefined) ?? candidates[candidates.length - 1]!;
    parse(top, main, folder, read, parsed);
    const files = [...new Set([...candidates, ...parsed.files])];
    // An included makefile that is also a target is remade first, by its rule's recipe (R13-6).
    const remade = parsed.files.filter((path) => path !== main).flatMap((path) => [...parsed.table.keys()].filter((target) => resolve(folder, target) === path));
    const queue = [...remade, ...(targets.some((target) => parsed.table.has(target)) ? targets : parsed.first ? [parsed.first] : [])];
    const lines: string[] = [...parsed.shells];
    const seen = new Set<string>();
    for (let i = 0; i < queue.length && seen.size < MAX_TARGETS; i++) {
      const rule = parsed.table.get(queue[i]!);
      if (!rule || seen.has(queue[i]!)) continue;
      seen.add(queue[i]!);
      lines.push(...rule.recipe.map((line) => automatic(expand(line, parsed.vars), queue[i]!, rule)));
      queue.push(...rule.prerequisites.map((name) => expand(name, parsed.vars)));
    }
    runs.push({ files, globs: parsed.globs, folder, lines, ...(parsed.unknown ? { unknown: parsed.unknown } : {}) });
  });
  return runs;
}

// Every rule of one makefile (and what it includes), for a make run whose targets or folder are not known
// (hook-fallback.ts): all recipe lines, and the prerequisites, which a recipe may run (`sh $<`).
export function makefileAll(top: string, path: string, read: Read): { files: string[]; globs: string[]; lines: string[]; named: string[] } {
  const folder = dirname(path);
  const parsed: Parsed = { table: new Map(), vars: new Map([['MAKE', 'make'], ['CURDIR', folder], ['PWD', folder]]), files: [], globs: [], shells: [] };
  parse(top, path, folder, read, parsed);
  const rules = [...parsed.table];
  return {
    files: parsed.files, globs: parsed.globs,
    lines: [...parsed.shells, ...rules.flatMap(([target, rule]) => rule.recipe.map((line) => automatic(expand(line, parsed.vars), target, rule)))],
    named: rules.flatMap(([, rule]) => rule.prerequisites.map((name) => resolve(folder, expand(name, parsed.vars)))),
  };
}
