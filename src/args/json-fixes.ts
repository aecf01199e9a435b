// Text repairs for JSON models get slightly wrong; each returns the new text, or undefined when nothing changed.

// Index of the quote closing the literal that opens at `start`, honouring backslash escapes; -1 if none.
export function literalEnd(text: string, start: number): number {
  const quote = text[start];
  for (let i = start + 1; i < text.length; i++) {
    if (text[i] === '\\') i++;
    else if (text[i] === quote) return i;
  }
  return -1;
}

function changed(before: string, after: string): string | undefined {
  return after === before ? undefined : after;
}

const INVALID_ESCAPE = /\\(?:[^"\\/bfnrtu]|u(?![0-9a-fA-F]{4}))/;

// Windows paths (`"C:\Users\x"`): a literal with an invalid escape gets every backslash but `\"`/`\\` doubled.
export function repairInvalidEscapes(text: string): string | undefined {
  let out = '';
  for (let i = 0; i < text.length; i++) {
    if (text[i] !== '"') {
      out += text[i];
      continue;
    }
    const end = literalEnd(text, i);
    if (end === -1) return undefined;
    const body = text.slice(i + 1, end);
    out += `"${INVALID_ESCAPE.test(body) ? body.replace(/\\(["\\])|\\/g, (all, kept?: string) => (kept ? all : '\\\\')) : body}"`;
    i = end;
  }
  return changed(text, out);
}

// `{'file': 'a.txt'}` → `{"file": "a.txt"}`: inside single quotes `\'` → `'` and a bare `"` → `\"`.
export function singleToDoubleQuotes(text: string): string | undefined {
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (char === '"') {
      const end = literalEnd(text, i);
      if (end === -1) return undefined;
      out += text.slice(i, end + 1);
      i = end;
    } else if (char === "'") {
      const end = literalEnd(text, i);
      if (end === -1) return undefined;
      const body = text.slice(i + 1, end).replace(/\\(.)|"/g, (all, escaped?: string) =>
        escaped === undefined ? '\\"' : escaped === "'" ? "'" : all);
      out += `"${body}"`;
      i = end;
    } else {
      out += char;
    }
  }
  return changed(text, out);
}

const KEY_START = /[A-Za-z_$]/;
const KEY_CHAR = /[\w$-]/;

// `{file: "a", max-bytes: 5}` → `{"file": "a", "max-bytes": 5}`; strings are skipped, not scanned.
export function quoteKeys(text: string): string | undefined {
  let out = '';
  let last = '';
  for (let i = 0; i < text.length; i++) {
    const char = text[i] as string;
    if (char === '"' || char === "'") {
      const end = literalEnd(text, i);
      if (end === -1) return undefined;
      out += text.slice(i, end + 1);
      i = end;
      last = char;
      continue;
    }
    if (KEY_START.test(char) && (last === '{' || last === ',')) {
      let end = i;
      while (end < text.length && KEY_CHAR.test(text[end] as string)) end++;
      let colon = end;
      while (colon < text.length && /\s/.test(text[colon] as string)) colon++;
      if (text[colon] === ':') {
        out += `"${text.slice(i, end)}":`;
        i = colon;
        last = ':';
        continue;
      }
    }
    out += char;
    if (!/\s/.test(char)) last = char;
  }
  return changed(text, out);
}

// `{"a": 1,}` → `{"a": 1}`: drops a comma whose next non-space character closes an object or array.
export function removeTrailingCommas(text: string): string | undefined {
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (char === '"' || char === "'") {
      const end = literalEnd(text, i);
      if (end === -1) return undefined;
      out += text.slice(i, end + 1);
      i = end;
    } else if (char === ',' && /^\s*[}\]]/.test(text.slice(i + 1))) {
      continue;
    } else {
      out += char;
    }
  }
  return changed(text, out);
}

const ENTITIES: Readonly<Record<string, string>> = { quot: '"', apos: "'", lt: '<', gt: '>', amp: '&' };

// `{&quot;cmd&quot;:…}` (args copied out of HTML or XML attributes) → `{"cmd":…}`.
export function decodeHtmlEntities(text: string): string | undefined {
  const out = text.replace(/&(quot|apos|lt|gt|amp|#\d{1,6}|#x[0-9a-fA-F]{1,6});/g, (all, name: string) => {
    if (name.startsWith('#x')) return String.fromCodePoint(parseInt(name.slice(2), 16));
    if (name.startsWith('#')) return String.fromCodePoint(parseInt(name.slice(1), 10));
    return ENTITIES[name] ?? all;
  });
  return changed(text, out);
}

// A `(` outside strings: jsonrepair would read `foo(bar)` as a JSONP call and silently keep only `bar`.
export function hasBareParenthesis(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (char === '"' || char === "'") {
      const end = literalEnd(text, i);
      if (end === -1) return text.slice(i).includes('(');
      i = end;
    } else if (char === '(') {
      return true;
    }
  }
  return false;
}
