// The command files of programs with a command language of their own (red team R21-3 psql, R22-11 the others): which
// options name a file of commands, which meta-commands read another file, and which lines escape to a shell
// (`\!` for psql, `.shell`/`.system` for sqlite3/duckdb, `shell`/`!` for gdb, `system`/`\!` for mysql, `platform
// shell` for lldb). One row per program, held in its ProgramRow (`commands`, parse-launch-program-rows.ts); the reader
// is permissions/immune-command-files.ts, which reads each file through the read jail. A shell escape in such a file
// runs as one in the program's inline text does, so it is the same immune class (unparsed code).

import { scanSed } from './sed-script.js';
import { AWK_LONGS, SED_LONGS, longSpellings } from './gnu-long.js';

export interface CommandFiles {
  // An option word naming a file of commands. Group `v`: the value when it is in the same word (`--file=F`, `-fF`);
  // an empty or absent `v` takes the next word.
  readonly file: RegExp;
  // A line (or meta-command) of the program's text that runs a shell command or code codeward does not parse (a
  // pattern, or a reader of the language: sed's).
  readonly shell: { test(text: string): boolean };
  // A meta-command reading another file of commands (global). Groups: `q`/`dq`/`w` the name (quoted or a word);
  // `rel` set when the name is relative to the including file, not to the working folder.
  readonly include: RegExp;
  // Whether the program's operands and option values are its command text (SQL clients), read for `shell` and
  // `include`; a debugger's operands are a program and a core file.
  readonly argsAreText: boolean;
  // The start-up file in the home folder it reads (read when the home folder is in the workspace), and the option
  // words that skip it.
  readonly rc?: { readonly name: string; readonly skip: RegExp };
  // A file name the program fills in at run time (psql's `:var`).
  readonly runtimeName?: RegExp;
  // A file name the program runs as code in another language (gdb's `.py`).
  readonly code?: RegExp;
  // The file an option names when its operand is left out (the line ends or an option follows it).
  readonly omitted?: { readonly option: string; readonly file: string };
}

const NAME = `\\s+(?:'(?<q>[^'\\n]*)'|"(?<dq>[^"\\n]*)"|(?<w>[^\\s;\\\\'"]+))`;

// A command word given as any unique prefix of its name at least `min` letters long (sqlite3, duckdb, gdb and lldb
// take `.she`, `she`, `pla sh` for `.shell`, `shell`, `platform shell`: red team R23-10), as a regex source.
export function abbreviated(name: string, min: number): string {
  let tail = '';
  for (let i = name.length - 1; i >= min; i--) tail = `(?:${escape(name[i]!)}${tail})?`;
  return escape(name.slice(0, min)) + tail;
}
const escape = (text: string): string => text.replace(/[.*+?^${}()|[\]\\-]/g, '\\$&');
const anyOf = (names: Readonly<Record<string, number>>): string => Object.entries(names).map(([name, min]) => abbreviated(name, min)).join('|');


// psql: `-f F`, `-fF`, `-Xf F`, `--file=F`, getopt_long's `--fil=F`; `\i`/`\ir`/`\include`/`\include_relative`; `\!`,
// output or a query piped to a program (`\o |`, `\g |`, `\w |`), `\copy ... program`, `COPY ... PROGRAM`, a
// meta-command's backquoted argument (`\set x \`cmd\``), the editor commands and `\setenv` (the editor or pager it
// starts).
export const PSQL_SHELL = /\\(?:!|[ogw]x?\s*\||copy\b[\s\S]*\bprogram\b|(?:e|ef|ev|edit|setenv)\b)|\bto\s+program\b|\bfrom\s+program\b|\\[a-z][^\n`]*`/i;
const PSQL: CommandFiles = {
  file: /^(?:-[aAbeEHlnqsStxXwWz01]*f|--fil(?:e)?(?:=|$))(?<v>.*)$/s,
  shell: PSQL_SHELL,
  include: new RegExp(`\\\\(?:i|include|(?<rel>ir|include_relative))${NAME}`, 'g'),
  argsAreText: true,
  rc: { name: '.psqlrc', skip: /^(?:-[aAbeEHlnqsStxwWz]*X[a-zA-Z]*|--no-psqlrc)$/ },
  runtimeName: /:['"]?[A-Za-z_{]/,
};

// sqlite3/duckdb (the same shell): `-init F`, duckdb's `-f F` (a leading `--` is read as `-`); `.read F`; `.shell`,
// `.system`, `.sh`, `.read`/`.once`/`.output`/`.import` of `|cmd` (a pipe from or to a command), `.excel` and
// `.edit` (they start a program).
// Any abbreviation of those (`.she`), `.load` (a native extension: code), any dot-command given `|cmd`, and the SQL
// functions that start a program or load code: `edit(TEXT, EDITOR)` runs EDITOR through system(), `load_extension()`
// (R23-5).
const SQLITE_SHELL = new RegExp(
  `^[ \\t]*\\.(?:${anyOf({ shell: 2, system: 2, excel: 2, edit: 2, load: 2 })})(?![\\w-])|^[ \\t]*\\.\\w+\\s+['"]?\\||\\b(?:edit|load_extension)\\s*\\(`,
  'im',
);
// `.rea F` too (sqlite3 takes `.read` from 3 letters: red team R24-4).
const SQLITE_INCLUDE = new RegExp(`^[ \\t]*\\.${abbreviated('read', 3)}${NAME}`, 'gm');
const SQLITE: CommandFiles = { file: /^--?init(?<v>)$/, shell: SQLITE_SHELL, include: SQLITE_INCLUDE, argsAreText: true, rc: { name: '.sqliterc', skip: /^--?init$/ } };
const DUCKDB: CommandFiles = { file: /^--?(?:init|f)(?<v>)$/, shell: SQLITE_SHELL, include: SQLITE_INCLUDE, argsAreText: true, rc: { name: '.duckdbrc', skip: /^--?init$/ } };

// mysql/mariadb: `source F` / `\. F` in `-e` text reads one; `system`/`\!` run a shell command, `pager`/`\P` and
// `--pager=CMD` start a program, `--plugin-dir`/`--default-auth` load a library. Their option files (`--defaults-file=F`, `--defaults-extra-file=F`, `~/.my.cnf`) are
// read the same way (cmd24): a `pager` setting starts a program, `plugin-dir`/`default-auth` load a library, and
// `!include F` reads another (`!includedir D`: a folder, not read, so it asks).
const MYSQL_SHELL = /\\!|\\P\s*[^\s;]|(?:^|[;\n])\s*(?:system|pager)\s+\S|^[ \t]*(?:--?)?(?:pager|plugin[-_]dir|default[-_]auth)\b|^[ \t]*!includedir\b/im;
const MYSQL: CommandFiles = {
  file: /^--defaults(?:-extra)?-file(?:=|$)(?<v>.*)$/s,
  shell: MYSQL_SHELL,
  include: new RegExp(`(?:^|[;\\n])\\s*(?:source|\\\\\\.|!include)${NAME}`, 'gi'),
  argsAreText: true,
  rc: { name: '.my.cnf', skip: /^--(?:no-defaults|defaults-file(?:=.*)?)$/ },
};

// gdb: `-x F`, `-xF`, `-command F`, `--command=F`, `-ix F`, `-init-command F`, `-eix F`, `-early-init-command F`
// (single or double dash, `=`, getopt_long_only prefixes of `command`); `source [-s] [-v] F`; `shell`/`!`, `pipe`/`|`,
// `python`/`py`/`pi`, `guile`/`gu`, `compile`, `make` (each runs a command or code codeward does not parse); `run`,
// `start`, `starti`, `set args` with shell syntax in their arguments (cmd24: gdb starts the program through $SHELL
// or /bin/sh, so `run ; rm -r build` runs rm; plain words and `< file` are the program's own).
const GDB_RUN = /^[ \t]*(?:r|ru|run|sta|star|start|starti|se(?:t)?\s+ar(?:g|gs)?)\b[^\n]*?[;&|>$`\\(){}*?[\]~!#'"]/;
const GDB: CommandFiles = {
  file: /^(?:--?(?:x|ix|eix|com(?:m(?:a(?:n(?:d)?)?)?)?|init-command|early-init-command)(?:=|$)|-x)(?<v>.*)$/s,
  // gdb takes any unique prefix of a command (`she`, `pyth`, `ev`): `eval` runs the command it formats, `alias` makes a
  // new name for one (R23-10); `run`/`start`/`set args` with shell syntax run the program through the shell (left25).
  shell: new RegExp(`^[ \\t]*(?:!|\\||pi(?![\\w-])|(?:${anyOf({ shell: 2, pipe: 3, python: 2, 'python-interactive': 8, guile: 2, compile: 4, make: 3, eval: 2, alias: 2 })})(?![\\w-]))|${GDB_RUN.source}`, 'im'),
  // A file gdb sources as Python or Guile code by its name (`gdb -x g.py`: R23-15).
  code: /\.(?:py|scm)$/i,
  include: new RegExp(`^[ \\t]*so(?:u(?:r(?:c(?:e)?)?)?)?(?:\\s+-[sv])*${NAME}`, 'gm'),
  argsAreText: false,
  rc: { name: '.gdbinit', skip: /^--?(?:nx|n|nh)$/ },
};

// lldb: `-s F`, `--source F`, `-S F`, `--source-before-file F` (`=` too); `command source [-c/-e/-s B] F`; `platform
// shell`, its alias `shell`, `script` and `command script` (python), `_regexp-shell`.
const LLDB: CommandFiles = {
  file: /^(?:-[sS]|--source(?:-before-file)?(?:=|$))(?<v>.*)$/s,
  shell: new RegExp(
    `^[ \\t]*(?:${abbreviated('platform', 2)}\\s+${abbreviated('shell', 2)}|${abbreviated('command', 3)}\\s+(?:${anyOf({ script: 2, alias: 2, regex: 3 })})|${anyOf({ shell: 2, script: 2 })}|_regexp-shell|!)(?![\\w-])`,
    'im',
  ),
  include: new RegExp(`^[ \\t]*command\\s+source(?:\\s+-[ces]\\s*\\S+)*${NAME}`, 'gm'),
  argsAreText: false,
  rc: { name: '.lldbinit', skip: /^(?:-x|--no-lldbinit)$/ },
};

// rg: `--pre=PROG` runs PROG on every file it searches (`rg --pre=rm x src` removes them: dyn23); its value is not a
// shell line, so it is not judged as one: any `--pre` asks. No file of commands; `rg "$PAT"` is not read here.
const RG: CommandFiles = { file: /^(?!)(?<v>)/, shell: /^--pre(?:=|$)/, include: /(?!)/g, argsAreText: true };

// Programs whose program text may come from a file as well as inline (red team R25-6: their inline form is judged):
// awk's `-f F`/`--file=F` (gawk's `-i F`/`--include`, `-E F`/`--exec`, `@include "F"`) runs a shell command by
// `system()`, `"cmd" | getline`, `print | "cmd"`, `|&`, and loads native code by `@load`; sed's `-f F` by its `e`
// command and the s///e flag (sed-script.ts reads it as sed does); vim's `-S F` (a script), `-s F` (typed keys) and
// `-u F` (a vimrc) run Vim script codeward does not parse: any such file asks.
const AWK: CommandFiles = {
  file: new RegExp(`^(?:-f|-i|-E|(?:${['file', 'include', 'exec'].map((name) => longSpellings(name, AWK_LONGS)).join('|')})(?:=|$))(?<v>.*)$`, 's'),
  shell: /\bsystem\s*\(|\|\s*getline|\|&|\bprintf?\b[^\n;]*\||@load\b/,
  include: /@include\s+"(?<dq>[^"\n]*)"/g,
  argsAreText: false,
};
const SED: CommandFiles = {
  file: new RegExp(`^(?:-[nrEsuz]*f|${longSpellings('file', SED_LONGS)}(?:=|$))(?<v>.*)$`, 's'),
  shell: { test: (text: string): boolean => {
    const scan = scanSed(text);
    return scan.runs.length > 0 || scan.runtime;
  } },
  include: /(?!)/g,
  argsAreText: false,
};
// `vim -S` with no file (the line ends, or an option follows) sources Session.vim (`:help -S`; red team R26-7).
const VIM: CommandFiles = { file: /^(?:-[Ssu])(?<v>.*)$/s, shell: /(?!)/, include: /(?!)/g, argsAreText: false, code: /(?:)/, omitted: { option: '-S', file: 'Session.vim' } };

export const COMMAND_FILES = {
  psql: PSQL, sqlite3: SQLITE, duckdb: DUCKDB, mysql: MYSQL, mariadb: MYSQL, gdb: GDB, cgdb: GDB, lldb: LLDB, rg: RG,
  awk: AWK, gawk: AWK, mawk: AWK, nawk: AWK, sed: SED, gsed: SED, vim: VIM, nvim: VIM, vi: VIM, ex: VIM, view: VIM, vimdiff: VIM, gvim: VIM,
} as const;
