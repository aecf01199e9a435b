// npm's own reading of an `.npmrc` (the `ini` package npm parses every npmrc with), for every codeward reader of
// one (red team R20-6: `script-shell=scripts/evil ; note` is `scripts/evil` to npm; a reader that kept the comment
// obeyed nothing). One `key = value` per line; a line whose first non-blank is `;` or `#` is a comment;
// `[section]` starts a section (npm applies only top-level keys: a reader that reads every section reads more);
// an unquoted key or value ends at the first `;` or `#` not escaped (`\;`, `\#`, `\\`) and is trimmed; a quoted
// one ('...' or "...") is decoded as JSON (single quotes dropped first); `key[]` adds to a list; a key without
// `=` is `true`.

export interface IniEntry {
  // The section the line is in ('' at the top).
  readonly section: string;
  readonly key: string;
  readonly value: string | true;
  // Written `key[]` (a list npm appends to).
  readonly list: boolean;
}

const LINE = /^\[([^\]]*)\]\s*$|^([^=]+)(=(.*))?$/;

// ini's `unsafe`: the value as npm sees it.
export function iniDecode(raw: string | undefined): string {
  const text = (raw ?? '').trim();
  if (text.length >= 2 && ((text.startsWith('"') && text.endsWith('"')) || (text.startsWith("'") && text.endsWith("'")))) {
    const inner = text.startsWith("'") ? text.slice(1, -1) : text;
    try {
      const parsed: unknown = JSON.parse(inner);
      return typeof parsed === 'string' ? parsed : String(parsed);
    } catch {
      return inner;
    }
  }
  let out = '';
  let escaped = false;
  for (const char of text) {
    if (escaped) {
      out += '\\;#'.includes(char) ? char : `\\${char}`;
      escaped = false;
    } else if (char === ';' || char === '#') break;
    else if (char === '\\') escaped = true;
    else out += char;
  }
  if (escaped) out += '\\';
  return out.trim();
}

export function npmIni(text: string): IniEntry[] {
  const out: IniEntry[] = [];
  let section = '';
  for (const line of text.split(/[\r\n]+/)) {
    if (/^\s*(?:[;#]|$)/.test(line)) continue;
    const found = LINE.exec(line);
    if (!found) continue;
    if (found[1] !== undefined) {
      section = iniDecode(found[1]);
      continue;
    }
    const key = iniDecode(found[2]);
    const list = key.length > 2 && key.endsWith('[]');
    out.push({ section, key: list ? key.slice(0, -2) : key, value: found[3] === undefined ? true : iniDecode(found[4]), list });
  }
  return out;
}
