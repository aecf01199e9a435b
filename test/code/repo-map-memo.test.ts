// The repo map's memo after a few files changed (issue 30: one changed file <= 0.5 s on 20 k files): a
// file that still defines the same names is patched into the last shape instead of a rebuild, the patched
// shape is exactly a fresh build's, and the scores are reused when no reference changed.
import { describe, expect, it } from 'vitest';
import type { IndexedFile } from '../../src/code/index/code-index.js';
import { changedFiles, GraphMemo, patchShape } from '../../src/code/repo-map-memo.js';
import { newNames } from '../../src/code/repo-map-renamed.js';
import { shapeOf, type GraphShape } from '../../src/code/repo-map-graph.js';
import { rankTop } from '../../src/code/repo-map.js';
import { fromMemo } from '../../src/code/repo-map-saved.js';

const symbol = (name: string, kind: string, line: number) => ({ name, namePath: kind === 'method' ? `C/${name}` : name, kind, startLine: line, endLine: line + 1, signature: `${name}()` });

// 40 files; file 7 is the one edited: `variant` moves its lines, `refs` replaces what it refers to,
// `names` what it defines.
function repo(variant: { stamp: string; shift?: number; refs?: string[]; names?: string[] }): IndexedFile[] {
  return Array.from({ length: 40 }, (_, at) => {
    const edited = at === 7;
    const shift = edited ? variant.shift ?? 0 : 0;
    const names = edited && variant.names !== undefined ? variant.names : [`fn${at % 9}`, `helper${at}`];
    return {
      path: `src/f${String(at).padStart(2, '0')}.ts`,
      entry: {
        stamp: edited ? variant.stamp : 's',
        symbols: [...names.map((name, line) => symbol(name, 'function', 1 + line * 3 + shift)), symbol(`m${at % 4}`, 'method', 20 + shift), symbol('local', 'variable', 30)],
        references: edited && variant.refs !== undefined ? variant.refs : [`fn${(at * 5) % 9}`, `.m${at % 3}`, `helper${(at + 1) % 40}`, 'missing'],
      },
    };
  });
}

describe('repo map memo: patching changed files', () => {
  it('lists the changed files by identity stamp, and none when the paths differ', () => {
    const before = repo({ stamp: 'a' });
    expect(changedFiles(before, repo({ stamp: 'a' }))).toEqual([]);
    expect(changedFiles(before, repo({ stamp: 'b' }))).toEqual([7]);
    expect(changedFiles(before, before.slice(1))).toBeUndefined();
    expect(changedFiles(before, before.map((file, at) => (at === 3 ? { ...file, path: 'src/other.ts' } : file)))).toBeUndefined();
  });

  it('a patched shape is exactly a fresh build: moved lines, changed references, a file that refers to its own name', () => {
    const base = repo({ stamp: 'a' });
    const shape = shapeOf(base);
    const edits = [
      { stamp: 'b', shift: 5 },
      { stamp: 'c', refs: ['fn1', 'fn1', '.m2', 'helper7', 'fn7', 'nothing'] },
      { stamp: 'd', shift: 2, refs: [] },
    ];
    for (const edit of edits) {
      const files = repo(edit);
      const patched = patchShape(shape, files, changedFiles(base, files)!);
      expect(patched).toBeDefined();
      // The definitions compared one by one (the patched list lays the edited ones over the same rows).
      const plain = (shape: GraphShape) => ({ ...shape, symbols: shape.symbols.toArray() });
      expect(plain(patched!.shape)).toEqual(plain(shapeOf(files)));
      expect(patched!.shape.symbols.over.size).toBeGreaterThan(0);
      expect(patched!.referencesChanged).toBe(edit.refs !== undefined);
    }
  });

  // Issue 30: a changed file that defines other names (the usual edit: a function added) is patched from the
  // shape's numbers (repo-map-renamed.ts), not rebuilt from every entry. A name new to the shape may be referred
  // to by files that did not change ('missing': every file refers to it): the caller puts them among `changed`.
  it.each([
    ['a name added', ['fn7', 'helper7', 'added']],
    ['a name renamed', ['fn7', 'renamed']],
    ['names reordered', ['helper7', 'fn7']],
    ['a name removed that another file refers to', ['fn7']],
    ['every name removed', []],
    ['a name another file defines too', ['fn1', 'helper7']],
    ['a name every other file refers to', ['fn7', 'missing', 'helper7']],
  ])('a file that defines other names is patched exactly as a fresh build: %s', (_what, names) => {
    const base = repo({ stamp: 'a' });
    const shape = shapeOf(base);
    const files = repo({ stamp: 'b', names });
    const changed = changedFiles(base, files)!;
    const added = newNames(shape, files, changed);
    // The changed files and the files that refer to an added name: every one for 'missing', none for the others.
    const withReferrers = (before: GraphShape, after: IndexedFile[], edited: number[]): number[] => {
      const wanted = newNames(before, after, edited);
      const referrers = after.flatMap((file, at) => (file.entry.references!.some((name) => wanted.includes(name)) ? [at] : []));
      return [...new Set([...edited, ...referrers])].sort((a, b) => a - b);
    };
    const patched = patchShape(shape, files, withReferrers(shape, files, changed), true);
    expect(patched).toBeDefined();
    const plain = (each: GraphShape) => ({ ...each, ids: new Map(each.ids), symbols: each.symbols.toArray() });
    expect(plain(patched!.shape)).toEqual(plain(shapeOf(files)));
    // Not told that the referrers are in: patched only when no name is new to the shape.
    expect(patchShape(shape, files, changed) === undefined).toBe(added.length > 0);
    // A shape patched twice (a second edit on the patched one) is still a fresh build's.
    const again = repo({ stamp: 'c', names: ['fn7', 'helper7', 'later'], shift: 2 });
    const twice = patchShape(patched!.shape, again, withReferrers(patched!.shape, again, changedFiles(files, again)!), true);
    expect(plain(twice!.shape)).toEqual(plain(shapeOf(again)));
  });

  it('the memo ranks as a fresh build after each kind of edit, and reuses the scores when no reference changed', () => {
    const memo = new GraphMemo();
    const focus = { paths: ['src/f07.ts'], names: ['fn3'] };
    const variants = [{ stamp: 'a' }, { stamp: 'b', shift: 4 }, { stamp: 'c', shift: 4, refs: ['fn2', 'helper9'] }, { stamp: 'd', names: ['fn7', 'other'] }, { stamp: 'e', names: ['fn7', 'other'], shift: 1 }];
    let last: Float64Array | undefined;
    for (const variant of variants) {
      const files = repo(variant);
      for (const limit of [5, 200]) expect(rankTop(files, focus, limit, memo)).toEqual(rankTop(files, focus, limit));
      const { scores } = memo.scored(files, focus, () => {
        throw new Error('scored again');
      });
      // A move of lines only (b, e) keeps the graph: the scores are the very same array.
      if (variant.stamp === 'b' || variant.stamp === 'e') expect(scores).toBe(last);
      last = scores;
    }
  });
});

// Issue 30: a changed file that defines a name new to the graph is patched with every file that refers to the
// name, and those are found in the graph's own table of each file's referred names (hashes), not by a text
// search of the repository (a ripgrep process in the jail was ~250 ms of a 20 k-file call's wall time).
describe('repo map memo: the files referring to a new name, from the graph', () => {
  it.each([
    ['a name every other file refers to', ['fn7', 'missing', 'helper7']],
    ['a name added no file refers to', ['fn7', 'helper7', 'added']],
    ['a name removed', ['fn7']],
  ])('fromMemo patches %s with no text search, exactly as a fresh build', async (_what, names) => {
    const base = repo({ stamp: 'a' });
    const memo = new GraphMemo();
    const focus = { paths: [], names: [] };
    memo.scored(base, focus, () => new Float64Array(shapeOf(base).symbols.length));
    const listing = base.map((file) => file.path);
    memo.keep({ listing, stamps: base.map((file) => file.entry.stamp), skipped: [] });
    const files = repo({ stamp: 'b', names });
    const looked: string[] = [];
    const index = async (some: readonly string[]) => {
      looked.push(...some);
      return { files: files.filter((file) => some.includes(file.path)), skipped: [], parsed: some.length, threads: 0 };
    };
    const result = await fromMemo(listing, files.map((file) => file.entry.stamp), memo, index);
    expect(result).toBeDefined();
    const plain = (each: GraphShape) => ({ ...each, ids: new Map(each.ids), symbols: each.symbols.toArray() });
    expect(plain(memo.scored(files, focus, (shape) => new Float64Array(shape.symbols.length)).shape)).toEqual(plain(shapeOf(files)));
    // The edited file, and the referrers of its new names only ('missing': every file; else none).
    expect(new Set(looked).size).toBe(names.includes('missing') ? 40 : 1);
  });
});
