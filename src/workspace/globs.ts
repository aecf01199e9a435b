import picomatch from 'picomatch';

export type RelMatcher = ((rel: string) => boolean) & {
  // The path alone, not its ancestors: for walks that already know whether the parent matched.
  readonly entry: (rel: string) => boolean;
};

const OPTIONS = { dot: true, windows: false } as const;

// `**/NAME` globs (no other slash) match on the last path segment alone, which is much cheaper to test
// than the full-path regex; walks test every entry, so the split matters. `**/LITERAL/**` (no glob
// character in LITERAL) matches a path with a segment LITERAL anywhere, a test of a few substrings.
function splitGlobs(globs: readonly string[]): { names: string[]; segments: string[]; paths: string[] } {
  const names: string[] = [];
  const segments: string[] = [];
  const paths: string[] = [];
  for (const glob of globs) {
    const rest = glob.startsWith('**/') ? glob.slice(3) : undefined;
    const literal = rest?.endsWith('/**') ? rest.slice(0, -3) : undefined;
    if (literal !== undefined && literal !== '' && !/[/*?[\]{}()!+@\\]/.test(literal) && literal !== '.' && literal !== '..') segments.push(literal);
    else if (rest !== undefined && rest !== '' && !rest.includes('/') && !rest.includes('**')) names.push(rest);
    else paths.push(glob);
  }
  return { names, segments, paths };
}

// Whether a normalised relative path has one of the segments.
function anySegment(segments: readonly string[]): (rel: string) => boolean {
  if (segments.length === 0) return () => false;
  const parts = segments.map((segment) => ({ segment, first: `${segment}/`, last: `/${segment}`, inner: `/${segment}/` }));
  return (rel) => {
    for (const { segment, first, last, inner } of parts) {
      if (rel === segment || rel.startsWith(first) || rel.endsWith(last) || rel.includes(inner)) return true;
    }
    return false;
  };
}

// One test for a list of globs: what picomatch's matcher answers (the glob itself, or its regular
// expression), without the result objects it builds on every call; walks call this once per entry.
function anyGlob(globs: readonly string[]): (input: string) => boolean {
  if (globs.length === 0) return () => false;
  const exact = new Set(globs);
  const regexes = globs.map((glob) => picomatch.makeRe(glob, OPTIONS));
  // One expression for all of them when they share flags (they do with these options).
  const flags = regexes[0]!.flags;
  const tests = regexes.every((regex) => regex.flags === flags) ? [new RegExp(regexes.map((regex) => `(?:${regex.source})`).join('|'), flags)] : regexes;
  return (input) => {
    if (input === '') return false;
    if (exact.has(input)) return true;
    for (const regex of tests) if (regex.test(input)) return true;
    return false;
  };
}

// Compiles the globs once; a relative path matches when it or any ancestor folder does (never the root).
export function compileNonAccessible(globs: readonly string[]): RelMatcher {
  if (globs.length === 0) return Object.assign(() => false, { entry: () => false });
  const { names, segments, paths } = splitGlobs(globs);
  const byName = anyGlob(names);
  const bySegment = anySegment(segments);
  const byPath = anyGlob(paths);
  const entry = (rel: string): boolean => {
    if (rel === '' || rel === '.') return false;
    return byName(rel.slice(rel.lastIndexOf('/') + 1)) || bySegment(rel) || byPath(rel);
  };
  return Object.assign((rel: string): boolean => {
    if (rel === '.' || rel === '') return false;
    for (let cut = rel.indexOf('/'); cut !== -1; cut = rel.indexOf('/', cut + 1)) {
      if (entry(rel.slice(0, cut))) return true;
    }
    return entry(rel);
  }, { entry });
}
