import { MAKE_RULES, MAKE_VARIABLES } from './task-runner-make-catalogue.js';

// GNU make's built-in implicit rules (the whole `make -p` catalogue, task-runner-make-catalogue.ts, generated: red team
// R43-b4 found `%: %.sh`, `cat $< >$@`, missing from a hand-kept list): a target no rule of the Makefile makes is
// built by one whose sources stand in the folder (red team R39-b14: `CC=./s.sh make m` with m.c there runs `$(CC) …
// m.c -o m`). Read by the one make reader (task-runner-make.ts) as the recipe of the rule it is; `-r` /
// `--no-builtin-rules` turns them off (an empty `.SUFFIXES:` only some: read as on). The archive member rule
// `(%): %` names no file target and is left out.

// The programs and flags these recipes name, as make sets them by default (task-runner-make.ts sets MAKE, CC ...).
export const BUILTIN_PROGRAMS: Readonly<Record<string, string>> = MAKE_VARIABLES;

export interface BuiltinStep {
  readonly source: string;
  // Every source of the rule (`%.c: %.w %.ch`), the first one `source`.
  readonly sources: readonly string[];
  readonly stem: string;
  readonly recipe: readonly string[];
  // The rules of the chain that reached the source (with this one): make uses no built-in rule twice in one chain,
  // and the RCS/SCCS ones are terminal (their source is made by no rule).
  readonly chain: readonly number[];
}

// make's name of a file: `./src/a.c` and `src/a.c` are the one file (make drops a leading `./`).
export const makeName = (file: string): string => file.replace(/^(?:\.\/+)+(?=.)/, '');

// The built-in rules that make `target` (a file name relative to make's folder) from a source `exists` finds, no rule
// of `chain` again (a chain of `%: %,v` would otherwise read `a,v,v,v…`).
export function builtinSteps(target: string, exists: (file: string) => boolean, chain: readonly number[] = []): BuiltinStep[] {
  if (chain.some((at) => MAKE_RULES[at]![3])) return [];
  return MAKE_RULES.flatMap(([goal, from, recipe], at) => {
    if (chain.includes(at)) return [];
    const slash = target.lastIndexOf('/');
    const [dir, name] = [target.slice(0, slash + 1), target.slice(slash + 1)];
    const suffix = goal.slice(1);
    if (!name.endsWith(suffix) || name.length === suffix.length) return [];
    const stem = name.slice(0, name.length - suffix.length);
    const sources = from.map((each) => dir + each.replace('%', stem));
    return sources.every((source) => source !== target && exists(source)) ? [{ source: sources[0]!, sources, stem: dir + stem, recipe, chain: [...chain, at] }] : [];
  });
}

// Whether make's words or the Makefile turn the built-in rules off.
export const builtinsOff = (rest: readonly string[]): boolean => rest.some((word) => word === '--no-builtin-rules' || /^-[A-Za-z]*r[A-Za-z]*$/.test(word));
