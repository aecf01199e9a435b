import picomatch from './picomatch.js';

export type RelMatcher = ((rel: string) => boolean) & {
  // The path alone, not its ancestors: for walks that already know whether the parent matched.
  readonly entry: (rel: string) => boolean;
  // entry() for the entries of one folder (`prefix`: its relative path and a slash, '' for the root): what depends
  // on the folder is decided once, so a walk tests each entry by its name (issue 31: a tree of 20,000 entries
  // tested each whole path). `folder(prefix)(name) === entry(prefix + name)`.
  readonly folder: (prefix: string) => (name: string) => boolean;
};

const NEVER = (): boolean => false;

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
  for (const glob of globs.flatMap(expanded)) {
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

// A glob's brace lists of plain words (`{rsa,dsa}`, `{,_sk}`) and classes of plain letters (`[Nn]`) written out
// as the globs they stand for, when they are at most MAX_EXPANDED: `**/*.{p12,pfx}` is `**/*.p12` and `**/*.pfx`,
// tests of a name's ending (issue 31: the default credential globs made every walk of the sandbox's view, and
// every listing of a repository's tracked files, load and run picomatch's parser). Anything else: the glob.
const MAX_EXPANDED = 32;
const CHOICE = /\{([\w.,-]*,[\w.,-]*)\}|\[([A-Za-z0-9]+)\]/;

function expanded(glob: string): string[] {
  const found = CHOICE.exec(glob);
  // Only where every brace and bracket is such a choice, and no extglob or escape (`!(a|{b,c})` is no union).
  if (!found || /[()!+@\\|{}[\]]|\.\./.test(glob.replace(new RegExp(CHOICE.source, 'g'), ''))) return [glob];
  if (found[1]?.includes('..')) return [glob];
  const choices = found[1] !== undefined ? found[1].split(',') : [...found[2]!];
  const before = glob.slice(0, found.index);
  const after = glob.slice(found.index + found[0].length);
  const all = choices.flatMap((choice) => expanded(`${before}${choice}${after}`));
  return all.length > MAX_EXPANDED ? [glob] : all;
}

// A glob without any character picomatch gives a meaning (so it matches itself only), and without
// empty, `.` or `..` segments (which a normalised relative path never holds).
function isLiteral(text: string): boolean {
  return text !== '' && !/[*?[\]{}()!+@\\|^$]/.test(text) && text.split('/').every((part) => part !== '' && part !== '.' && part !== '..');
}

// Whether a normalised relative path has one of the segments.
function anySegment(segments: readonly string[]): (rel: string) => boolean {
  if (segments.length === 0) return NEVER;
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
type GlobTest = ((input: string) => boolean) & {
  // The test of `prefix + name` for the names of one folder ('' or a path and a slash), or undefined when no
  // name there can match.
  readonly within: (prefix: string) => ((name: string) => boolean) | undefined;
};

function anyGlob(globs: readonly string[]): GlobTest {
  if (globs.length === 0) return Object.assign(NEVER, { within: () => undefined });
  const exact = new Set(globs);
  // The exact paths of one folder's names (prefix, name), and whether a pattern can match there.
  const namesIn = (prefix: string): Set<string> | undefined => {
    let names: Set<string> | undefined;
    for (const path of exact) {
      if (path.length > prefix.length && path.startsWith(prefix) && !path.includes('/', prefix.length)) (names ??= new Set()).add(path.slice(prefix.length));
    }
    return names;
  };
  // A literal glob matches itself only: the set answers it, with no expression to try.
  const patterns = globs.filter((glob) => !isLiteral(glob));
  if (patterns.length === 0) {
    return Object.assign((input: string) => input !== '' && exact.has(input), {
      within: (prefix: string) => {
        const names = namesIn(prefix);
        return names === undefined ? undefined : (name: string) => names.has(name);
      },
    });
  }
  const starts = patterns.map(leadingLiteral);
  let tests: readonly RegExp[] | undefined;
  const test = (input: string): boolean => {
    if (input === '') return false;
    if (exact.has(input)) return true;
    if (!starts.some((start) => input.startsWith(start))) return false;
    tests ??= expressions(patterns);
    for (const regex of tests) if (regex.test(input)) return true;
    return false;
  };
  return Object.assign(test, {
    within: (prefix: string) => {
      // `prefix + name` starts with `start` only when one of the two starts with the other.
      if (starts.some((start) => prefix.startsWith(start) || start.startsWith(prefix))) return (name: string) => test(prefix + name);
      const names = namesIn(prefix);
      return names === undefined ? undefined : (name: string) => names.has(name);
    },
  });
}

// The text every match of `glob` starts with: its characters before the first `/` or the first one
// picomatch gives a meaning to (`a/**` matches `a` itself: a slash may be optional); none for a glob picomatch
// rewrites at the start (`./a` matches `a`).
function leadingLiteral(glob: string): string {
  return glob.startsWith('./') ? '' : /^[^/*?[\]{}()!+@\\|^$]*/.exec(glob)![0];
}

// The expression of a glob whose segments are plain names with `*`s (`shadow*`, `ssh/*_key`, `*.pem`), the last
// one possibly a negation of plain names (`*/!(etc|pip.conf)`), as picomatch makes it with OPTIONS (any characters
// but `/` for a star, never a `.` or `..` segment; a negation takes any last segment but those names), without
// loading picomatch: /etc's secret globs and /usr/local's allow-list are of this kind. undefined for any other glob.
function starExpression(glob: string): RegExp | undefined {
  const segments = glob.split('/');
  const bodies: string[] = [];
  for (const [index, segment] of segments.entries()) {
    const escape = (text: string): string => text.replace(/\./g, '\\.');
    const negated = index > 0 && index === segments.length - 1 ? /^!\(([\w.-]+(?:\|[\w.-]+)*)\)$/.exec(segment) : null;
    if (negated) bodies.push(`(?:(?!(?:${escape(negated[1]!)})$))[^/]*?`);
    else if (/^[\w.*-]+$/.test(segment) && !segment.includes('**') && segment !== '.' && segment !== '..') {
      const body = segment.split('*').map(escape).join('[^/]*?');
      bodies.push(segment.includes('*') ? `(?!\\.{1,2}(?:/|$))(?=.)${body}` : body);
    } else return undefined;
  }
  return new RegExp(`^(?:${bodies.join('/')})$`);
}

// The globs' regular expressions: one for all of them when they share flags (they do with these options).
function expressions(globs: readonly string[]): RegExp[] {
  const regexes = globs.map((glob) => starExpression(glob) ?? picomatch.makeRe(glob, OPTIONS));
  const flags = regexes[0]!.flags;
  return regexes.every((regex) => regex.flags === flags) ? [new RegExp(regexes.map((regex) => `(?:${regex.source})`).join('|'), flags)] : regexes;
}

// Loops, not some() with an arrow: walks and listings test every entry, and each some() made a closure per test.
function endsWithAny(text: string, endings: readonly string[]): boolean {
  for (const ending of endings) if (text.endsWith(ending)) return true;
  return false;
}

// Whether a name ends with one of `endings` (`.pem`), or a path is one of `tails` (`.aws/credentials`) or ends
// with `/` and one of them.
function anyEnding(endings: readonly string[]): (text: string) => boolean {
  return endings.length === 0 ? NEVER : (text) => endsWithAny(text, endings);
}

function anyTail(tails: readonly string[]): ((rel: string) => boolean) & { readonly namesIn: (folder: string) => Set<string> | undefined } {
  if (tails.length === 0) return Object.assign(NEVER, { namesIn: () => undefined });
  const whole = new Set(tails);
  const ends = tails.map((tail) => `/${tail}`);
  // A tail `A/B` ends a path `F/NAME` when NAME is B and F is A or ends with `/A` (B holds no slash).
  const split = tails.map((tail) => ({ head: tail.slice(0, tail.lastIndexOf('/')), last: tail.slice(tail.lastIndexOf('/') + 1) }));
  const namesIn = (folder: string): Set<string> | undefined => {
    let names: Set<string> | undefined;
    for (const { head, last } of split) if (folder === head || folder.endsWith(`/${head}`)) (names ??= new Set()).add(last);
    return names;
  };
  return Object.assign((rel: string) => whole.has(rel) || endsWithAny(rel, ends), { namesIn });
}

// Compiles the globs once; a relative path matches when it or any ancestor folder does (never the root).
export function compileNonAccessible(globs: readonly string[]): RelMatcher {
  if (globs.length === 0) return Object.assign(() => false, { entry: NEVER, folder: () => NEVER });
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
  const segmentNames = new Set(segments);
  const folder = (prefix: string): ((name: string) => boolean) => {
    const rel = prefix.slice(0, -1);
    if (rel !== '' && bySegment(rel)) return () => true;
    const tailNames = byTail.namesIn(rel);
    const path = byPath.within(prefix);
    return (name) => byExtension(name) || byName(name) || segmentNames.has(name) || (tailNames !== undefined && tailNames.has(name)) || (path !== undefined && path(name));
  };
  return Object.assign((rel: string): boolean => {
    if (rel === '.' || rel === '') return false;
    for (let cut = rel.indexOf('/'); cut !== -1; cut = rel.indexOf('/', cut + 1)) {
      if (entry(rel.slice(0, cut))) return true;
    }
    return entry(rel);
  }, { entry, folder });
}
