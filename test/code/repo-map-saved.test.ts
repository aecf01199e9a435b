// The repo map's graph saved in the state folder (issue 30: a CLI call with a new question <= 1 s on 20 k
// files; each CLI call is a new process): the next process answers from the saved graph without loading
// the index, patches a file changed in between (only that file indexed), and builds again when a file
// defines other names. The index's shards are removed between calls: a process that needed them would
// parse every file again (parsed = all).
import { readdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { decodeGraph, encodeGraph } from '../../src/code/repo-map-saved-format.js';
import { shapeOf } from '../../src/code/repo-map-graph.js';
import { SymbolList } from '../../src/code/repo-map-symbols.js';
import { PackedStrings } from '../../src/code/packed-strings.js';

// The graph with its symbols' strings as a plain table and its ids as a Map (a decoded graph keeps them packed, and lazy): what toEqual compares.
const unpacked = <T extends { shape: { symbols: SymbolList; ids: ReadonlyMap<string, number> } }>(graph: T | undefined): T | undefined => {
  if (graph === undefined) return undefined;
  const { strings, rows, over } = graph.shape.symbols;
  return { ...graph, shape: { ...graph.shape, ids: new Map(graph.shape.ids), symbols: new SymbolList(strings instanceof PackedStrings ? strings.toArray() : strings, rows, over) } };
};
import { removeDir, runCli, tempDir, writeFiles } from '../helpers/fixture.js';

let root: string;
let state: string;
beforeEach(async () => {
  root = await tempDir('codeward-map-saved-');
  state = await tempDir('codeward-state-');
  await writeFiles(root, {
    'src/a.ts': 'export function alpha(): number { return beta(); }\n',
    'src/b.ts': 'export function beta(): number { return 1; }\nexport class Gamma { run(): number { return alpha(); } }\n',
    'src/c.py': 'def delta():\n    return 2\n',
    'src/d.ts': 'export function waiting(): number { return pending(); }\n',
    'src/huge.min.js': 'x',
  });
});
afterEach(async () => {
  await removeDir(root);
  await removeDir(state);
});

interface Map { map: string; parsed: number; files: number; skipped: { path: string }[] }
function map(names: string): Map {
  const result = runCli(['--json', '-C', root, 'repo-map', '--budget', '300', '--names', names], { env: { CODEWARD_STATE_DIR: state } });
  expect(result.json.ok, result.stdout + result.stderr).toBe(true);
  return (result.json as unknown as { data: Map }).data;
}

// Removes the index's shards and kept pages (the saved graph stays).
async function forgetIndex(): Promise<void> {
  const found = (await readdir(state, { recursive: true })).filter((path) => /code-index\/v\d+\/(\d+\.shard|repo-map-pages\.json)$/.test(path));
  expect(found.length).toBeGreaterThan(0);
  await Promise.all(found.map((path) => rm(join(state, path))));
}

describe('repo-map graph saved in the state folder', () => {
  it('a new process answers a new question from it, patches a file changed in between, and patches a file that defines new names', async () => {
    const first = map('alpha');
    expect(first).toMatchObject({ parsed: 4, files: 4, skipped: [expect.objectContaining({ path: 'src/huge.min.js' })] });
    await forgetIndex();
    const asked = map('delta');
    expect(asked).toMatchObject({ parsed: 0, files: 4, skipped: first.skipped });
    expect(asked.map).toContain('delta');
    expect(asked.map).toContain('Gamma/run');
    await writeFile(join(root, 'src/a.ts'), 'export function alpha(times: number): number { return beta() * times; }\n');
    const changed = map('beta');
    expect(changed).toMatchObject({ parsed: 1, files: 4 });
    expect(changed.map).toContain('alpha(times: number)');
    await forgetIndex();
    // A file that defines other names is patched in too (issue 30), with the files whose text holds a new
    // name (d.ts refers to `pending`): only those two are indexed again, and the map is a fresh state's.
    await writeFile(join(root, 'src/a.ts'), 'export function epsilon(): number { return beta(); }\nexport function pending(): number { return 3; }\n');
    const renamed = map('beta');
    expect(renamed).toMatchObject({ parsed: 2, files: 4 });
    expect(renamed.map).toContain('epsilon');
    expect(renamed.map).not.toContain('alpha function');
    const fresh = await tempDir('codeward-state-');
    try {
      const other = runCli(['--json', '-C', root, 'repo-map', '--budget', '300', '--names', 'beta'], { env: { CODEWARD_STATE_DIR: fresh } });
      expect((other.json as unknown as { data: Map }).data.map).toBe(renamed.map);
    } finally {
      await removeDir(fresh);
    }
  });

  it('round-trips a shape, and a damaged or foreign file is no graph', () => {
    const symbol = (name: string, line: number) => ({ name, namePath: name, kind: 'function', startLine: line, endLine: line, signature: `function ${name}() {` });
    const files = [
      { path: 'a.ts', entry: { stamp: '1', symbols: [symbol('a', 1), symbol('b', 2)], references: ['b', 'c'] } },
      { path: 'b.ts', entry: { stamp: '2', symbols: [symbol('c', 1)], references: ['a'] } },
    ];
    const saved = { listing: ['a.ts', 'b.ts', 'x.min.js'], stamps: ['1', '2', '3'], skipped: [{ path: 'x.min.js', reason: 'minified' }], shape: shapeOf(files) };
    const data = Buffer.concat(encodeGraph(saved).map((part) => (typeof part === 'string' ? Buffer.from(part) : part)));
    expect(unpacked(decodeGraph(data))).toEqual(unpacked(saved));
    expect(decodeGraph(data.subarray(0, data.length - 9))).toBeUndefined();
    expect(decodeGraph(Buffer.from('{"version":1}'))).toBeUndefined();
  });
});
