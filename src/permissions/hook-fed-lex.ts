// The tokens of one hook line for hook-fed.ts (red team R20-22): words (quotes removed, each command or process
// substitution kept as its text) and the operators that separate commands or redirect them. The shell parse
// (src/shell/parse.ts) is tree-sitter loaded asynchronously, and the hook walk is synchronous from every gate that
// asks what a file is obeyed by; this reader only has to find commands, their redirections and substitutions, and
// gives up (`broken`) on anything it cannot close, so the caller fails closed.

export interface Sub {
  readonly text: string;
  // `<(...)` / `>(...)`; absent for `$(...)` and backquotes.
  readonly process?: '<' | '>';
}

// `plain`: how many leading characters of a word's value were written bare (before its first quote, backslash or
// expansion): `FOO="a b"` is an assignment (its `FOO=` is bare), `"FOO=a"` is a word. `brace`: a `{` written bare
// (`tools/{a,b}.js` expands, `"src/*.{js,ts}"` does not).
export type Token =
  | { readonly kind: 'word'; readonly value: string; readonly dynamic: boolean; readonly subs: readonly Sub[]; readonly quoted: boolean; readonly plain: number; readonly brace: boolean }
  | { readonly kind: 'op'; readonly op: string; readonly fd?: string; readonly here?: HereDoc };

// A here-document's body (fed23), on its `<<`/`<<-` token: the lines up to its delimiter line (tabs stripped for
// `<<-`); `expand`: the delimiter is unquoted, so the shell expands `$`, backquotes and backslashes in it first.
export interface HereDoc {
  readonly body: string;
  readonly expand: boolean;
}

const OPS = ['&&', '||', ';;', '<<<', '<<-', '<<', '>>', '&>>', '&>', '>|', '<>', '<&', '>&', '|&', ';', '&', '|', '(', ')', '<', '>', '\n'];

// The index just past the `)` closing the substitution whose `(` is at `open`, or -1.
function closing(text: string, open: number): number {
  let depth = 0;
  let quote: string | undefined;
  for (let i = open; i < text.length; i++) {
    const c = text[i]!;
    if (quote !== undefined) {
      if (c === '\\' && quote === '"') i++;
      else if (c === quote) quote = undefined;
    } else if (c === '\\') i++;
    else if (c === '"' || c === "'") quote = c;
    else if (c === '(') depth++;
    else if (c === ')' && --depth === 0) return i + 1;
  }
  return -1;
}

const ESCAPES: Readonly<Record<string, string>> = { n: '\n', t: '\t', r: '\r', a: '\x07', b: '\b', e: '\x1b', E: '\x1b', f: '\f', v: '\v' };
// The text of `$'...'` as bash decodes it (hex, octal, unicode and control escapes too).
function ansiC(body: string): string {
  return body.replace(/\\(x[\da-fA-F]{1,2}|u[\da-fA-F]{1,4}|U[\da-fA-F]{1,8}|[0-7]{1,3}|c[\s\S]|[\s\S])/g, (_, e: string) => {
    if (/^[xuU]/.test(e)) return String.fromCodePoint(Number.parseInt(e.slice(1), 16));
    if (/^[0-7]/.test(e)) return String.fromCharCode(Number.parseInt(e, 8) & 255);
    if (e.length === 2) return String.fromCharCode(e.charCodeAt(1) & 31);
    return ESCAPES[e] ?? e;
  });
}

// Reads the bodies of the here-documents started on the line that ends at `newline` into their tokens (`pending`:
// the index of each `<<` token, its delimiter word next); returns where reading goes on (past the last body).
function bodies(text: string, newline: number, tokens: Token[], pending: readonly number[]): number {
  let at = newline + 1;
  for (const index of pending) {
    const token = tokens[index] as Extract<Token, { kind: 'op' }>;
    const word = tokens[index + 1];
    if (word?.kind !== 'word') continue;
    const lines: string[] = [];
    // A body that never meets its delimiter runs to the end of the text (bash warns and reads it so).
    while (at < text.length) {
      const end = text.indexOf('\n', at) < 0 ? text.length : text.indexOf('\n', at);
      const line = token.op === '<<-' ? text.slice(at, end).replace(/^\t+/, '') : text.slice(at, end);
      at = end + 1;
      if (line === word.value) break;
      lines.push(line);
    }
    tokens[index] = { ...token, here: { body: lines.map((line) => `${line}\n`).join(''), expand: !word.quoted && !word.dynamic } };
  }
  return at - 1;
}

export function lex(text: string): { tokens: Token[]; broken: boolean } {
  const tokens: Token[] = [];
  // The `<<` tokens whose bodies start on the next line.
  let pending: number[] = [];
  let value = '';
  let started = false;
  let dynamic = false;
  let quoted = false;
  let plain = -1;
  let brace = false;
  // The value is read bare up to here (the first quoted, escaped or expanded character comes next).
  const unbare = (): void => {
    if (plain < 0) plain = value.length;
  };
  let subs: Sub[] = [];
  let quote: '"' | "'" | undefined;
  const end = (): void => {
    if (started) tokens.push({ kind: 'word', value, dynamic, subs, quoted, plain: plain < 0 ? value.length : plain, brace });
    value = '';
    started = dynamic = quoted = false;
    plain = -1;
    brace = false;
    subs = [];
  };
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quote === "'") {
      if (c === "'") quote = undefined;
      else value += c;
      continue;
    }
    // A substitution (`$(...)`, `<(...)`, backquotes) or a variable: kept as text, the word is dynamic.
    const process = quote === undefined && (c === '<' || c === '>') && text[i + 1] === '(' ? c : undefined;
    if ((c === '$' && text[i + 1] === '(') || process !== undefined) {
      const close = closing(text, i + 1);
      if (close < 0) return { tokens, broken: true };
      unbare();
      subs.push({ text: text.slice(i + 2, close - 1), ...(process === undefined ? {} : { process }) });
      value += text.slice(i, close);
      started = dynamic = true;
      i = close - 1;
      continue;
    }
    if (c === '`') {
      const close = text.indexOf('`', i + 1);
      if (close < 0) return { tokens, broken: true };
      unbare();
      subs.push({ text: text.slice(i + 1, close) });
      value += text.slice(i, close + 1);
      started = dynamic = true;
      i = close;
      continue;
    }
    // ANSI-C quoting (`$'tools/x'`, red team R21-2): its escapes read; one codeward does not decode is dynamic.
    if (quote === undefined && c === '$' && text[i + 1] === "'") {
      const found = /^\$'((?:[^'\\]|\\[\s\S])*)'/.exec(text.slice(i));
      if (found === null) return { tokens, broken: true };
      unbare();
      value += ansiC(found[1]!);
      started = quoted = true;
      i += found[0].length - 1;
      continue;
    }
    if (c === '$' && /[\w{@*#?$!-]/.test(text[i + 1] ?? '')) {
      unbare();
      const name = /^\$(?:\{[^}]*\}|[A-Za-z_]\w*|[\d@*#?$!-])/.exec(text.slice(i))?.[0] ?? '$';
      value += name;
      started = dynamic = true;
      i += name.length - 1;
      continue;
    }
    if (quote === '"') {
      if (c === '"') quote = undefined;
      else if (c === '\\' && /["\\$`]/.test(text[i + 1] ?? '')) value += text[++i];
      else value += c;
      continue;
    }
    if (c === '"' || c === "'") {
      unbare();
      quote = c;
      started = quoted = true;
    } else if (c === '\\') {
      unbare();
      if (text[i + 1] !== '\n' && i + 1 < text.length) value += text[i + 1];
      started = quoted = true;
      i++;
    } else if (c === '#' && !started) {
      while (i + 1 < text.length && text[i + 1] !== '\n') i++;
    } else if (/[ \t]/.test(c)) end();
    else {
      const op = /[;&|()<>\n]/.test(c) ? OPS.find((each) => text.startsWith(each, i)) : undefined;
      // A number right before a redirection is its file descriptor (`2>`, `0<`).
      let fd: string | undefined;
      if (op !== undefined && /^[<>&]/.test(op) && started && /^\d+$/.test(value) && !quoted) {
        fd = value;
        value = '';
        started = false;
      }
      if (op === undefined) {
        if (c === '{') brace = true;
        value += c;
        started = true;
        continue;
      }
      end();
      if (op === '\n' && pending.length > 0) {
        tokens.push({ kind: 'op', op });
        i = bodies(text, i, tokens, pending);
        pending = [];
        continue;
      }
      if (op === '<<' || op === '<<-') pending.push(tokens.length);
      tokens.push(fd === undefined ? { kind: 'op', op } : { kind: 'op', op, fd });
      i += op.length - 1;
    }
  }
  if (quote !== undefined) return { tokens, broken: true };
  end();
  return { tokens, broken: false };
}
