// The closed name reader for python (inline-names.ts): every name the code uses is a keyword, a listed builtin, a
// name the code binds, or a listed attribute of a listed module (inline-names-python.ts). A module object is only
// ever followed by `.name` (one passed on, `o = os`, `f(shutil)`, is unknown); a `_private` module attribute, an
// attribute of a value on the reflection deny list or a move whose target is not a plain relative literal is unknown.
import type { Lexeme } from './inline-lex.js';
import { PYTHON_SAFE } from './inline-imports.js';
import { MODULE_NAMES, MODULE_VALUED, PY_BUILTINS, PY_KEYWORDS, PY_MODULE_ATTRIBUTES, PY_PURE_DUNDERS, PY_VALUE_DENY } from './inline-names-python.js';
import { callArguments, closing, isOp, statementStart, stays } from './inline-names-read.js';

const isModule = (path: string): boolean => PYTHON_SAFE.has(path) || [...PYTHON_SAFE].some((name) => name.startsWith(`${path}.`));

// Whether module `module`'s attribute `name` is listed (a closed list, or any public non-module name of the others).
function moduleAllows(module: string, name: string): boolean {
  if (name.startsWith('_')) return false;
  const list = PY_MODULE_ATTRIBUTES[module];
  if (list !== undefined) return list.has(name);
  return PYTHON_SAFE.has(module) && !MODULE_NAMES.has(name) && MODULE_VALUED[module]?.has(name) !== true;
}

export function valueAttributeUnknown(name: string): boolean {
  if (name.startsWith('__')) return !PY_PURE_DUNDERS.has(name);
  return name.startsWith('_') || PY_VALUE_DENY.has(name);
}

interface Bindings {
  readonly modules: Map<string, string>;
  readonly names: Set<string>;
  readonly skip: Set<number>;
}

// A dotted name from `at`: its text and where it ends.
function dotted(lexemes: readonly Lexeme[], at: number): [string, number] {
  let text = '';
  let i = at;
  while (isOp(lexemes[i], '.')) text += lexemes[i++]!.text;
  while (lexemes[i]?.kind === 'name') {
    text += lexemes[i++]!.text;
    if (!isOp(lexemes[i], '.')) break;
    text += lexemes[i++]!.text;
  }
  return [text, i];
}

// `import a.b as c, d` and `from m import a as b, (c)`: what they bind, or why they are unknown.
function importStatement(lexemes: readonly Lexeme[], at: number, into: Bindings): string | undefined {
  let end = at;
  while (end < lexemes.length && !isOp(lexemes[end], ';')) into.skip.add(end++);
  const from = lexemes[at]!.text === 'from';
  const [module, next] = from ? dotted(lexemes, at + 1) : ['', at];
  if (from && (module === '' || module.startsWith('.') || lexemes[next]?.text !== 'import')) return `a relative import`;
  const parts: Lexeme[][] = [[]];
  for (let i = from ? next + 1 : at + 1; i < end; i++) {
    const lexeme = lexemes[i]!;
    if (isOp(lexeme, ',')) parts.push([]);
    else if (!isOp(lexeme, '(') && !isOp(lexeme, ')')) parts[parts.length - 1]!.push(lexeme);
  }
  for (const part of parts) {
    const asAt = part.findIndex((lexeme) => lexeme.kind === 'name' && lexeme.text === 'as');
    const name = (asAt < 0 ? part : part.slice(0, asAt)).map((lexeme) => lexeme.text).join('');
    const alias = asAt < 0 ? undefined : part[asAt + 1]?.text;
    if (name === '*') return `from ${module} import *`;
    if (!from) {
      if (!isModule(name)) return `import ${name}`;
      into.modules.set(alias ?? name.split('.')[0]!, alias === undefined ? name.split('.')[0]! : name);
    } else if (isModule(`${module}.${name}`)) into.modules.set(alias ?? name, `${module}.${name}`);
    else if (moduleAllows(module, name)) into.names.add(alias ?? name);
    else return `${module}.${name}`;
  }
  return undefined;
}

const BINDS_UNTIL: Readonly<Record<string, string>> = { for: 'in', lambda: ':', global: ';', nonlocal: ';' };

// Pass one: what the code binds (names assigned, loop and lambda targets, `as`, def/class names and parameters, imports).
function bindings(lexemes: readonly Lexeme[]): Bindings | string {
  const into: Bindings = { modules: new Map(), names: new Set(), skip: new Set() };
  const bind = (from: number, to: number): void => {
    for (let k = from; k < to; k++) if (lexemes[k]!.kind === 'name' && !isOp(lexemes[k - 1], '.')) into.names.add(lexemes[k]!.text);
  };
  for (let i = 0; i < lexemes.length; i++) {
    const lexeme = lexemes[i]!;
    if (lexeme.kind === 'op' && /^(?:=|:=|[-+*/%&|^@]=|\*\*=|\/\/=|>>=|<<=)$/.test(lexeme.text)) {
      let k = i - 1;
      for (let depth = 0; k >= 0; k--) {
        const text = lexemes[k]!.kind === 'op' ? lexemes[k]!.text : '';
        if (text === ')' || text === ']' || text === '}') depth++;
        else if (text === '(' || text === '[' || text === '{') if (--depth < 0) break;
        if (depth === 0 && (text === ';' || text === ':' || text === '=')) break;
      }
      bind(k + 1, i);
    }
    if (lexeme.kind !== 'name') continue;
    if ((lexeme.text === 'import' || lexeme.text === 'from') && statementStart(lexemes, i)) {
      const unknown = importStatement(lexemes, i, into);
      if (unknown !== undefined) return unknown;
    } else if (BINDS_UNTIL[lexeme.text] !== undefined) {
      let k = i + 1;
      while (k < lexemes.length && !(isOp(lexemes[k], BINDS_UNTIL[lexeme.text]!) || (lexemes[k]!.kind === 'name' && lexemes[k]!.text === BINDS_UNTIL[lexeme.text]))) k++;
      bind(i + 1, k);
    } else if (lexeme.text === 'as' || lexeme.text === 'class') bind(i + 1, i + 2);
    else if (lexeme.text === 'def') bind(i + 1, closing(lexemes, i + 2) + 1);
  }
  return into;
}

export function pythonUnknown(lexemes: readonly Lexeme[]): string | undefined {
  const found = bindings(lexemes);
  if (typeof found === 'string') return found;
  const moduleAt = new Map<number, string>();
  for (let i = 0; i < lexemes.length; i++) {
    const lexeme = lexemes[i]!;
    if (lexeme.kind !== 'name' || found.skip.has(i)) continue;
    const name = lexeme.text;
    if (isOp(lexemes[i - 1], '.')) {
      const module = moduleAt.get(i - 2);
      if (module === undefined ? valueAttributeUnknown(name) : !isModule(`${module}.${name}`) && !moduleAllows(module, name)) return module === undefined ? `.${name}` : `${module}.${name}`;
      if (module !== undefined && isModule(`${module}.${name}`)) moduleAt.set(i, `${module}.${name}`);
    } else if (found.modules.has(name)) moduleAt.set(i, found.modules.get(name)!);
    else if (!PY_KEYWORDS.has(name) && !PY_BUILTINS.has(name) && !found.names.has(name)) return name;
    if (moduleAt.has(i) && !isOp(lexemes[i + 1], '.')) return `the module ${moduleAt.get(i)!} passed on as a value`;
    const move = pythonMove(lexemes, i, moduleAt.get(i - 2));
    if (move !== undefined) return move;
  }
  return undefined;
}

const MODULE_MOVES = new Set(['shutil.move', 'os.rename', 'os.replace', 'os.renames']);

// A move (`shutil.move(a, b)`, `os.rename`, `Path(a).rename(b)`, a bare `move(a, b)` from shutil) whose target is
// not a plain relative literal: like `mv` out of the workspace.
function pythonMove(lexemes: readonly Lexeme[], i: number, receiver: string | undefined): string | undefined {
  const name = lexemes[i]!.text;
  if (!isOp(lexemes[i + 1], '(') || !/^(?:move|rename|replace|renames)$/.test(name)) return undefined;
  const args = callArguments(lexemes, i + 1);
  const member = isOp(lexemes[i - 1], '.');
  const target = member && receiver === undefined ? (args.length === 1 ? args[0] : undefined) : MODULE_MOVES.has(`${receiver}.${name}`) || !member ? args[1] : undefined;
  if (target === undefined || stays(lexemes, target)) return undefined;
  return `${name}(…) to a place only known as a path outside the workspace may be`;
}
