// The lexer of the closed inline name reader (inline-names.ts): python or js code as the language reads its names.
// python reads an identifier as its NFKC form (`ｓｙｓｔｅｍ` is `system`), js decodes `\uXXXX`/`\u{…}` in identifiers and
// keys (`recursiv\u0065`); such a name is marked `changed` (the deny-lists read the raw text, so a changed name is
// unknown). Strings are kept whole (f-string and template holes are lexed as code), comments dropped, python line ends
// outside brackets are `;`. Bounded: past MAX_LEXEMES, or a character neither language reads, the code is unknown.
export interface Lexeme {
  readonly kind: 'name' | 'string' | 'number' | 'op';
  readonly text: string;
  readonly changed?: true;
}
export type Lexed = { readonly lexemes: Lexeme[] } | { readonly unknown: string };

export const MAX_LEXEMES = 20_000;
const PY_OPS = ['**=', '//=', '>>=', '<<=', '...', ':=', '->', '==', '!=', '<=', '>=', '**', '//', '<<', '>>', '+=', '-=', '*=', '/=', '%=', '&=', '|=', '^=', '@='];
const JS_OPS = ['>>>=', '...', '===', '!==', '**=', '<<=', '>>=', '>>>', '&&=', '||=', '??=', '=>', '==', '!=', '<=', '>=', '&&', '||', '??', '?.', '++', '--', '+=', '-=', '*=', '/=', '%=', '&=', '|=', '^=', '**', '<<', '>>'];
const SINGLE = new Set('()[]{}:;,.+-*/%<>=!~&|^@?#');
const PY_NAME = /[\p{L}\p{Nl}_][\p{L}\p{Nl}\p{Mn}\p{Mc}\p{Nd}\p{Pc}]*/uy;
const JS_NAME = /(?:[\p{ID_Start}$_]|\\u[0-9a-fA-F]{4}|\\u\{[0-9a-fA-F]+\})(?:[\p{ID_Continue}$\u200c\u200d]|\\u[0-9a-fA-F]{4}|\\u\{[0-9a-fA-F]+\})*/uy;
const NUMBER = /(?:0[xXoObB][\da-fA-F_]+n?|\d[\d_]*\.?[\d_]*(?:[eE][+-]?\d+)?[jJn]?|\.\d[\d_]*(?:[eE][+-]?\d+)?[jJ]?)/y;
const PY_STRING_START = /([rRbBuUfF]{0,2})('''|"""|'|")/y;

class Lexer {
  readonly out: Lexeme[] = [];
  at = 0;
  constructor(readonly code: string, readonly python: boolean) {}

  sticky(pattern: RegExp): string | undefined {
    pattern.lastIndex = this.at;
    const found = pattern.exec(this.code);
    return found === null ? undefined : found[0];
  }

  push(lexeme: Lexeme): void {
    if (this.out.length >= MAX_LEXEMES) throw new Error(`more than ${MAX_LEXEMES} lexemes`);
    this.out.push(lexeme);
  }

  // Code up to an unmatched closing brace (a hole of a template or f-string; `stop` also ends it: f-string `:`/`!`).
  run(inHole = false): void {
    let depth = 0;
    const code = this.code;
    while (this.at < code.length) {
      const ch = code[this.at]!;
      if (inHole && depth === 0 && (ch === '}' || (this.python && (ch === ':' || (ch === '!' && code[this.at + 1] !== '='))))) return;
      if (ch === '\n' && this.python && depth === 0) {
        this.push({ kind: 'op', text: ';' });
        this.at++;
      } else if (/\s/.test(ch) || (ch === '\\' && code[this.at + 1] === '\n')) this.at += ch === '\\' ? 2 : 1;
      else if (this.python ? ch === '#' : code.startsWith('//', this.at)) this.lineComment();
      else if (!this.python && code.startsWith('/*', this.at)) this.at = code.indexOf('*/', this.at + 2) < 0 ? code.length : code.indexOf('*/', this.at + 2) + 2;
      else if (this.string()) continue;
      else if (this.name()) continue;
      else if (/[\d.]/.test(ch) && this.sticky(NUMBER) !== undefined) {
        const text = this.sticky(NUMBER)!;
        this.push({ kind: 'number', text });
        this.at += text.length;
      } else if (!this.python && ch === '/' && this.regexAllowed()) this.regex();
      else {
        const op = (this.python ? PY_OPS : JS_OPS).find((candidate) => code.startsWith(candidate, this.at)) ?? (SINGLE.has(ch) ? ch : undefined);
        if (op === undefined) throw new Error(`a character codeward does not read: ${JSON.stringify(ch)}`);
        if (op === '(' || op === '[' || op === '{') depth++;
        if (op === ')' || op === ']' || op === '}') depth--;
        this.push({ kind: 'op', text: op });
        this.at += op.length;
      }
    }
  }

  lineComment(): void {
    const end = this.code.indexOf('\n', this.at);
    this.at = end < 0 ? this.code.length : end;
  }

  name(): boolean {
    const text = this.sticky(this.python ? PY_NAME : JS_NAME);
    if (text === undefined) return false;
    this.at += text.length;
    // A string prefix glued to its quote is the string's (python's f"…", rb'…').
    if (this.python && /^[rRbBuUfF]{1,2}$/.test(text) && /['"]/.test(this.code[this.at] ?? '')) {
      this.at -= text.length;
      return false;
    }
    const name = this.python ? text.normalize('NFKC') : text.replace(/\\u\{([0-9a-fA-F]+)\}|\\u([0-9a-fA-F]{4})/g, (_, a?: string, b?: string) => String.fromCodePoint(parseInt(a ?? b!, 16)));
    this.push({ kind: 'name', text: name, ...(name !== text ? { changed: true as const } : {}) });
    return true;
  }

  regexAllowed(): boolean {
    const last = this.out[this.out.length - 1];
    if (last === undefined) return true;
    if (last.kind === 'number' || last.kind === 'string') return false;
    if (last.kind === 'name') return /^(?:return|typeof|case|do|else|in|of|instanceof|new|void|delete|throw|yield|await)$/.test(last.text);
    return !/^[)\]}]$/.test(last.text);
  }

  regex(): void {
    let inClass = false;
    for (this.at++; this.at < this.code.length; this.at++) {
      const ch = this.code[this.at]!;
      if (ch === '\\') this.at++;
      else if (ch === '[') inClass = true;
      else if (ch === ']') inClass = false;
      else if (ch === '/' && !inClass) break;
      else if (ch === '\n') throw new Error('an unterminated regular expression');
    }
    this.at++;
    while (/[a-z]/.test(this.code[this.at] ?? '')) this.at++;
    this.push({ kind: 'string', text: '/regex/' });
  }

  // A string literal; f-string and template holes are lexed as code between `(` and `)`.
  string(): boolean {
    const code = this.code;
    let prefix = '';
    let quote: string;
    if (this.python) {
      const start = this.sticky(PY_STRING_START);
      if (start === undefined) return false;
      PY_STRING_START.lastIndex = this.at;
      const found = PY_STRING_START.exec(code)!;
      prefix = found[1]!.toLowerCase();
      quote = found[2]!;
      this.at += start.length;
    } else {
      quote = code[this.at]!;
      if (quote !== '"' && quote !== "'" && quote !== '`') return false;
      this.at++;
    }
    const holes = (this.python && prefix.includes('f')) || quote === '`';
    const raw = prefix.includes('r');
    let text = '';
    while (this.at < code.length) {
      if (code.startsWith(quote, this.at)) {
        this.at += quote.length;
        this.push({ kind: 'string', text });
        return true;
      }
      const ch = code[this.at]!;
      if (ch === '\\' && !raw) {
        text += code.slice(this.at, this.at + 2);
        this.at += 2;
      } else if (holes && (quote === '`' ? code.startsWith('${', this.at) : ch === '{' && code[this.at + 1] !== '{')) {
        this.hole(quote === '`' ? 2 : 1);
      } else if (holes && quote !== '`' && (code.startsWith('{{', this.at) || code.startsWith('}}', this.at))) {
        text += ch;
        this.at += 2;
      } else {
        if (ch === '\n' && quote.length === 1 && quote !== '`') throw new Error('an unterminated string');
        text += ch;
        this.at++;
      }
    }
    throw new Error('an unterminated string');
  }

  hole(open: number): void {
    this.at += open;
    this.push({ kind: 'op', text: '(' });
    this.run(true);
    // python's format spec or conversion: text up to the hole's end, its nested holes lexed as code.
    while (this.at < this.code.length && this.code[this.at] !== '}') {
      if (this.code[this.at] === '{') this.hole(1);
      else this.at++;
    }
    this.at++;
    this.push({ kind: 'op', text: ')' });
  }
}

export function lex(code: string, language: 'python' | 'js'): Lexed {
  const lexer = new Lexer(code.replace(/^#!.*/, ''), language === 'python');
  try {
    lexer.run();
  } catch (error) {
    return { unknown: (error as Error).message };
  }
  return { lexemes: lexer.out };
}
