// The closed name reader for js (inline-names.ts): every name the code uses is a keyword, a listed global, a name
// the code binds, or a listed attribute of a listed module or global object (inline-names-js.ts). A module object is
// only followed by `.name` (passed on = unknown); a computed member or key is known only when it is one literal; a
// `_private` attribute, a value attribute on the deny list, or a rename whose target is not a plain relative literal
// is unknown. ESM `import X from "m"` is a statement (`from` is syntax), read like `const X = require("m")`.
import type { Lexeme } from './inline-lex.js';
import { JS_SAFE } from './inline-imports-scripts.js';
import { JS_GLOBALS, JS_KEYWORDS, JS_MODULE_ATTRIBUTES, JS_OBJECTS, JS_VALUE_DENY } from './inline-names-js.js';
import { callArguments, closing, isOp, statementStart, stays } from './inline-names-read.js';

const SUBMODULES: Readonly<Record<string, string>> = { 'fs.promises': 'fs/promises', 'path.posix': 'path/posix' };
const moduleOf = (spec: string): string | undefined => (JS_SAFE.has(spec.replace(/^node:/, '')) ? spec.replace(/^node:/, '') : undefined);
const allows = (module: string, name: string): boolean => !name.startsWith('_') && (JS_OBJECTS[module] ?? JS_MODULE_ATTRIBUTES[module])?.has(name) === true;
const valueUnknown = (name: string): boolean => JS_VALUE_DENY.has(name) || (name.startsWith('_') && name !== '_');
const member = (lexeme: Lexeme | undefined): boolean => isOp(lexeme, '.') || isOp(lexeme, '?.');

interface Read {
  readonly modules: Map<string, string>;
  readonly names: Set<string>;
  readonly skip: Set<number>;
  unknown?: string;
}

// `require("m")` (or `import("m")`) at `at`, then `.sub` parts naming submodules: the module and where it ends.
function loaded(lexemes: readonly Lexeme[], at: number): [string, number] | undefined {
  const spec = lexemes[at + 2];
  if (!['require', 'import'].includes(lexemes[at]?.text ?? '') || !isOp(lexemes[at + 1], '(') || spec?.kind !== 'string' || !isOp(lexemes[at + 3], ')')) return undefined;
  let module = moduleOf(spec.text);
  let end = at + 4;
  while (module !== undefined && isOp(lexemes[end], '.') && SUBMODULES[`${module}.${lexemes[end + 1]?.text}`] !== undefined) {
    module = SUBMODULES[`${module}.${lexemes[end + 1]!.text}`];
    end += 2;
  }
  return module === undefined ? undefined : [module, end];
}

// A pattern's names (bound) and keys (checked against `module`'s list, or as a value's attributes).
function pattern(lexemes: readonly Lexeme[], from: number, to: number, read: Read, module?: string): void {
  for (let k = from; k < to; k++) {
    const lexeme = lexemes[k]!;
    if (lexeme.kind !== 'name' || member(lexemes[k - 1]) || isOp(lexemes[k - 1], '=')) continue;
    const key = isOp(lexemes[k + 1], ':') || (module !== undefined && (isOp(lexemes[k - 1], '{') || isOp(lexemes[k - 1], ',')));
    if (key && (module !== undefined ? !allows(module, lexeme.text) : valueUnknown(lexeme.text))) read.unknown ??= module !== undefined ? `${module}.${lexeme.text}` : `.${lexeme.text}`;
    if (!isOp(lexemes[k + 1], ':')) read.names.add(lexeme.text);
    read.skip.add(k);
  }
}

// `const a = …, {b, c: d} = require("fs")`: declarators from `at` (after const/let/var).
function declarators(lexemes: readonly Lexeme[], at: number, read: Read): void {
  for (let k = at; k < lexemes.length; ) {
    const end = isOp(lexemes[k], '{') || isOp(lexemes[k], '[') ? closing(lexemes, k) + 1 : k + 1;
    const init = isOp(lexemes[end], '=') ? loaded(lexemes, end + 1 + (lexemes[end + 1]?.text === 'await' ? 1 : 0)) : undefined;
    if (init !== undefined && end === k + 1 && !isOp(lexemes[init[1]], '.')) {
      read.modules.set(lexemes[k]!.text, init[0]);
      read.skip.add(k);
      for (let s = end + 1; s < init[1]; s++) read.skip.add(s);
    } else pattern(lexemes, k, end, read, init !== undefined && !isOp(lexemes[init[1]], '.') ? init[0] : undefined);
    if (init !== undefined && !isOp(lexemes[init[1]], '.')) for (let s = end + 1; s < init[1]; s++) read.skip.add(s);
    // The initialiser: up to a `,` at depth 0 (another declarator), else done.
    let s = end;
    for (; s < lexemes.length && !isOp(lexemes[s], ';') && !isOp(lexemes[s], ','); s++) {
      if (isOp(lexemes[s], '(') || isOp(lexemes[s], '[') || isOp(lexemes[s], '{')) s = closing(lexemes, s);
      else if (isOp(lexemes[s], ')') || isOp(lexemes[s], ']') || isOp(lexemes[s], '}')) return;
    }
    if (!isOp(lexemes[s], ',')) return;
    k = s + 1;
  }
}

// ESM `import X, {a as b} from "m"`, `import * as ns from "m"`, `import "m"`.
function importStatement(lexemes: readonly Lexeme[], at: number, read: Read): void {
  let end = at + 1;
  while (end < lexemes.length && lexemes[end]!.kind !== 'string') end++;
  const module = moduleOf(lexemes[end]?.text ?? '');
  if (module === undefined) read.unknown ??= `import from ${JSON.stringify(lexemes[end]?.text ?? '')}`;
  for (let k = at; k <= end; k++) {
    read.skip.add(k);
    const lexeme = lexemes[k]!;
    if (lexeme.kind !== 'name' || k === at || ['from', 'as'].includes(lexeme.text) && !isOp(lexemes[k + 1], ',')) continue;
    const braced = lexemes.slice(at, k).some((l) => isOp(l, '{')) && !lexemes.slice(at, k).some((l) => isOp(l, '}'));
    if (braced && lexemes[k - 1]?.text !== 'as' && module !== undefined && !allows(module, lexeme.text)) read.unknown ??= `${module}.${lexeme.text}`;
    if (!isOp(lexemes[k + 1], ',') && lexemes[k + 1]?.text === 'as') continue;
    if (braced) read.names.add(lexeme.text);
    else if (module !== undefined) read.modules.set(lexeme.text, module);
  }
}

function bindings(lexemes: readonly Lexeme[]): Read {
  const read: Read = { modules: new Map(), names: new Set(), skip: new Set() };
  const params = (open: number): void => pattern(lexemes, open + 1, closing(lexemes, open), read);
  for (let i = 0; i < lexemes.length; i++) {
    const lexeme = lexemes[i]!;
    const text = lexeme.text;
    if (lexeme.kind === 'op') {
      if (text === '=>' && lexemes[i - 1]?.kind === 'name') pattern(lexemes, i - 1, i, read);
      else if (text === '=>' && isOp(lexemes[i - 1], ')')) {
        let open = i - 1;
        for (let depth = 0; open >= 0; open--) if (isOp(lexemes[open], ')')) depth++; else if (isOp(lexemes[open], '(') && --depth === 0) break;
        params(open);
      } else if (text === '=' && lexemes[i - 1]?.kind === 'name' && !member(lexemes[i - 2])) read.names.add(lexemes[i - 1]!.text);
      continue;
    }
    if (lexeme.kind !== 'name' || member(lexemes[i - 1])) continue;
    if (['const', 'let', 'var'].includes(text)) declarators(lexemes, i + 1, read);
    else if (text === 'import' && statementStart(lexemes, i) && !isOp(lexemes[i + 1], '(') && !member(lexemes[i + 1])) importStatement(lexemes, i, read);
    else if (text === 'function' || text === 'class') {
      const named = lexemes[i + 1]?.kind === 'name' ? 1 : 0;
      if (named === 1) pattern(lexemes, i + 1, i + 2, read);
      if (text === 'function' && isOp(lexemes[i + 1 + named], '(')) params(i + 1 + named);
    } else if (text === 'catch' && isOp(lexemes[i + 1], '(')) params(i + 1);
    else if (!JS_KEYWORDS.has(text) && isOp(lexemes[i + 1], '(') && isOp(lexemes[closing(lexemes, i + 1) + 1], '{')) {
      // A method's definition (`{ f(a) { … } }`, class bodies): its name is a key, its parameters bound.
      if (valueUnknown(text) && text !== 'constructor') read.unknown ??= `.${text}`;
      read.skip.add(i);
      params(i + 1);
    }
  }
  return read;
}

export function jsUnknown(lexemes: readonly Lexeme[]): string | undefined {
  const read = bindings(lexemes);
  if (read.unknown !== undefined) return read.unknown;
  const moduleAt = new Map<number, string>();
  const passedOn = (at: number): string | undefined => (member(lexemes[at + 1]) ? undefined : `the module ${moduleAt.get(at)!} passed on as a value`);
  for (let i = 0; i < lexemes.length; i++) {
    const lexeme = lexemes[i]!;
    if (read.skip.has(i)) continue;
    if (lexeme.kind === 'op' && lexeme.text === '[') {
      const computed = unknownComputed(lexemes, i, moduleAt);
      if (computed !== undefined) return computed;
    }
    if (lexeme.kind !== 'name') continue;
    const name = lexeme.text;
    const load = loaded(lexemes, i);
    if (load !== undefined) {
      moduleAt.set(load[1] - 1, load[0]);
      const unknown = passedOn(load[1] - 1);
      if (unknown !== undefined) return unknown;
      i = load[1] - 1;
      continue;
    }
    if (member(lexemes[i - 1])) {
      const module = moduleAt.get(i - 2);
      const sub = SUBMODULES[`${module}.${name}`];
      if (sub !== undefined) moduleAt.set(i, sub);
      else if (module !== undefined ? !allows(module, name) : valueUnknown(name)) return module !== undefined ? `${module}.${name}` : `.${name}`;
    } else if (isOp(lexemes[i + 1], ':') && (isOp(lexemes[i - 1], '{') || isOp(lexemes[i - 1], ','))) {
      if (valueUnknown(name)) return `.${name}`;
      continue;
    } else if (read.modules.has(name)) moduleAt.set(i, read.modules.get(name)!);
    else if (JS_OBJECTS[name] !== undefined) moduleAt.set(i, name);
    else if (!JS_KEYWORDS.has(name) && !JS_GLOBALS.has(name) && !read.names.has(name)) return name;
    if (moduleAt.has(i) && !(JS_OBJECTS[name] !== undefined && isOp(lexemes[i + 1], '(') && name !== 'process')) {
      const unknown = passedOn(i);
      if (unknown !== undefined) return unknown;
    }
    if (/^(?:rename|renameSync|move|moveSync)$/.test(name) && isOp(lexemes[i + 1], '(')) {
      const target = callArguments(lexemes, i + 1)[1];
      if (target !== undefined && !stays(lexemes, target)) return `${name}(…) to a place only known as a path outside the workspace may be`;
    }
  }
  return undefined;
}

// `x[…]` (a member) or `{[…]: v}` (a key): known only as one number or one string literal naming a known attribute.
function unknownComputed(lexemes: readonly Lexeme[], at: number, moduleAt: ReadonlyMap<number, string>): string | undefined {
  const before = lexemes[at - 1];
  const end = closing(lexemes, at);
  const isMember = before !== undefined && (before.kind === 'string' || isOp(before, '?.') || isOp(before, ')') || isOp(before, ']') || (before.kind === 'name' && (!JS_KEYWORDS.has(before.text) || ['this', 'super'].includes(before.text))));
  const isKey = (isOp(before, '{') || isOp(before, ',')) && (isOp(lexemes[end + 1], ':') || isOp(lexemes[end + 1], '('));
  if (!isMember && !isKey) return undefined;
  const only = end - at === 2 ? lexemes[at + 1] : undefined;
  if (!moduleAt.has(at - 1) && (only?.kind === 'number' || (only?.kind === 'string' && !valueUnknown(only.text) && !only.text.includes('\\')))) return undefined;
  return 'a computed member or key';
}
