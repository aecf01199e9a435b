// Default deny for a package node loads BEFORE the project's own code (issue 26, red team R22-1/2/3): a preload
// named by NODE_OPTIONS, `-r`/`--import`, an `.npmrc` `node-options`, and the packages it loads. Three rounds of red
// team found new spellings of "a preload loads or runs a project file" (require through `.call`, an alias,
// `Module._load`, `module._compile`, `process.dlopen`, `eval` handed as a value, a child on `y.js`...): a list of
// bad spellings does not converge. So a file of such a package is free only when every load it could do is SHOWN
// to stay in node_modules: each `require`/`import()` is a direct call on one literal name (a bare package or a
// path the caller resolves), `import`/`export ... from` a literal, `require` otherwise only as `require.resolve`
// of a literal or `typeof require`, `module` only as `module.exports`/`typeof module`; no module of node that
// loads or runs code (module, child_process, worker_threads, vm, cluster, inspector, repl, wasi), no evaluator
// (eval, Function, `with`, Reflect.apply/construct, `.constructor(`), no process.dlopen/binding/getBuiltinModule/
// mainModule or computed member of process/the global object, no `arguments` at the file's top (the CJS wrapper's
// require). Anything else: the package is unknown (the tree asks), naming the file:line and what was seen. Judged
// on the code with strings, templates, regular expressions and comments blanked (node-package-blocks.ts: a real
// scan, not a line regex); a file whose scan does not balance, or where the scan cannot tell what node's lexer reads
// (a `/` after `}`, an HTML-like comment, an identifier escape: node-package-lex.ts), is unknown. Programs a hook
// runs (vite, eslint) are not judged this way: their rows protect the configurations they load (hook-packages.ts
// `strict`).
import { blocksOf, type Blocks } from './node-package-blocks.js';

// Node's modules that load or run code (a bare name or `node:` one).
const RUNNERS = /^(?:node:)?(?:module|child_process|worker_threads|vm|cluster|inspector|inspector\/promises|repl|wasi|process)$/;
// A word of the masked code the rules look at (not after a `.`, but the process/global fields below).
const WORD = /(?<![\w$])(?:require|import|module|eval|Function|with|Reflect|arguments|process|globalThis|global|constructor|dlopen|_linkedBinding|getBuiltinModule|mainModule|_load|_compile|extensions|export|WebAssembly|binding|execve)(?![\w$])/g;
// What may follow each word (on the masked code: a literal's text is blanks between its quotes).
const LITERAL = `\\s*\\(\\s*(?:'\\s*'|"\\s*"|\`\\s*\`)\\s*\\)`;
// The process and global objects may be passed around (`const p = process`, `factory(global)`): what they could load
// through is a member, and those members are judged wherever they are read (`.dlopen`, `.binding(`, `.eval`...);
// only a member computed on them by name (`process[k]`) is not shown.
const VALUE = /^[\w$]+\s*(?![\s[]|\?\.\s*\[)/;
const ALLOWED: Record<string, RegExp> = {
  require: new RegExp(`^require(?:${LITERAL}|\\s*\\.\\s*resolve${LITERAL})`),
  import: new RegExp(`^import(?:${LITERAL}|\\s*\\.\\s*meta\\b|\\s*['"]|\\s*[\\w$*{][^;()]*?\\bfrom\\s*['"]|\\s*\\{)`),
  module: /^module\s*\.\s*exports\b/,
  process: VALUE,
  globalThis: VALUE,
  global: VALUE,
  Function: /^Function\s*\.\s*prototype\b/,
};
// A use that does not hand the object on: a test (`module && ...`, `require !== undefined`).
const TESTED = /^[\w$]+\s*(?:&&|[!=]==?)/;

// The 1-based line of `at` in `code`.
const lineOf = (code: string, at: number): number => code.slice(0, at).split('\n').length;

// Why the file `code` may load or run something not shown to stay in node_modules (`line: what`), or undefined.
// `allowed`: a finding a preload row knows its real package makes (node-package-preloads.ts), passed over.
export function strictLoads(code: string, blocks: Blocks = blocksOf(code), allowed?: (why: string) => boolean): string | undefined {
  if (!blocks.scanned) return `${lineOf(code, blocks.unread?.at ?? 0)}: ${blocks.unread?.why ?? 'not scanned'} (not read)`;
  const masked = blocks.masked;
  // A member named by a string (`x["constructor"]`, `o['_load']`): the masked code does not show it.
  for (const named of code.matchAll(/\[\s*(['"`])(constructor|eval|Function|_load|_compile|dlopen|mainModule|getBuiltinModule|require|process|binding|execve|_linkedBinding)\1\s*\]/g)) {
    const why = `a member named \`${named[2]}\` by a string`;
    if (allowed?.(why) !== true) return `${lineOf(code, named.index)}: ${why}`;
  }
  for (const found of masked.matchAll(WORD)) {
    const word = found[0];
    const at = found.index;
    const before = masked.slice(Math.max(0, at - 12), at);
    const rest = masked.slice(at, at + 400);
    const judgedWhy = judged(word, before, rest, code, at, blocks.fn(at));
    const why = judgedWhy === undefined ? undefined : `${judgedWhy} (\`${code.slice(at, at + 60).split('\n')[0]}\`)`;
    if (why !== undefined && allowed?.(why) !== true) return `${lineOf(code, at)}: ${why}`;
  }
  return undefined;
}

function judged(word: string, before: string, rest: string, code: string, at: number, fn: number): string | undefined {
  const member = /\.\s*$/.test(before) && !/\.\.\.\s*$/.test(before);
  const typeOf = /\btypeof\s*$/.test(before);
  // An object key or a member of something else (`x.module`, `{ import: ... }`, `x.require`) is a name, not a use;
  // but these are loads on any object (`Module._load`, `m._compile`, `require.extensions`, `p.dlopen`).
  if (/^(?:dlopen|_linkedBinding|getBuiltinModule|mainModule|_load|_compile)$/.test(word)) return member ? `\`.${word}\` loads code` : undefined;
  if (word === 'extensions') return member && /require\s*\.\s*$/.test(before) ? 'require.extensions runs code' : undefined;
  // A constructor read for a member of it (`.name`, `.isBuffer`), tested or assigned is no call of Function.
  if (word === 'constructor') return member && !/^constructor\s*(?:\.\s*(?!constructor\b|call\b|apply\b|bind\b)[\w$]|&&|[!=]==?|=(?![=>]))/.test(rest) ? 'a constructor as a value (Function)' : undefined;
  if (/^(?:binding|execve|Function)$/.test(word) && member) return /^binding$/.test(word) && !/^binding\s*\(/.test(rest) ? undefined : `\`.${word}\` loads or runs code`;
  if (word === 'Function' && /\binstanceof\s*$/.test(before)) return undefined;
  if (member || typeOf || TESTED.test(rest)) return word === 'eval' && member ? 'eval' : undefined;
  if (/^[\w$]+\s*:(?!:)/.test(rest) && /[{,]\s*$/.test(before)) return undefined;
  switch (word) {
    case 'eval':
      return 'eval';
    case 'with':
      return /^with\s*\(/.test(rest) ? 'a `with` statement' : undefined;
    case 'Reflect':
      return /^Reflect\s*\.\s*(?:apply|construct)\b|^Reflect\s*\[/.test(rest) ? 'Reflect.apply/construct' : undefined;
    case 'WebAssembly':
      return 'WebAssembly compiles code';
    case 'export':
      return runner(code, at, /^export\s[^;]*?\bfrom\s*['"`]([^'"`]*)['"`]/);
    case 'arguments':
      return fn < 0 ? 'the module wrapper\'s arguments (its require)' : undefined;
    default: {
      const allowed = ALLOWED[word];
      if (allowed === undefined || allowed.test(rest)) return word === 'require' || word === 'import' ? runner(code, at) : undefined;
      return `\`${word}\` used other than as a literal load`;
    }
  }
}

// A literal load of one of node's modules that load or run code.
function runner(code: string, at: number, named = /^(?:require|import)[^'"`]{0,300}?['"`]([^'"`]*)['"`]/): string | undefined {
  const name = named.exec(code.slice(at, at + 400));
  return name !== null && RUNNERS.test(name[1]!) ? `loads node's \`${name[1]}\` (it loads or runs code)` : undefined;
}
