// The repo map's file ranks reused when PageRank over the patched graph would do the very arithmetic it did
// over the one they were ranked on (repo-map-same-rank.ts; issue 30: a new function nobody calls yet is the
// usual one-changed-file edit, and PageRank was most of ranking it). The scores are made again from those
// ranks; every map equals a fresh engine's on a fresh state folder. Observed through the process's counter
// of PageRank runs (repo-map.ts rankCounter), not timing. Real files, real engines.
import { appendFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createEngine } from '../../src/index.js';
import type { Engine } from '../../src/engine/engine.js';
import { rankCounter, rankSymbols, rankTop } from '../../src/code/repo-map.js';
import { pageRank, shapeOf, weighed } from '../../src/code/repo-map-graph.js';
import { sameRanking } from '../../src/code/repo-map-same-rank.js';
import { decodeGraph, encodeGraph } from '../../src/code/repo-map-saved-format.js';
import { removeDir, tempDir, writeFiles } from '../helpers/fixture.js';

let root: string;
let state: string;
const engines: Engine[] = [];
beforeEach(async () => {
  root = await tempDir('codeward-map-rank-');
  state = await tempDir('codeward-state-');
  const files: Record<string, string> = {
    'src/core.ts': 'export function core(): number { return 1; }\nexport class Box { open(): number { return core(); } }\n',
    'src/zlone.ts': 'export function loneHelper(): number { return 7; }\n',
  };
  for (let at = 0; at < 30; at++) files[`src/many/m${at}.ts`] = `export function many${at}(): number { return core() + ${at}; }\n`;
  await writeFiles(root, files);
});
afterEach(async () => {
  for (const engine of engines.splice(0)) await engine.close();
  await removeDir(root);
  await removeDir(state);
});

interface Page { map: string; parsed: number; total: number }
const newEngine = async (stateDir: string): Promise<Engine> => {
  const engine = await createEngine({ workspace: root, env: { ...process.env, CODEWARD_STATE_DIR: stateDir } });
  engines.push(engine);
  return engine;
};
async function map(engine: Engine): Promise<Page> {
  const result = await engine.run({ cmd: 'repo-map', args: { budget: 400 } });
  expect(result.ok, JSON.stringify(result)).toBe(true);
  return (result as unknown as { data: Page }).data;
}
async function fresh(): Promise<string> {
  const other = await tempDir('codeward-state-');
  try {
    return (await map(await newEngine(other))).map;
  } finally {
    await removeDir(other);
  }
}
async function counted(work: () => Promise<Page>): Promise<{ page: Page; pageRanks: number }> {
  const before = rankCounter.pageRanks;
  const page = await work();
  return { page, pageRanks: rankCounter.pageRanks - before };
}
const edits = {
  // A name no file refers to: the same arithmetic.
  unreferred: () => appendFile(join(root, 'src/many/m7.ts'), 'export function brandNew7(): number { return 7; }\n'),
  // A new edge: m7 now refers to loneHelper.
  edge: () => writeFile(join(root, 'src/many/m7.ts'), 'export function many7(): number { return core() + loneHelper(); }\n'),
};

describe('repo-map file ranks reused', () => {
  it('a new engine (a CLI call) runs no PageRank after a name nobody refers to was added; it does after a new edge', async () => {
    const first = await counted(async () => map(await newEngine(state)));
    expect(first.pageRanks).toBe(1);
    await edits.unreferred();
    const added = await counted(async () => map(await newEngine(state)));
    expect(added.page.parsed).toBe(1);
    expect(added.pageRanks).toBe(0);
    expect(added.page.total).toBe(first.page.total + 1);
    expect(added.page.map).toBe(await fresh());
    await edits.edge();
    const edge = await counted(async () => map(await newEngine(state)));
    expect(edge.pageRanks).toBe(1);
    expect(edge.page.map).toContain('loneHelper');
    expect(edge.page.map).toBe(await fresh());
  });

  it('an engine asked again (serve) reuses its own ranks the same way', async () => {
    const engine = await newEngine(state);
    await map(engine);
    await edits.unreferred();
    const added = await counted(() => map(engine));
    expect(added.pageRanks).toBe(0);
    expect(added.page.map).toBe(await fresh());
    await edits.edge();
    const edge = await counted(() => map(engine));
    expect(edge.pageRanks).toBe(1);
    expect(edge.page.map).toBe(await fresh());
  });

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
