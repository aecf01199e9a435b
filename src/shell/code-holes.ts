// The interpolation holes of string literals: code the language runs inside a string (red team R44-b8, issue 26).
// JS template literals `${…}`, python f-strings `{…}`, ruby `#{…}`, php `{$…}`/`${…}`, perl `@{[ … ]}`, `${\ … }` and
// the subscripts of an interpolated variable (`"$h{…}"`, `"$a[…]"`, `"$r->{…}"`). A hole holding more than a name is
// handed back as code, so the checks read it.
import type { Language } from './parse-code.js';

// Which strings interpolate: `quote` is the literal's quote, `fString` a python f/rf/fr prefix before it.
export function interpolates(language: Language, quote: string, fString: boolean): boolean {
  if (language === 'python') return fString;
  if (language === 'js') return quote === '`';
  return (language === 'perl' || language === 'ruby' || language === 'php') && (quote === '"' || quote === '`');
}

// The length of a hole opener at `k` (through its bracket), or 0.
function openerAt(text: string, k: number, language: Language): number {
  const two = text.slice(k, k + 2);
  if (language === 'js') return two === '${' ? 2 : 0;
  if (language === 'python') return text[k] === '{' && text[k + 1] !== '{' ? 1 : 0;
  if (language === 'ruby') return two === '#{' ? 2 : 0;
  if (language === 'php') return two === '{$' ? 1 : two === '${' ? 2 : 0;
  if (two === '${' || two === '@{') return 2;
  // perl: a subscript right after an interpolated variable's name (`$h{`, `$a[`, `$r->{`, `$h{a}{b}`).
  const variable = /[$@][\w:]+(?:->)?$|[}\]](?:->)?$/.exec(text.slice(Math.max(0, k - 64), k));
  return variable !== null && (text[k] === '{' || text[k] === '[') ? 1 : 0;
}

// The end of a hole whose bracket opened just before `start`: brackets nest; with `skipQuotes`, quoted text inside is
// skipped (js, python, ruby and php read nested literals; perl ends its string at the first closing quote).
export function holeEnd(text: string, start: number, skipQuotes: boolean): number {
  let depth = 0;
  for (let k = start; k < text.length; k++) {
    const ch = text[k]!;
    if (ch === '\\') k++;
    else if (skipQuotes && (ch === '"' || ch === "'" || ch === '`')) {
      for (k++; k < text.length && text[k] !== ch; k++) if (text[k] === '\\') k++;
    } else if (ch === '(' || ch === '[' || ch === '{') depth++;
    else if (ch === ')' || ch === ']' || ch === '}') {
      if (depth === 0) return k;
      depth--;
    }
  }
  return text.length;
}

// A string literal read with its holes: the value (holes kept as text), where it ends, and the holes' code.
export function readInterpolated(code: string, start: number, quote: string, language: Language): { value: string; end: number; holes: string[] } {
  let value = '';
  const holes: string[] = [];
  const skipQuotes = language !== 'perl';
  for (let i = start; i < code.length; ) {
    if (code.startsWith(quote, i)) return { value, end: i + quote.length, holes };
    const ch = code[i]!;
    if (ch === '\\' && i + 1 < code.length && quote.length === 1) {
      const next = code[i + 1]!;
      value += next === 'n' ? '\n' : next === 't' ? '\t' : next;
      i += 2;
      continue;
    }
    if (language === 'python' && (code.startsWith('{{', i) || code.startsWith('}}', i))) {
      value += code.slice(i, i + 2);
      i += 2;
      continue;
    }
    const opener = skipQuotes ? openerAt(code, i, language) : 0;
    if (opener > 0) {
      const close = holeEnd(code, i + opener, true);
      holes.push(code.slice(i + opener, close));
      value += code.slice(i, close + 1);
      i = close + 1;
      continue;
    }
    value += ch;
    i++;
  }
  return { value, end: code.length, holes };
}

// perl's holes in a string's raw text (the string already ends at its first closing quote).
export function perlHoles(raw: string): string[] {
  const holes: string[] = [];
  for (let k = 0; k < raw.length; k++) {
    if (raw[k] === '\\') {
      k++;
      continue;
    }
    const opener = openerAt(raw, k, 'perl');
    if (opener === 0) continue;
    const close = holeEnd(raw, k + opener, false);
    holes.push(raw.slice(k + opener, close));
    k = close;
  }
  return holes;
}

// A hole that only names a value (`{x}`, `${a.b}`, `$h{key}`, `$h{'a b'}`, `{\uE000}`): no code runs in it.
const PLAIN: Readonly<Partial<Record<Language, RegExp>>> = {
  perl: /^\s*(?:[$@]?\w+|'[^'\\]*'|"[^"\\$@]*"|-?\d+)\s*$/,
};
const PLAIN_NAME = /^\s*[$@]?[\w\uE000]+(?:\s*\.\s*\w+)*\s*$/;
export const plainHole = (hole: string, language: Language): boolean => (PLAIN[language] ?? PLAIN_NAME).test(hole);
