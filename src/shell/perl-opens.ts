import { splitArgs, type CallSite, type Token } from './parse-code.js';

// perl's `open` (red team R41-b6). A two-argument open (`open(F, NAME)`, `open F, NAME`, IO::File->open) reads its
// mode from NAME: a name starting with `|` or ending in `|` runs a shell command. The three-argument open takes its
// mode from the second argument (`-|` / `|-` run the rest). So an open runs a command only known at run time when
// the mode, or a two-argument name that no literal start fixes as `<`, `>` or `+<`, is not a literal: a variable
// (`$x = "rm -rf sub|"; open(F, $x)`), `$_` of `for glob "*"` (a repository file named `rm -rf sub|`), an
// interpolated string, or the one-argument open (the package scalar of the handle's name).

// Red team R42-b5: an open runs no command only when its mode is a whole literal file mode (layers allowed) or its
// two-argument name is one string whose literal start fixes a file mode; any other mode or name may run one (`-|:raw`,
// `"<" x 0 . "cmd|"`). IO::File/FileHandle objects open the same way (`IO::File->new("cmd|")`, `$fh->open(...)`), and
// IO::Pipe's reader/writer run their arguments.

// Where perl code calls open, with or without parentheses (not sysopen, opendir, `$open`, the `use open` pragma).
export const PERL_OPEN = /(?<![\w$@%&])(?<!\b(?:use|no)\s+)open(?:\s*(?=\()|\s+(?=[A-Za-z_$*]))/;
// A handle object's open (`$fh->open(`, `IO::File->new(`, `new IO::File "…"`) and IO::Pipe's `->reader(`/`->writer(`.
// `new $c (…)` (indirect object syntax on a class only known at run time) too.
export const PERL_HANDLE_CALL = /->\s*(?:open|new|reader|writer)\s*(?=\()|->\s*new\b|\bnew\s+(?:IO::File|FileHandle\b|\$\w+)/;
// Red team R43-b9: the same methods called as plain subs, the class or object as the first argument
// (`IO::File::new("IO::File", "cmd|")`, `FileHandle::new(...)`, `&IO::File::new(...)`, `IO::Handle::open($fh, ...)`);
// with no argument list (`&IO::File::new;`, `goto &IO::File::new`: @_ is passed on) it may run anything.
const PERL_SUB_CALL = /(?:&\s*)?\b(?:IO::File|FileHandle|IO::Handle|IO::Pipe)::(?:open|new|reader|writer)\b/;
export const PERL_HANDLE_CALLS = new RegExp(`${PERL_HANDLE_CALL.source}|${PERL_SUB_CALL.source}`);
// perl's old package separator (fix73: `IO::File'new(…)`, `IO'File->new`, `IPC'Cmd'run`, `$main'x`): a `'` between a
// package name (capitalised, qualified, or main) and a letter is `::`, so the readers here see the names perl does. A
// word's apostrophe in text (`/it's/`) and the quote-like operators (`q'…'`, `s'a'b'`) keep theirs.
export const perlPackageQuotes = (code: string): string =>
  code.replace(/\b((?:[A-Z]\w*|main|\w+(?:::\w+)+)(?:'[A-Za-z_]\w*)*)'(?=[A-Za-z_])/g, (_whole: string, name: string) => `${name.replaceAll("'", '::')}::`);
// A call site's API is one perlCall reads (an open, a handle method, its plain-sub spelling).
export const perlOpenApi = (api: string): boolean => /open$|^->|^new\s/.test(api) || PERL_SUB_CALL.test(api);
const HANDLE_MODULES = /\b(?:IO::File|FileHandle|IO::Handle)\b/;
// A class only known at run time (fix66, round 42's LEFT: `$c = "IO::" . "File"; $c->new("cmd|")`, `"IO::$x"->new`,
// `new $c (…)`): its `->new` may be IO::File's and its objects IO::Pipe's, whatever names the code shows. A method
// only known at run time (`IO::File->$m(…)`) is parse-inline.ts's DYNAMIC_APIS.
const RUNTIME_CLASS = /(?:\$[\w:]+|"[^"\n]*"|[)}\]])\s*->\s*new\b|\bnew\s+\$/;

export interface PerlOpen {
  // It runs a command (a pipe open).
  readonly spawns: boolean;
  // The command line, when it is a literal.
  readonly command?: string;
}

// A part (one argument) that is nothing but literal text perl does not interpolate; its text, else undefined.
function literal(part: readonly Token[]): string | undefined {
  let text = '';
  for (const token of part) {
    if (token.kind === 'code') {
      if (token.text.trim() !== '') return undefined;
      continue;
    }
    if (token.command === true || token.words === true || /[$@](?:[\w{:]|$)/.test(token.value)) return undefined;
    text += token.value;
  }
  return text;
}

// A three-argument mode that pipes (`-|`, `|-`, `|`, with I/O layers: `-|:raw`); the command is the arguments after it.
const PIPE_MODE = /^\s*(?:-\s*\||\|\s*-?)\s*(?::[^]*)?$/;
// A three-argument mode that opens a file: read, write, append, read-write, a dup (`<&`, `>&=`), with layers.
const FILE_MODE = /^\s*\+?(?:<|>>?)(?:&=?)?\s*(?::[^]*)?$/;
// IO::File's MODE argument that opens a plain file (IO::Handle's _open_mode_string; a number: sysopen's flags).
const HANDLE_MODE = /^\s*(?:\d+|\+?(?:<|>>?)|[rwa]\+?)\s*$/;
// A two-argument name whose literal start fixes a file mode (read, write, append, read-write, a dup `<&`/`>&`).
const FIXED_START = /^\s*(?:\+?[<>])/;

export function perlOpen(site: CallSite, commandOf: (args: readonly Token[]) => string | undefined): PerlOpen {
  const parts = splitArgs(site.args).filter((part) => part.some((token) => token.kind === 'string' || token.text.trim() !== ''));
  if (parts.length < 2) return { spawns: true };
  if (parts.length >= 3) {
    const mode = literal(parts[1]!);
    if (mode === undefined || !(PIPE_MODE.test(mode) || FILE_MODE.test(mode))) return { spawns: true };
    if (!PIPE_MODE.test(mode)) return { spawns: false };
    const command = commandOf(parts.slice(2).flatMap((part, i) => (i === 0 ? part : [{ kind: 'code', text: ',' } as Token, ...part])));
    return command === undefined ? { spawns: true } : { spawns: true, command };
  }
  const name = parts[1]!;
  const text = literal(name);
  if (text === undefined) {
    // One string (`"<$file"`): perl reads the mode from its literal start. Anything more is an expression.
    const only = name.filter((token) => token.kind === 'string' || token.text.trim() !== '');
    const one = only.length === 1 && only[0]!.kind === 'string' ? only[0] : undefined;
    return { spawns: !(one !== undefined && one.kind === 'string' && one.command !== true && one.words !== true && FIXED_START.test(one.value)) };
  }
  if (FIXED_START.test(text)) return { spawns: false };
  // `open(F, "-|")` forks; `open(F, "|cmd")` and `open(F, "cmd|")` run cmd.
  if (PIPE_MODE.test(text)) return { spawns: true };
  if (/^\s*\|/.test(text) || /\|\s*$/.test(text)) {
    const command = text.replace(/^\s*\|\s*|\s*\|\s*$/g, '');
    return command === '' ? { spawns: true } : { spawns: true, command };
  }
  return { spawns: false };
}

const nonEmpty = (args: readonly Token[]): Token[][] => splitArgs(args).filter((part) => part.some((token) => token.kind === 'string' || token.text.trim() !== ''));
const joined = (parts: readonly (readonly Token[])[]): Token[] => parts.flatMap((part, i) => (i === 0 ? [...part] : [{ kind: 'code', text: ',' } as Token, ...part]));

// A perl call PERL_OPEN or PERL_HANDLE_CALL found in `code`: whether it runs a command, and which.
export function perlCall(site: CallSite, code: string, commandOf: (args: readonly Token[]) => string | undefined): PerlOpen {
  const method = site.api.startsWith('new') ? 'new' : (/(\w+)\s*$/.exec(site.api)?.[1] ?? '');
  const runtime = RUNTIME_CLASS.test(code);
  if (PERL_SUB_CALL.test(site.api)) {
    const parts = nonEmpty(site.args);
    if (parts.length === 0) return { spawns: true };
    return perlCall({ ...site, api: `->${method}`, args: joined(parts.slice(1)) }, code, commandOf);
  }
  if (!site.api.startsWith('->') && !site.api.startsWith('new')) return perlOpen(site, commandOf);
  if (method === 'reader' || method === 'writer') {
    if (!/\bIO::Pipe\b/.test(code) && !runtime) return { spawns: false };
    const command = commandOf(site.args);
    return command === undefined || command === '' ? { spawns: true } : { spawns: true, command };
  }
  if (method !== 'open' && !HANDLE_MODULES.test(code) && !runtime) return { spawns: false };
  // IO::File::open(NAME [, MODE [, PERMS]]): NAME alone is a two-argument open; a MODE with layers a three-argument one.
  const parts = nonEmpty(site.args);
  const handle: Token[] = [{ kind: 'code', text: 'F' }];
  if (parts.length === 0) return { spawns: false };
  if (parts.length === 1) return perlOpen({ ...site, args: joined([handle, parts[0]!]) }, commandOf);
  const mode = literal(parts[1]!);
  if (mode !== undefined && HANDLE_MODE.test(mode)) return { spawns: false };
  return mode !== undefined && mode.includes(':') ? perlOpen({ ...site, args: joined([handle, parts[1]!, parts[0]!]) }, commandOf) : { spawns: true };
}
