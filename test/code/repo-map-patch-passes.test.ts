// The names patch's one pass over the definitions (repo-map-renamed.ts: new ids, definition positions and
// definers in plain arrays sized for the most there can be) against a fresh build, on many random small
// repositories and edits: names added, renamed, dropped (the last definer gone), defined twice in a file,
// files added and removed (origin). The patched shape must be exactly shapeOf's.
import { describe, expect, it } from 'vitest';
import type { IndexedFile } from '../../src/code/index/code-index.js';
import { shapeOf, type GraphShape } from '../../src/code/repo-map-graph.js';
import { newNames, patchNames } from '../../src/code/repo-map-renamed.js';

const plain = (shape: GraphShape) => ({ ...shape, ids: new Map(shape.ids), symbols: shape.symbols.toArray() });

// A small deterministic generator (mulberry32): the same cases on every run.
function random(seed: number): (below: number) => number {
  let state = seed;
  return (below) => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return Math.floor((((t ^ (t >>> 14)) >>> 0) / 4294967296) * below);
  };
}

function file(path: string, stamp: string, pick: (below: number) => number, pool: number): IndexedFile {
  const kinds = ['function', 'method', 'class', 'variable', 'constant'];
  const symbols = Array.from({ length: pick(5) }, (_, line) => {
    const name = `n${pick(pool)}`;
    const kind = kinds[pick(kinds.length)]!;
    return { name, namePath: kind === 'method' ? `C/${name}` : name, kind, startLine: line * 2 + 1, endLine: line * 2 + 2, signature: `${name}()` };
  });
  const references = Array.from({ length: pick(6) }, () => (pick(3) === 0 ? `.n${pick(pool)}` : `n${pick(pool)}`));
  return { path, entry: { stamp, symbols, references } };
}

describe('repo map names patch: one pass, plain arrays', () => {
  it('equals a fresh build after random edits, additions and removals (200 cases)', () => {
    for (let seed = 1; seed <= 200; seed++) {
      const pick = random(seed);
      const pool = 4 + pick(12);
      const before = Array.from({ length: 3 + pick(12) }, (_, at) => file(`src/f${String(at * 2).padStart(3, '0')}.ts`, 'a', pick, pool));
      // Edited in place, then (every other case) one file removed and one added between the others.
      const after = before.map((each) => (pick(3) === 0 ? file(each.path, 'b', pick, pool + 3) : each));
      const withOrigin = seed % 2 === 0;
      if (withOrigin) {
        after.splice(pick(after.length), 1);
        const at = pick(after.length + 1);
        after.splice(at, 0, file(`src/f${String(at * 2 - 1).padStart(3, '0')}x.ts`, 'c', pick, pool + 3));
        after.sort((a, b) => (a.path < b.path ? -1 : 1));
      }
      const shape = shapeOf(before);
      const origin = Int32Array.from(after, (each) => before.indexOf(each));
      const edited = after.flatMap((each, at) => (before.includes(each) ? [] : [at]));
      // Every file that refers to a name new to the graph is patched too (the caller's rule: repo-map-referrers.ts).
      const added = new Set(newNames(shape, after, edited));
      const changed = after.flatMap((each, at) => (edited.includes(at) || (each.entry.references ?? []).some((name) => added.has(name)) ? [at] : []));
      const patched = patchNames(shape, after, changed, withOrigin ? origin : undefined);
      expect(plain(patched), `seed ${seed}`).toEqual(plain(shapeOf(after)));
    }
  });
});
