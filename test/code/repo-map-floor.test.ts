// The repo map's score floor (issue 30): the limit-th best of a quarter of a million scores, found by selection
// instead of sorting them all each time the graph is ranked (~20 ms per one-changed-file call on 20 k files).
// It must be exactly the sorted array's value (ties are many: the map's order and page depend on it).
import { describe, expect, it } from 'vitest';
import { scoreFloor } from '../../src/code/repo-map-floor.js';

function random(seed: number): () => number {
  let state = seed;
  return () => ((state = Math.imul(state ^ (state >>> 15), 2246822507) + 1) >>> 0) / 2 ** 32;
}

describe('repo map score floor', () => {
  const next = random(7);
  const cases: [string, Float64Array][] = [
    ['distinct', Float64Array.from({ length: 2000 }, () => next())],
    ['many ties', Float64Array.from({ length: 3000 }, () => Math.floor(next() * 5) / 8)],
    ['all equal', new Float64Array(500).fill(0.25)],
    ['ascending', Float64Array.from({ length: 1000 }, (_, at) => at)],
    ['descending', Float64Array.from({ length: 1000 }, (_, at) => -at)],
    ['zeros and signs', Float64Array.from({ length: 700 }, (_, at) => (at % 3 === 0 ? 0 : at % 3 === 1 ? -0 : 1e-300 * at))],
  ];
  it.each(cases)('the limit-th best score equals the sorted scores\' value: %s', (_what, scores) => {
    const sorted = scores.slice().sort();
    for (const limit of [0, 1, 2, 3, 17, 1025, scores.length - 1, scores.length, scores.length + 5]) {
      const expected = limit >= sorted.length || limit <= 0 ? (limit <= 0 ? Infinity : -Infinity) : sorted[sorted.length - limit]!;
      expect(scoreFloor(scores, limit) === expected, `limit ${limit}`).toBe(true);
    }
    // The scores themselves are left as they were.
    expect(scores).toEqual(cases.find(([, each]) => each === scores)![1]);
  });
});
