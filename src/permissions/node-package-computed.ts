// Whether an installed package's file computes a name it loads from the working folder or the environment (issue 26,
// R19-13, R20-19, js22 row 1): `require(path.join(process.cwd(), "tools/y"))` loads a file of the work tree the
// package folder does not hold. Judged on the load's argument: a `..` part, or a mention of the process object (any
// field but its harmless ones: `process.platform`), the global object (`globalThis`, `global.`), `Reflect`, the
// `process` module, the working folder's variables (PWD, INIT_CWD), `require.main` or a file's contents. The class of
// the other spellings of the process object: every name the file binds to it (`const p = process`, `const { cwd } =
// process`, `const e = p.env`, `const c = p['cw' + 'd']`, `import p from 'node:process'`, `require('process')`,
// `globalThis.process`, `Reflect.get(process, ...)`, a function returning one), to a fixed point, is the process
// object too (scopes are not told apart: fail closed). A value COMPUTED from it (`const root = process.cwd()`) is
// not followed: real tools load their configurations that way (vite, vitest, tsc; modelled by their rows).
import { resolve } from 'node:path';

// A mention of the process object (but its harmless fields), the global object, Reflect, the `process` module, the
// working folder's variables, require.main, a file's contents.
const HARMLESS = 'platform|arch|versions?|release|pid|ppid|hrtime|nextTick|emitWarning|exitCode|exit|on|once|off|stdout|stderr|stdin|execPath|features|title|memoryUsage|uptime|umask|cpuUsage|resourceUsage|getuid|geteuid|emit|listeners|listenerCount|type|noDeprecation|throwDeprecation|traceDeprecation';
const NOT_HARMLESS = `(?!\\s*(?:\\?\\.|\\.)\\s*(?:${HARMLESS})\\b)`;
// The global object, its `process`, or a computed member of it (`globalThis.Symbol` is not the process object).
const GLOBAL = `(?:globalThis|global)(?![\\w$])(?:\\s*(?:\\?\\.|\\.)\\s*process\\b|\\s*\\[(?!\\s*['"\`][^'"\`]*['"\`]\\s*\\])[^\\]]*\\]|\\s*\\[\\s*['"\`]process['"\`]\\s*\\]|(?!\\s*(?:\\?\\.|\\.|\\[)))`;
// A path function given a relative literal: its base is the working folder (`path.resolve("tools/y")`,
// `realpathSync(".")`, `pathToFileURL("tools/y.js")`; `require.resolve("./x")` is the file's own).
// `require.resolve("./x", { paths: ["."] })` looks from the folders it is given.
const RELATIVE_CALL = /(?<!require\s*\.\s*)\b(?:resolve|realpath(?:Sync)?|pathToFileURL|createRequire)\s*\(\s*['"`](?![/\\]|[a-z]+:)|\bresolve\s*\(\s*['"`]\.\.?\/[^()]*\bpaths\s*:/;
const SOURCE = new RegExp(`(?<![.\\w$])(?:process${NOT_HARMLESS}|Reflect)\\b|(?<![.\\w$])${GLOBAL}|['"\`](?:node:)?process['"\`]|\\bINIT_CWD\\b|\\bPWD\\b|\\brequire\\.main\\b|\\bread(?:File|dir)?Sync\\s*\\(|\\bmainModule\\b|\\bmodule\\s*\\.\\s*parents?\\b`);
// A `..` part: climbs out of the folder a literal start names.
const CLIMBS = /(?:^|[/'"`\s(,+])\.\.(?:[/\\'"`]|$)/;
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

const NAME = /[A-Za-z_$][\w$]*/g;
const PROCESS_MODULE = /['"`](?:node:)?process['"`]/;
// `text` without the texts of its string literals (a template keeps its `${...}` parts).
const codeOnly = (text: string): string =>
  text.replace(/'(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*"/g, "''").replace(/`([^`]*)`/g, (_all, body: string) => [...body.matchAll(/\$\{([^}]*)\}/g)].map((part) => part[1]).join(' '));
const words = (pattern: string): string[] => [...pattern.matchAll(NAME)].map((found) => found[0]);
const escape = (name: string): string => name.replace(/\$/g, '\\$');

// The value bound at `at`: up to a `;`, `,` or line end outside brackets, or a closing bracket of the binding's own
// (300 characters at most).
function valueAt(code: string, at: number, stops = ';,\n'): string {
  let depth = 0;
  const end = Math.min(code.length, at + 300);
  for (let i = at; i < end; i++) {
    const c = code[i]!;
    if (c === '(' || c === '[' || c === '{') depth++;
    else if (c === ')' || c === ']' || c === '}') {
      if (--depth < 0) return code.slice(at, i);
    } else if (depth === 0 && stops.includes(c) && (c !== '\n' || code.slice(at, i).trim() !== '')) return code.slice(at, i);
  }
  return code.slice(at, end);
}

// The names a pattern binds, but a destructured harmless field (`const { platform } = process`).
const bound = (pattern: string): string[] =>
  pattern.startsWith('{')
    ? pattern.slice(1, -1).split(',').flatMap((entry) => {
        const [key, ...rest] = entry.split(':');
        return new RegExp(`^\\s*(?:${HARMLESS})\\s*$`).test(key!) ? [] : words((rest.length > 0 ? rest.join(':') : key!).split('=')[0]!);
      })
    : words(pattern);

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
export function computedLeaving(code: string, from: string, folder: string): string | undefined {
  const moves = MOVES_LOOKUP.exec(code);
  if (moves !== null) return moves[0];
  const runs = cwdRun(code);
  if (runs !== undefined) return runs;
  let aliases: RegExp | 'all' | undefined;
  for (const found of code.matchAll(CALL)) {
    // The call's own arguments (up to its closing parenthesis or a comment's next line; 200 characters at most).
    const arg = valueAt(`${code.slice(found.index + found[0].length, found.index + found[0].length + 200).split(/\n\s*\*/)[0]!})`, 0, ')');
    if (aliases === undefined) {
      const objects = processNames(code);
      const names = objects === 'all' ? 'all' : taintedNames(code, objects);
      aliases = names === 'all' ? 'all' : new RegExp(names.size === 0 ? '(?!)' : `(?<![.\\w$])(?:${[...names].map(escape).join('|')})(?![\\w$])${NOT_HARMLESS}`);
    }
    if (aliases === 'all') return `${found[0].slice(0, 60)} (the process object bound through more than ${MAX_ROUNDS} names)`;
    const names = aliases;
    // A `..` anywhere; the process object and its names outside string texts (code handed to `new Function` names
    // `process` in its text), a `'node:process'` literal anywhere.
    const leaves = (text: string): boolean => CLIMBS.test(text) || PROCESS_MODULE.test(text) || RELATIVE_CALL.test(text) || [SOURCE, names].some((test) => test.test(codeOnly(text)));
    if (!leaves(arg)) continue;
    // The literal start of a template or quoted string, up to its first `${` or its end, and what follows it.
    const start = /^(['"`])((?:\.\.?\/)+[^'"`$\\]*?)(?=\$\{|['"`])/.exec(arg);
    const folderOf = start === null ? undefined : resolve(from, start[2]!.slice(0, start[2]!.lastIndexOf('/') + 1));
    if (folderOf !== undefined && (folderOf === folder || folderOf.startsWith(`${folder}/`)) && !leaves(arg.slice(start![0].length))) continue;
    return `${found[0]}${arg})`.slice(0, 80);
  }
  return undefined;
}

// A values's name bound from the process object's names, from a value climbing out (`require("../../package.json")
// .x`), from a file's contents or the working folder (`path.resolve("tools")`, `process.argv[1]`), or from another such
// name (a simple assignment, a template, a concatenation), to a fixed point: a LOAD of it loads what the project names
// (R21-1, R21-11, js22 LEFT). Only loads count (a tainted value printed or compared is not judged).
// A binding of the file's top (a declaration at the start of a line): names inside functions are not told apart by
// scope, and real bundles reuse them (vite's `url`, typescript's `modulePath`), so they are not followed.
const TOP_BINDING = /^(?:export\s+)?(?:const|let|var)\s+([A-Za-z_$][\w$]*|\{[^{}=;]{0,300}\}|\[[^[\]=;]{0,300}\])\s*=(?![=>])/gm;
const SEED = /(?<![\w$])(?:cwd|argv|env|mainModule|INIT_CWD|PWD)(?![\w$])|\bmodule\s*\.\s*parents?\b/;
function taintedNames(code: string, objects: Set<string>): Set<string> | 'all' {
  const names = new Set<string>();
  let open = [...code.matchAll(TOP_BINDING)].map((found) => ({ pattern: found[1]!, value: valueAt(code, found.index + found[0].length) }));
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const named = names.size === 0 ? /(?!)/ : new RegExp(`(?<![.\\w$])(?:${[...names].map(escape).join('|')})(?![\\w$])${NOT_HARMLESS}`);
    const next = open.filter((one) => {
      const code = codeOnly(one.value);
      if (!SEED.test(code) && !RELATIVE_CALL.test(one.value) && !(CLIMBS.test(one.value) && /\.json\b/.test(one.value)) && !named.test(code)) return true;
      for (const name of bound(one.pattern)) names.add(name);
      return false;
    });
    if (next.length === open.length) return new Set([...objects, ...names]);
    open = next;
  }
  return 'all';
}

// A thread or child process started on a path relative to the working folder (`new Worker("./tools/y.js")`,
// `fork("tools/y.js")`, `execSync("node tools/y.js")`): a file of the project, not of the package.
const RUNS = /(?:\bnew\s+Worker|(?<![\w$])(?:fork|spawn|spawnSync|exec|execSync|execFile|execFileSync))\s*\(/g;
const RELATIVE_WORD = /['"`\s](?:\.\.?\/|[\w@-][\w@.-]*\/)[\w@./-]*(?:['"`\s]|$)/;
function cwdRun(code: string): string | undefined {
  for (const found of code.matchAll(RUNS)) {
    const arg = valueAt(`${code.slice(found.index + found[0].length, found.index + found[0].length + 200)})`, 0, ')');
    if (/\b__dirname\b|\bimport\.meta\b|\b__filename\b/.test(arg)) continue;
    if (RELATIVE_WORD.test(arg)) return `${found[0]}${arg})`.slice(0, 80);
  }
  return undefined;
}

// A file that changes where node looks for bare names (module.paths, Module._initPaths, NODE_PATH set at run time).
const MOVES_LOOKUP = /\b(?:module|require\.main)\.paths\s*(?:\.\s*(?:unshift|push|splice)\s*\(|=[^=])|\._initPaths\s*\(|\bNODE_PATH['"\]]?\s*=[^=]|\._resolveFilename\s*=[^=]/;
