// Rule patterns. A pattern with an unescaped `*` or `?` is a glob; without them it is a prefix that
// ends on a word boundary (`@coder read` matches `@coder read a.txt`, not `@coder readlink`), which
// keeps ChatCLI policy files working. `\` makes the next character literal.
//
// Shell lines and search terms: `*` matches anything (also `/`), `?` one character; a trailing ` *`
// also matches nothing (`@coder exec npm *` matches `@coder exec npm`).
// Paths (`@coder <command> <path pattern>` against a file command; `@coder * <path pattern>` for every
// file command): `*` and `?` stay inside one path
// segment, `**` crosses segments, a glob without `/` matches the file name at any depth (`*.go`), a
// leading `/` anchors at the workspace root; a prefix means the path itself or anything below it.

export interface Subject {
  // The whole call: `@coder write src/a.ts`.
  readonly text: string;
  readonly command: string;
  // For file commands: the workspace-relative path.
  readonly path?: string;
  // The call acts on everything below `path` (a recursive delete): restrictive rules that name a
  // path inside it match too.
  readonly covers?: boolean;
  // A file command's call with effect flags (`@coder delete --recursive build`), matched as text: a rule
  // naming a path (`@coder * build`, `@coder delete build`) does not match it; one naming its flags does.
  readonly qualified?: boolean;
  // The call changes `path` (writes or removes it), whichever command does: a deny or ask rule naming a
  // writer on a path judges it (rule-words.ts, red team R11-10).
  readonly change?: boolean;
}

export interface CompiledPattern {
  readonly pattern: string;
  readonly glob: boolean;
  matches(subject: Subject): boolean;
}

type Token = { readonly lit: string } | '*' | '**' | '?';

const WORD = /[A-Za-z0-9_-]/;
const PATH_FORM = /^@coder ([^\s*?\\]+|\*)(?: ([\s\S]+))?$/;
// A rule on a path change: any command word, then a path (not an effect flag).
const CHANGE_FORM = /^@coder \S+ ([^\s-][\s\S]*)$/;

export function normalizePattern(raw: string): string {
  return raw.trim().replace(/\s+/g, ' ');
}

function tokenize(pattern: string): Token[] {
  const tokens: Token[] = [];
  let lit = '';
  const flush = (): void => {
    if (lit) tokens.push({ lit });
    lit = '';
  };
  for (let i = 0; i < pattern.length; i += 1) {
    const ch = pattern[i]!;
    if (ch === '\\' && i + 1 < pattern.length) lit += pattern[++i]!;
    else if (ch === '*' && pattern[i + 1] === '*') {
      flush();
      tokens.push('**');
      i += 1;
      while (pattern[i + 1] === '*') i += 1;
    } else if (ch === '*' || ch === '?') {
      flush();
      tokens.push(ch);
    } else lit += ch;
  }
  flush();
  return tokens;
}

const isLiteral = (tokens: readonly Token[]): boolean => tokens.every((t) => typeof t === 'object');
const literalOf = (tokens: readonly Token[]): string => tokens.map((t) => (typeof t === 'object' ? t.lit : '')).join('');
const escapeRe = (text: string): string => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

export function isGlob(pattern: string): boolean {
  return !isLiteral(tokenize(pattern));
}

// A pattern that matches exactly `literal` as a prefix (glob characters and backslashes escaped).
export function escapePattern(literal: string): string {
  return literal.replace(/[\\*?]/g, '\\$&');
}

function textRegex(tokens: readonly Token[]): RegExp {
  let source = tokens.map((t) => (typeof t === 'object' ? escapeRe(t.lit) : t === '?' ? '[\\s\\S]' : '[\\s\\S]*')).join('');
  if (source.endsWith(' [\\s\\S]*')) source = `${source.slice(0, -' [\\s\\S]*'.length)}(?: [\\s\\S]*)?`;
  return new RegExp(`^${source}$`);
}

function pathRegex(tokens: readonly Token[]): RegExp {
  let source = '';
  for (let i = 0; i < tokens.length; i += 1) {
    const t = tokens[i]!;
    const next = tokens[i + 1];
    if (typeof t === 'object') source += escapeRe(t.lit);
    else if (t === '?') source += '[^/]';
    else if (t === '*') source += '[^/]*';
    else if (typeof next === 'object' && next.lit.startsWith('/')) {
      source += '(?:[^/]*/)*';
      tokens = [...tokens.slice(0, i + 1), { lit: next.lit.slice(1) }, ...tokens.slice(i + 2)];
    } else source += '.*';
  }
  return new RegExp(source);
}

const cleanPath = (path: string): string => path.replace(/^(\.\/)+/, '').replace(/\/+$/, '') || '.';

function pathMatcher(rest: string): (path: string, covers: boolean) => boolean {
  const tokens = tokenize(rest);
  if (isLiteral(tokens)) {
    const prefix = cleanPath(literalOf(tokens));
    return (path, covers) =>
      prefix === '.' || path === prefix || path.startsWith(`${prefix}/`) || (covers && (path === '.' || prefix.startsWith(`${path}/`)));
  }
  const first = tokens[0];
  const anchored = typeof first === 'object' && first.lit.startsWith('/');
  if (anchored) tokens[0] = { lit: first.lit.replace(/^\/+/, '') };
  else if (typeof first === 'object') tokens[0] = { lit: first.lit.replace(/^(\.\/)+/, '') };
  const anywhere = !anchored && !tokens.some((t) => typeof t === 'object' && t.lit.includes('/'));
  const body = pathRegex(tokens).source;
  const regex = new RegExp(anywhere ? `^(?:.*/)?${body}$` : `^${body}$`);
  // The literal folders before the first wildcard: a recursive delete of one of them (or of an
  // ancestor) reaches the files the pattern names.
  const base = anywhere ? undefined : cleanPath(literalOf(tokens.slice(0, tokens.findIndex((t) => typeof t !== 'object'))).replace(/[^/]*$/, ''));
  return (path, covers) =>
    regex.test(path) || (covers && base !== undefined && (path === '.' || base === path || base.startsWith(`${path}/`)));
}

// A text with holes (U+0000, a part only known at run time: canonical-words.ts) matches when some text in its
// holes makes it match, the reading deny and ask rules need ("may run what the rule forbids"). A literal
// pattern is read as a prefix of any text (wider than its word-boundary rule: it only ever restricts).
const HOLE = '\u0000';
// A hole one word wide (U+0001: a program's name only known at run time, canonical-entry.ts): any text
// without a blank.
export const WORD_HOLE = '\u0001';
const STAR = 1;
const ONE = 2;
function holeMatch(tokens: readonly Token[], text: string): boolean {
  const items = tokens.flatMap<string | number>((t) => (typeof t === 'object' ? [...t.lit] : t === '?' ? [ONE] : [STAR]));
  // A trailing ` *` also matches nothing (textRegex).
  const ends = items.length >= 2 && items.at(-1) === STAR && items.at(-2) === ' ' ? [items, items.slice(0, -2)] : [items];
  return ends.some((each) => holeWalk(each, text));
}
function holeWalk(items: readonly (string | number)[], text: string): boolean {
  const seen = new Set<number>();
  const stack: [number, number][] = [[0, 0]];
  const push = (i: number, j: number): void => {
    const key = i * (text.length + 1) + j;
    if (seen.has(key)) return;
    seen.add(key);
    stack.push([i, j]);
  };
  while (stack.length > 0) {
    const [i, j] = stack.pop()!;
    if (i === items.length && j === text.length) return true;
    const item = items[i];
    const ch = text[j];
    if (item === STAR) {
      push(i + 1, j);
      if (ch !== undefined) push(i, j + 1);
    } else if (ch === HOLE) {
      push(i, j + 1);
      if (item !== undefined) push(i + 1, j);
    } else if (ch === WORD_HOLE) {
      push(i, j + 1);
      if (item !== undefined && item !== ' ') push(i + 1, j);
    } else if (item !== undefined && ch !== undefined && (item === ONE || item === ch)) push(i + 1, j + 1);
  }
  return false;
}

// `exact`: for allow rules, a literal prefix that ends in a non-word character ends at a word gap too:
// `@coder test .` allows the test run of the folder `.`, not `@coder test ./x.sh` (a --cmd line that only
// starts with a dot); a literal ending in `/` or a space still covers what follows (`@coder exec cat src/`).
// Deny and ask rules keep the wider prefix: they err on the side of stopping a call.
// `changes`: the rule names a writer (rule-words.ts `writes`; deny and ask rules only): it matches every
// subject that changes a path it names, whichever command makes the change.
export function compilePattern(raw: string, options: { readonly exact?: boolean; readonly changes?: boolean } = {}): CompiledPattern {
  const pattern = normalizePattern(raw);
  const tokens = tokenize(pattern);
  const glob = !isLiteral(tokens);
  const form = PATH_FORM.exec(pattern);
  const name = form?.[1];
  const pathTest = form?.[2] === undefined ? undefined : pathMatcher(form[2]);
  const changed = options.changes ? CHANGE_FORM.exec(pattern)?.[1] : undefined;
  const changeTest = changed === undefined ? undefined : pathMatcher(changed);
  const literal = literalOf(tokens);
  const regex = glob ? textRegex(tokens) : undefined;
  const textTest = (text: string): boolean => {
    if (text.includes(HOLE) || text.includes(WORD_HOLE)) return holeMatch(glob ? tokens : [...tokens, '*'], text);
    if (regex) return regex.test(text);
    if (!text.startsWith(literal)) return false;
    const next = text[literal.length];
    if (next === undefined) return true;
    const last = literal[literal.length - 1] ?? '';
    if (options.exact && !WORD.test(last)) return /[\s/]/.test(last) || /\s/.test(next);
    return !WORD.test(last) || !WORD.test(next);
  };
  return {
    pattern,
    glob,
    matches(subject) {
      if (changeTest && subject.change && subject.path !== undefined && changeTest(subject.path, subject.covers === true)) return true;
      if (subject.path !== undefined && name !== undefined) {
        if (name !== '*' && name !== subject.command) return false;
        return pathTest === undefined || pathTest(subject.path, subject.covers === true);
      }
      if (subject.qualified && name !== undefined && form?.[2] !== undefined && !form[2].startsWith('-')) return false;
      return textTest(subject.text);
    },
  };
}
