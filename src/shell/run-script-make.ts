import type { ProjectFiles } from './test-detect-files.js';
import type { ScriptReading } from './run-script-reading.js';
import { lineProblem } from './run-script-unknown.js';
import { isCommandVariable, isLoaderVariable } from '../permissions/obeyed-env.js';

// The recipe lines `make [targets]` runs (run-scripts.ts): each named target's rule (the first rule's without
// one, make's default goal) and, before it, the rules of its prerequisites, as make builds them. The whole
// Makefile's digest is the key (a variable or another rule decides what a recipe line does), and what this
// reading cannot follow leaves the line without one: an include, a pattern rule a prerequisite may match, a
// target with no rule written out, an option that picks another Makefile or folder.

// At most this many lines of one make recipe (the rest counted, and no key: they were not shown).
const RECIPE_LINES = 8;
// Options that change nothing about which Makefile and rules run.
const PLAIN_OPTIONS = /^(-[sknBiqw]+|-j\d*|--silent|--quiet|--keep-going|--jobs(=\d+)?|--no-print-directory|--print-directory|--always-make)$/;

export interface MakeRule {
  readonly target: string;
  readonly at: number;
  readonly prerequisites: readonly string[];
}

// A rule line as make reads it (red team R32-3): indented with spaces (not a tab: a recipe) is a rule too, and a
// target is a file name, `./Makefile` being `Makefile`.
export function rulesOf(lines: readonly string[]): MakeRule[] {
  return lines.flatMap((line, at) => {
    const found = /^ *([^\s:#=][^:#=]*?)\s*::?(?!=)(.*)$/.exec(line);
    if (!found) return [];
    const prerequisites = found[2]!.split(/[|;#]/)[0]!.split(/\s+/).filter(Boolean);
    return found[1]!.split(/\s+/).map((target) => ({ target: target.replace(/^(?:\.\/+)+/, ''), at, prerequisites }));
  });
}

// Variables a recipe's shell (or a program it starts) obeys: exported to the recipes by the Makefile (`export NAME`,
// `export NAME = v`, or every variable under `.EXPORT_ALL_VARIABLES:`): `SHELL = /bin/bash` + `export BASH_ENV =
// ./env.sh` runs env.sh before every recipe line (R32-3), unread.
export function exportedLoader(lines: readonly string[]): string | undefined {
  const all = lines.some((line) => /^\s*\.EXPORT_ALL_VARIABLES\s*:/.test(line));
  for (const line of lines) {
    const exported = /^\s*export\s+(.*)$/.exec(line);
    const set = /^\s*(?:override\s+)?([A-Za-z_][A-Za-z0-9_]*)\s*(?::{0,2}|\?|\+|!)=/.exec(line);
    const names = exported ? exported[1]!.split(/[\s=:?+!]/)[0]!.split(/\s+/) : all && set ? [set[1]!] : [];
    const name = names.find((each) => each.includes('$') || isLoaderVariable(each) || isCommandVariable(each) || /^(?:SHELLOPTS|BASHOPTS)$/.test(each));
    if (name !== undefined) return line.trim();
  }
  return undefined;
}

export function recipeOf(lines: readonly string[], rule: MakeRule): string[] {
  const recipe: string[] = [];
  const inline = /;(.*)$/.exec(lines[rule.at]!.split('#')[0]!)?.[1]?.trim();
  if (inline) recipe.push(inline);
  for (let at = rule.at + 1; at < lines.length && (lines[at]!.startsWith('\t') || lines[at]!.trim() === ''); at++) if (lines[at]!.trim() !== '') recipe.push(lines[at]!.trim());
  return recipe;
}

// The Makefile's lines that set a variable the recipes shown use (`FLAGS = -q` for `echo $(FLAGS)`), shown
// with them: the recipe runs with those values (the whole file is in the key either way).
function assignments(lines: readonly string[], recipes: readonly string[], name: string): string[] {
  const used = new Set(recipes.flatMap((line) => [...line.matchAll(/\$[({]([A-Za-z_][A-Za-z0-9_]*)[)}]/g)].map((found) => found[1]!)));
  return lines.filter((line) => {
    const set = /^\s*(?:override\s+|export\s+)?([A-Za-z_][A-Za-z0-9_]*)\s*(?:[:?+!]|::)?=/.exec(line);
    return set !== null && used.has(set[1]!);
  }).map((line) => `${name} sets: ${line.trim()}`);
}

export async function readMake(files: ProjectFiles, words: readonly string[], reading: ScriptReading): Promise<string[]> {
  const name = ['GNUmakefile', 'makefile', 'Makefile'].find((each) => files.has(each));
  const text = name === undefined ? undefined : await files.text(name);
  if (text === undefined) {
    reading.open('no readable Makefile, so the recipe it runs is unknown');
    return [];
  }
  reading.file(name!, text);
  const option = words.find((word) => word.startsWith('-') && !PLAIN_OPTIONS.test(word));
  if (option !== undefined) reading.open(`make ${option}: an option that may choose another Makefile, folder or rules`);
  const lines = text.split('\n');
  if (lines.some((line) => /^\s*-?(include|sinclude)\s/.test(line))) reading.open(`${name}: includes another file, whose rules are not shown`);
  const rules = rulesOf(lines);
  const patterns = rules.some((rule) => rule.target.includes('%'));
  // A rule whose target only an expansion names may be the makefile's own (R32-3: `$(MK): FORCE` with `MK =
  // Makefile`): the deciding reader (permissions/task-runner-make.ts) expands it; shown here, not keyed.
  const computed = rules.find((rule) => rule.target.includes('$'));
  if (computed !== undefined) reading.open(`${name}: a rule whose target is computed (${computed.target}), which make may remake the makefile with`);
  const loader = exportedLoader(lines);
  if (loader !== undefined) reading.open(`${name}: ${loader}: exports a variable the recipes' shell or programs obey`);

  const named = words.filter((word) => !word.startsWith('-') && !word.includes('='));
  // Without a target make builds its default goal: the first rule's, unless .DEFAULT_GOAL names another.
  if (named.length === 0 && /\.DEFAULT_GOAL/.test(text)) reading.open(`${name}: sets .DEFAULT_GOAL, so which rule runs is not read here`);
  const goals = named.length > 0 ? named : rules.filter((rule) => !rule.target.startsWith('.')).slice(0, 1).map((rule) => rule.target);
  const recipes: string[] = [];
  const seen = new Set<string>();
  // Prerequisites first, depth first, each rule once (make's order for one goal).
  const visit = (target: string, goal: boolean): void => {
    if (seen.has(target)) return;
    seen.add(target);
    const rule = rules.find((each) => each.target === target);
    if (!rule) {
      // A prerequisite with no rule is usually a file; a pattern rule may still build it.
      if (goal || patterns) reading.open(`${name}: no rule "${target}" written out (a pattern rule or an include decides what runs)`);
      return;
    }
    for (const prerequisite of rule.prerequisites) visit(prerequisite, false);
    const recipe = recipeOf(lines, rule);
    if (recipe.length === 0 && goal) recipes.push(`${name} ${target}: (no recipe lines)`);
    recipes.push(...recipe.slice(0, RECIPE_LINES).map((line) => `${name} ${target}: ${line}`));
    if (recipe.length > RECIPE_LINES) reading.open(`${name} ${target}: … ${recipe.length - RECIPE_LINES} more recipe lines not shown`);
  };
  // Before any goal make remakes the makefile it read (red team R31-4: `Makefile: FORCE`, `.PHONY: Makefile`, a
  // prerequisite newer than it: that rule's recipe runs first, even under -n): shown first when a rule names it.
  if (rules.some((rule) => rule.target === name)) visit(name!, false);
  for (const goal of goals) visit(goal, true);
  reading.body([...assignments(lines, recipes, name!), ...recipes]);
  // `CMD := $(shell cat cmd.txt)` anywhere decides a value at run time, as does a shown recipe's own construct.
  const runTime = lines.find((line) => !line.trim().startsWith('#') && /\$[({](shell|wildcard|file)\s/.test(line));
  if (runTime !== undefined) reading.open(`${name}: ${runTime.trim()}: a make function read at run time, so no "always"`);
  for (const line of recipes) {
    const why = lineProblem(line.slice(line.indexOf(': ') + 2), true);
    if (why !== undefined) reading.open(`${line}: ${why}, so no "always"`);
  }
  return recipes.map((line) => line.slice(line.indexOf(': ') + 2));
}
