import { exportedLoader, recipeOf, rulesOf, type MakeRule } from './task-runner-make-rules.js';
import { makeText } from './task-runner-make-text.js';
import { NO_STEP, type TaskFolder, type TaskStep } from './task-runner-files.js';
import { expand, type Vars } from './task-runner-make-expand.js';
import { makeWildcard, type Globbed } from './task-runner-make-wildcard.js';
import { ASSIGNMENT, MAKEFILE_NAMES, functionCalls, patternOf, variantValues, withoutReferences } from './task-runner-make-grammar.js';
import { BUILTIN_PROGRAMS, builtinSteps, builtinsOff, makeName } from './task-runner-make-builtins.js';

// THE make reader (issue 26, fix32a): what a `make` call runs, for the decision (task-runners.ts' row, judged by
// decide-scripts.ts) and for the question that shows it and keys an "always" on it (shell/run-script-make.ts renders
// this reading): one reading, so what is shown is what is judged (test/lint/make-one-reader.test.ts keeps makefile
// parsing here and in task-runner-make-*.ts).
// `make x` (npm23's known-left row): the recipes of goal x and of its prerequisites (explicit rules, and the
// pattern rules a prerequisite with none matches), `@`/`-`/`+` dropped and make's variables filled in: the
// command line's `NAME=value`, the Makefile's plain assignments, a few built-in ones (`$(MAKE)`, `$(CC)`, `$(RM)`),
// the automatic ones. Fail closed where the reading cannot tell what runs: an option that picks another Makefile,
// folder or text (`-f`, `-C`, `--eval`), an include, `define`, `SHELL`, MAKEFLAGS handed to make with more than
// plain flags, a variable set under a conditional or by `!=`, a value the line hands make that is only known at run
// time, a make function, a target-specific variable, a computed .DEFAULT_GOAL. The line's own variables (`CC=x make`) are
// make's environment: they fill a variable the Makefile leaves unset or sets with `?=` (every one under `-e`).

const BUILTIN: Readonly<Record<string, string>> = { ...BUILTIN_PROGRAMS, MAKE: 'make', CC: 'cc', CXX: 'g++', CPP: 'cc -E', RM: 'rm -f', AR: 'ar', AS: 'as', LD: 'ld', SHELL: '/bin/sh' };
// Options that pick another Makefile, folder, include folder or make text.
const PLACE = /^(?:-[A-Za-z]*[CfIE]|--(?:directory|file|makefile|include-dir|eval)\b)/;
const VALUED = new Set(['-o', '-W', '--old-file', '--assume-old', '--what-if', '--new-file', '--assume-new', '-j', '-l', '--jobs', '--load-average', '--max-load']);
const MAX_DEPTH = 10;

// The goals, the command line's assignments and the literal `-C dir` folders of make's words; unknown for another
// place option (or a `-C` only known at run time).
export function makeWords(rest: readonly string[]): { goals: string[]; assigned: Map<string, string>; dirs: string[]; unknown?: string } {
  const goals: string[] = [];
  const assigned = new Map<string, string>();
  const dirs: string[] = [];
  for (let i = 0; i < rest.length; i++) {
    const word = rest[i]!;
    const set = /^([A-Za-z_][\w.-]*)\s*:{0,3}=(.*)$/s.exec(word);
    const into = /^(?:-C|--directory=?)(.*)$/s.exec(word);
    if (into) {
      const dir = into[1] || (i + 1 < rest.length ? rest[++i]! : '');
      if (dir === '' || /[$`*?[\]{}~]/.test(dir)) return { goals, assigned, dirs, unknown: `make ${word}: a folder only known at run time` };
      dirs.push(dir);
    } else if (PLACE.test(word)) return { goals, assigned, dirs, unknown: `make ${word}: an option that picks another Makefile, folder or make text` };
    else if (VALUED.has(word) && (!/^-[jl]$/.test(word) || /^\d/.test(rest[i + 1] ?? ''))) i++;
    else if (set) assigned.set(set[1]!, set[2]!);
    else if (!word.startsWith('-')) goals.push(word);
  }
  return { goals, assigned, dirs };
}

// `NAME=value` the line hands make, quotes dropped; a value with `$` or a backquote is only known at run time.
function environment(handed: readonly string[]): Map<string, string | undefined> {
  const out = new Map<string, string | undefined>();
  for (const each of handed) {
    // make takes any environment name it can hold as a variable (no blank, `:`, `#` or `=`): `LINK.c`, `COMPILE.c`.
    const found = /^([^\s:#=]+)=(.*)$/s.exec(each);
    if (!found) continue;
    const value = found[2]!.replace(/^'([^']*)'$|^"([^"$`\\]*)"$/s, (all, single: string | undefined, double: string | undefined) => single ?? double ?? all);
    out.set(found[1]!, /[$`'"\\]/.test(value) ? undefined : value);
  }
  return out;
}

function variables(lines: readonly string[], assigned: ReadonlyMap<string, string>, handed: readonly string[], envWins: boolean): Vars {
  const values = new Map<string, string>(Object.entries(BUILTIN));
  const unknown = new Set<string>();
  // Set by the Makefile other than with `?=` (the environment does not override those without -e).
  const fixed = new Set<string>();
  const choices = new Map<string, string[] | null>();
  const immediate = new Set<string>();
  let depth = 0;
  for (const line of lines) {
    if (/^\s*(?:ifeq|ifneq|ifdef|ifndef)\b/.test(line)) depth++;
    else if (/^\s*endif\b/.test(line)) depth = Math.max(0, depth - 1);
    const set = line.startsWith('\t') ? null : ASSIGNMENT.exec(line);
    if (!set) continue;
    const [, , name, op, value] = set;
    if (op !== '?=') fixed.add(name!);
    if (/^:{1,3}=$/.test(op!)) immediate.add(name!);
    else if (op !== '+=') immediate.delete(name!);
    const plain = value!.replace(/\s+#.*$/, '');
    if (depth > 0 && /^(?:::?=|:::=|\?=|=)$/.test(op!) && !/[$`]/.test(plain) && choices.get(name!) !== null) choices.set(name!, [...(choices.get(name!) ?? []), plain]);
    else if (depth > 0) choices.set(name!, null);
    if (depth > 0 || op === '!=') unknown.add(name!);
    else if (op === '+=') values.set(name!, `${values.get(name!) ?? ''} ${value!}`.trim());
    else if (op !== '?=' || !values.has(name!) || Object.hasOwn(BUILTIN, name!)) values.set(name!, value!.replace(/\s+#.*$/, ''));
  }
  for (const [name, value] of environment(handed)) {
    if (fixed.has(name) && !envWins) continue;
    if (value === undefined) unknown.add(name);
    else values.set(name, value);
  }
  for (const [name, value] of assigned) {
    values.set(name, value);
    unknown.delete(name);
  }
  const handedNames = new Set(environment(handed).keys());
  // A conditional variable may also keep the value it had without the branch (or none).
  const offered = [...choices].flatMap(([name, each]) => (each === null || !unknown.has(name) || handedNames.has(name) ? [] : [[name, [...each, values.get(name) ?? '']] as [string, string[]]]));
  return { values, unknown, choices: new Map(offered), immediate };
}

// The variable sets a recipe line is judged with: one per value the conditional variables it names may have
// (past the bound, or nested in another variable, they stay unknown: the line asks).
function variants(line: string, vars: Vars): Vars[] {
  const sets = variantValues(line, vars.choices);
  return sets === undefined ? [vars] : sets.map((set) => ({ ...vars, values: new Map([...vars.values, ...set]), unknown: new Set([...vars.unknown].filter((name) => !set.has(name))) }));
}

// Whether a MAKEFLAGS/MFLAGS assignment holds only plain flags (`-j4`, `s`, `--no-print-directory`).
function plainFlags(each: string): boolean {
  const value = each.slice(each.indexOf('=') + 1).replace(/^(['"])(.*)\1$/s, '$2');
  return !/[$`'"=\\]/.test(value) && value.trim().split(/\s+/).filter(Boolean).every((word) => /^-{0,2}[A-Za-z0-9-]+$/.test(word) && !PLACE.test(word.startsWith('-') ? word : `-${word}`));
}

// make's special targets (never suffix rules).
const SPECIAL = new Set(['.PHONY', '.SUFFIXES', '.DEFAULT', '.PRECIOUS', '.INTERMEDIATE', '.NOTINTERMEDIATE', '.SECONDARY', '.SECONDEXPANSION', '.DELETE_ON_ERROR', '.IGNORE', '.LOW_RESOLUTION_TIME', '.SILENT', '.EXPORT_ALL_VARIABLES', '.NOTPARALLEL', '.ONESHELL', '.POSIX', '.WAIT', '.EXTRA_PREREQS']);

// An old-style suffix rule (`.c.o:` = `%.o: %.c`, `.c:` = `%: %.c`) as the pattern rule it is.
function suffixRule(rule: MakeRule): MakeRule {
  const found = /^(\.[^.%/\s]+)(\.[^.%/\s]+)?$/.exec(rule.target);
  if (!found || SPECIAL.has(rule.target) || rule.prerequisites.length > 0) return rule;
  return { ...rule, target: `%${found[2] ?? ''}`, prerequisites: [`%${found[1]!}`] };
}

// What make runs while READING the Makefile: every `$(shell ..)` of an immediately expanded place (`:=`/`::=`/
// `:::=`/`+=` values, `!=` commands, conditionals, rule lines, top-level lines), also through the deferred
// variables such a place names; `$(eval ..)` (more make text) and the like are not read (fail closed).
function parseTime(lines: readonly string[], vars: Vars, glob: (patterns: string) => Globbed): { lines: string[]; unknown?: string } {
  const out: string[] = [];
  for (const line of lines) {
    if (line.startsWith('\t') || line.trim() === '') continue;
    const set = ASSIGNMENT.exec(line);
    if (set && (set[3] === '=' || set[3] === '?=')) continue;
    let text = set?.[3] === '!=' ? `$(shell ${set[4]!})` : line;
    for (let depth = 0; depth < MAX_DEPTH; depth++) {
      const inlined = text.replace(/\$[({]([A-Za-z_][\w.-]*)[)}]/g, (all, name: string) => vars.values.get(name) ?? all);
      if (inlined === text) break;
      text = inlined;
    }
    if (/\$[({](?:eval|file|guile|load)\s/.test(text)) return { lines: out, unknown: `\`${line.trim()}\` makes more make text or loads code while the Makefile is read` };
    for (const shell of functionCalls(text, 'shell')) {
      const got = expand(shell, vars, { auto: {}, glob });
      if (got.unknown !== undefined) return { lines: out, unknown: `\`${line.trim()}\` runs \`${shell}\` while the Makefile is read: ${got.unknown}` };
      out.push(got.text);
    }
  }
  return { lines: out };
}


// One recipe line make runs, and the target whose rule runs it ('' for a line make runs while reading the Makefile).
export interface MakeStep {
  readonly target: string;
  readonly line: string;
}

// What a make call runs: the makefile read (undefined: none there, so no recipe of it runs), the steps in make's
// order, and why the reading is not whole (unknown: the caller fails closed).
export interface MakeReading {
  readonly makefile?: string;
  readonly steps: readonly MakeStep[];
  readonly unknown?: string;
}

// One goal for the decision's table (task-runner-lines.ts reads each named goal once).
export function makeGoal(folder: TaskFolder, goal: string, context: { readonly rest: readonly string[]; readonly handed: readonly string[] }): TaskStep {
  const got = readMakeCall(folder, [goal], context);
  if (got.makefile === undefined && got.unknown === undefined && got.steps.length === 0) return NO_STEP;
  return { lines: got.steps.map((step) => step.line), ...(got.unknown === undefined ? {} : { unknown: got.unknown }) };
}

// The makefile make reads in the folder (the first of its three names that stands there).
const makefileOf = (folder: TaskFolder): string | undefined => MAKEFILE_NAMES.find((each) => folder.text(`${folder.dir}/${each}`) !== 'absent');

// Whether the folder's makefile, as make reads it (includes too), has a rule for `target` (the test command's
// detection of `make test`: shell/test-detect.ts).
export function makeHasRule(folder: TaskFolder, target: string): boolean {
  const name = makefileOf(folder);
  const raw = name === undefined ? 'absent' : folder.text(`${folder.dir}/${name}`);
  if (raw === 'absent' || raw === 'unreadable') return false;
  const lines = makeText(folder, raw).lines;
  return rulesOf(lines).some((rule) => rule.target === target && !lines[rule.at]!.startsWith('\t'));
}

// `goals`: the named goals in order ('' = make's default goal).
export function readMakeCall(folder: TaskFolder, goals: readonly string[], context: { readonly rest: readonly string[]; readonly handed: readonly string[] }): MakeReading {
  const name = makefileOf(folder);
  // Without a makefile make still builds a named goal by its built-in rules (R43-b4: `make run` with run.sh there).
  if (name === undefined && (builtinsOff(context.rest) || !goals.some((goal) => goal !== ''))) return { steps: [] };
  const raw = name === undefined ? '' : folder.text(`${folder.dir}/${name}`);
  const unread = (why: string, steps: readonly MakeStep[] = []): MakeReading => ({ makefile: name, steps, unknown: `${name ?? 'make'}: ${why}` });
  if (raw === 'absent' || raw === 'unreadable') return { makefile: name, steps: [], unknown: `${name} cannot be read whole` };
  // MAKEFLAGS of plain flags (`-j4`, `s`) changes nothing read here; a variable, a place or a run-time value may.
  const flags = context.handed.find((each) => /^(?:GNU)?MAKEFLAGS=|^MFLAGS=/.test(each) && !plainFlags(each));
  if (flags !== undefined) return unread(`${flags} handed to make may set variables or options`);
  const more = context.handed.find((each) => /^MAKEFILES=/.test(each));
  if (more !== undefined) return unread(`${more} names makefiles make reads first`);
  // make ignores comment lines among a rule's recipe lines (they do not end it).
  const text = makeText(folder, raw);
  if (text.unknown !== undefined) return unread(text.unknown);
  const lines = text.lines;
  const words = makeWords(context.rest);
  const vars = variables(lines, words.assigned, context.handed, context.rest.some((word) => word === '-e' || word === '--environment-overrides'));
  for (const name of text.defined) vars.unknown.add(name);
  // make's wildcard, from make's folder: globbed while the Makefile is read (prerequisites, `:=` values).
  const glob = (patterns: string): Globbed => makeWildcard(folder.root, folder.dir, patterns);
  const read = parseTime(lines, vars, glob);
  const out: MakeStep[] = read.lines.map((line) => ({ target: '', line }));
  if (read.unknown !== undefined) return unread(read.unknown, out);
  // A recipe shell's start-up file or loader exported by the Makefile runs before every recipe line (R32-3).
  const loader = exportedLoader(lines);
  if (loader !== undefined) return unread(`\`${loader}\` exports a variable the recipes' shell or programs obey`, out);
  // A target spelled with make's expansions is the file it expands to (R32-3: `$(MK): FORCE` with `MK = Makefile`
  // remakes the makefile first); one only known at run time may be any file, the makefile too.
  const rules: MakeRule[] = [];
  for (const rule of rulesOf(lines).filter((each) => !lines[each.at]!.startsWith('\t')).map(suffixRule)) {
    if (!rule.target.includes('$')) {
      rules.push({ ...rule, target: makeName(rule.target) });
      continue;
    }
    const got = expand(rule.target, vars, { auto: {}, glob });
    if (got.unknown !== undefined) return unread(`the rule target ${rule.target}: ${got.unknown}`, out);
    for (const target of got.text.split(/\s+/).filter(Boolean)) rules.push({ ...rule, target: makeName(target) });
  }
  // make first remakes an included makefile a rule names (that rule runs whatever the goal).
  const remakes = (file: string): boolean => rules.some((rule) => rule.target === file || (rule.target.includes('%') && patternOf(rule.target).test(file)));
  const remade = text.included.find(remakes);
  if (remade !== undefined) return unread(`a rule remakes the included ${remade}`);
  // Without a goal make builds .DEFAULT_GOAL's (makeText reads one plain name), else the first rule's target.
  const first = text.defaultGoal ?? rules.find((rule) => !rule.target.startsWith('.') && !rule.target.includes('%'))?.target;
  const targets = goals.flatMap((goal) => (goal !== '' ? [goal] : first === undefined ? [] : [first]));
  const fallback = rules.filter((rule) => rule.target === '.DEFAULT');
  const seen = new Set<string>();
  const noBuiltins = builtinsOff(context.rest);
  const visit = (name: string, chain: readonly number[] = []): string | undefined => {
    const each = makeName(name);
    if (seen.has(each) || seen.size > 256) return seen.size > 256 ? 'more than 256 rules' : undefined;
    seen.add(each);
    const own = rules.filter((rule) => rule.target === each);
    // A target no rule gives a recipe (none, or `prog: prog.o util.o` alone) is made by an implicit rule: the
    // Makefile's pattern rules, else make's built-in rules whose source stands there (R39-b14); failing both,
    // `.DEFAULT`'s recipe (when no such file exists: taken either way, more judged).
    const recipeless = !own.some((rule) => recipeOf(lines, rule).length > 0);
    const implicit = !recipeless ? [] : rules.flatMap((rule) => (rule.target.includes('%') ? [patternOf(rule.target).exec(each)].flatMap((found) => (found ? [{ rule, stem: found[1]! }] : [])) : []));
    const patterns: { rule: MakeRule; stem: string }[] = [...own.map((rule) => ({ rule, stem: '' })), ...implicit];
    if (recipeless && implicit.length === 0 && !noBuiltins) {
      for (const step of builtinSteps(each, (file) => folder.wordText(file) !== 'absent', chain)) {
        const why = step.sources.map((source) => visit(source, step.chain)).find((found) => found !== undefined);
        if (why !== undefined) return why;
        // `$^` is the source and the explicit rules' prerequisites (`prog: prog.o util.o` links both).
        const explicit = expand(own.flatMap((rule) => rule.prerequisites).join(' '), vars, { auto: {}, glob });
        if (explicit.unknown !== undefined) return `the prerequisites of ${each}: ${explicit.unknown}`;
        const all = [...new Set([...step.sources, ...explicit.text.split(/\s+/).filter(Boolean)])].join(' ');
        for (const line of step.recipe) {
          const got = expand(line.replace(/^[@+\-\s]+/, ''), vars, { auto: { '@': each, '<': step.source, '^': all, '+': all, '?': all, '*': step.stem, '|': '', '%': '' }, readGlob: glob });
          if (got.unknown !== undefined) return `make's built-in rule for ${each}: ${got.unknown}`;
          out.push({ target: each, line: got.text });
        }
      }
    }
    const matched = patterns.length > 0 ? patterns : fallback.map((rule) => ({ rule, stem: '' }));
    for (const { rule, stem } of matched) {
      const head = lines[rule.at]!.slice(lines[rule.at]!.indexOf(':'));
      if (/^::?[^;#]*=/.test(withoutReferences(head))) return `\`${lines[rule.at]!.trim()}\` sets a target-specific variable`;
      // The order-only prerequisites (after `|`) are made too.
      const orderOnly = (/^[^|;#]*\|([^;#]*)/.exec(head)?.[1] ?? '').trim().split(/\s+/).filter(Boolean);
      // A pattern rule's `%` is the stem; an explicit rule's is its text (`$(patsubst %.c,%.o,$(SRC))`).
      const stemmed = (text: string): string => (rule.target.includes('%') ? text.replaceAll('%', stem) : text);
      const expanded = expand(stemmed(rule.prerequisites.join(' ')), vars, { auto: {}, glob });
      const ordered = expand(stemmed(orderOnly.join(' ')), vars, { auto: {}, glob });
      const failed = expanded.unknown ?? ordered.unknown;
      if (failed !== undefined) return `the prerequisites of ${each}: ${failed}`;
      const prerequisites = expanded.text.split(/\s+/).filter(Boolean);
      for (const prerequisite of [...prerequisites, ...ordered.text.split(/\s+/).filter(Boolean)]) {
        const why = visit(prerequisite);
        if (why !== undefined) return why;
      }
      const auto = { '@': each, '<': prerequisites[0] ?? '', '^': prerequisites.join(' '), '+': prerequisites.join(' '), '?': prerequisites.join(' '), '*': stem, '|': ordered.text, '%': '' };
      for (const line of recipeOf(lines, rule)) {
        for (const set of variants(line, vars)) {
          const got = expand(line.replace(/^[@+\-\s]+/, ''), set, { auto, readGlob: glob });
          if (got.unknown !== undefined) return `\`${line}\`: ${got.unknown}`;
          out.push({ target: each, line: got.text });
        }
      }
    }
    return undefined;
  };
  // The makefile it read, when a rule may build it (red team R31-4: `Makefile: FORCE`, `.PHONY: Makefile`, a
  // prerequisite newer than it): make runs that rule first, then runs itself again and reads the NEW text (R42-b9:
  // `Makefile: FORCE` whose recipe copies evil.mk over it; GNUmakefile, read first then): the tasks are unknown, as
  // for an included makefile a rule remakes.
  if (name !== undefined && remakes(name)) return unread(`a rule remakes ${name}, and make then reads it again: what it runs is only known then`);
  let why: string | undefined;
  for (const target of targets) why ??= visit(target);
  return why === undefined ? { makefile: name, steps: out } : unread(why, out);
}
