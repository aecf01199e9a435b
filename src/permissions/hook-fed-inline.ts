// What an interpreter given code on the hook line loads from files (red team R21-2): `python3 -c
// "exec(open('tools/x').read())"`, `node -e "require('./tools/x')"`, `ruby -e "load 'tools/x'"`, and perl's `-Itools
// -Mx` (tools/x.pm). The code's string literals are read the way src/shell/parse-inline.ts reads inline code: a
// literal path the code opens, execs, requires or imports is obeyed; a loading call whose path is computed makes
// the line `unknown` (the caller fails closed).
import { join } from 'node:path';
import { callSites, inlineProgram, spawnedCommands, splitArgs, tokenize, type InlineProgram } from '../shell/parse-inline.js';
import { moduleFiles } from './python-files.js';
import { NODE_TRIES } from './hook-fed-operands.js';
import { pythonModuleCall, pythonPathFolders, pythonUnfollowed } from './hook-fed-python.js';
import type { WordLike } from '../shell/parse-wrappers.js';
import type { Fed } from './hook-fed-words.js';

// Calls that read or run a file named by their first argument.
const LOADS =
  /\b(?:exec|execfile|open|compile|run_path|runpy\s*\.\s*\w+|__import__|import_module|require|import|readFileSync|readFile|load|require_relative|do|include|include_once|require_once|dofile|loadfile|source|spawn|spawnSync|fork|execFile|execFileSync|Worker)\s*(?=[('"`\s])/;

// `run`: reads a command line the code starts (`subprocess.run(['sh', 'tools/x.sh'])`, `os.system(..)`) as a hook line.
export function inlineReads(fed: Fed, name: string, likes: readonly WordLike[], run?: (line: string) => void): void {
  const library = /^perl[\d.]*$/.test(name) ? PERL : /^ruby[\d.]*$/.test(name) ? RUBY : undefined;
  if (library !== undefined) libraryFolders(fed, likes, library);
  const program = inlineProgram(name, likes);
  if (program !== undefined) codeReads(fed, name, program, run);
}

// The files code given as text loads (`-c`/`-e` code, a here-document fed to the interpreter: fed23).
export function codeReads(fed: Fed, name: string, program: InlineProgram, run?: (line: string) => void): void {
  if (program.unknown === true && program.language !== 'awk') return void (fed.unknown ??= `\`${name}\` runs code only known at run time`);
  // The commands it starts, a list argv quoted into one line (R22-13).
  if (run !== undefined) for (const line of spawnedCommands(program).commands) run(line);
  if (program.language === 'awk') return;
  const tokens = tokenize(program.code, program.language);
  // `import tools.x`, `from tools import x`: the working folder is first on `-c` code's sys.path (R22-13).
  if (program.language === 'python') {
    const blanked = tokens.map((token) => (token.kind === 'code' ? token.text : '""')).join('');
    const unfollowed = pythonUnfollowed(blanked);
    if (unfollowed !== undefined) return void (fed.unknown ??= `\`${name}\` inline code uses Python's import machinery codeward cannot follow (${unfollowed})`);
    pythonPathFolders(fed, name, tokens);
    for (const module of pythonImports(blanked)) pushLoaded(fed, moduleFiles(module));
  }
  if (program.language === 'perl' || program.language === 'ruby') {
    const found = searchFolders(program.code, program.language);
    if (found === undefined) return void (fed.unknown ??= `\`${name}\` inline code puts a folder it computes on its module path`);
    for (const folder of found) (fed.globs ??= []).push(join(folder, '**'));
  }
  for (const site of callSites(tokens, LOADS)) {
    const first = splitArgs(site.args)[0] ?? [];
    const literal = first.length === 1 && first[0]!.kind === 'string' ? first[0]!.value : undefined;
    // `exec(open('tools/x').read())`: the inner call is a site of its own.
    if (literal === undefined && first.some((token) => token.kind === 'code' && LOADS.test(token.text))) continue;
    // `__import__('tools', fromlist=['x'])`, `importlib.import_module('.x', 'tools')`, `runpy.run_module('tools.x')`.
    const module = program.language === 'python' ? pythonModuleCall(site, literal) : false;
    if (typeof module === 'string') {
      fed.unknown ??= `\`${name}\` inline code: ${module}`;
      continue;
    }
    if (module !== false) {
      pushLoaded(fed, module);
      continue;
    }
    if (literal === undefined) {
      // `import x` / `require x` without a string (a Python module name, a bare word) loads no file on the line.
      if (first.every((token) => token.kind === 'code' && /^[\s\w.,]*$/.test(token.text))) continue;
      fed.unknown ??= `\`${name}\` inline code loads a path it computes (${site.api})`;
      continue;
    }
    if (/^[\w@.-]+$/.test(literal) && !literal.includes('.') && program.language === 'js') continue;
    if (literal === '' || /^(?:node:|[a-z]+:\/\/|\/)/.test(literal)) continue;
    const path = literal.replace(/^\.\//, '');
    // `require('./tools/x')` runs what node resolves: tools/x.js, tools/x/index.js ... (R23-3).
    pushLoaded(fed, [path, ...(program.language === 'js' && !/\.[a-z]+$/i.test(path) ? NODE_TRIES.map((tail) => path + tail) : [])]);
  }
}

// perl's `-Idir` folders and `-Mmod`/`-mmod` modules, ruby's `-Idir` and `-rlib` (R23-11): each module under each
// folder, and each folder whole.
interface Library {
  readonly modules: string;
  readonly code: RegExp;
  readonly file: (module: string) => string;
}
const PERL: Library = { modules: 'Mm', code: /^-[eE]$/, file: (module) => module.replace(/^-/, '').split(/[=\s]/)[0]!.replace(/::/g, '/') + '.pm' };
const RUBY: Library = { modules: 'r', code: /^-e$/, file: (module) => (/\.rb$/.test(module) ? module : `${module}.rb`) };

// perl's `-Mlib=a,b` (`use lib split(/,/, 'a,b')`) and `-M'lib qw(a b)'` / `-M'lib "a"'` / `q(a)` (R28-5): the folders lib.pm
// puts first on @INC, as `-I` does.
const libFolders = (module: string): string[] => {
  const list = module.replace(/^-?lib/, '');
  if (list.startsWith('=')) return list.slice(1).split(',').filter(Boolean);
  return [...list.matchAll(/\bq[qw]?\s*[^\w\s]([^)\]}>/|!]*)|"([^"]*)"|'([^']*)'/g)].flatMap((found) => (found[1] ?? found[2] ?? found[3] ?? '').split(/\s+/)).filter(Boolean);
};

// The folders code puts on its module path (R28-5's class in code: perl's `use lib "tools"`, `unshift @INC, 'tools'`,
// ruby's `$LOAD_PATH.unshift 'tools'`, `$: << 'tools'`), each literal; undefined when one is computed.
const SEARCH: Readonly<Record<'perl' | 'ruby', RegExp>> = {
  perl: /\buse\s+lib\b[^;]*|@INC\b[^;]*/g,
  ruby: /(?:\$LOAD_PATH|\$:|\$-I)[^;\n]*/g,
};
function searchFolders(code: string, language: 'perl' | 'ruby'): string[] | undefined {
  const folders: string[] = [];
  for (const [statement] of code.matchAll(SEARCH[language])) {
    const literals = libFolders(`lib ${statement.replace(/^\s*use\s+lib\b/, '')}`);
    // `use lib $D`, `unshift @INC, $ENV{X}`: a folder only known at run time.
    if (/[$@](?!INC\b|LOAD_PATH\b|:|-I)\w*/.test(statement.replace(/"[^"]*"|'[^']*'/g, (text) => (text.includes('$') && text.startsWith('"') ? text : '""')))) return undefined;
    folders.push(...literals);
  }
  return folders;
}

function libraryFolders(fed: Fed, likes: readonly WordLike[], library: Library): void {
  const folders: string[] = [];
  const modules: string[] = [];
  const option = new RegExp(`^-([I${library.modules}])(.*)$`);
  for (let i = 1; i < likes.length; i++) {
    const value = likes[i]!.value;
    if (value === '--' || !value.startsWith('-')) break;
    const found = option.exec(value);
    if (found === null) {
      if (library.code.test(value)) i++;
      continue;
    }
    const word = found[2] === '' ? likes[++i] : { ...likes[i]!, value: found[2]! };
    if (word === undefined) break;
    if (word.dynamic) return void (fed.unknown ??= `${likes[0]?.value ?? 'the interpreter'} \`${value}\` only known at run time`);
    if (found[1] === 'I') folders.push(word.value);
    else if (library === PERL && /^-?lib(?![\w:])/.test(word.value)) folders.push(...libFolders(word.value));
    else modules.push(library.file(word.value));
  }
  for (const folder of folders) for (const module of modules) fed.scripts.push(join(folder, module));
  // A relative library path (`ruby -r ./tools/x`) is a file of its own.
  for (const module of modules) if (/^\.\.?\//.test(module)) fed.scripts.push(module.replace(/^\.\//, ''));
  // An @INC / $LOAD_PATH folder (`perl -Itools t.pl`): any module or file the code then loads by name (`use X`,
  // `require "x.pl"`, what a module loads in turn) may lie in it, present or not: every file below it is obeyed (fed23).
  for (const folder of folders) (fed.globs ??= []).push(join(folder, '**'));
}

const pushLoaded = (fed: Fed, files: readonly string[]): void => {
  fed.scripts.push(...files);
  (fed.loaded ??= []).push(...files);
};

// The modules Python statements import (`code`: strings blanked): `import a.b, c as d`, `from a.b import c, d`
// (c may be a submodule: a/b/c.py). A relative `from . import x` is not the working folder's.
function pythonImports(code: string): string[] {
  const modules: string[] = [];
  const rest = code.replace(/\bfrom\s+([\w.]+)\s+import\s+\(?\s*([\w\s,*]+)/g, (_, base: string, names: string) => {
    if (!base.startsWith('.')) modules.push(base, ...names.split(',').map((each) => each.trim().split(/\s+/)[0]!).filter((each) => /^\w+$/.test(each)).map((each) => `${base}.${each}`));
    return ' ';
  });
  for (const found of rest.matchAll(/\bimport\s+([\w.]+(?:\s+as\s+\w+)?(?:\s*,\s*[\w.]+(?:\s+as\s+\w+)?)*)/g)) modules.push(...found[1]!.split(',').map((each) => each.trim().split(/\s+/)[0]!));
  return modules.filter((module) => /^\w+(?:\.\w+)*$/.test(module));
}
