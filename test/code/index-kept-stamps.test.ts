// The listing's stamps an engine keeps between repo-map calls (kept-stamps.ts): whatever changed between two
// calls (a content, a file renamed, deleted, replaced by a link or by another file, a path added), every
// stamp is quickStamp's own answer for that path now. Real files, real lstats.
import { appendFileSync, mkdirSync, mkdtempSync, renameSync, rmSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { quickStamp } from '../../src/code/index/code-index.js';
import { KeptStamps } from '../../src/code/index/kept-stamps.js';

describe('KeptStamps (an engine\'s listing stamps between calls)', () => {
  const root = mkdtempSync(join(tmpdir(), 'codeward-kept-stamps-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  const write = (rel: string, text: string): void => {
    mkdirSync(join(root, rel, '..'), { recursive: true });
    writeFileSync(join(root, rel), text);
  };
  const expected = (files: readonly string[]) => files.map((rel) => quickStamp(root, rel));

  it('answers as quickStamp after each kind of change between two calls', () => {
    for (let at = 0; at < 12; at++) write(`src/f${String(at).padStart(2, '0')}.ts`, `export const f${at} = ${at};\n`);
    const kept = new KeptStamps();
    const listing = (): string[] => Array.from({ length: 12 }, (_, at) => `src/f${String(at).padStart(2, '0')}.ts`).concat(['src/new.ts', 'src/renamed.ts', '/abs.ts', 'src/./x.ts']).sort();
    const first = kept.take(root, listing());
    expect(first).toEqual(expected(listing()));
    expect(first.filter((stamp) => stamp !== undefined)).toHaveLength(12);
    const edits: [string, () => void][] = [
      ['nothing', () => undefined],
      ['a content', () => appendFileSync(join(root, 'src/f01.ts'), '// more\n')],
      ['a rename', () => renameSync(join(root, 'src/f02.ts'), join(root, 'src/renamed.ts'))],
      ['a file back under an old name', () => write('src/f02.ts', 'export const f2 = 2;\n')],
      ['a delete', () => rmSync(join(root, 'src/f03.ts'))],
      ['a link in place of a file', () => { rmSync(join(root, 'src/f04.ts')); symlinkSync(join(root, 'src/f05.ts'), join(root, 'src/f04.ts')); }],
      ['another file moved over one', () => renameSync(join(root, 'src/f06.ts'), join(root, 'src/f07.ts'))],
      ['a path added', () => write('src/new.ts', 'export const added = 1;\n')],
      // The same size and content, another mtime: a new stamp (quickStamp's).
      ['a touch', () => utimesSync(join(root, 'src/f08.ts'), new Date(1_000_000), new Date(2_000_000))],
    ];
    let before = first;
    for (const [what, edit] of edits) {
      edit();
      const now = kept.take(root, listing());
      expect(now, what).toEqual(expected(listing()));
      if (what === 'nothing') expect(now, what).toEqual(before);
      else expect(now, what).not.toEqual(before);
      before = now;
    }
  });

  it('answers as quickStamp for a listing of other paths, or one not sorted', () => {
    write('a/one.ts', 'export const one = 1;\n');
    write('b/two.ts', 'export const two = 2;\n');
    const kept = new KeptStamps();
    expect(kept.take(root, ['a/one.ts', 'b/two.ts'])).toEqual(expected(['a/one.ts', 'b/two.ts']));
    expect(kept.take(root, ['b/two.ts', 'a/one.ts'])).toEqual(expected(['b/two.ts', 'a/one.ts']));
    appendFileSync(join(root, 'a/one.ts'), '// changed\n');
    expect(kept.take(root, ['a/one.ts'])).toEqual(expected(['a/one.ts']));
    expect(kept.take(root, [])).toEqual([]);
    expect(kept.take(root, ['b/two.ts', 'gone.ts'])).toEqual([quickStamp(root, 'b/two.ts'), undefined]);
  });
});
