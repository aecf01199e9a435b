import picomatch from './picomatch.js';

export type RelMatcher = ((rel: string) => boolean) & {
  // The path alone, not its ancestors: for walks that already know whether the parent matched.
  readonly entry: (rel: string) => boolean;
};

const OPTIONS = { dot: true, windows: false } as const;

// `**/NAME` globs (no other slash) match on the last path segment alone, which is much cheaper to test
// than the full-path regex; walks test every entry, so the split matters. `**/LITERAL/**` (no glob
// character in LITERAL) matches a path with a segment LITERAL anywhere, a test of a few substrings;
// `**/A/B` (literal segments) a path that is or ends with A/B, and `*.EXT` (a literal EXT) a name that ends
// with .EXT: string tests, no regular expression (a tree of 20,000 entries tests each one).
function splitGlobs(globs: readonly string[]): { names: string[]; extensions: string[]; segments: string[]; tails: string[]; paths: string[] } {
  const names: string[] = [];
  const extensions: string[] = [];
  const segments: string[] = [];
  const tails: string[] = [];
  const paths: string[] = [];
  for (const glob of globs) {
    const rest = glob.startsWith('**/') ? glob.slice(3) : undefined;
    const literal = rest?.endsWith('/**') ? rest.slice(0, -3) : undefined;
    if (literal !== undefined && isLiteral(literal) && !literal.includes('/')) segments.push(literal);
    else if (rest !== undefined && rest.includes('/') && isLiteral(rest)) tails.push(rest);
    else if (rest !== undefined && rest !== '' && !rest.includes('/') && !rest.includes('**')) {
      if (rest.startsWith('*.') && isLiteral(rest.slice(2))) extensions.push(rest.slice(1));
      else names.push(rest);
    } else paths.push(glob);
  }
  return { names, extensions, segments, tails, paths };
}

// A glob without any character picomatch gives a meaning (so it matches itself only), and without
// empty, `.` or `..` segments (which a normalised relative path never holds).
function isLiteral(text: string): boolean {
  return text !== '' && !/[*?[\]{}()!+@\\|^$]/.test(text) && text.split('/').every((part) => part !== '' && part !== '.' && part !== '..');
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
// expression), without the result objects it builds on every call; walks call this once per entry. A
// pattern's expression is built the first time an input starts with the literal text the pattern starts
// with (`.env.` of `.env.!(example)`): a call that tests a few paths, none of which could match, never
// runs picomatch's parser (a cold `read` paid its first compile, some milliseconds).
function anyGlob(globs: readonly string[]): (input: string) => boolean {
  if (globs.length === 0) return () => false;
  const exact = new Set(globs);
  // A literal glob matches itself only: the set answers it, with no expression to try.
  const patterns = globs.filter((glob) => !isLiteral(glob));
  if (patterns.length === 0) return (input) => input !== '' && exact.has(input);
  const starts = patterns.map(leadingLiteral);
  let tests: readonly RegExp[] | undefined;
  return (input) => {
    if (input === '') return false;
    if (exact.has(input)) return true;
    if (!starts.some((start) => input.startsWith(start))) return false;
    tests ??= expressions(patterns);
    for (const regex of tests) if (regex.test(input)) return true;
    return false;
  };
}

// The text every match of `glob` starts with: its characters before the first `/` or the first one
// picomatch gives a meaning to (`a/**` matches `a` itself: a slash may be optional); none for a glob picomatch
// rewrites at the start (`./a` matches `a`).
function leadingLiteral(glob: string): string {
  return glob.startsWith('./') ? '' : /^[^/*?[\]{}()!+@\\|^$]*/.exec(glob)![0];
}

// The globs' regular expressions: one for all of them when they share flags (they do with these options).
function expressions(globs: readonly string[]): RegExp[] {
  const regexes = globs.map((glob) => picomatch.makeRe(glob, OPTIONS));
  const flags = regexes[0]!.flags;
  return regexes.every((regex) => regex.flags === flags) ? [new RegExp(regexes.map((regex) => `(?:${regex.source})`).join('|'), flags)] : regexes;
}

// Whether a name ends with one of `endings` (`.pem`), or a path is one of `tails` (`.aws/credentials`) or ends
// with `/` and one of them.
function anyEnding(endings: readonly string[]): (text: string) => boolean {
  return endings.length === 0 ? () => false : (text) => endings.some((ending) => text.endsWith(ending));
}

function anyTail(tails: readonly string[]): (rel: string) => boolean {
  if (tails.length === 0) return () => false;
  const whole = new Set(tails);
  const ends = tails.map((tail) => `/${tail}`);
  return (rel) => whole.has(rel) || ends.some((end) => rel.endsWith(end));
}

// Compiles the globs once; a relative path matches when it or any ancestor folder does (never the root).
export function compileNonAccessible(globs: readonly string[]): RelMatcher {
  if (globs.length === 0) return Object.assign(() => false, { entry: () => false });
  const { names, extensions, segments, tails, paths } = splitGlobs(globs);
  const byName = anyGlob(names);
  const byExtension = anyEnding(extensions);
  const bySegment = anySegment(segments);
  const byTail = anyTail(tails);
  const byPath = anyGlob(paths);
  const entry = (rel: string): boolean => {
    if (rel === '' || rel === '.') return false;
    const name = rel.slice(rel.lastIndexOf('/') + 1);
    return byExtension(name) || byName(name) || bySegment(rel) || byTail(rel) || byPath(rel);
  };
  return Object.assign((rel: string): boolean => {
    if (rel === '.' || rel === '') return false;
    for (let cut = rel.indexOf('/'); cut !== -1; cut = rel.indexOf('/', cut + 1)) {
      if (entry(rel.slice(0, cut))) return true;
    }
    return entry(rel);
  }, { entry });
}
