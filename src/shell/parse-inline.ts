// Programs given as text to an interpreter (`python3 -c CODE`, `node -e CODE`, `perl -e`, `ruby -e`,
// `php -r`, awk programs, a here-document fed to python): where the code is, which shell command lines
// it hands to a process-spawning API (`os.system('rm -rf ~')`, `subprocess.run(['rm','-rf','/'])`,
// `execSync(...)`, `system "..."`, backticks), which paths it deletes and which it opens for writing.
// The code is not executed or fully parsed: string literals are read, the calls around them recognised.
import { HOME_MARK, callSites, markHome, splitArgs, tokenize, type Token } from './parse-code.js';
import type { WordLike } from './parse-wrappers.js';
import { AWK_LONGS, longOption } from './gnu-long.js';
import { loadsUnlistedModule, perlLineModules } from './inline-imports.js';
import { rawMaySpawn } from './inline-raw.js';
import { PERL_DYNAMIC } from './perl-dynamic.js';
import { scriptLineModules, scriptLoadsUnlisted } from './inline-imports-scripts.js';
import { PERL_HANDLE_CALLS, PERL_OPEN, perlCall, perlOpenApi, perlPackageQuotes } from './perl-opens.js';

export { HOME_MARK, callSites, markHome, splitArgs, tokenize, type CallSite, type Token } from './parse-code.js';

import type { Language } from './parse-code.js';
import { sameProgram } from './program-aliases.js';
import { INLINE_ONLY, INTERPRETERS, interpreterSpec, type InterpreterSpec } from './interpreter-table.js';
export type { Language } from './parse-code.js';

const LANGUAGES: ReadonlyArray<readonly [RegExp, Language]> = [
  [/^python[\d.]*$|^pypy\d*$/, 'python'],
  // node's TypeScript/ESM front-ends take node's `-e/--eval/-p/--print` (red team R20-23), and a package runner's
  // `node@20` is node.
  [/^(?:node|bun|deno|tsx|ts-node(?:-esm|-cwd|-script|-transpile-only)?|esno|esr|babel-node|vite-node|jiti|sucrase-node|swc-node)(?:@[\w.^~<>=-]*)?$/, 'js'],
  [/^perl[\d.]*$/, 'perl'],
  [/^(?:ruby|jruby|irb)[\d.]*$/, 'ruby'],
  [/^php[\d.]*$/, 'php'],
  [/^(?:awk|gawk|mawk|nawk)$/, 'awk'],
  [/^(?:lua|luajit)[\d.]*$/, 'lua'],
  [/^(?:rscript|r)$/, 'r'],
  [/^osascript$/, 'applescript'],
];

export function languageOf(name: string): Language | undefined {
  const key = name.toLowerCase().replace(/^[^@]+/, (base) => sameProgram(base));
  for (const [pattern, language] of LANGUAGES) if (pattern.test(key)) return language;
  return undefined;
}

// Which options take the program text, a module or another value: the one interpreter table (interpreter-table.ts,
// issue 26; a private table here read `node --title x -e CODE`'s `x` as the script, `node -pe CODE`'s `e` as the
// code, `python3 -m mod -c TEXT`'s `-c` as python's). gawk's long options are its own (gnu-long.ts).
const CODE_LONG = new Set(['command', 'source', 'expression', 'run', 'process-begin', 'process-code', 'process-end']);

// The table row of a language's interpreter `name` (`python3.12` python's, `tsx` tsx's, `babel-node` node's), or
// undefined for a language without one (awk, R, AppleScript: INLINE_ONLY).
function specOf(language: Language, name: string): InterpreterSpec | undefined {
  if (language === 'js') return interpreterSpec('node', sameProgram(name.toLowerCase().replace(/(?<=.)@.*$/, '')));
  return language === 'awk' || language === 'r' || language === 'applescript' || language === 'other' ? undefined : INTERPRETERS[language];
}

// The text of a `data:` URL (`data:text/javascript,CODE`, percent-decoded; `;base64` decoded), else undefined.
export function dataUrlText(value: string): string | undefined {
  const found = /^data:([^,]*),/i.exec(value.trim());
  if (found === null) return undefined;
  const body = value.trim().slice(found[0].length);
  if (/;base64$/i.test(found[1]!)) return Buffer.from(decodeURIComponent(body), 'base64').toString('utf8');
  try {
    return decodeURIComponent(body);
  } catch {
    return body;
  }
}

export interface InlineProgram {
  readonly language: Language;
  readonly code: string;
  // Part of the code is only known at run time (`python3 -c "$CODE"`): it may do anything.
  readonly unknown?: boolean;
  // Modules the command line loads before the code (perl's `-MIPC::Cmd=run`).
  readonly modules?: readonly string[];
}

// The program text an interpreter is given on its command line, if any (several -e are joined by lines).
export function inlineProgram(name: string, words: readonly WordLike[]): InlineProgram | undefined {
  const language = languageOf(name);
  if (!language) return undefined;
  if (language === 'js' && /^deno$/i.test(name) && words[1]?.value === 'eval') {
    return words[2] ? { language, code: words.slice(2).map((word) => word.value).join(' ') } : undefined;
  }
  const parts: string[] = [];
  let unknown = false;
  // The code is `word` (or the text glued to its option in it).
  const take = (word: WordLike | undefined, text = word?.value): void => {
    if (word === undefined || text === undefined) return;
    parts.push(text);
    if (word.dynamic) unknown = true;
  };
  // A module named by a `data:` URL is code given as text (node's `--import 'data:...'`, red team R21-6); a module
  // only known at run time may be one.
  const moduleCode = (word: WordLike | undefined, text = word?.value): void => {
    if (word === undefined || text === undefined || language !== 'js') return;
    if (word.dynamic) unknown = true;
    const code = dataUrlText(text);
    if (code !== undefined) parts.push(code);
  };
  const spec = specOf(language, name);
  const i = spec === undefined ? otherOptions(language, words, take) : tableOptions(spec, words, take, moduleCode);
  // awk: the first operand is the program unless -f named a file.
  if (language === 'awk' && parts.length === 0 && i >= 0 && i < words.length) take(words[i]!);
  if (parts.length === 0) return undefined;
  const modules = language === 'perl' ? perlLineModules(words) : scriptLineModules(language, words);
  return { language, code: parts.join('\n'), ...(unknown ? { unknown } : {}), ...(modules.length > 0 ? { modules } : {}) };
}

type Take = (word: WordLike | undefined, text?: string) => void;

// An interpreter of the table: its options up to the script (or the end of options); returns where it stopped.
function tableOptions(spec: InterpreterSpec, words: readonly WordLike[], take: Take, moduleCode: Take): number {
  let i = 1;
  for (; i < words.length; i++) {
    const word = words[i]!;
    const value = word.value;
    if (value === '--') return i + 1;
    if (value.startsWith('--') && value.length > 2) {
      const eq = value.indexOf('=');
      const option = eq < 0 ? value : value.slice(0, eq);
      const given = (): [WordLike | undefined, string | undefined] => (eq < 0 ? [words[++i], words[i]?.value] : [word, value.slice(eq + 1)]);
      if (spec.inline?.includes(option)) take(...given());
      else if (spec.loads?.[option] === 'module') moduleCode(...given());
      else if (eq < 0 && spec.valued.includes(option)) i++;
      continue;
    }
    if (!value.startsWith('-') || value.length < 2) return i;
    // A whole option: the code, a module, another value in the next word (`-e CODE`, node's `-pe CODE`, `-r M`).
    if (spec.inline?.includes(value)) {
      take(words[++i]);
      if (spec.ends?.includes(value[1]!)) return i + 1;
      continue;
    }
    if (spec.flags === undefined) {
      const head = value.slice(0, 2);
      if (spec.valued.includes(value) && spec.loads?.[value] === 'module') moduleCode(words[++i]);
      else if (spec.valued.includes(value)) i++;
      // Its value glued to it (`php -r'echo 1;'`, `-ddisplay_errors=1`, `node -r./x`).
      else if (spec.inline?.includes(head)) take(word, value.slice(2));
      else if (spec.valued.includes(head) && spec.loads?.[head] === 'module') moduleCode(word, value.slice(2));
      continue;
    }
    // python's, perl's and ruby's clusters, letter by letter (`-Bc CODE`, `perl -lne CODE`, `-wItools`).
    const read = clusterRead(spec, value);
    if (read.code === '') take(words[++i]);
    else if (read.code !== undefined) take(word, read.code);
    else if (read.valued) i++;
    if (read.ends) return i + 1;
  }
  return i;
}

// One short cluster of a family read letter by letter: the code it gives (`''`: the next word is the code), whether
// the next word is another option's value, and whether it ends the options (python's `-c`, `-m`).
function clusterRead(spec: InterpreterSpec, word: string): { code?: string; valued?: true; ends?: true } {
  for (let k = 1; k < word.length; k++) {
    const letter = word[k]!;
    const rest = word.slice(k + 1);
    const ends = spec.ends?.includes(letter) === true ? { ends: true as const } : {};
    if (spec.inline?.includes(`-${letter}`)) return { code: rest, ...ends };
    if (spec.valued.includes(`-${letter}`)) return { ...(rest === '' ? { valued: true as const } : {}), ...ends };
    if (spec.attached?.includes(letter)) return {};
    if (spec.digits?.includes(letter)) {
      if (letter === '0' && word[k + 1] === 'x') for (k++; /[0-9a-fA-F]/.test(word[k + 1] ?? ''); k++);
      else while (/\d/.test(word[k + 1] ?? '')) k++;
    }
  }
  return {};
}

// awk, R, AppleScript (INLINE_ONLY): short code and valued letters, gawk's long options; returns where it stopped,
// -1 when awk's `-f` named its program file.
function otherOptions(language: Language, words: readonly WordLike[], take: Take): number {
  const { code, valued } = INLINE_ONLY[language as keyof typeof INLINE_ONLY];
  let fileGiven = false;
  let i = 1;
  for (; i < words.length; i++) {
    const value = words[i]!.value;
    if (value === '--') {
      i++;
      break;
    }
    if (value.startsWith('--') && value.length > 2) {
      const [spelled, attached] = [value.slice(2).split('=')[0]!, value.includes('=') ? value.slice(value.indexOf('=') + 1) : undefined];
      // gawk reads its long options as getopt_long does (`--so=PROG`, `--fi=F`: red team R26-7); an ambiguous prefix
      // is taken as the program's text or file when it may be one.
      const names = language === 'awk' ? (longOption(value, AWK_LONGS)?.names ?? []) : [spelled];
      const option = names.includes('source') ? 'source' : names.some((name) => ['file', 'exec'].includes(name)) ? 'file' : (names[0] ?? spelled);
      // gawk's `--include F` takes its file (read by the command-file reader) and leaves the program operand in place.
      if (language === 'awk' && ['include', 'load', 'field-separator', 'assign'].includes(option)) {
        if (attached === undefined) i++;
        continue;
      }
      if (CODE_LONG.has(option)) take(attached === undefined ? words[++i] : words[i], attached);
      else if (option === 'file') {
        fileGiven = true;
        if (attached === undefined) i++;
      }
      continue;
    }
    if (value.startsWith('-') && value.length > 1) {
      for (let k = 1; k < value.length; k++) {
        const ch = value[k]!;
        const rest = value.slice(k + 1);
        if (code.includes(ch)) {
          take(rest === '' ? words[++i] : words[i], rest === '' ? undefined : rest);
          break;
        }
        if (valued.includes(ch)) {
          if (language === 'awk' && ch === 'f') fileGiven = true;
          if (rest === '') i++;
          break;
        }
      }
      continue;
    }
    break;
  }
  return fileGiven ? -1 : i;
}

// --- processes -----------------------------------------------------------------------------------

// ruby's opens that run `|CMD` (Kernel#open, open-uri's URI.open, IO.read/readlines/write/foreach/binread/binwrite;
// File's own do not since ruby 2.6). Its name: the first argument when it is one whole string literal.
const RUBY_PIPE_OPEN = /(?<![\w.:$@])(?:Kernel\s*\.\s*|URI\s*\.\s*)?open\b(?!\s*[=?!:])|\bIO\s*\.\s*(?:read|readlines|write|foreach|binread|binwrite)\b/;
function rubyOpenName(args: readonly Token[]): string | undefined {
  const first = splitArgs(args)[0] ?? [];
  const strings = first.filter((token) => token.kind === 'string');
  const code = first.filter((token) => token.kind === 'code' && token.text.trim() !== '' && token.text.trim() !== '(');
  return strings.length === 1 && code.length === 0 && strings[0]!.kind === 'string' && strings[0]!.command !== true ? strings[0]!.value : undefined;
}
// php's spawn functions named as a string (a callable: `array_filter($a, "system")`, `ob_start('passthru')`).
const PHP_SPAWN_NAME = /^\s*\\?(?:system|exec|shell_exec|passthru|popen|proc_open|pcntl_exec|mail|assert|eval)\s*$/i;

// Process-spawning APIs per language (the call's arguments are the command).
const SPAWN_APIS: Readonly<Record<Language, RegExp>> = {
  python: /(?:\bos\s*\.\s*|\b)(?:system|popen|exec[lv]p?e?|spawn[lv]p?e?|posix_spawnp?|startfile)\s*(?=\()|\bsubprocess\s*\.\s*\w+\s*(?=\()|\b(?:Popen|check_output|check_call|getoutput|getstatusoutput)\s*(?=\()|\bpty\s*\.\s*spawn\s*(?=\()|\bcommands\s*\.\s*getoutput\s*(?=\()/,
  js: /\b(?:execSync|execFileSync|spawnSync|execFile|spawn|fork|execa|execaSync|execaCommand|execaCommandSync)\s*(?=\()|(?:child_process|\bcp|require\s*\(\s*['"](?:node:)?child_process['"]\s*\))\s*\.\s*exec\s*(?=\()|\bBun\s*\.\s*spawn(?:Sync)?\s*(?=\()|\bDeno\s*\.\s*(?:run|Command)\s*(?=\()|\bnew\s+Deno\s*\.\s*Command\s*(?=\()|(?<![.\w])exec\s*(?=\()|\$$/,
  perl: new RegExp(`\\b(?:system|exec|readpipe)\\b|\\bopen[23]\\s*(?=\\()|${PERL_OPEN.source}|${PERL_HANDLE_CALLS.source}|\\bIPC::(?:Run|Open[23])\\b`),
  ruby: new RegExp(`\\b(?:Kernel\\s*\\.\\s*)?(?:system|exec|spawn)\\b|\\bIO\\s*\\.\\s*popen\\b|\\bOpen3\\s*\\.\\s*\\w+|\\bProcess\\s*\\.\\s*spawn\\b|\\bPTY\\s*\\.\\s*spawn\\b|${RUBY_PIPE_OPEN.source}`),
  php: /\b(?:system|exec|shell_exec|passthru|popen|proc_open|pcntl_exec)\s*(?=\()/i,
  awk: /\bsystem\s*(?=\()/,
  lua: /\bos\s*\.\s*execute\b|\bio\s*\.\s*popen\b/,
  r: /\bsystem2?\s*(?=\()|\bshell\s*(?=\()/,
  applescript: /\bdo\s+shell\s+script\b/,
  other: /\bsystem\s*(?=\()|\bexec\s*(?=\()/,
};

const shellQuote = (value: string): string => (/^[A-Za-z0-9_@%+=:,./~-]+$/.test(value) ? value : `'${value.replace(/'/g, `'\\''`)}'`);

function literalValue(value: string): string {
  // `${os.homedir()}` / `{Path.home()}` interpolations of the home directory, and the bare mark.
  return value.replace(/\$?\{\s*\uE000\s*\}|#\{\s*\uE000\s*\}/g, '~').replaceAll(HOME_MARK, '~');
}

// One argument expression's text: its literals and home spellings concatenated (`'rm -rf ' + HOME`).
// Strings inside a nested call (`__import__('os')`) are that call's arguments, not part of the text.
function concatenated(arg: readonly Token[]): string | undefined {
  let value = '';
  let any = false;
  let depth = 0;
  for (const token of arg) {
    if (token.kind === 'code') {
      for (const ch of token.text) {
        if (ch === '(' || ch === '[' || ch === '{') depth++;
        else if (ch === ')' || ch === ']' || ch === '}') depth = Math.max(0, depth - 1);
        else if (ch === HOME_MARK && depth === 0) {
          value += '~';
          any = true;
        }
      }
    } else if (!token.words && depth === 0) {
      value += literalValue(token.value);
      any = true;
    }
  }
  return any ? value : undefined;
}

// One shell command line from a call's arguments: a lone string is a shell command line
// (`os.system('...')`, `exec('...', {shell: true})`); a list or several strings are an argv
// (`subprocess.run(['rm', '-rf', '/'])`, `execFileSync('rm', ['-rf', dir])`), quoted word by word.
function commandOf(args: readonly Token[]): string | undefined {
  let shell: string | undefined;
  const words: string[] = [];
  splitArgs(args).forEach((arg, index) => {
    const quoted = arg.filter((token): token is Extract<Token, { kind: 'string' }> => token.kind === 'string' && token.words === true);
    if (quoted.length > 0) {
      for (const token of quoted) words.push(...token.value.split(/\s+/).filter(Boolean));
      return;
    }
    const first = arg[0];
    if (first?.kind === 'code' && /^\s*\[/.test(first.text)) {
      // A list literal: its elements are words.
      for (const element of splitArgs([{ kind: 'code', text: first.text.replace(/^\s*\[/, '') }, ...arg.slice(1)])) {
        const value = concatenated(element);
        if (value !== undefined) words.push(value);
      }
      return;
    }
    const value = concatenated(arg);
    if (value === undefined) return;
    if (index === 0) shell = value;
    else words.push(value);
  });
  if (shell !== undefined && words.length === 0) return shell;
  const argv = shell === undefined ? words : [shell, ...words];
  return argv.length > 0 ? argv.map(shellQuote).join(' ') : undefined;
}

// Perl/ruby/php backticks and qx// run their text as a shell command; awk `"cmd" | getline`, `print | "cmd"`.
function commandStrings(tokens: readonly Token[], language: Language): string[] {
  const out: string[] = [];
  tokens.forEach((token, i) => {
    if (token.kind !== 'string') return;
    if (token.command) out.push(literalValue(token.value));
    if (language !== 'awk') return;
    const next = tokens[i + 1];
    const previous = tokens[i - 1];
    if (next?.kind === 'code' && /^\s*\|\s*getline\b/.test(next.text)) out.push(token.value);
    else if (previous?.kind === 'code' && /(?:^|[^|])\|\s*$/.test(previous.text) && /\bprint/.test(previous.text)) out.push(token.value);
  });
  return out;
}

// Code that builds what it calls at run time (eval, getattr, `$f(...)`, `obj['sys'+'tem'](...)`): it may
// spawn processes in a way the calls above cannot see, so it counts as spawning.
const DYNAMIC_APIS: Readonly<Record<Language, RegExp | undefined>> = {
  // Python's object graph reaches any loaded function through dunder attributes (`().__class__.__base__.__subclasses__()`,
  // `f.__init__.__globals__`, `x.__getattribute__("system")`: R44-b6): any dunder outside a short pure list is dynamic,
  // and so is a call on a subscript (`g["system"](…)`).
  python: /\b(?:eval|exec|compile|getattr|__import__|import_module|vars|globals|locals|breakpoint)\s*\(|__dict__|__builtins__|\b(?:pickle|marshal)\s*\.\s*loads?\b|\bimportlib\b|\bctypes\b|\b__(?!(?:name|main|doc|file|version|all|init|class|len|str|repr|eq|ne|lt|le|gt|ge|hash|bool|iter|next|enter|exit|contains|getitem|setitem|add|sub|mul|truediv|floordiv|mod|future|slots|annotations|qualname|module|pycache)__\b)\w+__\b|\]\s*\(/,
  // node: also process.execve, the loaders that skip `require` (module.constructor._load, process.getBuiltinModule,
  // createRequire, process.mainModule) and internal bindings (fix73).
  js: /\bdlopen\b|\beval\s*\(|\bFunction\s*\(|\bvm\s*\.\s*run|\bprocess\s*\.\s*(?:binding|_linkedBinding|execve|getBuiltinModule|mainModule)\b|\bmodule\s*\.\s*constructor\b|\._load\s*\(|\bcreateRequire\b|\b(?:require|import)\s*\(\s*[^'"`\s)]|\]\s*\(/,
  // Native code loaded into the interpreter (R39-b5: perl's DynaLoader, ruby's Fiddle, node's process.dlopen, lua's
  // package.loadlib), as python's ctypes: a program codeward cannot read. perl's list: perl-dynamic.ts.
  perl: PERL_DYNAMIC,
  ruby: /\bFiddle\b|\b(?:eval|instance_eval|class_eval|module_eval|instance_exec|class_exec|module_exec|send|public_send|__send__|const_get|method|public_method|instance_method|singleton_method|binding|syscall)\b/,
  // php: also the programs mail() and its kin start (sendmail_path, imap's rsh), FFI and dl() native code, reflection,
  // a call of an expression (`("sys"."tem")(…)`, `"system"(…)`) and error_log's mail type (fix73); names ignore case.
  php: /\b(?:eval|assert|call_user_func(?:_array)?|create_function|array_map|usort|preg_replace_callback|include|require|include_once|require_once|mail|mb_send_mail|imap_open|imap_mail|expect_popen|dl|putenv|ini_set)\s*\(|\$\w+\s*\(|\$\{|\bFFI\b|\bReflection(?:Function|Method)\b|::\s*fromCallable\b|[)"]\s*\(|\berror_log\s*\([^;]*,\s*1\s*[,)]/i,
  awk: undefined,
  lua: /\bloadlib\b|\b(?:load|loadstring|dofile|loadfile|require)\s*[("']/,
  r: /\b(?:eval|evalq|do\.call|parse|source|get|match\.fun)\s*\(/,
  applescript: /\brun\s+script\b/,
  other: undefined,
};

export interface Spawns {
  // Some process-spawning API (or backticks) is used at all.
  readonly spawns: boolean;
  // The shell command lines recovered from those calls (a list argv is quoted into one line).
  readonly commands: readonly string[];
}

export function spawnedCommands(given: InlineProgram): Spawns {
  const program = given.language === 'perl' ? { ...given, code: perlPackageQuotes(given.code) } : given;
  const raw = markHome(program.code);
  const tokens = tokenize(raw, program.language);
  const commands: string[] = [];
  let spawns = false;
  // `from subprocess import run; run([...])`: the bare names once subprocess is imported.
  // `require('child_process').exec(...)`: any `.exec(` once child_process is loaded.
  const api =
    program.language === 'python' && /\bsubprocess\b/.test(program.code)
      ? new RegExp(`${SPAWN_APIS.python.source}|\\b(?:run|call)\\s*(?=\\()`)
      : program.language === 'js' && /child_process/.test(program.code)
        ? new RegExp(`${SPAWN_APIS.js.source}|\\.\\s*exec\\s*(?=\\()`)
        : SPAWN_APIS[program.language];
  for (const site of callSites(tokens, api)) {
    // perl `open(F, "<", $x)` and `open(F, "x.txt")` read; a pipe mode, `|` in the name, or a mode or two-argument
    // name only known at run time runs a command (perl-opens.ts).
    if (program.language === 'perl' && perlOpenApi(site.api)) {
      const open = perlCall(site, program.code, commandOf);
      spawns ||= open.spawns;
      if (open.command !== undefined) commands.push(open.command);
      continue;
    }
    // ruby's Kernel#open, URI.open and IO's class methods run a command for a name starting with `|` (fix73).
    if (program.language === 'ruby' && RUBY_PIPE_OPEN.test(site.api)) {
      const name = rubyOpenName(site.args);
      if (name !== undefined && !name.startsWith('|')) continue;
      spawns = true;
      if (name !== undefined) commands.push(name.slice(1));
      continue;
    }
    spawns = true;
    const line = commandOf(site.args);
    if (line) commands.push(line);
  }
  const dynamic = DYNAMIC_APIS[program.language];
  if (program.unknown) spawns = true;
  const codeOnly = tokens.map((token) => (token.kind === 'code' ? token.text : '""')).join('');
  if (dynamic && dynamic.test(codeOnly)) spawns = true;
  if (rawMaySpawn({ language: program.language, raw, blanked: codeOnly, spawn: api, dynamic })) spawns = true;
  if (loadsUnlistedModule(program.language, codeOnly, program.modules) || scriptLoadsUnlisted(program.language, tokens, program.modules)) spawns = true;
  if (program.language === 'php' && tokens.some((token) => token.kind === 'string' && PHP_SPAWN_NAME.test(token.value))) spawns = true;
  const strings = commandStrings(tokens, program.language);
  if (strings.length > 0) spawns = true;
  if (program.language === 'awk' && /\|\s*&?\s*getline|\bprint[^;{}]*\|/.test(program.code)) spawns = true;
  commands.push(...strings);
  return { spawns, commands: commands.filter((line) => line.trim() !== '').slice(0, 32) };
}
