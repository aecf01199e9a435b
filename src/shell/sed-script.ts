// GNU sed 4.x scripts, parsed command by command as sed does: what a script does besides printing (`w`/`W`
// write a file, `r`/`R` read one, `e` and the s///e flag run a command). options/sed.ts judges the
// options by it; the planner judges the text `e` runs like `sh -c TEXT` (red team R11-1).

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

export interface SedScan {
  // Why the script is not read-only (the first reason), or undefined.
  readonly veto: string | undefined;
  // The text of each `e COMMAND`: sed runs it with `sh -c`.
  readonly runs: readonly string[];
  // A command only known at run time: `e` alone runs the pattern space, the s///e flag the result.
  readonly runtime: boolean;
}

// A sed script command by command, as sed reads it (a parse error or an unknown command stops it: sed
// runs nothing then).
export function scanSed(script: string): SedScan {
  const r = new Reader(script);
  let veto: string | undefined;
  const runs: string[] = [];
  let runtime = false;
  const done = (reason?: string): SedScan => ({ veto: veto ?? reason, runs, runtime });
  while (true) {
    r.skip(/[\s;]/);
    if (r.done) return done();
    if (r.peek() === '#') {
      r.rest();
      continue;
    }
    if (r.peek() === '}') {
      r.i++;
      continue;
    }
    if (!address(r)) return done('the sed script does not parse');
    r.skip(/[ \t]/);
    if (r.peek() === ',') {
      r.i++;
      r.skip(/[ \t]/);
      if (r.peek() === '+' || r.peek() === '~') {
        r.i++;
        r.skip(/\d/);
      } else if (!address(r)) return done('the sed script does not parse');
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
    if (cmd === 'w' || cmd === 'W' || cmd === 'r' || cmd === 'R') {
      veto ??= cmd === 'w' || cmd === 'W' ? `sed \`${cmd}\` writes a file` : `sed \`${cmd}\` reads a file the command line does not name`;
      r.rest();
      continue;
    }
    if (cmd === 'e') {
      veto ??= 'sed `e` runs a command';
      const text = r.rest().trim();
      if (text === '') runtime = true;
      else runs.push(text);
      continue;
    }
    if (cmd === 's' || cmd === 'y') {
      const delim = r.text[r.i++] ?? '';
      if (delim === '' || delim === '\n' || delim === '\\') return done('the sed script does not parse');
      if (!r.delimited(delim) || !substitution(r, delim)) return done('the sed script does not parse');
      if (cmd === 'y') continue;
      const flags = /^[gpiImMe\d]*/.exec(r.text.slice(r.i))![0];
      r.i += flags.length;
      if (flags.includes('e')) {
        veto ??= 'sed s///e runs the result as a command';
        runtime = true;
      }
      const next = r.peek();
      if (next === 'w') {
        veto ??= 'sed s///w writes a file';
        r.rest();
        continue;
      }
      if (next !== '' && !/[\s;}#]/.test(next)) return done(`sed s/// flag \`${next}\` is not known`);
      continue;
    }
    return done(cmd === '' ? undefined : `sed command \`${cmd}\` is not known to be read-only`);
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
