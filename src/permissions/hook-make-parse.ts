// One makefile read into the make model (hook-make.ts), following its includes: rules, pattern rules, variables,
// the shell commands make runs while reading it, and the first construct outside the allow-list
// (hook-make-lines.ts), which makes what make runs unknown.
import { basename, dirname, isAbsolute, resolve } from 'node:path';
import picomatch from '../workspace/picomatch.js';
import type { Read } from './hook-tasks.js';
import { listInside, realTops } from './hook-listing.js';
import { stemOf, suffixPattern, unknownConstruct } from './hook-make-lines.js';
import { ASSIGNMENT, CONDITIONAL, functionCalls, ruleLine, staticParts } from './task-runner-make-grammar.js';
import { expand, expandEach, makeFunctions, selfFolder, type Parsed, type Rule } from './hook-make-text.js';

const MAX_INCLUDES = 16;

// The files an include names: the path, or what a glob in its last name matches now (the glob is noted;
// listed only inside the work tree `top`).
function included(top: string, path: string, parsed: Parsed): string[] {
  if (!/[*?[]/.test(basename(path))) return [path];
  parsed.globs.push(path);
  const matches = picomatch(basename(path));
  return listInside(realTops([top]), dirname(path)).filter((entry) => matches(entry.name)).map((entry) => resolve(dirname(path), entry.name));
}

// Reads one makefile into `parsed`, following its includes (relative to the folder make runs in). An
// allow-list (hook-make-lines.ts): a construct it does not read sets `parsed.unknown`.
export function parse(top: string, path: string, folder: string, read: Read, parsed: Parsed): void {
  if (parsed.files.includes(path)) return;
  // A bound that stops reading fails closed (red team R15-8): the makefiles past it are not known.
  if (parsed.files.length >= MAX_INCLUDES) {
    parsed.unknown ??= `includes more than ${MAX_INCLUDES} makefiles`;
    return;
  }
  parsed.files.push(path);
  const text = read(path);
  if (text === undefined) return;
  const unknown = (why: string): void => void (parsed.unknown ??= `${basename(path)} ${why}`);
  let current: Rule[] = [];
  let define = false;
  let conditional = 0;
  for (const line of text.replace(/\\\n/g, ' ').split('\n')) {
    if (define) {
      define = !/^\s*endef\b/.test(line);
      continue;
    }
    if (line.startsWith('\t') && current.length > 0) {
      for (const rule of current) rule.recipe.push(line.slice(1).replace(/^\s*[@+-]+/, ''));
      continue;
    }
    if (line.trim() === '' || line.trim().startsWith('#')) continue;
    // `$(shell …)` anywhere outside a recipe (an assignment, private or target-specific, a rule's lists) runs
    // while make reads the makefile (red team R13-6, R14-1): a line it runs.
    for (const shell of functionCalls(line, 'shell')) parsed.shells.push(expand(shell, parsed.vars));
    if (/\$[({](?:eval|file)\s/.test(line)) unknown('evaluates text at run time ($(eval …) or $(file …))');
    const construct = unknownConstruct(line);
    if (construct !== undefined) unknown(`uses ${construct}`);
    define = /^\s*define\b/.test(line);
    // A conditional keeps the recipe it is in; both branches are read (a variable set in one: each value it may have).
    if (CONDITIONAL.test(line)) conditional = Math.max(0, conditional + (/^\s*if/.test(line) ? 1 : /^\s*endif/.test(line) ? -1 : 0));
    if (CONDITIONAL.test(line) || define) continue;
    const include = /^\s*(?:-include|sinclude|include)\s+(.+)$/.exec(line);
    if (include) {
      const names = makeFunctions(expand(selfFolder(include[1]!.replace(/#.*$/, ''), path, folder), parsed.vars)).replace(/\$\(wildcard\s+([^)]*)\)/g, '$1');
      if (/\$[({]/.test(names)) unknown(`includes a makefile only known at run time (${include[1]!.trim()})`);
      // A relative name is looked for in the folder make runs in, then in each `-I` folder (GNU make): all obeyed.
      for (const name of names.split(/\s+/).filter(Boolean)) {
        const places = isAbsolute(name) ? [folder] : [folder, ...parsed.includeDirs];
        for (const place of places) for (const path of included(top, resolve(place, name), parsed)) parse(top, path, folder, read, parsed);
      }
      current = [];
      continue;
    }
    current = [];
    const exported = /^\s*(export|unexport)((?:\s+[A-Za-z_][\w.-]*)*)\s*$/.exec(line);
    if (exported) {
      const names = exported[2]!.trim().split(/\s+/).filter(Boolean);
      if (exported[1] === 'export' && names.length === 0) parsed.exportAll = true;
      if (exported[1] === 'export') for (const name of names) parsed.exported.add(name);
      continue;
    }
    const assigned = ASSIGNMENT.exec(line);
    if (assigned) {
      assign(parsed, assigned, conditional > 0);
      continue;
    }
    const rule = ruleLine(line);
    const found = rule && /^\s*([^;#]*)(?:;(.*))?$/.exec(rule.rest);
    if (!rule || !found) {
      if (!/^\s*\$[({](?:info|warning|error)\s/.test(line)) unknown(`holds \`${line.trim().slice(0, 60)}\` (a line codeward's make model does not read)`);
      continue;
    }
    // A target-specific variable (`lint: X := $(shell …)`, `lint: private SHELL = ./x.sh`).
    const specific = ASSIGNMENT.exec(found[1]!);
    if (specific) {
      assign(parsed, specific, conditional > 0);
      continue;
    }
    current = rules(parsed, expand(rule.targets, parsed.vars).split(/\s+/).filter(Boolean), found[1]!, found[2], unknown);
  }
}

// An assignment (`override`, `private`, `export` before it), noted to be judged once every makefile is read
// (`export` alone, or .EXPORT_ALL_VARIABLES, may come later).
function assign(parsed: Parsed, [, prefix, name, op, value]: RegExpExecArray, conditional: boolean): void {
  // `X != sh mk/gen.sh` runs while make reads the makefile (R13-6).
  if (op === '!=') parsed.shells.push(expand(value!, parsed.vars));
  if (prefix!.includes('export')) parsed.exported.add(name!);
  parsed.assigned.push({ name: name!, value: value! });
  if (name === '.DEFAULT_GOAL') parsed.goal = value!.trim();
  const before = parsed.vars.get(name!);
  if (op === '?=' && before !== undefined) return;
  parsed.vars.set(name!, op === '+=' ? `${before ?? ''} ${value!}` : value!);
  if (conditional) parsed.choices.set(name!, [...(parsed.choices.get(name!) ?? [before ?? '']), parsed.vars.get(name!)!]);
  else if (op !== '+=') parsed.choices.delete(name!);
}

// The rules one rule line makes: plain targets, pattern rules (`%.mk: %.in`), suffix rules (`.sh:`), static
// pattern rules (`a.o b.o: %.o: %.c`); the special targets make reads for itself.
function rules(parsed: Parsed, targets: readonly string[], lists: string, inline: string | undefined, unknown: (why: string) => void): Rule[] {
  const made: Rule[] = [];
  const recipe = inline ? [inline] : [];
  const [first, second] = staticParts(lists);
  const words = (list: string): string[] => expandEach(list, parsed).join(' ').split(/\s+/).filter(Boolean);
  for (const target of targets) {
    if (target === '.EXPORT_ALL_VARIABLES') parsed.exportAll = true;
    if (target === '.SECONDEXPANSION') unknown('uses `.SECONDEXPANSION` (prerequisites only known at run time)');
    const suffix = suffixPattern(target);
    const staticStem = second !== undefined ? stemOf(first.trim(), target) : undefined;
    const rule: Rule = second !== undefined
      ? { prerequisites: staticStem ? words(second).map((each) => each.replace('%', staticStem.stem)) : words(second), recipe }
      : { prerequisites: [...(suffix ? [suffix.prerequisite] : []), ...words(first)], recipe };
    made.push(rule);
    if (target.includes('%') || /\$[({]/.test(target) || (second !== undefined && !staticStem)) parsed.patterns.push({ target: second !== undefined ? first.trim() : target, rule });
    else if (suffix) parsed.patterns.push({ target: suffix.target, rule });
    else {
      parsed.table.set(target, [...(parsed.table.get(target) ?? []), rule]);
      if (parsed.first === undefined && !target.startsWith('.')) parsed.first = target;
    }
  }
  return made;
}

