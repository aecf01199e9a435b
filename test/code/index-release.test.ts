// An engine's index store after a call that gathered thousands of entries from its cache (the repo map's
// graph built again, e.g. after a file was added or removed): it keeps no shard loaded past the call (on
// 20 k files, ~46 MB of shard buffers held between calls that then ask for one changed file's shard), and
// the next call answers the same from the files on disk. Real files, real lstats, a real store.
import { lstatSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { indexFiles } from '../../src/code/index/code-index.js';
import { stampOf } from '../../src/code/index/read-code.js';
import { IndexStore } from '../../src/code/index/store.js';
import { Workspace } from '../../src/workspace/workspace.js';
import { writeFiles } from '../helpers/fixture.js';
import { indexDirs } from '../helpers/index-dirs.js';

const dirs = indexDirs();

describe('code index: the store after a large gather from its cache', () => {
  it('lets go of every shard, and serves the same entries again', async () => {
    const files = Array.from({ length: 1100 }, (_, at) => `src/m${at}.py`);
    await writeFiles(dirs.root, Object.fromEntries(files.map((rel, at) => [rel, `def f${at}():\n    return ${at}\n`])));
    // Entries made for the files' very stamps (as a parse would have): the calls below parse nothing.
    const seeded = new IndexStore(dirs.state);
    for (const [at, rel] of files.entries()) {
      await seeded.set(rel, { stamp: stampOf(lstatSync(join(dirs.root, rel))), symbols: [{ name: `f${at}`, namePath: `f${at}`, kind: 'function', startLine: 1, endLine: 2, signature: `def f${at}():` }], references: [] });
    }
    await seeded.save();
    const workspace = await Workspace.open(dirs.root);
    const store = new IndexStore(dirs.state);
    const request = { workspace, stateDir: dirs.state, files, signal: new AbortController().signal, threads: 0, listed: true as const, store };
    const first = await indexFiles(request);
    expect(first.parsed).toBe(0);
    expect(first.files).toHaveLength(1100);
    expect(store.loaded).toBe(0);
    const again = await indexFiles(request);
    expect(again.parsed).toBe(0);
    expect(JSON.parse(JSON.stringify(again.files.map(({ path, entry }) => [path, entry.symbols])))).toEqual(JSON.parse(JSON.stringify(first.files.map(({ path, entry }) => [path, entry.symbols]))));
    expect(store.loaded).toBe(0);
    // A few files asked for (a changed file's call): only their shards are loaded, and kept.
    await indexFiles({ ...request, files: files.slice(0, 2) });
    expect(store.loaded).toBeGreaterThan(0);
    expect(store.loaded).toBeLessThanOrEqual(2);
  });
});
