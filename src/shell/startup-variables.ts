// Variables that make an interpreter run code before its own (red team R20-16): `BASH_ENV=/dev/stdin bash -c true
// <<< 'git push'` ran the here-string as bash's start-up file, `PERL5OPT='-Mstrict;system(...)'` turned into `use
// strict;system(...);`, `NODE_OPTIONS='--require /dev/stdin'` ran stdin as JavaScript. Walked the way PS4 is
// (command-variables.ts): a file the value names is sourced (`. FILE`: read and obeyed as the shell's), a value
// naming stdin, a descriptor or a substitution is code only known at run time (a program of no known name, which
// the rules and the immune list treat as such: fails closed), PERL5OPT's `-M` with code after the module name is
// perl's inline code.
import { optionWords } from './option-variables.js';
import { dataUrlText } from './parse-inline.js';

// What a value names as the start-up code: standard input, an open descriptor, or a command substitution's output.
const STREAM = /\/dev\/(?:stdin|fd\/)|\/proc\/(?:self|\d+|thread-self)\/fd\/|<\(|\$\(|`/;

const SHELL_STARTUP = new Set(['BASH_ENV', 'ENV']);
// Interpreters' variables whose value names files they load as code (NODE_OPTIONS --require/--import, RUBYOPT -r,
// PYTHONSTARTUP with -i, JAVA_TOOL_OPTIONS -javaagent, PERL5DB's code).
// PSQLRC: psql's start-up file, whose meta-commands (`\!`) it runs: read as `psql -X -f FILE` (permissions/immune-command-files.ts).
const LOADERS = new Set(['PSQLRC', 'NODE_OPTIONS', 'RUBYOPT', 'PYTHONSTARTUP', 'JAVA_TOOL_OPTIONS', '_JAVA_OPTIONS', 'JDK_JAVA_OPTIONS', 'PERL5DB', 'PERL5OPT']);

const quoted = (text: string): string => `'${text.replaceAll("'", `'\\''`)}'`;

// Files a program reads as more of its own options (dyn23, vars21 LEFT): ripgrep reads RIPGREP_CONFIG_PATH's file
// one option a line, and `--pre=PROG` there runs PROG on every file searched. The file is not read here (the shell
// reader reads no file): its options are only known at run time (fails closed; /dev/null or empty reads nothing).
const OPTION_FILES = new Set(['RIPGREP_CONFIG_PATH']);

// The command texts a start-up variable's value hands the interpreter it is set for, or [] (`text`: as written).
export function startupTexts(name: string, value: string | undefined, text: string): string[] {
  const known = value ?? text;
  if (OPTION_FILES.has(name)) return /^\s*(?:\/dev\/null)?\s*$/.test(known) ? [] : [`"$CODE_FROM_${name}"`];
  if (!SHELL_STARTUP.has(name) && !LOADERS.has(name)) return [];
  if (STREAM.test(text) || STREAM.test(known)) return [`"$CODE_FROM_${name}"`];
  if (name === 'PSQLRC') return known.trim() === '' ? [] : [`psql -X -f ${quoted(known.trim())}`];
  if (name === 'PERL5DB') return known.trim() === '' ? [] : [`perl -e ${quoted(known)}`];
  if (name === 'PERL5OPT') {
    // `-MFoo=a,b` is `use Foo split(/,/, q{a,b})`: data. Anything else after the module name is perl's code.
    const code = optionWords(known).flatMap((word) => /^-[Mm]-?[\w:]+([^=\w:].*)$/s.exec(word)?.[1] ?? []);
    return code.map((tail) => `perl -e ${quoted(tail)}`);
  }
  if (name === 'NODE_OPTIONS') {
    // A module named by a `data:` URL is JavaScript given as text (red team R21-6): node's inline code.
    const words = optionWords(known);
    const modules = words.flatMap((word, at) => {
      const found = /^(?:--(?:require|import|loader|experimental-loader)|-r)(?:=(.*))?$/s.exec(word);
      return found === null ? [] : [found[1] ?? words[at + 1] ?? ''];
    });
    return modules.flatMap((module) => dataUrlText(module) ?? []).map((code) => `node -e ${quoted(code)}`);
  }
  // A named file: sourced by the shell (`ENV` only when it names one by a path: `ENV=production` is a setting).
  if (name === 'BASH_ENV' && known.trim() !== '') return [`. ${quoted(known.trim())}`];
  if (name === 'ENV' && known.includes('/')) return [`. ${quoted(known.trim())}`];
  return [];
}
