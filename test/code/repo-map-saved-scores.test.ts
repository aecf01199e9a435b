// The repo map's scores saved beside the graph (issue 30: one changed file <= 0.5 s from a new process; a CLI
// call is one). A new engine asked the same question after an edit that changed no edge (a body, a comment)
// ranks nothing: it takes the scores the graph was saved with. An edit that changes an edge (a new reference),
// or another question, ranks again. Each map equals a fresh engine's on a fresh state folder. Observed through
// the process's rank counter (repo-map.ts rankCounter), not timing. Real files, real engines.
import { appendFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createEngine } from '../../src/index.js';
import type { Engine } from '../../src/engine/engine.js';
import { rankCounter } from '../../src/code/repo-map.js';
import { decodeGraph, encodeGraph } from '../../src/code/repo-map-saved-format.js';
import { shapeOf } from '../../src/code/repo-map-graph.js';
import { removeDir, tempDir, writeFiles } from '../helpers/fixture.js';
import { SymbolList } from '../../src/code/repo-map-symbols.js';
import { PackedStrings } from '../../src/code/packed-strings.js';

// The graph with its symbols' strings as a plain table (graphs keep them packed): what toEqual compares.
const unpacked = <T extends { shape: { symbols: SymbolList; ids: ReadonlyMap<string, number> } }>(graph: T | undefined): T | undefined => {
  if (graph === undefined) return undefined;
  const { strings, rows, over } = graph.shape.symbols;
  return { ...graph, shape: { ...graph.shape, ids: new Map(graph.shape.ids), symbols: new SymbolList(strings instanceof PackedStrings ? strings.toArray() : strings, rows, over) } };
};

let root: string;
let state: string;
const engines: Engine[] = [];
beforeEach(async () => {
  root = await tempDir('codeward-map-scores-');
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

interface Page { map: string; files: number; parsed: number; total: number }
// A new engine on `stateDir` (a new process's memory: nothing kept but the state folder) asked for the map.
async function map(stateDir: string, names = ''): Promise<Page> {
  const engine = await createEngine({ workspace: root, env: { ...process.env, CODEWARD_STATE_DIR: stateDir } });
  engines.push(engine);
  // A budget of a few lines: the map shows the best-ranked definitions only, so a new edge changes it.
  const result = await engine.run({ cmd: 'repo-map', args: names === '' ? { budget: 100 } : { budget: 100, names } });
  expect(result.ok, JSON.stringify(result)).toBe(true);
  return (result as unknown as { data: Page }).data;
}

// The map of a fresh engine on a fresh state folder (everything parsed and ranked).
async function fresh(names = ''): Promise<string> {
  const other = await tempDir('codeward-state-');
  try {
    return (await map(other, names)).map;
  } finally {
    await removeDir(other);
  }
}

// The ranks an engine computed during `work`, and its PageRank runs.
async function ranks(work: () => Promise<Page>): Promise<{ page: Page; ranked: number; pageRanks: number }> {
  const [before, runs] = [rankCounter.ranked, rankCounter.pageRanks];
  const page = await work();
  return { page, ranked: rankCounter.ranked - before, pageRanks: rankCounter.pageRanks - runs };
}

// The run of `cmd` on `engine` (a kept engine: serve's, asked again).
async function run(engine: Engine): Promise<Page> {
  const result = await engine.run({ cmd: 'repo-map', args: { budget: 100 } });
  expect(result.ok, JSON.stringify(result)).toBe(true);
  return (result as unknown as { data: Page }).data;
}

// A name no file refers to (the same PageRank arithmetic: the file ranks are reused), then a new edge.
const unreferred = () => appendFile(join(root, 'src/many/m7.ts'), 'export function brandNew7(): number { return 7; }\n');
const edge = () => writeFile(join(root, 'src/many/m7.ts'), 'export function many7(): number { return core() + loneHelper(); }\n');

describe('repo-map scores saved beside the graph', () => {
  it('a new engine (a CLI call) runs no PageRank after a name nobody refers to was added, scores again from the saved file ranks; it does after a new edge', async () => {
    const first = await ranks(() => map(state));
    expect(first.pageRanks).toBe(1);
    await unreferred();
    const added = await ranks(() => map(state));
    expect([added.page.parsed, added.ranked, added.pageRanks]).toEqual([1, 1, 0]);
    expect(added.page.total).toBe(first.page.total + 1);
    expect(added.page.map).toBe(await fresh());
    await edge();
    const edged = await ranks(() => map(state));
    expect(edged.pageRanks).toBe(1);
    expect(edged.page.map).toBe(await fresh());
  });

  it('an engine asked again (serve) reuses its own file ranks the same way', async () => {
    const engine = await createEngine({ workspace: root, env: { ...process.env, CODEWARD_STATE_DIR: state } });
    engines.push(engine);
    await run(engine);
    await unreferred();
    const added = await ranks(() => run(engine));
    expect(added.pageRanks).toBe(0);
    expect(added.page.map).toBe(await fresh());
    await edge();
    const edged = await ranks(() => run(engine));
    expect(edged.pageRanks).toBe(1);
    expect(edged.page.map).toBe(await fresh());
  });

  it('a new engine reuses them after an edit that changed no edge, and ranks again after one that did', async () => {
    expect((await ranks(() => map(state))).ranked).toBe(1);
    await appendFile(join(root, 'src/many/m7.ts'), '// only a comment\n');
    const body = await ranks(() => map(state));
    expect(body.page.parsed).toBe(1);
    expect(body.ranked).toBe(0);
    expect(body.page.map).toBe(await fresh());

    // A new edge: zlone.ts is now referred to, so rank flows to loneHelper (the map changes).
    const before = body.page.map;
    await writeFile(join(root, 'src/many/m7.ts'), 'export function many7(): number { return core() + loneHelper(); }\n');
    const edge = await ranks(() => map(state));
    expect(edge.page.parsed).toBe(1);
    expect(edge.ranked).toBe(1);
    expect(edge.page.map).toBe(await fresh());
    expect(before).not.toContain('loneHelper');
    expect(edge.page.map).toContain('loneHelper');

    // Another question: the saved scores are for another focus.
    const asked = await ranks(() => map(state, 'many3'));
    expect(asked.ranked).toBe(1);
    expect(asked.page.map).toBe(await fresh('many3'));
  });

  it('round-trips the scores and their focus; a graph saved without them decodes without them', () => {
    const symbol = (name: string, line: number) => ({ name, namePath: name, kind: 'function', startLine: line, endLine: line, signature: `function ${name}() {` });
    const files = [
      { path: 'a.ts', entry: { stamp: '1', symbols: [symbol('a', 1), symbol('b', 2)], references: ['b', 'c'] } },
      { path: 'b.ts', entry: { stamp: '2', symbols: [symbol('c', 1)], references: ['a'] } },
    ];
    const scored = { focus: '[[],["a"]]', scores: Float64Array.from([0.5, 0.25, 0.125]) };
    const saved = { listing: ['a.ts', 'b.ts'], stamps: ['1', '2'], skipped: [], shape: shapeOf(files), scored };
    const bytes = (graph: Parameters<typeof encodeGraph>[0]) => Buffer.concat(encodeGraph(graph).map((part) => (typeof part === 'string' ? Buffer.from(part) : part)));
    expect(unpacked(decodeGraph(bytes(saved)))).toEqual(unpacked(saved));
    const { scored: _, ...bare } = saved;
    expect(unpacked(decodeGraph(bytes(bare)))).toEqual(unpacked(bare));
    // Scores that are not one per definition are no scores (ranked again), the graph still is one.
    const short = decodeGraph(bytes({ ...saved, scored: { ...scored, scores: scored.scores.subarray(0, 2) } }));
    expect(short?.shape.symbols.length).toBe(3);
    expect(short?.scored).toBeUndefined();
  });
});
