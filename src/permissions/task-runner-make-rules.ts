// A Makefile's rule lines and their recipes, for the one make reader (task-runner-make.ts): no other module reads
// makefile rules (test/lint/make-one-reader.test.ts).
import { isCommandVariable, isLoaderVariable } from './obeyed-env.js';
import { shellReadsVariable } from '../shell/danger-variables.js';
import { patternOf, ruleLine, staticParts } from './task-runner-make-grammar.js';

export interface MakeRule {
  readonly target: string;
  readonly at: number;
  readonly prerequisites: readonly string[];
}

// The rules of the rule lines (task-runner-make-grammar.ts); a target is a file name, `./Makefile` being `Makefile`.
export function rulesOf(lines: readonly string[]): MakeRule[] {
  return lines.flatMap((line, at) => {
    const found = ruleLine(line);
    if (!found) return [];
    // A static pattern rule (`a.o: %.o: %.c`): each target's prerequisites with its stem.
    const [first, second] = staticParts(found.rest.split(/[;#]/)[0]!);
    const prerequisites = (second ?? first).split(/[|;#]/)[0]!.split(/\s+/).filter(Boolean);
    return found.targets.split(/\s+/).map((target) => {
      const stem = second === undefined ? undefined : patternOf(first.trim()).exec(target)?.[1];
      return { target: target.replace(/^(?:\.\/+)+/, ''), at, prerequisites: stem === undefined ? prerequisites : prerequisites.map((each) => each.replace('%', stem)) };
    });
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
    const name = names.find((each) => each.includes('$') || isLoaderVariable(each) || isCommandVariable(each) || shellReadsVariable(each));
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
