// Quote removal for the words of a start-up file's lines (red team R26-2: `. ~/'proj'/x.sh`, `. ~/'proj/x.sh'`,
// `. ~/$'proj'/x.sh`, `. "$HOME"/proj/x.sh`: the shell expands the unquoted `~/` and removes the quotes, so the file
// loaded is ~/proj/x.sh). A path is judged as the shell reads it, whatever mix of quotes spells it.

// ANSI-C quoting's escapes (`$'\x70roj'`): the common ones; another escape keeps its character.
const ESCAPES: Readonly<Record<string, string>> = { n: '\n', t: '\t', r: '\r', a: '\x07', b: '\b', e: '\x1b', E: '\x1b', f: '\f', v: '\v', '\\': '\\', "'": "'", '"': '"', '?': '?' };
function ansiC(body: string): string {
  return body.replace(/\\(x[0-9A-Fa-f]{1,2}|[0-7]{1,3}|u[0-9A-Fa-f]{1,4}|U[0-9A-Fa-f]{1,8}|.)/g, (_all, escape: string) => {
    if (/^[xuU]/.test(escape) && escape.length > 1) return String.fromCodePoint(Number.parseInt(escape.slice(1), 16));
    if (/^[0-7]+$/.test(escape)) return String.fromCodePoint(Number.parseInt(escape, 8));
    return ESCAPES[escape] ?? `\\${escape}`;
  });
}

// `line` with its quotes removed as sh removes them (single, double, `$'..'`, `$".."`, a backslash outside quotes);
// an unterminated quote keeps the rest as written.
export function unquoted(line: string): string {
  let out = '';
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    if (c === '$' && (line[i + 1] === "'" || line[i + 1] === '"')) continue;
    if (c === '\\' && i + 1 < line.length) out += line[++i];
    else if (c === "'" || c === '"') {
      const close = closing(line, i + 1, c);
      if (close < 0) return out + line.slice(i);
      const body = line.slice(i + 1, close);
      out += c === "'" ? (line[i - 1] === '$' ? ansiC(body) : body) : body.replace(/\\([$`"\\])/g, '$1');
      i = close;
    } else out += c;
  }
  return out;
}

function closing(line: string, from: number, quote: string): number {
  for (let i = from; i < line.length; i++) {
    if (line[i] === '\\' && quote === '"') i++;
    else if (line[i] === quote) return i;
  }
  return -1;
}

// A quoted part whose quotes change nothing of what the shell reads (no white space, `~`, `$`, glob, brace, quote,
// backslash or operator in it) written without them, so a parser reading a word's quoting as a whole (sh-tokens.ts:
// a word with any single-quoted part is not expanded) expands the `~/` before it: `~/'proj'/x.sh` -> `~/proj/x.sh`.
export function plainQuoted(text: string): string {
  return text.replace(/\$'((?:[^'\\\n]|\\.)*)'|'([^'\n]*)'/g, (all, ansi?: string, single?: string) => {
    const body = ansi === undefined ? single! : ansiC(ansi);
    return /^[\w./@+,:%=-]+$/.test(body) ? body : all;
  });
}
