// The repo map's file ranks reused when PageRank over the patched graph would do the very arithmetic it did
// over the one they were ranked on (repo-map-same-rank.ts; issue 30: a new function nobody calls yet is the
// usual one-changed-file edit, and PageRank was most of ranking it): sameRanking against PageRank's own bits,
// the ranks saved with the graph, and rankTop's order. Engines reusing them: repo-map-saved-scores.test.ts.
import { describe, expect, it } from 'vitest';
import { rankSymbols, rankTop } from '../../src/code/repo-map.js';
import { pageRank, shapeOf, weighed } from '../../src/code/repo-map-graph.js';
import { sameRanking } from '../../src/code/repo-map-same-rank.js';
import { decodeGraph, encodeGraph } from '../../src/code/repo-map-saved-format.js';

describe('repo-map file ranks reused', () => {
  it('sameRanking holds exactly when PageRank gives the same bits', () => {
    const symbol = (name: string, line = 1) => ({ name, namePath: name, kind: 'function', startLine: line, endLine: line, signature: `function ${name}() {` });
    const file = (path: string, names: string[], references: string[]) => ({ path, entry: { stamp: path, symbols: names.map((name, at) => symbol(name, at + 1)), references } });
    const base = [file('a.ts', ['a', 'shared'], ['b', 'c']), file('b.ts', ['b'], ['a', 'shared']), file('c.ts', ['c', 'shared'], ['a']), file('d.ts', ['d'], ['c', 'b'])];
    const ranks = (files: typeof base) => pageRank([], weighed(shapeOf(files), { paths: [], names: [] }));
    const variants: [string, typeof base, boolean][] = [
      ['a name nobody refers to, first in a file', [base[0]!, file('b.ts', ['fresh', 'b'], ['a', 'shared']), base[2]!, base[3]!], true],
      ['a name nobody refers to, last', [base[0]!, base[1]!, base[2]!, file('d.ts', ['d', 'zz'], ['c', 'b'])], true],
      ['a reference to a name nobody defines', [base[0]!, base[1]!, base[2]!, file('d.ts', ['d'], ['c', 'b', 'nowhere'])], true],
      ['a new edge', [base[0]!, base[1]!, base[2]!, file('d.ts', ['d'], ['c', 'b', 'a'])], false],
      ['references reordered', [base[0]!, base[1]!, base[2]!, file('d.ts', ['d'], ['b', 'c'])], false],
      ['a referred name given another definer', [base[0]!, base[1]!, base[2]!, file('d.ts', ['d', 'b'], ['c', 'b'])], false],
      ['a referred name renamed', [file('a.ts', ['a2', 'shared'], ['b', 'c']), file('b.ts', ['b'], ['a2', 'shared']), base[2]!, base[3]!], false],
    ];
    for (const [what, files, same] of variants) {
      expect(sameRanking(shapeOf(base), shapeOf(files)), what).toBe(same);
      if (same) expect(Buffer.from(ranks(files).buffer).equals(Buffer.from(ranks(base).buffer)), what).toBe(true);
    }
    // Other files: never the same.
    expect(sameRanking(shapeOf(base), shapeOf([...base, file('e.ts', ['e'], [])]))).toBe(false);
  });

  it('the saved graph keeps the ranks beside the scores; ranks not one per file are none', () => {
    const files = [{ path: 'a.ts', entry: { stamp: '1', symbols: [{ name: 'a', namePath: 'a', kind: 'function', startLine: 1, endLine: 1, signature: 'function a() {' }], references: [] } }];
    const scored = { focus: '[[],[]]', scores: Float64Array.from([0.5]), rank: Float64Array.from([1]) };
    const bytes = (rank: Float64Array) => Buffer.concat(encodeGraph({ listing: ['a.ts'], stamps: ['1'], skipped: [], shape: shapeOf(files), scored: { ...scored, rank } }).map((part) => (typeof part === 'string' ? Buffer.from(part) : part)));
    expect(decodeGraph(bytes(scored.rank))?.scored?.rank).toEqual(scored.rank);
    const wrong = decodeGraph(bytes(Float64Array.from([1, 2])))?.scored;
    expect(wrong?.scores).toEqual(scored.scores);
    expect(wrong?.rank).toBeUndefined();
  });

  it('rankTop sorts positions and makes only the page symbols: best first, ties by path then line, as sorting every symbol did', () => {
    // Many ties: every file defines the same two names at lines 1 and 3, and no file refers to anything.
    const files = Array.from({ length: 30 }, (_, at) => ({ path: `f${String(at).padStart(2, '0')}.ts`, entry: { stamp: 's', symbols: [3, 1].map((line) => ({ name: `n${line}`, namePath: `n${line}`, kind: 'function', startLine: line, endLine: line, signature: `function n${line}()` })), references: at % 5 === 0 ? ['n1'] : [] } }));
    const shape = shapeOf(files);
    const scores = rankTop(files, { paths: [], names: [] }, Infinity).ranked;
    const every = Array.from({ length: shape.symbols.length }, (_, at) => ({ path: shape.paths[shape.symbolFile[at]!]!, symbol: shape.symbols.get(at), rank: 0 }));
    const rankOf = new Map(scores.map((each) => [`${each.path}:${each.symbol.startLine}`, each.rank]));
    for (const each of every) each.rank = rankOf.get(`${each.path}:${each.symbol.startLine}`)!;
    every.sort((a, b) => b.rank - a.rank || (a.path < b.path ? -1 : a.path > b.path ? 1 : a.symbol.startLine - b.symbol.startLine));
    expect(rankSymbols(files, { paths: [], names: [] })).toEqual(every);
    for (const limit of [1, 7, 31, 60]) expect(rankTop(files, { paths: [], names: [] }, limit).ranked).toEqual(every.slice(0, limit));
  });
});
