import { fail } from '../engine/errors.js';

// A date after the name, when a tool wrote it with spaces instead of a TAB.
const TIMESTAMP = /\s+\d{4}-\d\d-\d\d[ T]\d\d:\d\d(?::\d\d(?:\.\d+)?)?(?:\s*(?:Z|[+-]\d\d:?\d\d))?$/;
const SVN_SUFFIX = /\s+\((?:revision \d+|working copy|nonexistent)\)$/;
const ESCAPES: Readonly<Record<string, number>> = { n: 10, t: 9, r: 13, a: 7, b: 8, f: 12, v: 11, '"': 34, '\\': 92 };
const OLD_PREFIXES = new Set(['a', 'c', 'i', 'o']);
const NEW_PREFIXES = new Set(['b', 'i', 'w']);

// Reads a C-style quoted path as git writes it ("a/my file.txt", \t, \", \\, octal UTF-8 bytes).
export function unquotePath(text: string): { path: string; rest: string } | undefined {
  if (!text.startsWith('"')) return undefined;
  const chunks: Buffer[] = [];
  let i = 1;
  while (i < text.length) {
    const special = text.slice(i).search(/["\\]/);
    if (special === -1) return undefined;
    chunks.push(Buffer.from(text.slice(i, i + special), 'utf8'));
    i += special;
    if (text[i] === '"') return { path: Buffer.concat(chunks).toString('utf8'), rest: text.slice(i + 1) };
    const octal = /^[0-7]{1,3}/.exec(text.slice(i + 1, i + 4));
    if (octal !== null) {
      chunks.push(Buffer.of(parseInt(octal[0], 8) & 0xff));
      i += 1 + octal[0].length;
      continue;
    }
    const next = text.charAt(i + 1);
    const code = ESCAPES[next];
    chunks.push(code === undefined ? Buffer.from(next, 'utf8') : Buffer.of(code));
    i += 2;
  }
  return undefined;
}

// The path on a `--- ` / `+++ ` line (text after the marker); null for /dev/null.
export function headerPath(raw: string, marker: string): string | null {
  const text = raw.trim();
  const quoted = unquotePath(text);
  const path = quoted !== undefined
    ? quoted.path
    : (text.split('\t')[0] ?? '').replace(TIMESTAMP, '').replace(SVN_SUFFIX, '').trim();
  if (path === '') throw fail('C210', `the diff has a "${marker} " line without a file name`);
  return path === '/dev/null' ? null : path;
}

function prefixOf(path: string | null): string | undefined {
  return path !== null && /^[a-z]\//.test(path) ? path.charAt(0) : undefined;
}

// Removes git's a/ b/ (or mnemonic c/ i/ o/ w/) prefixes when the pair shows it is that convention: the
// two prefixes differ (`a/x`, `b/x`), or one side has a/ or b/ and the other is the same name without it
// (`--- x`, `+++ b/x`). Both sides with the same a/ or b/ (`a/x`, `a/x`) may be a real folder `a/`:
// the pair is kept and marked `prefixed`, and the caller, who can see the files, decides (prefixStripped).
export function stripPrefixes(oldPath: string | null, newPath: string | null): { oldPath: string | null; newPath: string | null; prefixed?: true } {
  const oldPrefix = prefixOf(oldPath);
  const newPrefix = prefixOf(newPath);
  const strip = (path: string | null): string | null => (path === null ? null : path.slice(2));
  if (oldPath !== null && newPath !== null) {
    const pair = oldPrefix !== undefined && newPrefix !== undefined && oldPrefix !== newPrefix
      && OLD_PREFIXES.has(oldPrefix) && NEW_PREFIXES.has(newPrefix);
    if (pair) return { oldPath: strip(oldPath), newPath: strip(newPath) };
    const git = (prefix: string | undefined): boolean => prefix === 'a' || prefix === 'b';
    if (git(oldPrefix) && newPrefix === undefined && strip(oldPath) === newPath) return { oldPath: newPath, newPath };
    if (git(newPrefix) && oldPrefix === undefined && strip(newPath) === oldPath) return { oldPath, newPath: oldPath };
    if (git(oldPrefix) && oldPrefix === newPrefix && oldPath === newPath) return { oldPath, newPath, prefixed: true };
    return { oldPath, newPath };
  }
  if (oldPath === null && newPrefix === 'b') return { oldPath, newPath: strip(newPath) };
  if (newPath === null && oldPrefix === 'a') return { oldPath: strip(oldPath), newPath };
  return { oldPath, newPath };
}

// The two names of a `diff --git a/x b/y` line (text after `diff --git `), prefixes kept.
export function gitHeaderPaths(rest: string): { oldPath: string; newPath: string } | undefined {
  const text = rest.trim();
  const first = unquotePath(text);
  if (first !== undefined) {
    const tail = first.rest.trim();
    const second = unquotePath(tail);
    return { oldPath: first.path, newPath: second?.path ?? tail };
  }
  const quotedSecond = text.indexOf(' "');
  if (quotedSecond !== -1) {
    const second = unquotePath(text.slice(quotedSecond + 1));
    if (second !== undefined) return { oldPath: text.slice(0, quotedSecond), newPath: second.path };
  }
  // Unquoted names may hold spaces: prefer the split where both names agree after their prefixes.
  const splits: number[] = [];
  for (let i = text.indexOf(' '); i !== -1; i = text.indexOf(' ', i + 1)) splits.push(i);
  const same = splits.find((i) => text.slice(2, i) === text.slice(i + 3))
    ?? splits.find((i) => text.slice(0, i) === text.slice(i + 1));
  const at = same ?? splits[0];
  if (at === undefined) return undefined;
  return { oldPath: text.slice(0, at), newPath: text.slice(at + 1) };
}

// The path after `rename from ` and similar git lines (quoted or not, no prefix).
export function plainPath(raw: string): string {
  const text = raw.trim();
  return unquotePath(text)?.path ?? text;
}
