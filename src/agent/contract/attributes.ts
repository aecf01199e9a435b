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

// A quoted value runs to the next identical quote: `>` and the other quote character are plain text inside it.
function readValue(text: string, at: number): Value | undefined {
  const quote = text[at];
  if (quote === '"' || quote === "'") {
    const close = text.indexOf(quote, at + 1);
    return close === -1 ? undefined : { value: text.slice(at + 1, close), end: close + 1 };
  }
  let pos = at;
  while (pos < text.length && !endsUnquoted(text, pos)) pos++;
  return pos === at ? undefined : { value: text.slice(at, pos), end: pos };
}

// `start` is the index just after the tag name. Undefined when the text there is not a complete opening tag.
export function readOpenTag(text: string, start: number): OpenTag | undefined {
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
      const read = readValue(text, skipSpaces(text, afterName + 1));
      if (read === undefined) return undefined;
      value = read.value;
      pos = read.end;
    }
    if (!attributes.has(name)) attributes.set(name, value);
  }
}
