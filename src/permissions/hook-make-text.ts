// The text side of the make model (hook-make.ts): one makefile's rules and variables as read
// (hook-make-parse.ts), and make's expansion of the text a recipe runs.
import { dirname } from 'node:path';
import { variantValues } from './task-runner-make-grammar.js';

export interface Rule {
  readonly prerequisites: string[];
  readonly recipe: string[];
}

export interface Parsed {
  // Each target's rules (several: their prerequisites add up; a double-colon rule's recipes each run).
  readonly table: Map<string, Rule[]>;
  // Pattern rules (`%.mk: %.in`, a suffix rule `.sh:` as `%: %.sh`): any target they match may be built so.
  readonly patterns: { target: string; rule: Rule }[];
  readonly vars: Map<string, string>;
  // The values a variable set under a conditional may have (either branch may be taken).
  readonly choices: Map<string, string[]>;
  // Every assignment, judged once all makefiles are read (hook-make-lines.ts unknownAssignment).
  readonly assigned: { name: string; value: string }[];
  readonly exported: Set<string>;
  exportAll?: boolean;
  readonly files: string[];
  readonly globs: string[];
  first?: string;
  // `.DEFAULT_GOAL := x`: the target make runs when the hook names none.
  goal?: string;
  unknown?: string;
  // Shell commands make runs while it reads the makefiles (`$(shell …)` outside a recipe, `!=`).
  readonly shells: string[];
  // The folders `-I DIR` / `--include-dir=DIR` names (absolute): make looks there for an included makefile the
  // folder it runs in does not hold (red team R21-8).
  readonly includeDirs: string[];
}

// make's own variables a makefile spells paths with (`include $(CURDIR)/tools/extra.mk`, R11-6), and the
// programs its built-in variables name (`make -p`: `$(CC)` is cc unless the makefile or the person says otherwise).
const DEFAULTS: readonly [string, string][] = [['MAKE', 'make'], ['CC', 'cc'], ['CXX', 'g++'], ['CPP', 'cc -E'], ['AR', 'ar'], ['AS', 'as'], ['LD', 'ld'], ['RM', 'rm -f']];
export const newParsed = (folder: string, includeDirs: readonly string[] = []): Parsed => ({
  table: new Map(), patterns: [], vars: new Map([...DEFAULTS, ['CURDIR', folder], ['PWD', folder]]), choices: new Map(), assigned: [], exported: new Set(), files: [], globs: [], shells: [], includeDirs: [...includeDirs],
});

// `$(NAME)` / `${NAME}` replaced by the value assigned (a few rounds, for values that name others).
export function expand(text: string, vars: ReadonlyMap<string, string>): string {
  let out = text;
  for (let round = 0; round < 4; round++) {
    const next = out.replace(/\$[({]([A-Za-z_][\w.-]*)[)}]/g, (all, name: string) => vars.get(name) ?? all);
    if (next === out) break;
    out = next;
  }
  return out;
}

// `text` expanded once per value its conditional variables may have (task-runner-make-grammar.ts variantValues).
export function expandEach(text: string, parsed: Parsed): string[] {
  const sets = variantValues(text, parsed.choices);
  return sets === undefined ? [expand(text, parsed.vars)] : sets.map((set) => expand(text, new Map([...parsed.vars, ...set])));
}

// A recipe line with make's automatic variables replaced (R11-6: `sh $<` runs the first prerequisite):
// `$<` the first prerequisite, `$^`/`$+`/`$?` all of them, `$@` the target, `$*` the stem of a pattern rule.
// A pattern rule read without its target (makefileAll) has none: they stay a word only known at run time.
export const automatic = (line: string, target: string | undefined, rule: Rule, stem?: string): string =>
  line.replace(/\$(?:\(([<^+@?*])\)|\{([<^+@?*])\}|([<^+@?*]))/g, (_, a?: string, b?: string, c?: string) => {
    const name = a ?? b ?? c;
    if (target === undefined || (name === '*' && stem === undefined)) return '$(MAKE_AUTOMATIC)';
    return name === '<' ? (rule.prerequisites[0] ?? '') : name === '@' ? target : name === '*' ? stem! : rule.prerequisites.join(' ');
  });

// The spellings of "this makefile's folder" and "the folder make runs in" (red team round 12, R12-10):
// `$(dir $(lastword $(MAKEFILE_LIST)))`, `$(shell pwd)`, `$(PWD)`.
export function selfFolder(text: string, path: string, folder: string): string {
  return text
    .replace(/\$\(\s*dir\s+\$\(\s*lastword\s+\$\(MAKEFILE_LIST\)\s*\)\s*\)/g, `${dirname(path)}/`)
    .replace(/\$\(\s*shell\s+pwd\s*\)|\$\(PWD\)|\$\{PWD\}/g, folder);
}

// make's path functions of literal arguments (R12-10): `$(abspath X)`, `$(realpath X)`, `$(addprefix P,A B)`,
// `$(addsuffix S,A B)`, `$(firstword A B)`, `$(patsubst %,P%S,A B)`.
export function makeFunctions(text: string): string {
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

