// Spans of inline code where a quote character does not open a string (red team R44-b4, b7, b9; issue 26): JS
// comments, regex literals (JS and perl's `/…/` where an operand is expected, perl's m qr s tr y), and perl's
// quote-like operators with ANY delimiter (`qx"…"`, `qx,…,`, `qq "…"`), never after `->`/`::` (a method named q).
// A regex span stays code (its quotes masked): reading a division as a regex hides nothing from the checks.
import type { Language } from './parse-code.js';

const CLOSERS: Readonly<Record<string, string>> = { '(': ')', '[': ']', '{': '}', '<': '>' };

// The text of a delimited part opened by `open` just before `start` (brackets nest; a backslash escapes), and its end.
export function readDelimited(code: string, start: number, open: string): { value: string; end: number } {
  const close = CLOSERS[open] ?? open;
  let depth = 0;
  let value = '';
  for (let i = start; i < code.length; i++) {
    const ch = code[i]!;
    if (ch === '\\' && i + 1 < code.length) {
      value += code[++i];
      continue;
    }
    if (ch === close && depth === 0) return { value, end: i + 1 };
    if (close !== open && ch === open) depth++;
    else if (close !== open && ch === close) depth--;
    value += ch;
  }
  return { value, end: code.length };
}

// Where an operand (so a regex, not a division) is expected after the code before `i`.
const OPERAND_AFTER_CHAR = /[(,=:[!&|?{};~+\-*%<>^]$/;
const OPERAND_AFTER_WORD = /(?:^|[^\w$.])(?:return|typeof|instanceof|in|of|new|delete|void|throw|case|do|else|yield|await|if|unless|and|or|not|split|grep|map|join|when|while|until|x|lt|gt|le|ge|eq|ne|cmp|print|push|unshift)$/;

function operandPosition(code: string, i: number): boolean {
  let k = i - 1;
  while (k >= 0 && /\s/.test(code[k]!)) k--;
  if (k < 0) return true;
  const before = code.slice(Math.max(0, k - 11), k + 1);
  return OPERAND_AFTER_CHAR.test(before) || OPERAND_AFTER_WORD.test(before);
}

// The end of a `/…/flags` regex literal opened at `i`, or undefined when it does not close on its line.
function slashRegexEnd(code: string, i: number): number | undefined {
  let inClass = false;
  for (let k = i + 1; k < code.length; k++) {
    const ch = code[k]!;
    if (ch === '\n') return undefined;
    if (ch === '\\') k++;
    else if (ch === '[') inClass = true;
    else if (ch === ']') inClass = false;
    else if (ch === '/' && !inClass) {
      let end = k + 1;
      while (/[a-z]/i.test(code[end] ?? '')) end++;
      return end;
    }
  }
  return undefined;
}

// perl's quote-like and regex operators (ruby's %-literals are read by parse-code.ts).
const PERL_OPERATOR = /^(?:qq|qw|qx|qr|q|tr|m|s|y)(?!\w)/;

export type QuoteLike = { readonly kind: 'string' | 'command' | 'words'; readonly value: string; readonly end: number; readonly raw: string };
// `evaluates`: perl's s///ee, which evaluates the replacement's VALUE as perl code (an eval: red team R45-b4).
export type Span = { readonly kind: 'masked'; readonly end: number; readonly evaluates?: true } | QuoteLike;

function perlOperator(code: string, i: number): Span | undefined {
  if (/[\w$@%&*]/.test(code[i - 1] ?? '') || /(?:->|::|-)\s*$/.test(code.slice(Math.max(0, i - 3), i))) return undefined;
  const operator = PERL_OPERATOR.exec(code.slice(i, i + 3))?.[0];
  if (operator === undefined) return undefined;
  let j = i + operator.length;
  while (/\s/.test(code[j] ?? '')) j++;
  const open = code[j];
  // `q => 1`, `$h{q}`, `q;`, a comment after a space: not an operator.
  if (open === undefined || /[\w\s;)}]/.test(open) || code.startsWith('=>', j) || (open === '#' && j > i + operator.length)) return undefined;
  const first = readDelimited(code, j + 1, open);
  let end = first.end;
  if (/^(?:s|tr|y)$/.test(operator)) {
    if (CLOSERS[open] !== undefined) {
      let k = end;
      while (/\s/.test(code[k] ?? '')) k++;
      end = k < code.length ? readDelimited(code, k + 1, code[k]!).end : code.length;
    } else end = readDelimited(code, end, open).end;
  }
  if (/^(?:s|tr|y|m|qr)$/.test(operator)) {
    const flags = end;
    while (/[a-z]/i.test(code[end] ?? '')) end++;
    // Two `e` flags in any order (`/ee`, `/see`, `/eie`): the second is an eval of the first's result.
    return operator === 's' && (code.slice(flags, end).match(/e/g)?.length ?? 0) >= 2 ? { kind: 'masked', end, evaluates: true } : { kind: 'masked', end };
  }
  const kind = operator === 'qx' ? 'command' : operator === 'qw' ? 'words' : 'string';
  return { kind, value: first.value, end, raw: code.slice(j + 1, Math.max(j + 1, end - 1)) };
}

// The span at `i` in which quotes do not open strings, if one starts there.
export function spanAt(code: string, i: number, language: Language): Span | undefined {
  const ch = code[i]!;
  if (language === 'js' && ch === '/' && code[i + 1] === '/') {
    const newline = code.indexOf('\n', i);
    return { kind: 'masked', end: newline < 0 ? code.length : newline };
  }
  if (language === 'js' && ch === '/' && code[i + 1] === '*') {
    const close = code.indexOf('*/', i + 2);
    return { kind: 'masked', end: close < 0 ? code.length : close + 2 };
  }
  if (ch === '/' && (language === 'js' || language === 'perl' || language === 'ruby') && operandPosition(code, i)) {
    const end = slashRegexEnd(code, i);
    return end === undefined ? undefined : { kind: 'masked', end };
  }
  return language === 'perl' && /[qmsty]/.test(ch) ? perlOperator(code, i) : undefined;
}

// A masked span's text: code whose quote characters open nothing.
export const masked = (text: string): string => text.replace(/["'`]/g, ' ');
