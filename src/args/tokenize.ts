import { fail } from '../engine/errors.js';

const WHITESPACE = /\s/;

// Characters a backslash escapes outside quotes; before anything else it stays literal (C:\Users\x).
function escapableOutside(char: string | undefined): boolean {
  return char !== undefined && (WHITESPACE.test(char) || char === '"' || char === "'" || char === '\\');
}

// Splits CLI text like a POSIX shell without expansion: '...' literal, "..." honours \" and \\, \<newline> joins.
export function tokenize(text: string): string[] {
  const tokens: string[] = [];
  let current = '';
  let inToken = false;
  let quote: '"' | "'" | undefined;
  let quoteStart = 0;
  for (let i = 0; i < text.length; i++) {
    const char = text[i] as string;
    const next = text[i + 1];
    if (quote === "'") {
      if (char === "'") quote = undefined;
      else current += char;
      continue;
    }
    if (quote === '"') {
      if (char === '\\' && (next === '"' || next === '\\')) {
        current += next;
        i++;
      } else if (char === '"') {
        quote = undefined;
      } else {
        current += char;
      }
      continue;
    }
    if (char === '\\' && (next === '\n' || (next === '\r' && text[i + 2] === '\n'))) {
      i += next === '\r' ? 2 : 1;
      continue;
    }
    if (WHITESPACE.test(char)) {
      if (inToken) tokens.push(current);
      current = '';
      inToken = false;
      continue;
    }
    inToken = true;
    if (char === '"' || char === "'") {
      quote = char;
      quoteStart = i;
    } else if (char === '\\' && escapableOutside(next)) {
      current += next;
      i++;
    } else {
      current += char;
    }
  }
  if (quote) {
    const kind = quote === '"' ? 'double' : 'single';
    const excerpt = text.slice(quoteStart, quoteStart + 30);
    throw fail(
      'C210',
      `unbalanced ${kind} quote at character ${quoteStart + 1} (${excerpt}${text.length > quoteStart + 30 ? '…' : ''}); ` +
        `close the quote, or escape a literal ${quote} with a backslash`,
    );
  }
  if (inToken) tokens.push(current);
  return tokens;
}
