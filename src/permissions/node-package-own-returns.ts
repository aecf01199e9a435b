// What the functions of a package's file return, as bindings of their names (R23-12, dirname28): every `return X` of
// a function body is a binding of the function's name to X, read where X is (so `function f() { const d = __dirname;
// return d.split("node_modules")[0] }` is CUT through `d`), and the names of a function with several returns hold each
// (one CUT return makes it CUT). The function's name: its declaration (`function f`), the name it is bound to
// (`const f = function`, `f = async () => {`: the binding node-package-taint.ts found for it), or a member's name for
// a method, a getter, an object literal's method or a function put in a member (`static root() {`, `get r() {`,
// `o.r = function`): `.root`, which any `x.root` then reads (the scanner cannot tell which object a member belongs to:
// every member of that name is that method's return). A function without a name (a callback, a computed member) is
// not followed, nor a function whose text names no own place (a cut value would flow through every call of a bundle).
// A return read past its bound (the functions it holds passed over) makes its function CUT (fail closed).
import type { Blocks } from './node-package-blocks.js';
import { OWN_WORDS } from './node-package-own-kind.js';
import type { Binding } from './node-package-taint.js';

// A return's binding; `long`: its value was read past the bound.
export interface Returned extends Binding {
  readonly long?: boolean;
}

const RETURN = /(?<![.\w$])return(?![\w$])/g;
// A return's value is read up to this many characters; past it, up to its function's end.
const MAX_RETURN = 2000;
// A line that does not end the value: it ends with an operator, or the next starts with one.
const ENDS_OPEN = /(?:[-+*/%&|^?:,=(<>!~[{]|(?<![\w$])(?:in|instanceof|typeof|new|await|void|delete))\s*$/;
const STARTS_OPEN = /^\s*(?:[-+*/%&|^?:,=<>.[(]|(?:in|instanceof)(?![\w$]))/;
const FUNCTION = /(?<![\w$.])function\s*\*?\s*([A-Za-z_$][\w$]*)?\s*$/;
const METHOD = /(?<![\w$.])(#?[A-Za-z_$][\w$]*)\s*$/;
const NOT_METHOD = /^(?:if|for|while|switch|catch|with|function|return|typeof|await|new)$/;
const MEMBER_SET = /(?:\?\.|\.)\s*([A-Za-z_$][\w$]*)\s*=\s*$|(?:^|[{,]\s*)(?:([A-Za-z_$][\w$]*)|'([^'\n]*)'|"([^"\n]*)")\s*:\s*$/;
const ASYNC = /(?<![\w$.])async\s*$/;

// Where the value of a return at `at` (after the word) ends in `masked`: at its `;`, its block's `}`, or a line end
// that ends the expression (the functions it holds passed over whole); -1 past its bound.
function valueEnd(blocks: Blocks, at: number): number {
  const masked = blocks.masked;
  let depth = 0;
  for (let i = at, read = 0; i < masked.length; i++, read++) {
    if (read > MAX_RETURN) return -1;
    const c = masked[i]!;
    if (c === '{' && blocks.fn(i + 1) === blocks.at(i + 1) && blocks.span(blocks.at(i + 1))[0] === i) i = blocks.span(blocks.at(i + 1))[1];
    else if (c === '(' || c === '[' || c === '{') depth++;
    else if (c === ')' || c === ']' || c === '}') {
      if (--depth < 0) return i;
    } else if (depth === 0 && c === ';') return i;
    else if (depth === 0 && c === '\n' && masked.slice(at, i).trim() !== '' && !ENDS_OPEN.test(masked.slice(Math.max(at, i - 40), i)) && !STARTS_OPEN.test(masked.slice(i + 1, i + 40))) return i;
  }
  return masked.length;
}

// Where the last character before `at` that is not a blank is.
const back = (masked: string, at: number): number => {
  let i = at - 1;
  while (i >= 0 && /\s/.test(masked[i]!)) i--;
  return i;
};

// The names of the function whose body is `block`: [names, the block they are bound in], or undefined.
function nameOf(code: string, blocks: Blocks, block: number, byStart: Map<number, Binding>): [string[], number] | undefined {
  const masked = blocks.masked;
  const params = blocks.params(block);
  let end = back(masked, blocks.span(block)[0]);
  const arrow = masked[end] === '>' && masked[end - 1] === '=';
  if (arrow) end = back(masked, end - 1);
  // The parameter list's start (a single arrow parameter is its list).
  let start = masked[end] === ')' ? end - params.length - 1 : end + 1 - params.length;
  if (start < 0 || (masked[end] === ')' && masked[start] !== '(')) return undefined;
  const head = masked.slice(Math.max(0, start - 200), start);
  const named = arrow ? undefined : FUNCTION.exec(head);
  if (named?.[1] !== undefined) return [[named[1]], blocks.at(start)];
  if (!arrow && named === null) {
    const method = METHOD.exec(head);
    return method === null || NOT_METHOD.test(method[1]!) ? undefined : [[`.${method[1]}`], -1];
  }
  // An anonymous function or an arrow: the name it is set to.
  if (named !== undefined && named !== null) start -= head.length - named.index;
  const first = masked.slice(0, start);
  const async = ASYNC.exec(first.slice(-20));
  if (async !== null) start -= first.slice(-20).length - async.index;
  const member = MEMBER_SET.exec(code.slice(Math.max(0, start - 200), start));
  const key = member === null ? undefined : (member[1] ?? member[2] ?? member[3] ?? member[4])!;
  if (key !== undefined) return key === '' ? undefined : [[`.${key}`], -1];
  const bound = byStart.get(start);
  return bound === undefined ? undefined : [bound.names, bound.block];
}

// The bindings of what each named function of `code` returns (`blocks`: its scan; `bindings`: the file's, where a
// function bound to a name is found by where its value starts).
export function returnBindings(code: string, blocks: Blocks, bindings: readonly Binding[]): Returned[] {
  const masked = blocks.masked;
  const byStart = new Map<number, Binding>();
  for (const binding of bindings) byStart.set(binding.at + (/^\s*/.exec(binding.value)?.[0].length ?? 0), binding);
  const names = new Map<number, [string[], number] | undefined>();
  const found: Returned[] = [];
  for (const one of masked.matchAll(RETURN)) {
    const block = blocks.fn(one.index);
    if (block < 0) continue;
    // Only a function whose own text names an own place is followed (what a function returns through other
    // functions' returns is not: in a bundle a cut value would flow through every call).
    if (!names.has(block)) names.set(block, OWN_WORDS.test(masked.slice(...blocks.span(block))) ? nameOf(code, blocks, block, byStart) : undefined);
    const name = names.get(block);
    if (name === undefined) continue;
    const at = one.index + one[0].length;
    const end = valueEnd(blocks, at);
    // Past the bound: the function (which names an own place) may return a cut one (CUT, fail closed).
    if (end < 0) found.push({ names: name[0], block: name[1], at, value: code.slice(at, at + MAX_RETURN), top: false, long: true });
    else if (masked.slice(at, end).trim() !== '') found.push({ names: name[0], block: name[1], at, value: code.slice(at, end), top: false });
  }
  return found;
}

// The text of a value at `at` (`length` long) and its masked text, with the bodies of the functions it holds blanked
// (an object of methods, a callback: their returns are followed on their own; what they mention is no value), but a
// function called at once (`(function () { ... })()`): its body is the value.
export function withoutBodies(code: string, blocks: Blocks, at: number, length: number): [string, string] {
  const masked = blocks.masked;
  const mask = masked.slice(at, at + length);
  if (!mask.includes('{')) return [code.slice(at, at + length), mask];
  const texts: string[] = [];
  const masks: string[] = [];
  let last = 0;
  for (let open = mask.indexOf('{'); open >= 0; open = mask.indexOf('{', open + 1)) {
    const block = blocks.at(at + open + 1);
    const [start, close] = blocks.span(block);
    if (start !== at + open || blocks.fn(at + open + 1) !== block || /^\s*\)?\s*(?:\(|\.\s*(?:call|apply)\b)/.test(masked.slice(close + 1, close + 40))) continue;
    const end = Math.min(close + 1, at + length) - at;
    const blank = `{${' '.repeat(Math.max(0, end - open - 2))}}`.slice(0, end - open);
    texts.push(code.slice(at + last, at + open), blank);
    masks.push(mask.slice(last, open), blank);
    last = end;
    open = end - 1;
  }
  texts.push(code.slice(at + last, at + length));
  masks.push(mask.slice(last));
  return [texts.join(''), masks.join('')];
}
