// Did-you-mean for config keys: `modle` → `model`, `base_uri` → `baseUrl`, `max_read_byte` → `max_read_bytes`.

// A key without case or separators: `base_url`, `base-url`, `BaseURL` all read `baseurl`.
export const squashKey = (key: string): string => key.replace(/[-_]/g, '').toLowerCase();

function distance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i += 1) {
    let diagonal = row[0]!;
    row[0] = i;
    for (let j = 1; j <= b.length; j += 1) {
      const above = row[j]!;
      row[j] = Math.min(row[j]! + 1, row[j - 1]! + 1, diagonal + (a[i - 1] === b[j - 1] ? 0 : 1));
      diagonal = above;
    }
  }
  return row[b.length]!;
}

// The known key an unknown one was probably meant to be, or undefined when none is close.
export function closestKey(key: string, known: readonly string[]): string | undefined {
  let best: { name: string; cost: number } | undefined;
  for (const name of known) {
    const cost = distance(squashKey(key), squashKey(name));
    if (cost <= Math.max(2, Math.floor(name.length / 3)) && (!best || cost < best.cost)) best = { name, cost };
  }
  return best?.name;
}

// ` (did you mean "model"?)` or ''.
export function didYouMean(key: string, known: readonly string[]): string {
  const meant = closestKey(key, known);
  return meant ? ` (did you mean "${meant}"?)` : '';
}
