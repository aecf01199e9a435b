import picomatch from 'picomatch';

export type RelMatcher = (rel: string) => boolean;

// Compiles the globs once; a relative path matches when it or any ancestor folder does (never the root).
export function compileNonAccessible(globs: readonly string[]): RelMatcher {
  if (globs.length === 0) return () => false;
  const match = picomatch([...globs], { dot: true, windows: false });
  return (rel: string): boolean => {
    if (rel === '.' || rel === '') return false;
    const parts = rel.split('/');
    let prefix = '';
    for (const part of parts) {
      prefix = prefix === '' ? part : `${prefix}/${part}`;
      if (match(prefix)) return true;
    }
    return false;
  };
}
