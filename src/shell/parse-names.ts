// One normaliser for a command name, used wherever a name is looked up (red team R9-3: `| tclsh` asked,
// `| tclsh8.6` and `| python3.11` did not). A program that runs code is installed under versioned names
// (`tclsh8.6`, `python3.11`, `ruby3.2`, `perl5.36`, `lua5.4`, `node20`, `php8.2`, `lldb-18`, `vim.tiny`,
// `arm-none-eabi-gdb`):
// such a name is judged as the family it belongs to. Only names of known code runners are shortened, so
// an unknown `cat2` never turns into the read-only `cat`.
import { INTERPRETERS, SHELLS } from './parse-wrappers.js';
import { sameProgram } from './program-aliases.js';

// Programs that read code, besides shells and interpreters: debuggers, editors, database clients, macro
// processors, calculators with shell escapes, and language families parse-inline.ts knows.
const CODE_READERS = new Set(`gdb cgdb lldb ed red ex vi vim nvim view sqlite3 duckdb psql mysql mariadb dc bc m4 awk gawk mawk nawk
  sed gsed python pypy pypy3 perl ruby jruby irb php lua luajit node bun deno`.split(/\s+/));

const KNOWN = (name: string): boolean => SHELLS.has(name) || INTERPRETERS.has(name) || CODE_READERS.has(name);

// A trailing version (`8.6`, `.11`, `20`, `-18`) or a Debian build flavour of vim (`vim.tiny`).
const SUFFIX = /(?:[.-]?\d+|\.(?:tiny|basic|nox|gtk3?|athena|motif|appimage))$/;

// The base name of a command word (`/usr/bin/tclsh8.6` → `tclsh`; an unknown `cat2` stays `cat2`); a name the
// program is also installed under is the program's (`yarnpkg` → `yarn`: program-aliases.ts).
export function programName(value: string): string {
  const trimmed = value.replace(/\/+$/, '');
  const base = sameProgram(trimmed.slice(trimmed.lastIndexOf('/') + 1));
  let key = base.toLowerCase();
  // A cross or toolchain debugger (`arm-none-eabi-gdb`, `rust-lldb`) is the debugger.
  const debugger_ = /^[\w.+-]+-(gdb|lldb)$/.exec(key);
  if (debugger_) return debugger_[1]!;
  while (!KNOWN(key)) {
    const shorter = key.replace(SUFFIX, '');
    if (shorter === key || shorter === '') return base;
    key = shorter;
  }
  return base.slice(0, key.length);
}
