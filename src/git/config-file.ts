// A git config file read the way git reads it: `[section]`, `[section "sub"]` (quoted, with escapes, `]`
// allowed inside), legacy `[section.sub]`, a key on the header's own line (`[core] fsmonitor = x`), keys
// case-insensitive, `key` alone (boolean true), values with quotes, escapes, `#`/`;` comments outside
// quotes and backslash-newline continuation lines. A leading UTF-8 byte order mark is skipped. Never
// runs git: the permission layer and the sandbox read the repository's config with it.

export interface ConfigEntry {
  // Lower-cased section name (`core`, `diff`, `includeif`).
  readonly section: string;
  // The subsection as written (`"x"` → x), lower-cased for the legacy `[a.b]` form; absent when none.
  readonly subsection?: string;
  // Lower-cased key name.
  readonly key: string;
  // undefined for a bare `key` (boolean true).
  readonly value: string | undefined;
}

const KEY_START = /[A-Za-z]/;
const KEY_CHAR = /[A-Za-z0-9-]/;
const ESCAPES: Readonly<Record<string, string>> = { n: '\n', t: '\t', b: '\b', '"': '"', '\\': '\\' };

export function parseGitConfig(input: string): ConfigEntry[] {
  const text = input.startsWith('\uFEFF') ? input.slice(1) : input;
  const out: ConfigEntry[] = [];
  let section = '';
  let subsection: string | undefined;
  let i = 0;
  const skipLine = (): void => {
    while (i < text.length && text[i] !== '\n') i++;
  };
  while (i < text.length) {
    const c = text[i]!;
    if (c === ' ' || c === '\t' || c === '\r' || c === '\n') {
      i++;
    } else if (c === '#' || c === ';') {
      skipLine();
    } else if (c === '[') {
      const header = readHeader(text, i + 1);
      if (!header) {
        skipLine();
        continue;
      }
      ({ section, subsection } = header);
      i = header.end;
    } else if (KEY_START.test(c)) {
      let k = i;
      while (k < text.length && KEY_CHAR.test(text[k]!)) k++;
      const key = text.slice(i, k).toLowerCase();
      while (text[k] === ' ' || text[k] === '\t') k++;
      if (text[k] === '=') {
        const { value, end } = readValue(text, k + 1);
        out.push({ section, ...(subsection !== undefined ? { subsection } : {}), key, value });
        i = end;
      } else {
        out.push({ section, ...(subsection !== undefined ? { subsection } : {}), key, value: undefined });
        i = k;
        skipLine();
      }
    } else {
      skipLine();
    }
  }
  return out;
}

function readHeader(text: string, start: number): { section: string; subsection?: string; end: number } | undefined {
  let i = start;
  while (text[i] === ' ' || text[i] === '\t') i++;
  let name = '';
  while (i < text.length && /[A-Za-z0-9.-]/.test(text[i]!)) name += text[i++];
  while (text[i] === ' ' || text[i] === '\t') i++;
  let subsection: string | undefined;
  if (text[i] === '"') {
    subsection = '';
    i++;
    while (i < text.length && text[i] !== '"' && text[i] !== '\n') {
      if (text[i] === '\\' && i + 1 < text.length) i++;
      subsection += text[i++];
    }
    if (text[i] !== '"') return undefined;
    i++;
  }
  while (text[i] === ' ' || text[i] === '\t') i++;
  if (text[i] !== ']' || name === '') return undefined;
  const lower = name.toLowerCase();
  const dot = lower.indexOf('.');
  if (subsection === undefined && dot > 0) return { section: lower.slice(0, dot), subsection: lower.slice(dot + 1), end: i + 1 };
  return { section: lower, ...(subsection !== undefined ? { subsection } : {}), end: i + 1 };
}

function readValue(text: string, start: number): { value: string; end: number } {
  let i = start;
  let value = '';
  let quoted = false;
  // Trailing unquoted whitespace is dropped; `pending` holds it until more text follows.
  let pending = '';
  let began = false;
  while (i < text.length) {
    const c = text[i]!;
    if (c === '\n' || (c === '\r' && text[i + 1] === '\n')) break;
    if (c === '\\') {
      const next = text[i + 1];
      if (next === '\n' || (next === '\r' && text[i + 2] === '\n')) {
        i += next === '\n' ? 2 : 3;
        continue;
      }
      value += pending + (next !== undefined ? (ESCAPES[next] ?? next) : '');
      pending = '';
      began = true;
      i += 2;
      continue;
    }
    if (c === '"') {
      quoted = !quoted;
      value += pending;
      pending = '';
      began = true;
      i++;
      continue;
    }
    if (!quoted && (c === '#' || c === ';')) {
      while (i < text.length && text[i] !== '\n') i++;
      break;
    }
    if (!quoted && (c === ' ' || c === '\t')) {
      if (began) pending += c;
      i++;
      continue;
    }
    value += pending + c;
    pending = '';
    began = true;
    i++;
  }
  return { value, end: i };
}
