// npm's own reading of an `.npmrc` (the `ini` package npm parses every npmrc with), for every codeward reader of
// one (red team R20-6: `script-shell=scripts/evil ; note` is `scripts/evil` to npm; a reader that kept the comment
// obeyed nothing). One `key = value` per line; a line whose first non-blank is `;` or `#` is a comment;
// `[section]` starts a section (npm applies only top-level keys: a reader that reads every section reads more);
// an unquoted key or value ends at the first `;` or `#` not escaped (`\;`, `\#`, `\\`) and is trimmed; a quoted
// one ('...' or "...") is decoded as JSON (single quotes dropped first); `key[]` adds to a list; a key without
// `=` is `true`. Then npm (@npmcli/config env-replace.js, on the key of every entry and on every string value)
// replaces `${NAME}` with the environment's NAME (left as written when unset) and `${NAME?}` (empty when unset);
// a `${` after an odd run of backslashes stays, half the backslashes dropped (npm 11: `script-${X?}shell=./sh` with X
// unset sets script-shell).

export interface IniEntry {
  // The section the line is in ('' at the top).
  readonly section: string;
  readonly key: string;
  readonly value: string | true;
  // Written `key[]` (a list npm appends to).
  readonly list: boolean;
  // The key as written when it names an environment variable (its key depends on the environment npm runs in).
  readonly template?: string;
}

type Env = Readonly<Record<string, string | undefined>>;
const ENV_EXPR = /(?<!\\)(\\*)\$\{([^${}?]+)(\?)?\}/g;

// npm's envReplace, exactly.
export function npmEnvReplace(text: string, env: Env): string {
  return text.replace(ENV_EXPR, (whole: string, escapes: string, name: string, modifier: string | undefined) => {
    if (escapes.length % 2 === 1) return whole.slice((escapes.length + 1) / 2);
    return escapes.slice(escapes.length / 2) + (env[name] ?? (modifier === '?' ? '' : `\${${name}}`));
  });
}

// Whether a key as written may become `wanted` in some environment (each unescaped expression any text).
export function keyMayBe(entry: IniEntry, wanted: readonly string[]): boolean {
  if (entry.template === undefined) return wanted.includes(entry.key.toLowerCase());
  let source = '';
  let last = 0;
  for (const found of entry.template.matchAll(ENV_EXPR)) {
    const odd = found[1]!.length % 2 === 1;
    source += escapeRegExp(entry.template.slice(last, found.index)) + escapeRegExp(found[1]!.slice(0, Math.floor(found[1]!.length / 2))) + (odd ? escapeRegExp(found[0].slice(found[1]!.length)) : '.*');
    last = found.index + found[0].length;
  }
  const pattern = new RegExp(`^${source}${escapeRegExp(entry.template.slice(last))}$`, 'is');
  return wanted.some((one) => pattern.test(one));
}

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

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

// `env`: the environment npm runs in (codeward's own by default: the hook's and `codeward run`'s children inherit it).
export function npmIni(text: string, env: Env = process.env): IniEntry[] {
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
    const written = iniDecode(found[2]);
    const list = written.length > 2 && written.endsWith('[]');
    const raw = list ? written.slice(0, -2) : written;
    const key = npmEnvReplace(raw, env);
    const value = found[3] === undefined ? true : npmEnvReplace(iniDecode(found[4]), env);
    out.push({ section, key, value, list, ...(raw.search(ENV_EXPR) < 0 ? {} : { template: raw }) });
  }
  return out;
}
