import { RUNS, WRITES } from './common.js';
import { spec } from './spec.js';
import type { ParsedArgs } from './types.js';

// awk (POSIX, gawk 5, mawk 1.3): a program is read-only only when it provably has no `system()`, no
// pipe (`cmd | getline`, `print | "cmd"`), no `getline` (reads files the command line does not name), no
// output redirection (`print > "f"`), no `ENVIRON` (tokens) and no gawk `@load`/`@include`.

// String literals and regular-expression literals removed (a `/` starts a regex where an operand is
// expected, as awk's own lexer decides).
function stripLiterals(program: string, regexes: boolean): string {
  let out = '';
  let last = '';
  for (let i = 0; i < program.length; i++) {
    const ch = program[i]!;
    if (ch === '"') {
      i++;
      while (i < program.length && program[i] !== '"') i += program[i] === '\\' ? 2 : 1;
      out += '""';
      last = '"';
      continue;
    }
    if (ch === '#') {
      while (i < program.length && program[i] !== '\n') i++;
      out += '\n';
      last = '\n';
      continue;
    }
    if (regexes && ch === '/' && (last === '' || /[(,{};!~&|=<>+\-*%?:\n^[]/.test(last))) {
      i++;
      while (i < program.length && program[i] !== '/' && program[i] !== '\n') i += program[i] === '\\' ? 2 : 1;
      out += '//';
      last = '/';
      continue;
    }
    out += ch;
    if (!/\s/.test(ch) || ch === '\n') last = ch;
  }
  return out;
}

// Why an awk program text is not read-only, or undefined.
export function awkProgramVeto(program: string): string | undefined {
  const words = stripLiterals(program, false);
  if (/\bsystem\s*\(/.test(words) || /\bsystem\b/.test(words)) return 'this awk program calls system()';
  if (/\bgetline\b/.test(words)) return 'this awk program uses getline (reads files or runs commands)';
  if (/\bENVIRON\b|\bPROCINFO\b/.test(words)) return 'this awk program reads the environment';
  if (/@\s*(?:load|include|namespace|nsinclude)\b|@\w+\s*\(/.test(words)) return 'this awk program loads code (@load, @include, indirect calls)';
  const code = stripLiterals(program, true).replace(/\|\|/g, ' ');
  if (code.includes('|')) return 'this awk program pipes to or from a command';
  if (/\b(?:close|fflush)\b/.test(code) && /[|>]/.test(code)) return 'this awk program closes pipes or files';
  // `>` inside print/printf arguments that is not inside parentheses is an output redirection.
  for (const match of code.matchAll(/\bprintf?\b/g)) {
    let depth = 0;
    for (let i = match.index + match[0].length; i < code.length; i++) {
      const ch = code[i]!;
      if (ch === '(' || ch === '[') depth++;
      else if (ch === ')' || ch === ']') depth--;
      else if (depth <= 0 && /[;}\n]/.test(ch)) break;
      else if (depth <= 0 && ch === '>') return 'this awk program writes to a file (print >)';
    }
  }
  return undefined;
}

function awkCheck(parsed: ParsedArgs): string | undefined {
  const sources = parsed.options.filter((o) => o.def.name === '--source').map((o) => o.value ?? '');
  const program = sources.length > 0 ? sources.join('\n') : parsed.operands[0];
  if (program === undefined) return 'awk without a program';
  // -v and var=value operands only set variables, but a value could name a file (`-v f=/x` with `print > f`),
  // which the program check already refuses.
  return awkProgramVeto(program);
}

// One table for awk, gawk, mawk and nawk (the name `awk` is any of them). mawk abbreviates its -W
// options and gawk its long options, so every -W is refused and long options are matched by prefix.
export const AWK = spec({
  safe: `-F=|--field-separator= -v=|--assign= -b|--characters-as-bytes -c|--traditional -C|--copyright -h|--usage|--help -M|--bignum
    -N|--use-lc-numeric -n|--non-decimal-data -O|--optimize -s|--no-optimize -P|--posix -r|--re-interval -S|--sandbox -t|--lint-old
    -V|--version -e=|--source= --csv -k -I|--trace`,
  unsafe: {
    '-f=|--file= -E=|--exec= -i=|--include= -l=|--load=': RUNS.replace('another program', 'a program file or extension'),
    '-W=': 'mawk/gawk -W options include exec (runs a program file) and dump',
    '-d[=]|--dump-variables[=] -o[=]|--pretty-print[=] -p[=]|--profile[=]': WRITES,
    '-D[=]|--debug[=] -L[=]|--lint[=] -g|--gen-pot -Y|--persist[=]': 'is not a plain run',
  },
  check: awkCheck,
});
