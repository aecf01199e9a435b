// The repo map's score floor: the limit-th best of every definition's score, so that only the definitions a
// page can show are sorted (repo-map.ts rankTop). Found by selection (Hoare's quickselect on a copy, linear
// on average, many ties included) instead of sorting a quarter of a million scores each time a graph is
// ranked (~20 ms of a one-changed-file call on 20 k files). Exactly the value the sorted scores hold there.

// The limit-th largest of `scores` (-Infinity when there are no more than `limit`; Infinity for none).
export function scoreFloor(scores: Float64Array, limit: number): number {
  if (limit <= 0) return Infinity;
  if (limit >= scores.length) return -Infinity;
  const values = scores.slice();
  // The k-th smallest, k = length - limit (0-based): the position it holds in ascending order.
  const k = values.length - limit;
  let [low, high] = [0, values.length - 1];
  while (low < high) {
    const pivot = median3(values[low]!, values[(low + high) >>> 1]!, values[high]!);
    let [i, j] = [low, high];
    // Hoare's partition: equal values stop both scans, so ties split evenly (no quadratic run on them).
    while (i <= j) {
      while (values[i]! < pivot) i++;
      while (values[j]! > pivot) j--;
      if (i <= j) {
        const swap = values[i]!;
        values[i++] = values[j]!;
        values[j--] = swap;
      }
    }
    if (k <= j) high = j;
    else if (k >= i) low = i;
    else return values[k]!;
  }
  return values[k]!;
}

function median3(a: number, b: number, c: number): number {
  return a < b ? (b < c ? b : a < c ? c : a) : a < c ? a : b < c ? c : b;
}
