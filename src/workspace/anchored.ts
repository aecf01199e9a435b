// Anchored patterns for a narrowed root (red team R7-5, R7-6). A pattern written without a leading `**/`
// (`config/private/**` in ~/.codeward/config.json, a relative PATH entry `node_modules/.bin`) names a place
// relative to a folder the person had in mind: the repository top, the folder they ran from, a worker's
// working folder. A root opened below that folder (`-C config`, a worker's `base_path: ./config`, an MCP
// root, `cd config && codeward`) saw the pattern re-read from itself, and `private/db.txt` was an ordinary
// file. Which folder was meant cannot be known, so the pattern holds at EVERY folder above the root (never
// `/`, whose `tmp/**` would match every temporary folder): the root's last names that match the pattern's
// first names are taken off it, and what is left holds at the root (`private/**` for a root at `config`);
// a pattern that ends at or above the root covers the whole root. Both spellings of the root count (as given,
// through a symlink, and as the kernel opens it). A pattern of wildcards only (`*`, `**/*`) is never taken
// as naming a folder above. One function for the workspace's non-accessible globs (its effective list is the
// one every reader takes: file tools, search, tree, code index, sandbox view) and the PATH folders of
// permissions/obeyed-env.ts.
import picomatch from './picomatch.js';

export interface AnchoredAtRoot {
  // The patterns (as written, `/`-joined) that hold at the root, from a folder above it.
  readonly rests: readonly string[];
  // The folder above (or the root itself) a pattern covers whole, when one covers the root.
  readonly covers?: { readonly folder: string; readonly pattern: string };
}

const OPTIONS = { dot: true, windows: false } as const;
const hasLiteral = (pattern: string): boolean => /[^*?/.]/.test(pattern.replace(/\*\*/g, ''));

// The pattern's names as picomatch splits them (braces kept whole, `.` and empty names dropped).
function namesOf(pattern: string): string[] {
  const parts = picomatch.scan(pattern, { parts: true }).parts ?? [pattern];
  return parts.filter((part) => part !== '' && part !== '.');
}

// For one anchor: the names of the root below it (`below`), matched against the pattern's first names.
// `covers`: how many of the root's names lead to the folder the pattern covers whole.
function atAnchor(pattern: readonly string[], below: readonly string[]): { rest?: string[]; covers?: number } {
  for (let at = 0; at < below.length; at++) {
    const name = pattern[at];
    // Past its end: the pattern names a folder at or above the root (a folder hides what it holds).
    if (name === undefined) return { covers: at };
    // `**` may stand for any of the root's names: what follows it holds at any depth below.
    if (name === '**') return pattern.length === at + 1 ? { covers: at } : { rest: pattern.slice(at) };
    if (!picomatch.isMatch(below[at]!, name, OPTIONS)) return {};
  }
  if (pattern.slice(below.length).every((name) => name === '**')) return { covers: below.length };
  return { rest: pattern.slice(below.length) };
}

// What `patterns` say at the root, for a root spelled `roots` (absolute paths, both spellings).
export function anchoredAtRoot(patterns: readonly string[], roots: readonly string[]): AnchoredAtRoot {
  const rests = new Set<string>();
  for (const pattern of patterns) {
    if (pattern.startsWith('**/') || pattern.startsWith('/') || pattern.startsWith('!') || !hasLiteral(pattern)) continue;
    const names = namesOf(pattern);
    for (const root of new Set(roots)) {
      const folders = root.split('/').filter((name) => name !== '' && name !== '.');
      // Each folder above the root but `/`: the root's names below it.
      for (let anchor = 1; anchor < folders.length; anchor++) {
        const found = atAnchor(names, folders.slice(anchor));
        if (found.covers !== undefined) return { rests: [...rests], covers: { folder: `/${folders.slice(0, anchor + Math.max(found.covers, 1)).join('/')}`, pattern } };
        if (found.rest) rests.add(found.rest.join('/'));
      }
    }
  }
  return { rests: [...rests] };
}
