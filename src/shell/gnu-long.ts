// How GNU getopt_long reads a `--name` / `--name=value` word (red team R26-7: `sed --e='1e CMD'`, `sed --fi s.sed`,
// `gawk --so='BEGIN{..}'` ran what `--expression`/`--file`/`--source` would): the exact name wins, else any option
// the name is a prefix of. Several such options is ambiguous (getopt refuses; another version of the program, with
// fewer options, may not): every one of them is returned, and a reader takes the word as the riskiest.

export interface LongWord {
  // The options the word may be (none: not one of `longs`).
  readonly names: readonly string[];
  // The text after the first `=`, when there is one.
  readonly value?: string;
}

// The long options of `longs` (names without the dashes) the word may be; undefined for a word that is no long option.
export function longOption(word: string, longs: readonly string[]): LongWord | undefined {
  if (!word.startsWith('--') || word.length <= 2) return undefined;
  const eq = word.indexOf('=');
  const name = (eq < 0 ? word : word.slice(0, eq)).slice(2);
  const names = longs.includes(name) ? [name] : longs.filter((each) => each.startsWith(name));
  return eq < 0 ? { names } : { names, value: word.slice(eq + 1) };
}

// Whether the word may be the long option `name` of `longs`.
export const mayBeLong = (word: string, longs: readonly string[], name: string): boolean => longOption(word, longs)?.names.includes(name) === true;

// GNU sed 4.9's long options and gawk 5's (`sed --help`, `gawk --help`).
export const SED_LONGS = ['expression', 'file', 'line-length', 'in-place', 'quiet', 'silent', 'debug', 'posix', 'regexp-extended', 'separate', 'sandbox', 'unbuffered', 'null-data', 'zero-terminated', 'follow-symlinks', 'binary', 'help', 'version'];
export const AWK_LONGS = ['assign', 'bignum', 'characters-as-bytes', 'copyright', 'csv', 'debug', 'dump-variables', 'exec', 'field-separator', 'file', 'gen-pot', 'help', 'include', 'lint', 'lint-old', 'load', 'no-optimize', 'non-decimal-data', 'optimize', 'persist', 'posix', 'pretty-print', 'profile', 're-interval', 'sandbox', 'source', 'trace', 'traditional', 'use-lc-numeric', 'usage', 'version'];

// A regex source matching `--NAME` for every spelling getopt_long may read as `name` of `longs` (its prefixes down to
// the shortest one that is not an exact other option), for a reader that matches words by pattern.
export function longSpellings(name: string, longs: readonly string[]): string {
  const spellings: string[] = [];
  for (let end = name.length; end >= 1; end--) {
    const prefix = name.slice(0, end);
    if (prefix !== name && longs.includes(prefix)) break;
    spellings.push(prefix.replace(/[.*+?^${}()|[\]\\-]/g, '\\$&'));
  }
  return `--(?:${spellings.join('|')})`;
}
