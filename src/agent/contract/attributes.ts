import { NextUnescaped } from './finder.js';

// Reads the attribute list of an HTML-like opening tag by hand instead of with a regex: one forward pass,
// no backtracking, so a response full of half-written tags cannot make the parser quadratic-by-regex.

export interface OpenTag {
  // Attribute names lower-cased (models write `Name=`, `ARGS=`); the first occurrence of a name wins.
  attributes: Map<string, string>;
  // Index just past the tag's closing `>`.
  end: number;
  selfClosing: boolean;
}

export function isSpace(char: string | undefined): boolean {
  return char === ' ' || char === '\t' || char === '\n' || char === '\r' || char === '\f';
}

// Characters that end an attribute name; `<` is among them so a scan never runs past the next tag.
function endsName(char: string): boolean {
  return isSpace(char) || char === '/' || char === '>' || char === '=' || char === '<' || char === '"' || char === "'";
}

// As in HTML, an unquoted value stops at quotes, `=`, `<`, `>` and backticks; stopping at `<` keeps scans short.
function endsUnquoted(text: string, at: number): boolean {
  const char = text[at] as string;
  if (char === '/') return text[at + 1] === '>';
  return char === '`' || endsName(char);
}

function skipSpaces(text: string, at: number): number {
  let pos = at;
  while (isSpace(text[pos])) pos++;
  return pos;
}

interface Value {
  value: string;
  end: number;
}

// Finders for the closing quotes, shared by every tag of one parse (see NextUnescaped).
export interface QuoteFinders {
  readonly '"': NextUnescaped;
  readonly "'": NextUnescaped;
}

export function quoteFinders(text: string): QuoteFinders {
  return { '"': new NextUnescaped(text, '"'), "'": new NextUnescaped(text, "'") };
}

// A quoted value runs to the next identical quote that no backslash escapes: `>` and the other quote
// character are plain text inside it. Models escape the quote they opened with (`args='{"a":"it\'s"}'`,
// `args="{\"cmd\":\"read\"}"`); the value is unescaped the way they meant it.
function readQuoted(text: string, at: number, quote: '"' | "'", quotes: QuoteFinders): Value | undefined {
  const close = quotes[quote].find(at + 1);
  if (close === -1) return undefined;
  const raw = text.slice(at + 1, close);
  return { value: raw.includes(`\\${quote}`) ? unescapeQuoted(raw, quote) : raw, end: close + 1 };
}

// `\'` in single quotes is a quote (JSON has no such escape, so nothing else changes); a double-quoted value
// with `\"` in it was escaped as a string whole, so `\\` goes back to `\` too.
function unescapeQuoted(raw: string, quote: string): string {
  if (quote === "'") return raw.replace(/\\([\\'])/g, (pair: string, char: string) => (char === "'" ? "'" : pair));
  return raw.replace(/\\([\\"])/g, '$1');
}

// An unquoted JSON object or array (`args={"cmd":"read",...}`), read to its balanced end; strings may hold
// any bracket or quote. Undefined when it never closes (or reaches a `<`: the scan stops at the next tag).
function readBareJson(text: string, at: number): Value | undefined {
  let depth = 0;
  let inString = false;
  let escaped = false;
  for (let pos = at; pos < text.length; pos++) {
    const char = text[pos];
    if (inString) {
      if (escaped) escaped = false;
      else if (char === '\\') escaped = true;
      else if (char === '"') inString = false;
      continue;
    }
    if (char === '"') inString = true;
    else if (char === '{' || char === '[') depth++;
    else if (char === '}' || char === ']') {
      depth--;
      if (depth === 0) return { value: text.slice(at, pos + 1), end: pos + 1 };
    } else if (char === '<') return undefined; // outside a string JSON has no `<`: the next tag, not this value
  }
  return undefined;
}

function readValue(text: string, at: number, quotes: QuoteFinders): Value | undefined {
  const quote = text[at];
  if (quote === '"' || quote === "'") return readQuoted(text, at, quote, quotes);
  if (quote === '{' || quote === '[') return readBareJson(text, at);
  let pos = at;
  while (pos < text.length && !endsUnquoted(text, pos)) pos++;
  return pos === at ? undefined : { value: text.slice(at, pos), end: pos };
}

// `start` is the index just after the tag name. Undefined when the text there is not a complete opening tag.
export function readOpenTag(text: string, start: number, quotes: QuoteFinders = quoteFinders(text)): OpenTag | undefined {
  const attributes = new Map<string, string>();
  let pos = start;
  for (;;) {
    pos = skipSpaces(text, pos);
    const char = text[pos];
    if (char === undefined) return undefined;
    if (char === '>') return { attributes, end: pos + 1, selfClosing: false };
    if (char === '/' && text[pos + 1] === '>') return { attributes, end: pos + 2, selfClosing: true };
    const nameStart = pos;
    while (pos < text.length && !endsName(text[pos] as string)) pos++;
    if (pos === nameStart) return undefined;
    const name = text.slice(nameStart, pos).toLowerCase();
    const afterName = skipSpaces(text, pos);
    let value = '';
    if (text[afterName] === '=') {
      const read = readValue(text, skipSpaces(text, afterName + 1), quotes);
      if (read === undefined) return undefined;
      value = read.value;
      pos = read.end;
    }
    if (!attributes.has(name)) attributes.set(name, value);
  }
}
