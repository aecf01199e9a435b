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
  // Line-like characters as spaces; only when it differs from `primary`.
  readonly alternative?: string;
}

export function normaliseSource(input: string): NormalisedSource {
  // NUL cannot be part of a bash command line at all.
  const base = input.replace(INVISIBLE, '').replaceAll('\u0000', '').replace(ODD_SPACES, ' ');
  if (!/[\r\u0085\u2028\u2029]/.test(base)) return { primary: base };
  const primary = base.replace(LINE_BREAKS, '\n');
  // A CRLF pair is one line break in both readings; only lone CRs (and Unicode breaks) become spaces.
  const alternative = base.replace(/\r\n/g, '\n').replace(/[\r\u0085\u2028\u2029]/g, ' ');
  return alternative === primary ? { primary } : { primary, alternative };
}
