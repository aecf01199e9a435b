// Whether an installed package's file computes a name it loads from the working folder or the environment (issue 26,
// R19-13, R20-19, js22 row 1): `require(path.join(process.cwd(), "tools/y"))` loads a file of the work tree the
// package folder does not hold. Judged on the load's argument: a `..` part, or a mention of the process object (any
// field but its harmless ones: `process.platform`), the global object (`globalThis`, `global.`), `Reflect`, the
// `process` module, the working folder's variables (PWD, INIT_CWD), `require.main` or a file's contents. The class of
// the other spellings of the process object: every name the file binds to it (`const p = process`, `const { cwd } =
// process`, `const e = p.env`, `const c = p['cw' + 'd']`, `import p from 'node:process'`, `require('process')`,
// `globalThis.process`, `Reflect.get(process, ...)`, a function returning one), to a fixed point, is the process
// object too (scopes are not told apart: fail closed). A value COMPUTED from it (`const root = process.cwd()`) is
// not followed: real tools load their configurations that way (vite, vitest, tsc; modelled by their rows). A value
// cut or climbed from the package's own place (`__dirname.split("node_modules")[0]`, `dirname(dirname(__dirname))`,
// a name bound to one in the load's block or above it) leaves too (node-package-own.ts, R23-12).
import { resolve } from 'node:path';
import { CLIMBS, GLOBAL, NOT_HARMLESS, RELATIVE_CALL, bound, codeOnly, escape, valueAt, words } from './node-package-words.js';
import { bindingsOf, taintOf, type Binding, type Taint } from './node-package-taint.js';
import { blocksOf, type Blocks } from './node-package-blocks.js';
import { ownPlaces, type Own } from './node-package-own.js';

// A mention of the process object (but its harmless fields), the global object, Reflect, the `process` module, the
// working folder's variables, require.main, a file's contents.
const SOURCE = new RegExp(`(?<![.\\w$])(?:process${NOT_HARMLESS}|Reflect)\\b|(?<![.\\w$])${GLOBAL}|['"\`](?:node:)?process['"\`]|\\bINIT_CWD\\b|\\bPWD\\b|\\brequire\\.main\\b|\\bread(?:File|dir)?Sync\\s*\\(|\\bmainModule\\b|\\bmodule\\s*\\.\\s*parents?\\b`);
// A call that loads or runs what its arguments name, with computed arguments (not one literal string).
const CALL = /(?:\b(?:require|import|createRequire|eval|Function|runInThisContext|runInNewContext|runInContext|compileFunction|Script|SourceTextModule)|\bnew\s+Function)\s*\(\s*(?!['"`][^'"`$]*['"`]\s*\))/g;
// A binding: a name or a destructuring pattern, then `=` (not `==`, `=>`); an `import` of the process module; a
// function whose whole body returns a value.
const BINDING = /(?<![.\w$])([A-Za-z_$][\w$]*|\{[^{}=;]{0,300}\}|\[[^[\]=;]{0,300}\])\s*=(?![=>])/g;
const IMPORTS = /\bimport\s+([^'";]{1,300}?)\s+from\s*['"](?:node:)?process['"]/g;
const FUNCTION = /\bfunction\s+([A-Za-z_$][\w$]*)\s*\([^)]{0,200}\)\s*\{\s*return\s+([^{};]{1,200});?\s*\}/g;
// The process object's other spellings a value may be whole (then a default after `||`/`??`), or one member of it
// (`process.env`, `p.cwd`, `p['cw' + 'd']`; a longer chain is a value, not followed).
const HEADS = `(?:await\\s+)?(?:process|${GLOBAL}|(?:require|import)\\s*\\(\\s*['"\`](?:node:)?process['"\`]\\s*\\))`;
const REFLECT = 'Reflect\\s*\\.\\s*get\\s*\\([^()]*\\)';
const MEMBER = `(?:\\s*(?:\\?\\.|\\.)\\s*[\\w$]+|\\s*(?:\\?\\.)?\\[[^\\]]*\\])`;
// Fixed-point rounds at most: more is not known, so every computed name is (fail closed).
const MAX_ROUNDS = 64;

const PROCESS_MODULE = /['"`](?:node:)?process['"`]/;

// The names of `code` bound (directly or through others) to the process object, or 'all' when the fixed point was not
// reached within its bound.
function processNames(code: string): Set<string> | 'all' {
  // Names of the process object itself, and of a member of it (process.env, a destructured `cwd`): a member of a
  // member is a value (not followed).
  const objects = new Set<string>();
  const members = new Set<string>();
  for (const [, pattern] of code.matchAll(IMPORTS)) for (const name of words(pattern!)) if (name !== 'as') (pattern!.trim().startsWith('{') ? members : objects).add(name);
  const bindings: { pattern: string; value: string }[] = [];
  for (const found of code.matchAll(BINDING)) bindings.push({ pattern: found[1]!, value: valueAt(code, found.index + found[0].length) });
  for (const [, name, value] of code.matchAll(FUNCTION)) bindings.push({ pattern: name!, value: value! });
  const either = (names: Set<string>, or: string): string => (names.size === 0 ? or : `(?:${or}|${[...names].map(escape).join('|')})`);
  const whole = (head: string, member: string): RegExp => new RegExp(`^\\s*\\(?\\s*${head}(?![\\w$])${member}\\s*\\)?\\s*(?:$|\\|\\||\\?\\?)`);
  let open = bindings;
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const object = either(objects, HEADS);
    const isObject = whole(object, '');
    const isMember = [whole(object, `${NOT_HARMLESS}${MEMBER}`), whole(either(members, REFLECT), '')];
    const next = open.filter((one) => {
      const named = isObject.test(one.value) && !/^[{[]/.test(one.pattern) ? objects : isObject.test(one.value) || isMember.some((test) => test.test(one.value)) ? members : undefined;
      for (const name of named === undefined ? [] : bound(one.pattern)) named!.add(name);
      return named === undefined;
    });
    if (next.length === open.length) return new Set([...objects, ...members]);
    open = next;
  }
  return 'all';
}

// The first load (`require(...)`, `import(...)`, `createRequire(...)`, code run by eval/Function/vm) whose argument is
// computed and climbs out of its folder or starts from the working folder or the environment, or a file that moves
// node's lookup; undefined when none. A computed name whose literal start is a relative folder that stays in the
// package (`require(\`../lightningcss.${parts.join('-')}.node\`)` from lightningcss/node/) and whose rest neither climbs
// nor starts there loads a file of the package itself.
// `blocks`: the file's scan, shared with the caller (node-package-reach.ts: one scan a file).
export function computedLeaving(code: string, from: string, folder: string, blocks?: Blocks): string | undefined {
  const moves = MOVES_LOOKUP.exec(code);
  if (moves !== null) return moves[0];
  let known: Taint | 'all' | undefined;
  // The file's scan and bindings, worked out once (for the taint and the own places).
  let scan: Blocks | undefined = blocks;
  let bindings: Binding[] | undefined;
  const bound = (): Binding[] => (bindings ??= bindingsOf(code, (scan ??= blocksOf(code))));
  const taint = (): Taint | 'all' => {
    if (known === undefined) {
      const objects = processNames(code);
      known = objects === 'all' ? 'all' : taintOf(code, objects, (scan ??= blocksOf(code)), bound());
    }
    return known;
  };
  let places: Own | undefined;
  // A value built from the package's own place by cutting or climbing (node-package-own.ts, R23-12).
  const own = (text: string, at: number): boolean => (places ??= ownPlaces(code, (scan ??= blocksOf(code)), from, folder, bound)).leaves(text, at);
  const runs = cwdRun(code, taint, own);
  if (runs !== undefined) return runs;
  for (const found of code.matchAll(CALL)) {
    // The call's own arguments (up to its closing parenthesis or a comment's next line; 200 characters at most).
    const at = found.index + found[0].length;
    const arg = valueAt(`${code.slice(at, at + 200).split(/\n\s*\*/)[0]!})`, 0, ')');
    // A `..` anywhere; the process object and its names outside string texts (code handed to `new Function` names
    // `process` in its text), a `'node:process'` literal anywhere. The file's taint is worked out only when these
    // words do not decide (once a file).
    // The process object bound through more than MAX_ROUNDS names: every computed name leaves (fail closed).
    const tainted = (text: string): boolean => {
      const names = taint();
      return names === 'all' || names.mentions(text, at);
    };
    const leaves = (text: string, offset = at): boolean => CLIMBS.test(text) || PROCESS_MODULE.test(text) || RELATIVE_CALL.test(text) || SOURCE.test(codeOnly(text)) || tainted(text) || own(text, offset);
    if (!leaves(arg)) continue;
    // The literal start of a template or quoted string, up to its first `${` or its end, and what follows it.
    const start = /^(['"`])((?:\.\.?\/)+[^'"`$\\]*?)(?=\$\{|['"`])/.exec(arg);
    const folderOf = start === null ? undefined : resolve(from, start[2]!.slice(0, start[2]!.lastIndexOf('/') + 1));
    if (folderOf !== undefined && (folderOf === folder || folderOf.startsWith(`${folder}/`)) && !leaves(arg.slice(start![0].length), at + start![0].length)) continue;
    return `${found[0]}${arg})`.slice(0, 80);
  }
  return undefined;
}

// A thread or child process started on a path relative to the working folder (`new Worker("./tools/y.js")`,
// `fork("tools/y.js")`, `execSync("node tools/y.js")`) or on a tainted value (`execSync(\`node ${root}/y.js\`)`,
// `spawn("node", [root + "/y.js"])`; node-package-taint.ts): a file of the project, not of the package. Judged: the
// command (a Worker's or fork's script, exec's line) and spawn's or execFile's argument list, not the options.
const RUNS = /(?:\bnew\s+Worker|(?<![\w$])(?:fork|spawn|spawnSync|exec|execSync|execFile|execFileSync))\s*\(/g;
const RELATIVE_WORD = /['"`\s](?:\.\.?\/|[\w@-][\w@.-]*\/)[\w@./-]*(?:['"`\s]|$)/;
const OWN = /\b__dirname\b|\bimport\.meta\b|\b__filename\b/;
function cwdRun(code: string, taint: () => Taint | 'all', own: (text: string, at: number) => boolean): string | undefined {
  for (const found of code.matchAll(RUNS)) {
    const at = found.index + found[0].length;
    const arg = valueAt(`${code.slice(at, at + 200)})`, 0, ')');
    const parts = argumentsOf(arg);
    const judged = /spawn|execFile/.test(found[0]) && parts[1]?.trimStart().startsWith('{') === false ? parts.slice(0, 2) : parts.slice(0, 1);
    // `re.exec(text)` is a regular expression's: only a child_process object's exec runs its tainted argument.
    const regex = /^exec\s*\($/.test(found[0]) && /\.\s*$/.test(code.slice(found.index - 2, found.index)) && !/(?:child|\bcp)[\w'"]*\s*\)?\s*\.\s*$/i.test(code.slice(Math.max(0, found.index - 40), found.index));
    const runs = judged.some((part, index) => {
      if (!regex && own(part, at + parts.slice(0, index).reduce((sum, one) => sum + one.length + 1, 0))) return true;
      if (OWN.test(part)) return false;
      if (RELATIVE_WORD.test(part)) return true;
      const names = regex ? undefined : taint();
      return names === 'all' || names?.mentions(part, at) === true;
    });
    if (runs) return `${found[0]}${arg})`.slice(0, 80);
  }
  return undefined;
}

// The arguments of a call's text (split at its commas outside brackets and strings).
function argumentsOf(text: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  const code = text.replace(/'(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*"|`[^`]*`/g, (literal) => '_'.repeat(literal.length));
  for (let i = 0; i < code.length; i++) {
    const c = code[i]!;
    if ('([{'.includes(c)) depth++;
    else if (')]}'.includes(c)) depth--;
    else if (c === ',' && depth === 0) {
      parts.push(text.slice(start, i));
      start = i + 1;
    }
  }
  return [...parts, text.slice(start)];
}

// A file that changes where node looks for bare names (module.paths, Module._initPaths, NODE_PATH set at run time).
const MOVES_LOOKUP = /\b(?:module|require\.main)\.paths\s*(?:\.\s*(?:unshift|push|splice)\s*\(|=[^=])|\._initPaths\s*\(|\bNODE_PATH['"\]]?\s*=[^=]|\._resolveFilename\s*=[^=]/;
