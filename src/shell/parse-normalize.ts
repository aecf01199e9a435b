// Characters a terminal, a model and bash may read differently. A carriage return is a plain word
// character for bash but moves the cursor for a person (`ls\rrm -rf /` shows `rm -rf /`); Unicode
// spaces look like spaces; zero-width characters are invisible. The classifier reads the line the
// conservative way: invisible characters removed, odd spaces as spaces, and line-like breaks once as
// newlines and once as spaces (two readings, both classified).

const INVISIBLE = /[\u200B-\u200D\u2060\uFEFF\u00AD]/g;
const ODD_SPACES = /[\u00A0\u1680\u2000-\u200A\u202F\u205F\u3000\v\f]/g;
const LINE_BREAKS = /\r\n?|[\u0085\u2028\u2029]/g;

export interface NormalisedSource {
  // Line-like characters as newlines.
  readonly primary: string;
  // Other readings, each classified too: line-like characters as spaces (only when that differs), and
  // closed descriptors spelled the way the grammar reads (below).
  readonly alternatives: readonly string[];
}

// tree-sitter-bash gives a descriptor-closing operator (`<&-`, `2>&-`) a destination word and turns a second
// word into an error that ends the command (`git 0<&- push origin`, `git >&- -C . push`), while bash closes the
// descriptor and passes every word on. The same line with a duplication of the same length (`<&0`, `>&1`)
// parses as bash reads it: one more reading, so the command's real words meet deny rules.
const CLOSING = /([<>])&-/g;
const reopened = (text: string): string => text.replace(CLOSING, (_all, op: string) => `${op}&${op === '<' ? 0 : 1}`);

export function normaliseSource(input: string): NormalisedSource {
  // NUL cannot be part of a bash command line at all.
  const base = input.replace(INVISIBLE, '').replaceAll('\u0000', '').replace(ODD_SPACES, ' ');
  const primary = base.replace(LINE_BREAKS, '\n');
  // A CRLF pair is one line break in both readings; only lone CRs (and Unicode breaks) become spaces.
  const spaced = base.replace(/\r\n/g, '\n').replace(/[\r\u0085\u2028\u2029]/g, ' ');
  const readings = [primary, spaced, ...[primary, spaced].map(reopened)];
  return { primary, alternatives: [...new Set(readings)].filter((each) => each !== primary) };
}
