import { GNU_INFO, RUNS } from './common.js';
import { spec } from './spec.js';
import type { ParsedArgs } from './types.js';

// GNU sed 4.x: a script only prints unless it has `w`/`W` (write a file), `e` (run a command), `r`/`R`
// (read a file the command line does not name), or an `s` command with the `w` or `e` flag. The
// script is parsed command by command, as sed does; anything it does not recognise is not read-only.

const SIMPLE = new Set(['=', 'd', 'D', 'g', 'G', 'h', 'H', 'n', 'N', 'p', 'P', 'x', 'z', 'F']);
const WITH_NUMBER = new Set(['l', 'L', 'q', 'Q']);

class Reader {
  i = 0;
  constructor(readonly text: string) {}
  get done(): boolean {
    return this.i >= this.text.length;
  }
  peek(): string {
    return this.text[this.i] ?? '';
  }
  skip(chars: RegExp): void {
    while (!this.done && chars.test(this.peek())) this.i++;
  }
  // To the end of the line (a label, a file name, a/i/c text with backslash-newline continuations).
  rest(): string {
    const start = this.i;
    while (!this.done && this.peek() !== '\n') this.i += this.peek() === '\\' ? 2 : 1;
    return this.text.slice(start, this.i);
  }
  // Up to an unescaped `delim`; false when the text ends first.
  delimited(delim: string): boolean {
    while (!this.done) {
      const ch = this.text[this.i++]!;
      if (ch === '\\') this.i++;
      else if (ch === delim) return true;
      else if (ch === '\n' && delim !== '\n') return false;
    }
    return false;
  }
}

function address(r: Reader): boolean {
  const ch = r.peek();
  if (/\d/.test(ch)) {
    r.skip(/\d/);
    if (r.peek() === '~') {
      r.i++;
      r.skip(/\d/);
    }
    return true;
  }
  if (ch === '$') {
    r.i++;
    return true;
  }
  if (ch === '/' || ch === '\\') {
    r.i++;
    const delim = ch === '\\' ? r.text[r.i++] ?? '' : '/';
    if (delim === '' || delim === '\n' || !r.delimited(delim)) return false;
    r.skip(/[IM]/);
    return true;
  }
  return true;
}

// Why a sed script is not read-only, or undefined.
export function sedScriptVeto(script: string): string | undefined {
  const r = new Reader(script);
  while (true) {
    r.skip(/[\s;]/);
    if (r.done) return undefined;
    if (r.peek() === '#') {
      r.rest();
      continue;
    }
    if (r.peek() === '}') {
      r.i++;
      continue;
    }
    if (!address(r)) return 'the sed script does not parse';
    r.skip(/[ \t]/);
    if (r.peek() === ',') {
      r.i++;
      r.skip(/[ \t]/);
      if (r.peek() === '+' || r.peek() === '~') {
        r.i++;
        r.skip(/\d/);
      } else if (!address(r)) return 'the sed script does not parse';
    }
    r.skip(/[ \t]/);
    while (r.peek() === '!') {
      r.i++;
      r.skip(/[ \t]/);
    }
    const cmd = r.text[r.i++] ?? '';
    if (cmd === '{') continue;
    if (SIMPLE.has(cmd)) continue;
    if (WITH_NUMBER.has(cmd)) {
      r.skip(/[ \t\d]/);
      continue;
    }
    if (cmd === ':' || cmd === 'b' || cmd === 't' || cmd === 'T' || cmd === 'v') {
      r.skip(/[ \t]/);
      while (!r.done && !/[;\n}]/.test(r.peek())) r.i++;
      continue;
    }
    if (cmd === 'a' || cmd === 'i' || cmd === 'c') {
      r.rest();
      continue;
    }
    if (cmd === 'w' || cmd === 'W') return `sed \`${cmd}\` writes a file`;
    if (cmd === 'r' || cmd === 'R') return `sed \`${cmd}\` reads a file the command line does not name`;
    if (cmd === 'e') return 'sed `e` runs a command';
    if (cmd === 's' || cmd === 'y') {
      const delim = r.text[r.i++] ?? '';
      if (delim === '' || delim === '\n' || delim === '\\') return 'the sed script does not parse';
      if (!r.delimited(delim) || !substitution(r, delim)) return 'the sed script does not parse';
      if (cmd === 'y') continue;
      const flags = /^[gpiImM\d]*/.exec(r.text.slice(r.i))![0];
      r.i += flags.length;
      const next = r.peek();
      if (next === 'w') return 'sed s///w writes a file';
      if (next === 'e') return 'sed s///e runs the result as a command';
      if (next !== '' && !/[\s;}#]/.test(next)) return `sed s/// flag \`${next}\` is not known`;
      continue;
    }
    return cmd === '' ? undefined : `sed command \`${cmd}\` is not known to be read-only`;
  }
}

// The replacement may span lines with backslash-newline.
function substitution(r: Reader, delim: string): boolean {
  while (!r.done) {
    const ch = r.text[r.i++]!;
    if (ch === '\\') r.i++;
    else if (ch === delim) return true;
    else if (ch === '\n') return false;
  }
  return false;
}

function sedCheck(parsed: ParsedArgs): string | undefined {
  const scripts = parsed.options.filter((o) => o.def.name === '--expression').map((o) => o.value ?? '');
  const script = scripts.length > 0 ? scripts.join('\n') : parsed.operands[0];
  if (script === undefined) return 'sed without a script';
  return sedScriptVeto(script);
}

export const SED = spec({
  safe: `${GNU_INFO} -n|--quiet|--silent --debug -e=|--expression= -l=|--line-length= --posix -E|-r|--regexp-extended -s|--separate
    --sandbox -u|--unbuffered -z|--null-data --follow-symlinks -b|--binary`,
  unsafe: { '-i[=]|--in-place[=]': 'edits files in place', '-f=|--file=': `${RUNS.replace('another program', 'a script file')}` },
  check: sedCheck,
});
