// Issue 30: a file added or removed (the common case after a model creates a file) is patched into the repo
// map's graph like a changed one (its definitions and references in or out, the files that refer to a name it
// defines new to the graph read again from the index's cache), not rebuilt from every index entry. The patched
// graph is exactly a fresh build's, and so are its ranking and map.
import { readdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { IndexedFile } from '../../src/code/index/code-index.js';
import { GraphMemo } from '../../src/code/repo-map-memo.js';
import { shapeOf, type GraphShape } from '../../src/code/repo-map-graph.js';
import { rankTop, renderMap } from '../../src/code/repo-map.js';
import { fromMemo } from '../../src/code/repo-map-saved.js';
import { listingDiff } from '../../src/code/repo-map-listing-diff.js';
import { removeDir, runCli, tempDir, writeFiles } from '../helpers/fixture.js';

const fn = (name: string, line: number) => ({ name, namePath: name, kind: 'function', startLine: line, endLine: line + 1, signature: `function ${name}()` });
const method = (name: string, line: number) => ({ name, namePath: `C/${name}`, kind: 'method', startLine: line, endLine: line + 1, signature: `${name}()` });

// 30 files f00..f58 (even numbers: room for a file added between two), each defining a shared name, its own
// helper and a method, referring to others' names and to 'orphan', which no file defines.
function base(): IndexedFile[] {
  return Array.from({ length: 30 }, (_, n) => ({
    path: `src/f${String(n * 2).padStart(2, '0')}.ts`,
    entry: { stamp: 's', symbols: [fn(`fn${n % 7}`, 1), fn(`helper${n}`, 4), method(`m${n % 3}`, 8)], references: [`fn${(n * 3) % 7}`, `helper${(n + 1) % 30}`, '.m1', 'orphan'] },
  }));
}

const file = (path: string, names: string[], references: string[], stamp = 'new'): IndexedFile => ({ path, entry: { stamp, symbols: names.map((name, at) => fn(name, 1 + at * 3)), references } });
const sorted = (files: IndexedFile[]): IndexedFile[] => files.slice().sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
const plain = (shape: GraphShape) => ({ ...shape, ids: new Map(shape.ids), symbols: shape.symbols.toArray() });

const edits: [string, (files: IndexedFile[]) => IndexedFile[]][] = [
  ['a file added', (files) => sorted([...files, file('src/f07.ts', ['added', 'helper3'], ['fn1', 'helper9', 'added'])])],
  ['a file added first and one last', (files) => sorted([...files, file('a.ts', ['first'], ['fn2']), file('z.ts', ['last'], ['first'])])],
  ['a file removed', (files) => files.filter((each) => each.path !== 'src/f10.ts')],
  ['the only definer of a name removed', (files) => files.filter((each) => each.path !== 'src/f00.ts')],
  ['a file renamed (removed and added)', (files) => sorted([...files.filter((each) => each.path !== 'src/f10.ts'), { ...files[5]!, path: 'src/g10.ts', entry: { ...files[5]!.entry, stamp: 'moved' } }])],
  ['a file added that defines a name others refer to', (files) => sorted([...files, file('src/f21.ts', ['orphan'], ['fn4'])])],
  ['files added and removed and one changed', (files) => sorted([...files.filter((each) => each.path !== 'src/f20.ts' && each.path !== 'src/f22.ts').map((each) => (each.path === 'src/f30.ts' ? file(each.path, ['fn1', 'other'], ['orphan'], 'edited') : each)), file('src/f23.ts', ['orphan', 'helper11'], [])])],
];

describe('repo map: files added and removed patched into the graph', () => {
  it('finds the files added, changed and gone by walking both listings, and refuses unsorted ones', () => {
    expect(listingDiff(['a', 'c', 'd'], ['1', '1', '1'], ['b', 'c', 'd', 'e'], ['1', '2', '1', '1'], 10)).toEqual({ changedAt: [0, 1, 3], gone: ['a'] });
    expect(listingDiff(['a', 'b'], ['1', '1'], ['a', 'b'], ['1', '1'], 10)).toEqual({ changedAt: [], gone: [] });
    expect(listingDiff(['a', 'b', 'c'], ['1', '1', '1'], [], [], 2)).toBeUndefined();
    expect(listingDiff(['b', 'a'], ['1', '1'], ['a', 'b'], ['1', '1'], 10)).toBeUndefined();
  });

  it.each(edits)('%s: fromMemo patches it, exactly as a fresh build, reading only the files it needs', async (_what, edit) => {
    const before = base();
    const after = edit(before);
    const memo = new GraphMemo();
    const focus = { paths: ['src/f04.ts'], names: ['fn3'] };
    rankTop(before, focus, 5, memo);
    memo.keep({ listing: before.map((each) => each.path), stamps: before.map((each) => each.entry.stamp), skipped: [] });
    const looked: string[] = [];
    const index = async (some: readonly string[]) => {
      looked.push(...some);
      return { files: after.filter((each) => some.includes(each.path)), skipped: [], parsed: some.length, threads: 0 };
    };
    const result = await fromMemo(after.map((each) => each.path), after.map((each) => each.entry.stamp), memo, index);
    expect(result?.files.map((each) => each.path)).toEqual(after.map((each) => each.path));
    // fromMemo patched the memo's shape, a fresh build's.
    memo.keep({ listing: after.map((each) => each.path), stamps: after.map((each) => each.entry.stamp), skipped: [] });
    const patched = memo.kept()!.shape;
    expect(plain(patched)).toEqual(plain(shapeOf(after)));
    // Only the files added or changed and the files referring to a name new to the graph ('orphan': all of them).
    const changed = after.filter((each) => each.entry.stamp !== 's').length;
    expect(new Set(looked).size).toBe(after.some((each) => each.entry.stamp !== 's' && each.entry.symbols!.some((symbol) => symbol.name === 'orphan')) ? after.length : changed);
    // The same ranking and map as a fresh build (the memo ranks its patched graph).
    for (const limit of [5, 300]) {
      const ranked = rankTop(after, focus, limit, memo);
      expect(ranked).toEqual(rankTop(after, focus, limit));
      expect(renderMap(ranked.ranked, 0, 200)).toEqual(renderMap(rankTop(after, focus, limit).ranked, 0, 200));
    }
    // Ranked on the patched shape (a rebuild would have replaced the memo's files: nothing kept).
    expect(memo.kept()?.shape).toBe(patched);
  });
});

// Through the CLI (each call a new process): the saved graph is patched for a file added, removed or renamed; the
// index's shards are removed between calls, so a rebuild would parse every file again.
let root: string;
let state: string;
beforeEach(async () => {
  root = await tempDir('codeward-map-added-');
  state = await tempDir('codeward-state-');
  await writeFiles(root, {
    'src/a.ts': 'export function alpha(): number { return beta() + later(); }\n',
    'src/b.ts': 'export function beta(): number { return 1; }\nexport class Gamma { run(): number { return alpha(); } }\n',
    'src/c.py': 'def delta():\n    return 2\n',
    'src/e.ts': 'export function eta(): number { return beta(); }\n',
  });
});
afterEach(async () => {
  await removeDir(root);
  await removeDir(state);
});

interface Data { map: string; parsed: number; files: number; total: number }
function map(stateDir = state): Data {
  const result = runCli(['--json', '-C', root, 'repo-map', '--budget', '300', '--names', 'beta'], { env: { CODEWARD_STATE_DIR: stateDir } });
  expect(result.json.ok, result.stdout + result.stderr).toBe(true);
  return (result.json as unknown as { data: Data }).data;
}

// Removes the index's shards (the saved graph stays): a process that needed every entry would parse every file.
async function forgetIndex(): Promise<void> {
  const found = (await readdir(state, { recursive: true })).filter((path) => /code-index\/v\d+\/\d+\.shard$/.test(path));
  expect(found.length).toBeGreaterThan(0);
  await Promise.all(found.map((path) => rm(join(state, path))));
}

async function freshMap(): Promise<Data> {
  const fresh = await tempDir('codeward-state-');
  try {
    return map(fresh);
  } finally {
    await removeDir(fresh);
  }
}

// The graph is saved again only once 32 files drifted from it, so each process here patches the first call's graph.
describe('repo-map CLI after a file added, removed or renamed', () => {
  it('a new process patches the saved graph, parsing only the files added, and maps as a fresh state', async () => {
    expect(map()).toMatchObject({ parsed: 4, files: 4 });
    await forgetIndex();
    // Added, defining a name a.ts already refers to (`later`): a.ts is read again too, no other file.
    await writeFile(join(root, 'src/d.ts'), 'export function later(): number { return eta(); }\n');
    const added = map();
    expect(added).toMatchObject({ parsed: 2, files: 5 });
    expect(added.map).toContain('later');
    expect(added).toEqual({ ...await freshMap(), parsed: 2 });
    await forgetIndex();
    // e.ts removed: the patch from the saved graph parses d.ts and a.ts again (the shards were removed), no other.
    await rm(join(root, 'src/e.ts'));
    const removed = map();
    expect(removed).toMatchObject({ parsed: 2, files: 4 });
    expect(removed.map).not.toContain('src/e.ts');
    expect(removed).toEqual({ ...await freshMap(), parsed: 2 });
    // Renamed: gone under one name, added under another (z.ts parsed, with d.ts and a.ts as above).
    await forgetIndex();
    await rm(join(root, 'src/b.ts'));
    await writeFile(join(root, 'src/z.ts'), 'export function beta(): number { return 1; }\nexport class Gamma { run(): number { return alpha(); } }\n');
    const renamed = map();
    expect(renamed).toMatchObject({ parsed: 3, files: 4 });
    expect(renamed.map).toContain('src/z.ts');
    expect(renamed).toEqual({ ...await freshMap(), parsed: 3 });
  });
});
