// make's line grammar, for both make models (issue 26, fix45): the one reader of a `make` call (task-runner-make.ts)
// and the hook walk's model of what a git hook's make obeys (hook-make.ts). Here only: the makefile names make looks
// for, a rule line, an assignment, a function call's text, the constructs neither model reads (fail closed), and the
// value sets of a variable set under a conditional (test/lint/make-one-reader.test.ts keeps them here).

// The makefiles make reads in a folder without `-f`, the first that stands there.
export const MAKEFILE_NAMES: readonly string[] = ['GNUmakefile', 'makefile', 'Makefile'];

// An assignment (`override`/`private`/`export`/`unexport` before it): prefixes, name, operator, value.
export const ASSIGNMENT = /^\s*((?:(?:override|private|export|unexport)\s+)*)([A-Za-z_.][\w.-]*)\s*(::?=|:::=|\?=|\+=|!=|=)\s*(.*)$/;
export const CONDITIONAL = /^\s*(?:ifeq|ifneq|ifdef|ifndef|else|endif)\b/;

// A rule line as make reads it (red team R32-3: indented with spaces too, not a tab: a recipe): its targets, the text
// after the colon(s) and whether it is a double-colon rule (each such rule of a target runs, not only the last).
export interface RuleLine {
  readonly targets: string;
  readonly rest: string;
  readonly double: boolean;
}
export function ruleLine(line: string): RuleLine | undefined {
  const found = /^ *([^\s:#=][^:#=]*?)\s*(::?)(?!=)(.*)$/.exec(line);
  return found ? { targets: found[1]!, rest: found[3]!, double: found[2] === '::' } : undefined;
}

// A rule's text after the colon split at a static pattern rule's second colon (`a.o b.o: %.o: %.c`), a colon inside a
// make reference (`$(SRC:.c=.o)`) not counted: the target pattern and the prerequisites, or the prerequisites alone.
export function staticParts(rest: string): [string, string | undefined] {
  let depth = 0;
  for (let at = 0; at < rest.length; at++) {
    const c = rest[at]!;
    if (c === '$' && (rest[at + 1] === '(' || rest[at + 1] === '{')) {
      depth++;
      at++;
    }
    else if ((c === ')' || c === '}') && depth > 0) depth--;
    else if (c === ':' && depth === 0) return [rest.slice(0, at), rest.slice(at + 1)];
  }
  return [rest, undefined];
}

// A target pattern (`%.o`) as a regular expression whose group is the stem.
export const patternOf = (target: string): RegExp => new RegExp(`^${target.split('%').map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('(.*)')}$`);

// Text without make's references (`$(SRC:.c=.o)`: its `:` and `=` are neither a static pattern nor an assignment).
export function withoutReferences(text: string): string {
  let out = text;
  for (let depth = 0; depth < 10; depth++) {
    const next = out.replace(/\$[({][^$()}{]*[)}]/g, '');
    if (next === out) break;
    out = next;
  }
  return out;
}

// The text of each `$(NAME …)` / `${NAME …}` call of function NAME in `text`, parentheses balanced.
export function functionCalls(text: string, name: string): string[] {
  const found: string[] = [];
  for (const match of text.matchAll(new RegExp(String.raw`\$([({])${name}\s`, 'g'))) {
    const [open, close] = match[1] === '(' ? ['(', ')'] : ['{', '}'];
    let depth = 1;
    let at = match.index + match[0].length;
    const from = at;
    for (; at < text.length && depth > 0; at++) depth += text[at] === open ? 1 : text[at] === close ? -1 : 0;
    found.push(text.slice(from, depth === 0 ? at - 1 : at).trim());
  }
  return found;
}

// Directives and special variables that change what make reads, where it finds files or how it runs (a shared object
// loaded into make, a search path, a variable undone, make's own flags): neither model reads them.
const UNREAD_DIRECTIVE = /^\s*(-?load|vpath|undefine)\b/;
const UNREAD_SPECIAL: ReadonlySet<string> = new Set(['MAKEFILES', 'MAKEFLAGS', 'MFLAGS', 'GNUMAKEFLAGS', 'VPATH', 'GPATH', '.RECIPEPREFIX', '.LIBPATTERNS', 'MAKESHELL', '.INCLUDE_DIRS', '.FEATURES', 'MAKE_RESTARTS', 'MAKEOVERRIDES', 'SUFFIXES']);

export const unreadVariable = (name: string): boolean => UNREAD_SPECIAL.has(name);

// Why a line outside a recipe is a construct neither model reads, or undefined.
export function unreadConstruct(line: string): string | undefined {
  const directive = UNREAD_DIRECTIVE.exec(line);
  if (directive) return `\`${directive[1]}\` (a make directive codeward does not model)`;
  if (/^\s*\.SECONDEXPANSION\s*:/.test(line)) return '`.SECONDEXPANSION` (prerequisites only known at run time)';
  const set = ASSIGNMENT.exec(line);
  return set && UNREAD_SPECIAL.has(set[2]!) ? `\`${set[2]} = ${set[4]!.trim()}\` (make reads it for itself)` : undefined;
}

const MAX_VARIANTS = 16;

// The values a line is read with: one set per value the conditional variables it names may have (`choices`; none
// when it names none, or past MAX_VARIANTS: the caller reads the line once).
export function variantValues(line: string, choices: ReadonlyMap<string, readonly string[]>): Map<string, string>[] | undefined {
  const named = [...new Set([...line.matchAll(/\$[({]([A-Za-z_][\w.-]*)[)}]/g)].map((found) => found[1]!))].filter((name) => choices.has(name));
  let sets: Map<string, string>[] = [new Map()];
  for (const name of named) sets = sets.flatMap((set) => choices.get(name)!.map((value) => new Map([...set, [name, value]])));
  if (named.length === 0 || sets.length > MAX_VARIANTS) return undefined;
  return sets;
}
