// "Did you mean": the closest known name to a mistyped one (`--fil` → `--file`, `raed` → `read`).

// Optimal string alignment distance (Damerau-Levenshtein with adjacent transpositions counted as one
// edit, each substring edited once): "raed" → "read" is 1, "fil" → "file" is 1.
export function editDistance(a: string, b: string): number {
  const rows = a.length + 1;
  const cols = b.length + 1;
  const d: number[][] = Array.from({ length: rows }, (_, i) => Array.from({ length: cols }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i < rows; i += 1) {
    for (let j = 1; j < cols; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) best = Math.min(best, d[i - 2]![j - 2]! + 1);
      d[i]![j] = best;
    }
  }
  return d[a.length]![b.length]!;
}

// How many edits a name of this length may be away and still be a likely typo: none for 1-2 characters
// (too many names are that close), 1 up to 4, 2 up to 8, 3 beyond.
function threshold(length: number): number {
  if (length <= 2) return 0;
  if (length <= 4) return 1;
  if (length <= 8) return 2;
  return 3;
}

// Names longer than this are not compared (a pasted paragraph is no typo, and the table is quadratic).
const MAX_LENGTH = 64;

// The known names closest to `input` within the threshold (case-insensitive, `_` and `-` alike), best
// first and at most `limit`; a name that starts with the input (`--max` → `--max-bytes`) counts too
// when the input is at least 3 characters and only one name starts with it.
export function suggest(input: string, known: readonly string[], limit = 1): string[] {
  const fold = (text: string): string => text.toLowerCase().replace(/_/g, '-');
  const wanted = fold(input);
  if (wanted.length === 0 || wanted.length > MAX_LENGTH || known.some((name) => fold(name) === wanted)) return [];
  const allowed = threshold(wanted.length);
  const scored = [...new Set(known)]
    .filter((name) => name.length <= MAX_LENGTH + allowed)
    .map((name) => ({ name, distance: editDistance(wanted, fold(name)) }))
    .filter(({ distance }) => distance > 0 && distance <= allowed)
    .sort((left, right) => left.distance - right.distance || left.name.localeCompare(right.name));
  if (scored.length === 0 && wanted.replace(/^-+/, '').length >= 3) {
    const prefixed = known.filter((name) => fold(name).startsWith(wanted));
    if (prefixed.length === 1) return prefixed;
  }
  return scored.slice(0, limit).map(({ name }) => name);
}

// " (did you mean --file?)" for an error message (names compared bare, shown with `prefix`), or "".
export function didYouMean(input: string, known: readonly string[], prefix = ''): string {
  const [best] = suggest(input, known);
  return best === undefined ? '' : ` (did you mean ${prefix}${best}?)`;
}
