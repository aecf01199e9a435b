// The brace blocks of a package's JavaScript file, for the taint of node-package-taint.ts (taint23): a name bound in a
// function is that function's, so the same name in another function of a bundle (vite's `url`, typescript's
// `modulePath`) is another binding. A scanner, not a parser: strings, comments, template texts and regular expression
// literals are skipped (their braces are no blocks), a `${...}` of a template is code. When the braces do not balance,
// or the scan cannot tell what node's lexer reads (node-package-lex.ts: a `/` after `}`, an HTML-like comment, an
// identifier escape), the file is one block (every name is the file's: the taint can only grow) and nothing is blanked.
import { before, hashbang, htmlComment, lineEnd, slash } from './node-package-lex.js';

export interface Blocks {
  // The innermost block holding `at` (-1: the file's top).
  readonly at: (at: number) => number;
  // The innermost function body holding `at` (-1: the file's top).
  readonly fn: (at: number) => number;
  // Whether the block `block` (-1: the file) holds `at`.
  readonly holds: (block: number, at: number) => boolean;
  // The block holding `block` (-1: the file).
  readonly parent: (block: number) => number;
  // The function body whose parameter list holds `at` (`function f(a = 1) {`, `(a) => {`), or -1.
  readonly paramsOf: (at: number) => number;
  // The text of a function body's parameter list ('' for another block).
  readonly params: (block: number) => string;
  // Where a block's `{` and `}` are (-1 and the code's length: the file).
  readonly span: (block: number) => readonly [number, number];
  // The code with the texts of its strings, templates, regular expressions and comments blanked (as long; a comment's
  // line ends kept): what binds and calls is found there, not in a text (a worker's code embedded as a string).
  readonly masked: string;
  // The code with only its comments blanked (strings, templates and regular expressions kept), and whether the scan
  // balanced (when not, `masked` and `stripped` are the code as it is).
  readonly stripped: string;
  readonly scanned: boolean;
  // Why not (where in the code and what), when not scanned.
  readonly unread?: { readonly at: number; readonly why: string };
}

// Words before a `(...) {` that make the block a statement's, not a function body.
const CONTROL = /(?:^|[^\w$.])(?:if|for|while|switch|catch|with)\s*$/;

interface Found {
  readonly opens: number[];
  readonly closes: number[];
  readonly parents: number[];
  readonly functions: boolean[];
  // Each block's parameter list (start and end), when it is a function's body.
  readonly params: ([number, number] | undefined)[];
  // The texts blanked in `masked` (start, end), whether their line ends are kept (block comments), and whether
  // they are comments.
  readonly texts: [number, number, boolean, boolean?][];
}

// The end of the quoted string opening at `at` (its closing quote, or the line end).
export function stringEnd(code: string, at: number): number {
  const quote = code[at];
  let i = at + 1;
  for (; i < code.length && code[i] !== quote && code[i] !== '\n'; i++) if (code[i] === '\\') i++;
  return i;
}

// The end of the regular expression literal opening at `at` (its closing `/`), or -1 when the line ends first.
function regexEnd(code: string, at: number): number {
  let inClass = false;
  for (let i = at + 1; i < code.length; i++) {
    const c = code[i]!;
    if (c === '\n' || c === '\r' || c === '\u2028' || c === '\u2029') return -1;
    if (c === '\\') i++;
    else if (c === '[') inClass = true;
    else if (c === ']') inClass = false;
    else if (c === '/' && !inClass) return i;
  }
  return -1;
}

type Unread = NonNullable<Blocks['unread']>;
const BALANCE = 'its brackets, strings or templates do not balance';

// Whether `at` is in one of the texts `found` (in order, not overlapping).
function inText(texts: Found['texts'], at: number): boolean {
  let low = 0;
  let high = texts.length - 1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    if (texts[middle]![1] <= at) low = middle + 1;
    else if (texts[middle]![0] > at) high = middle - 1;
    else return true;
  }
  return false;
}

function scan(code: string): Found | Unread {
  const found: Found = { opens: [], closes: [], parents: [], functions: [], params: [], texts: [] };
  // The comments found, for a look back over them (node-package-lex.ts `before`).
  const back = { code, comments: [] as [number, number][] };
  // The open frames: a block's index, 'p' a parenthesis (with its start), 't' a template's `${`.
  const stack: { kind: 'b' | 'p' | 't'; at: number }[] = [];
  // The last `)` and its `(`: a `{` right after it opens a function body or a statement's block, a `/` a regular
  // expression after a statement head's (`if (1) /"/`), else a division.
  let lastParen = { close: -1, open: -1 };
  let inTemplate = false;
  // Where the template text being read starts.
  let text = 0;
  const skip = (start: number, end: number, lines = false, comment = false): number => {
    if (end > start) found.texts.push([start, end, lines, comment]);
    if (comment) back.comments.push([start, end]);
    return end;
  };
  // A hashbang line is a comment (node skips it, in a script and in a module).
  const bang = hashbang(code);
  if (bang !== undefined) skip(bang[0], bang[1], false, true);
  // The next character that may matter, in code and in a template's text: the ones between are passed over at once
  // (a bundle is megabytes of names and operators; one regular expression jump each instead of a loop turn each).
  const next = /[/"'`(){}\\]/g;
  const nextInTemplate = /[\\`$]/g;
  for (let i = bang?.[1] ?? 0; i < code.length; i++) {
    const jump = inTemplate ? nextInTemplate : next;
    jump.lastIndex = i;
    const at = jump.exec(code);
    if (at === null) break;
    i = at.index;
    const c = code[i]!;
    if (inTemplate) {
      if (c === '\\') i++;
      else if (c === '`') {
        skip(text, i);
        inTemplate = false;
      } else if (c === '$' && code[i + 1] === '{') {
        skip(text, i);
        stack.push({ kind: 't', at: i++ });
        inTemplate = false;
      }
      continue;
    }
    // A line comment ends at any line terminator (`\r`, U+2028 too: what follows is code to node).
    if (c === '/' && code[i + 1] === '/') i = skip(i, lineEnd(code, i), false, true);
    else if (c === '/' && code[i + 1] === '*') i = skip(i, code.indexOf('*/', i + 2) < 0 ? code.length : code.indexOf('*/', i + 2) + 2, true, true) - 1;
    else if (c === '"' || c === "'") i = skip(i + 1, stringEnd(code, i));
    else if (c === '`') {
      inTemplate = true;
      text = i + 1;
    } else if (c === '/') {
      const starts = slash(back, i, lastParen);
      if (starts !== 'regex' && starts !== 'division') return { at: i, why: starts };
      if (starts === 'regex') {
        const end = regexEnd(code, i);
        if (end > 0) i = skip(i + 1, end);
      }
    } else if (c === '\\') return { at: i, why: 'an escape in code (`\\u` spells a name: `requ\\u0069re`)' };
    else if (c === '(') stack.push({ kind: 'p', at: i });
    else if (c === ')') {
      const frame = stack.pop();
      if (frame?.kind !== 'p') return { at: i, why: BALANCE };
      lastParen = { close: i, open: frame.at };
    } else if (c === '{') {
      const prev = before(back, i);
      const parent = stack.findLast((frame) => frame.kind === 'b');
      const arrow = code[prev] === '>' && code[prev - 1] === '=';
      const head = arrow ? before(back, prev - 1) : prev;
      const listed = code[head] === ')' && head === lastParen.close;
      const fn = arrow || (listed && !CONTROL.test(code.slice(Math.max(0, lastParen.open - 12), lastParen.open)));
      const single = arrow && !listed ? /[\w$]+$/.exec(code.slice(Math.max(0, head - 60), head + 1)) : null;
      found.params.push(!fn ? undefined : listed ? [lastParen.open + 1, lastParen.close] : single === null ? undefined : [head + 1 - single[0].length, head + 1]);
      found.parents.push(parent === undefined ? -1 : parent.at);
      found.functions.push(fn);
      found.closes.push(code.length);
      stack.push({ kind: 'b', at: found.opens.push(i) - 1 });
    } else if (c === '}') {
      const frame = stack.pop();
      if (frame === undefined || frame.kind === 'p') return { at: i, why: BALANCE };
      if (frame.kind === 't') {
        inTemplate = true;
        text = i + 1;
      }
      else found.closes[frame.at] = i;
    }
  }
  if (stack.length > 0 || inTemplate) return { at: code.length, why: BALANCE };
  const html = htmlComment(code, (at) => inText(found.texts, at));
  return html === undefined ? found : { at: html, why: 'an HTML-like comment (`<!--`, `-->` at a line start: a comment in a script, code in a module)' };
}

// The blocks of `code` (one, the file, when its braces do not balance).
export function blocksOf(code: string): Blocks {
  const result = scan(code);
  const scanned = 'opens' in result ? result : undefined;
  const found = scanned ?? { opens: [], closes: [], parents: [], functions: [], params: [], texts: [] };
  const { opens, closes, parents, functions, params } = found;
  // The two blanked texts, each made once when first read (a program-mode file needs only `stripped`).
  const made: { masked?: string; stripped?: string } = {};
  const blank = (only: boolean): string => {
    const pieces: string[] = [];
    let last = 0;
    for (const [start, end, lines, comment] of found.texts) {
      if (only && comment !== true) continue;
      pieces.push(code.slice(last, start));
      // A block comment keeps its line ends (each line's length in blanks, found by indexOf: no per-character work).
      for (let at = start, line = lines ? code.indexOf('\n', start) : -1; at < end; line = code.indexOf('\n', at)) {
        const stop = line < 0 || line >= end ? end : line;
        pieces.push(' '.repeat(stop - at), stop < end ? '\n' : '');
        at = stop + 1;
      }
      last = end;
    }
    pieces.push(code.slice(last));
    return pieces.join('');
  };
  const holds = (block: number, at: number): boolean => block < 0 || (opens[block]! < at && at < closes[block]!);
  const at = (where: number): number => {
    // The last block opening before `where`, then its parents until one holds it.
    let low = 0;
    let high = opens.length - 1;
    let block = -1;
    while (low <= high) {
      const middle = (low + high) >> 1;
      if (opens[middle]! < where) {
        block = middle;
        low = middle + 1;
      } else high = middle - 1;
    }
    while (block >= 0 && !holds(block, where)) block = parents[block]!;
    return block;
  };
  const fn = (where: number): number => {
    let block = at(where);
    while (block >= 0 && !functions[block]) block = parents[block]!;
    return block;
  };
  // The first block opening after `where`: a function body, when `where` is in its parameter list.
  const paramsOf = (where: number): number => {
    let low = 0;
    let high = opens.length - 1;
    while (low <= high) {
      const middle = (low + high) >> 1;
      if (opens[middle]! <= where) low = middle + 1;
      else high = middle - 1;
    }
    const list = params[low];
    return list !== undefined && list[0] <= where && where < list[1] ? low : -1;
  };
  const text = (block: number): string => (params[block] === undefined ? '' : code.slice(params[block][0], params[block][1]));
  return { at, fn, holds, parent: (block) => (block < 0 ? -1 : parents[block]!), paramsOf, params: text, span: (block) => (block < 0 ? [-1, code.length] : [opens[block]!, closes[block]!]), get masked() { return (made.masked ??= blank(false)); }, get stripped() { return (made.stripped ??= blank(true)); }, scanned: scanned !== undefined, ...(scanned === undefined ? { unread: result as Unread } : {}) };
}
