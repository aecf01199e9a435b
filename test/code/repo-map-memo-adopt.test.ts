// GraphMemo.adopt (a new process's memo, from the saved graph: repo-map-saved.ts fromSavedGraph) keeps the files
// that hold only a stamp as they are and copies only the indexed ones down to their stamps (issue 30: no copy of
// 20 k objects per CLI call); what it keeps answers as before: the same paths and stamps, no entry kept alive.
import { describe, expect, it } from 'vitest';
import type { IndexedFile } from '../../src/code/index/code-index.js';
import { GraphMemo } from '../../src/code/repo-map-memo.js';
import { shapeOf } from '../../src/code/repo-map-graph.js';
import { rankTop } from '../../src/code/repo-map.js';

const entry = (at: number) => ({ stamp: `s${at}`, symbols: [{ name: `fn${at}`, namePath: `fn${at}`, kind: 'function', startLine: 1, endLine: 2, signature: `fn${at}()` }], references: [`fn${(at + 1) % 6}`] });

describe('GraphMemo.adopt', () => {
  it('keeps stamp-only files as they are, copies the indexed ones down to their stamps, and ranks as a memo that copied all', () => {
    const whole: IndexedFile[] = Array.from({ length: 6 }, (_, at) => ({ path: `src/f${at}.ts`, entry: entry(at) }));
    const shape = shapeOf(whole);
    // As fromSavedGraph has them: stamps only, but the files indexed again (here 2 and 4).
    const files: IndexedFile[] = whole.map((file, at) => (at === 2 || at === 4 ? file : { path: file.path, entry: { stamp: file.entry.stamp } }));
    const memo = new GraphMemo();
    memo.adopt(files, shape, 1, undefined, true, shape, [2, 4]);
    memo.keep({ listing: files.map((file) => file.path), stamps: files.map((file) => file.entry.stamp), skipped: [] });
    const kept = memo.kept()!.files;
    expect(kept.map((file, at) => file === files[at])).toEqual([true, true, false, true, false, true]);
    expect(kept).toEqual(files.map((file) => ({ path: file.path, entry: { stamp: file.entry.stamp } })));
    const copied = new GraphMemo();
    copied.adopt(files, shape, 1, undefined, true, shape);
    expect(rankTop(files, { paths: [], names: [] }, 10, memo)).toEqual(rankTop(files, { paths: [], names: [] }, 10, copied));
  });
});
