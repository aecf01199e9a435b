// Where node's JavaScript lexer and the scan of node-package-blocks.ts could disagree (red team R23-1/R23-8): what
// a `/` starts (a regular expression or a division), where a line comment ends, a hashbang line, HTML-like comments
// and identifier escapes. The scan blanks what it takes for text; a load node runs must never be blanked, so where
// the scan cannot tell what node sees, it says so (the file is not read: a preload's package is unknown, a hook
// program's package is read as it is, nothing blanked).

// Words after which a `/` starts a regular expression: keywords that end no expression.
const BEFORE_REGEX = /^(?:return|typeof|case|do|else|in|new|delete|void|throw|instanceof|extends|default)$/;
// Words that are keywords in some places and names in others (`yield`, `await` outside a generator or an async
// function, `of` anywhere): a `/` after them is either.
const EITHER = /^(?:of|yield|await)$/;
// The words of a statement head `(...)`: a `/` after its `)` starts a regular expression (`if (1) /"/`).
const HEAD = /^(?:if|while|for|with)$/;
const HEAD_OR_AWAIT = /^(?:if|while|for|with|await)$/;
const KEYWORD = /^(?:return|typeof|case|do|else|in|new|delete|void|throw|instanceof|extends|default|of|yield|await)$/;
// The characters after which a `/` starts a regular expression (an operator, an opening bracket, a statement's end).
const OPERATOR = /[(,=:[!&|?{;+\-*%<>~^]/;
// A character of a name, as the language spells one (not only ASCII: `éreturn` is one name, not `return`; a
// surrogate is taken for one: `𝑎return` too).
const NAME_CHAR = /\p{ID_Continue}/u;
const isNameChar = (c: string | undefined): boolean => {
  if (c === undefined) return false;
  const n = c.charCodeAt(0);
  if (n < 128) return (n >= 97 && n <= 122) || (n >= 65 && n <= 90) || (n >= 48 && n <= 57) || n === 36 || n === 95;
  // ZWNJ, ZWJ, a surrogate (one half of an astral character).
  return n === 0x200c || n === 0x200d || (n >= 0xd800 && n <= 0xdfff) || NAME_CHAR.test(c);
};
// A line terminator: a line comment ends at any of them, not only at `\n`.
const LINE_END = /[\n\r\u2028\u2029]/g;

// Where the line holding `at` ends (its terminator's index, or the code's length).
export function lineEnd(code: string, at: number): number {
  LINE_END.lastIndex = at;
  const found = LINE_END.exec(code);
  return found === null ? code.length : found.index;
}

// Where a hashbang line ends when the code starts with one, or undefined (node 20 takes none after a byte order
// mark: a syntax error, nothing runs).
export const hashbang = (code: string): [number, number] | undefined => (code.startsWith('#!') ? [0, lineEnd(code, 0)] : undefined);

// What the scan has read so far, for a look back: the code and the comments found (start, end), in order.
export interface Back {
  readonly code: string;
  readonly comments: readonly (readonly [number, number])[];
}

// Whether `c` is a space or a line terminator (ASCII at once; others by the language's class).
const isSpace = (c: string): boolean => {
  const n = c.charCodeAt(0);
  return n < 128 ? n === 32 || (n >= 9 && n <= 13) : /\s/.test(c);
};

// The last character before `at` that is neither a space nor in a comment, and its index (-1: none).
export function before({ code, comments }: Back, at: number): number {
  let i = at - 1;
  for (;;) {
    while (i >= 0 && isSpace(code[i]!)) i--;
    // The last comment ending at or before `i + 1` (they are in order): when it ends right there, it is passed over.
    let low = 0;
    let high = comments.length - 1;
    while (low <= high) {
      const middle = (low + high) >> 1;
      if (comments[middle]![1] <= i + 1) low = middle + 1;
      else high = middle - 1;
    }
    if (high < 0 || comments[high]![1] !== i + 1) return i;
    i = comments[high]![0] - 1;
  }
}

// The name ending at `end` and whether it is a member's (`x.if`, `a?.return`, `x . of`), or undefined. `only`: the
// names looked further at (another is returned as a member's, unread).
function nameAt(back: Back, end: number, only: RegExp): { name: string; member: boolean } | undefined {
  let start = end + 1;
  while (isNameChar(back.code[start - 1])) start--;
  if (start > end) return undefined;
  // No word looked at is longer than `instanceof`: a longer name is not sliced.
  if (end + 1 - start > 10) return { name: '', member: true };
  const name = back.code.slice(start, end + 1);
  if (!only.test(name)) return { name, member: true };
  const dot = before(back, start);
  // A member's name follows a `.` (not a spread's `...`: `[...typeof /x/]`).
  return { name, member: back.code[dot] === '.' && back.code.slice(dot - 2, dot) !== '..' };
}

// Whether the `(` at `at` opens a statement head (`if (`, `while (`, `for (`, `for await (`, `with (`).
function opensHead(back: Back, at: number): boolean {
  const prev = before(back, at);
  // Most `(` follow another name or character: only the last letters of the head words are looked further at.
  if (!'ferht'.includes(back.code[prev] ?? '')) return false;
  const word = nameAt(back, prev, HEAD_OR_AWAIT);
  if (word === undefined || word.member) return false;
  if (HEAD.test(word.name)) return true;
  const outer = word.name === 'await' ? nameAt(back, before(back, prev - word.name.length + 1), HEAD) : undefined;
  return outer?.name === 'for' && !outer.member;
}

// What a `/` at `at` starts (not `//` nor `/*`): a regular expression, a division, or why that is not told.
// `paren`: the last `)` read and its `(` (a statement head's: `if (1) /"/`, a regular expression).
export function slash(back: Back, at: number, paren: { close: number; open: number }): 'regex' | 'division' | string {
  const prev = before(back, at);
  if (prev < 0) return 'regex';
  const c = back.code[prev]!;
  if (c === ')') return prev !== paren.close ? 'a `/` after `)` (a regular expression or a division: not told)' : opensHead(back, paren.open) ? 'regex' : 'division';
  // A block's end (then a regular expression) or an object's or a function's (then a division).
  if (c === '}') return 'a `/` after `}` (a regular expression or a division: not told)';
  // `a++ / 2` is a division, `+ /x/` a regular expression.
  if ((c === '+' || c === '-') && back.code[prev - 1] === c) return `a \`/\` after \`${c}${c}\` (a regular expression or a division: not told)`;
  if (OPERATOR.test(c)) return 'regex';
  if (c === ']' || c === '"' || c === "'" || c === '`' || c === '/' || c === '.') return 'division';
  if (!isNameChar(c)) return `a \`/\` after \`${c}\` (not told)`;
  const word = nameAt(back, prev, KEYWORD)!;
  if (word.member) return 'division';
  if (BEFORE_REGEX.test(word.name)) return 'regex';
  if (EITHER.test(word.name)) return `a \`/\` after \`${word.name}\` (a keyword or a name: not told)`;
  return 'division';
}

// An HTML-like comment node skips in a script (a CommonJS file) but not in a module: `<!--` anywhere, `-->` at a
// line's start (after spaces or comments only). `inText`: whether an index is in a text the scan blanked.
export function htmlComment(code: string, inText: (at: number) => boolean): number | undefined {
  for (let open = code.indexOf('<!--'); open >= 0; open = code.indexOf('<!--', open + 1)) if (!inText(open)) return open;
  for (let close = code.indexOf('-->'); close >= 0; close = code.indexOf('-->', close + 1)) {
    if (inText(close)) continue;
    let i = close - 1;
    while (i >= 0 && /[^\S\n\r\u2028\u2029]/.test(code[i]!)) i--;
    if (i < 0 || /[\n\r\u2028\u2029]/.test(code[i]!) || (code[i] === '/' && code[i - 1] === '*')) return close;
  }
  return undefined;
}
