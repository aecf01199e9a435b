import picomatch from 'picomatch';

export type RelMatcher = ((rel: string) => boolean) & {
  // The path alone, not its ancestors: for walks that already know whether the parent matched.
  readonly entry: (rel: string) => boolean;
};

const OPTIONS = { dot: true, windows: false } as const;

// `**/NAME` globs (no other slash) match on the last path segment alone, which is much cheaper to test
// than the full-path regex; walks test every entry, so the split matters.
function splitGlobs(globs: readonly string[]): { names: string[]; paths: string[] } {
  const names: string[] = [];
  const paths: string[] = [];
  for (const glob of globs) {
    const rest = glob.startsWith('**/') ? glob.slice(3) : undefined;
    if (rest !== undefined && rest !== '' && !rest.includes('/') && !rest.includes('**')) names.push(rest);
    else paths.push(glob);
  }
  return { names, paths };
}

// Compiles the globs once; a relative path matches when it or any ancestor folder does (never the root).
export function compileNonAccessible(globs: readonly string[]): RelMatcher {
  if (globs.length === 0) return Object.assign(() => false, { entry: () => false });
  const { names, paths } = splitGlobs(globs);
  const byName = names.length > 0 ? picomatch(names, OPTIONS) : () => false;
  const byPath = paths.length > 0 ? picomatch(paths, OPTIONS) : () => false;
  const entry = (rel: string): boolean => {
    if (rel === '' || rel === '.') return false;
    return byName(rel.slice(rel.lastIndexOf('/') + 1)) || byPath(rel);
  };
  return Object.assign((rel: string): boolean => {
    if (rel === '.' || rel === '') return false;
    for (let cut = rel.indexOf('/'); cut !== -1; cut = rel.indexOf('/', cut + 1)) {
      if (entry(rel.slice(0, cut))) return true;
    }
    return entry(rel);
  }, { entry });
}
