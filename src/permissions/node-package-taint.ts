// A value computed from the working folder, the environment, the caller or a project file (js22 LEFT, R21-1, R21-11,
// taint23): `const root = process.cwd()` anywhere in a package's file, then `require(root + "/tools/y")` loads what the
// project names. Every binding of the file is read: a declaration (each declarator, a destructuring pattern, a
// `for (... of ...)`), an assignment without one (`root = process.cwd()`), a member's (`o.root = ...`, `this.root = ...`:
// the object holds it), a `push`/`set`/`Object.assign` into an object. A name is tainted in the block it is bound in
// (node-package-blocks.ts: a `let`/`const` its block's, a `var` its function's, any other binding the whole file's), so
// a bundle's other functions that reuse the name (vite's `url`, typescript's `modulePath`) are not judged by it. Only
// loads count (a tainted value printed or compared is not judged). Sources: the process object and its names (`p`,
// `cwd` of `const { cwd } = process`), PWD/INIT_CWD, require.main, the caller (module.parent), a path function given a
// relative literal, a `..` together with `.json`; at the file's top also the bare words cwd/argv/env (`options.cwd`).
// Not followed: a function's parameters (a tool's loads of its configuration pass through them: vite, eslint, tsc) and
// what a function returns.
import { blocksOf, stringEnd, type Blocks } from './node-package-blocks.js';
import { CLIMBS, GLOBAL, HARMLESS, PROCESS, RELATIVE_CALL, bound, codeOnly, valueAt, words } from './node-package-words.js';

export interface Taint {
  // Whether `text` (code at `at`) mentions a name tainted in a block holding `at`, or the process object itself.
  readonly mentions: (text: string, at: number) => boolean;
}

export interface Binding {
  readonly names: string[];
  readonly block: number;
  readonly at: number;
  readonly value: string;
  // Written at the file's top (not in a block).
  readonly top: boolean;
  done?: boolean;
}

const TOP_SEED = /(?<![\w$])(?:cwd|argv|env)(?![\w$])/;
const SOURCES = new RegExp(PROCESS);
// A value's sources: the process object but the global object's computed members (`globalThis[Symbol.for(...)]`; an
// alias of the process object through them is one of `objects`).
const SEEDS = new RegExp(PROCESS.replace(GLOBAL, `(?:globalThis|global)\\s*(?:\\?\\.|\\.)\\s*process\\b`));
const DECLARATION = /(?<![.\w$])(const|let|var)\s+/g;
const PATTERN = /^(?:[A-Za-z_$][\w$]*|\{[^{}=;]{0,300}\}|\[[^[\]=;]{0,300}\])/;
const ASSIGN = /^\s*(?::[^=;]{0,200})?(?:\+|\|\||\?\?|&&)?=(?![=>])/;
const FOR = /^\s+(?:of|in)\b/;
const PLAIN = /(?<![.\w$])([A-Za-z_$][\w$]*|\{[^{}=;]{0,300}\}|\[[^[\]=;]{0,300}\])\s*(?:\+|\|\||\?\?|&&)?=(?![=>])/g;
const MEMBER = /(?<![.\w$])(this|[A-Za-z_$][\w$]*)\s*(?:\?\.|\.)\s*([\w$]+)(?:\s*(?:\?\.|\.)\s*[\w$]+|\s*\[[^\]\n]{0,100}\])*\s*(?:\+|\|\||\?\?|&&)?=(?![=>])|(?<![.\w$])(this|[A-Za-z_$][\w$]*)\s*\[[^\]\n]{0,100}\]\s*=(?![=>])/g;
const INTO = /(?<![.\w$])(this\s*\.\s*[\w$]+|[A-Za-z_$][\w$]*)\s*\.\s*(?:push|unshift|splice|set|add|concat)\s*\(|\bObject\s*\.\s*assign\s*\(\s*(this\s*\.\s*[\w$]+|[A-Za-z_$][\w$]*)\s*,/g;
export const MENTION = /(?<![.\w$])(?:this\s*\.\s*[\w$]+|[A-Za-z_$][\w$]*)(?![\w$])/g;
const HARMLESS_NEXT = new RegExp(`^\\s*(?:\\?\\.|\\.)\\s*(?:${HARMLESS})\\b`);
const key = (name: string): string => name.replace(/\s+/g, '');
export const KEYWORD = /^(?:const|let|var|new|typeof|void|await|yield|return|function|class|in|of|instanceof|delete|true|false|null|undefined|this|if|else|for|while|do|switch|case|default|break|continue|throw|try|catch|finally|async|import|export|super)$/;

// The names `text` mentions as values (`a`, `this.a`; not a member `o.a`, not `p.platform`).
const mentioned = (text: string): string[] => mentionedCode(codeOnly(text));
function mentionedCode(code: string): string[] {
  return [...code.matchAll(MENTION)].filter((found) => !KEYWORD.test(found[0]) && !HARMLESS_NEXT.test(code.slice(found.index + found[0].length, found.index + found[0].length + 40))).map((found) => key(found[0]));
}

// Calls whose result is their arguments' value again (a path, a URL, a string): the others are functions whose
// returns are not followed.
const TRANSPARENT = /(?:^|[^\w$])(?:join|resolve|normalize|dirname|relative|toNamespacedPath|format|pathToFileURL|fileURLToPath|URL|String|concat|realpathSync|realpath|toString|slice|substring|replace|replaceAll|trim|at)\s*$/;
const OPENS_GROUP = /(?:^|[^\w$])(?:if|for|while|switch|catch|return|typeof|await|void|in|of|new|yield)\s*$|[^\w$\s]\s*$|^\s*$/;
// `value` with the arguments of other calls blanked (`f(root)` is f's return, not followed; `path.join(root, "x")` is
// root's), and a function's own text blanked (its body's bindings are read on their own).
function plain(value: string): string {
  let out = '';
  let depth = 0;
  for (let i = 0; i < value.length; i++) {
    const c = value[i]!;
    if (c === '"' || c === "'" || c === '`') {
      const end = c === '`' ? value.indexOf('`', i + 1) : stringEnd(value, i);
      const literal = value.slice(i, end < 0 ? value.length : end + 1);
      out += depth > 0 ? ' '.repeat(literal.length) : literal;
      i += literal.length - 1;
      continue;
    }
    if (c === '(' && depth > 0) depth++;
    else if (c === '(' && !OPENS_GROUP.test(value.slice(Math.max(0, i - 30), i)) && !TRANSPARENT.test(value.slice(Math.max(0, i - 30), i))) depth = 1;
    else if (c === ')' && depth > 0) depth--;
    out += depth > 0 && c !== '(' ? ' ' : c;
  }
  return out;
}
// A function with a body, or a class: its text is no value (its body's bindings are read on their own; what it returns
// is not followed). An arrow returning an expression is that expression.
const FUNCTION_VALUE = /^\s*(?:async\s+)?(?:function\b|class\b|(?:\([^()]*\)|[\w$]+)\s*=>\s*\{)/;
// The value a binding holds: without a function's text, without a condition (`process.env.X ? 'a' : 'b'` is 'a' or
// 'b'); a binding in a function without other calls' arguments (plain).
function held(value: string, top: boolean): string {
  if (FUNCTION_VALUE.test(value)) return ' '.repeat(value.length);
  const code = value.replace(/'(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*"|`[^`]*`/g, (literal) => '_'.repeat(literal.length));
  let depth = 0;
  let from = 0;
  for (let i = 0; i < code.length; i++) {
    const c = code[i]!;
    if ('([{'.includes(c)) depth++;
    else if (')]}'.includes(c)) depth--;
    else if (c === '?' && depth === 0 && code[i + 1] !== '.' && code[i + 1] !== '?' && code[i - 1] !== '?') from = i + 1;
  }
  const kept = ' '.repeat(from) + value.slice(from);
  return top ? kept : plain(kept);
}

// Each declarator of the declarations of `code` (`var a = 1, b = c`; `for (const x of xs)`), where each starts, and the
// blocks each name is declared in.
function declarations(code: string, blocks: Blocks, starts: Set<number>, declared: Map<string, Set<number>>): Binding[] {
  const found: Binding[] = [];
  const masked = blocks.masked;
  for (const declaration of masked.matchAll(DECLARATION)) {
    const block = declaration[1] === 'var' ? blocks.fn(declaration.index) : blocks.at(declaration.index);
    const top = blocks.at(declaration.index) < 0;
    let at = declaration.index + declaration[0].length;
    for (let more = true; more; ) {
      at += /^\s*/.exec(masked.slice(at, at + 200))![0].length;
      const pattern = PATTERN.exec(masked.slice(at, at + 310))?.[0];
      if (pattern === undefined) break;
      starts.add(at);
      const rest = masked.slice(at + pattern.length, at + pattern.length + 220);
      const assign = ASSIGN.exec(rest);
      const loop = assign === null ? FOR.exec(rest) : null;
      const from = at + pattern.length + ((assign ?? loop)?.[0].length ?? 0);
      const value = assign === null && loop === null ? '' : code.slice(from, from + valueAt(masked, from, loop === null ? ';,\n' : ')').length);
      const names = bound(pattern).filter((name) => !KEYWORD.test(name));
      for (const name of names) declared.set(name, (declared.get(name) ?? new Set()).add(block));
      found.push({ names, block, at: from, value, top });
      at = from + value.length;
      more = masked[at] === ',';
      at++;
    }
  }
  return found;
}

// The bindings without a declaration: assignments (but a parameter's default), members, what is put into an object.
// Each is the binding of the block declaring the name (`let root; function f() { root = process.cwd() }`), the whole
// file's when none does (or for `this.x`).
function assignments(code: string, blocks: Blocks, starts: Set<number>, declared: Map<string, Set<number>>): Binding[] {
  const params = new Map<number, string[]>();
  const paramNames = (block: number): string[] => {
    let names = params.get(block);
    if (names === undefined) params.set(block, (names = words(blocks.params(block).replace(/=[^,]*/g, ''))));
    return names;
  };
  const scope = (name: string, at: number): number => {
    let block = blocks.at(at);
    while (block >= 0 && declared.get(name)?.has(block) !== true && !paramNames(block).includes(name)) block = blocks.parent(block);
    return block;
  };
  const found: Binding[] = [];
  const masked = blocks.masked;
  // The value at `at` (its extent read in the masked code); `call`: a call's arguments, up to its `)`.
  const valueFrom = (at: number, call = false): string => code.slice(at, at + (call ? valueAt(`${masked.slice(at, at + 300)})`, 0, ')') : valueAt(masked, at)).length);
  const add = (names: string[], at: number, value: string): void => {
    for (const name of names.filter((one) => !KEYWORD.test(one))) found.push({ names: [name], block: name.startsWith('this.') ? -1 : scope(name, at), at, value, top: blocks.at(at) < 0 });
  };
  for (const one of masked.matchAll(PLAIN)) if (!starts.has(one.index) && blocks.paramsOf(one.index) < 0) add(bound(one[1]!), one.index + one[0].length, valueFrom(one.index + one[0].length));
  for (const one of masked.matchAll(MEMBER)) {
    const head = one[1] ?? one[3]!;
    if (head !== 'process') add([head === 'this' && one[2] !== undefined ? `this.${one[2]}` : head], one.index + one[0].length, valueFrom(one.index + one[0].length));
  }
  for (const one of masked.matchAll(INTO)) {
    const at = one.index + one[0].length;
    add([key(one[1] ?? one[2]!)], at, valueFrom(at, true));
  }
  return found;
}

// Every binding of `code` (declarations, then assignments, members and what is put into an object), each in its block.
export function bindingsOf(code: string, blocks: Blocks): Binding[] {
  const starts = new Set<number>();
  const declared = new Map<string, Set<number>>();
  return [...declarations(code, blocks, starts, declared), ...assignments(code, blocks, starts, declared)];
}

// The taint of `code`; `objects`: the names the file binds to the process object (node-package-computed.ts);
// `blocks`: the scan of the file (of `code` or of the same text with its comments, which blanks the same).
// `bindings`: the file's, when the caller has them (bindingsOf: each is marked done here).
export function taintOf(code: string, objects: Set<string>, blocks: Blocks = blocksOf(code), bindings = bindingsOf(code, blocks)): Taint {
  // Where each name is tainted (blocks), and the bindings whose value mentions it.
  const tainted = new Map<string, number[]>([...objects].map((name) => [name, [-1]]));
  const readers = new Map<string, Binding[]>();
  const visible = (name: string, at: number): boolean => tainted.get(name)?.some((block) => blocks.holds(block, at)) === true;
  const queue: Binding[] = [];
  const seeded = (only: string, value: string, top: boolean): boolean => SEEDS.test(only) || (top && TOP_SEED.test(only)) || RELATIVE_CALL.test(value) || (CLIMBS.test(value) && /\.json\b/.test(value));
  // Whether `binding` holds a tainted value now: read whole at the file's top (calls and functions too: fail closed
  // where names are few); in a function only where its value is the tainted value (not a call's argument, not a
  // function's text), its strings' and templates' texts blanked (the masked code: a long template blanked whole).
  const holds = (binding: Binding): boolean => {
    const value = held(binding.value, binding.top);
    const masked = blocks.masked.slice(binding.at, binding.at + value.length);
    let only = '';
    for (let i = 0; i < masked.length; i++) only += value[i] === ' ' ? ' ' : masked[i];
    return seeded(only, value, binding.top) || mentionedCode(only).some((name) => visible(name, binding.at));
  };
  for (const binding of bindings) {
    // A first look at the whole value (held values are parts of it): the exact one is taken when it may hold one.
    const raw = blocks.masked.slice(binding.at, binding.at + binding.value.length);
    const names = mentionedCode(raw);
    for (const name of names) {
      const list = readers.get(name);
      if (list === undefined) readers.set(name, [binding]);
      else list.push(binding);
    }
    if (seeded(raw, binding.value, binding.top) || names.some((name) => visible(name, binding.at))) queue.push(binding);
  }
  // To the fixed point: each binding is tainted once, so the work is bounded by the file's bindings.
  for (let binding = queue.pop(); binding !== undefined; binding = queue.pop()) {
    if (binding.done === true || !holds(binding)) continue;
    binding.done = true;
    for (const name of binding.names) {
      const blocksOfName = tainted.get(name) ?? [];
      if (blocksOfName.includes(binding.block)) continue;
      tainted.set(name, [...blocksOfName, binding.block]);
      for (const reader of readers.get(name) ?? []) if (reader.done !== true && blocks.holds(binding.block, reader.at)) queue.push(reader);
    }
  }
  return { mentions: (text, at) => SOURCES.test(codeOnly(text)) || mentioned(text).some((name) => visible(name, at)) };
}
