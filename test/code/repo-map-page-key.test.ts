// The key of a kept repo-map page: the hash of the question and of every listed file's path and stamp. Fed
// to the hash in chunks (one update per file cost a 20 k-file CLI call ~35 ms); the bytes hashed, and so
// every key, are the ones an update per file gave (pages kept by an earlier build still answer).
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { pageKey } from '../../src/code/repo-map-pages.js';

const question = { dir: '', focus: ['src'], names: ['alpha'], budget: 1024, offset: 0 };

describe('repo-map page key', () => {
  it('hashes the question, then each file as \\0path\\0stamp, across many chunks', () => {
    const files = Array.from({ length: 6000 }, (_, at) => `src/folder-${at % 37}/file-${at}.ts`);
    const stamps = files.map((_, at) => `2049:${1_000_000 + at}:${at * 7}:1733350000123.4567`);
    const expected = createHash('sha256').update(JSON.stringify([1, question.dir, question.focus, question.names, question.budget, question.offset]));
    files.forEach((file, at) => expected.update(`\0${file}\0${stamps[at]!}`));
    expect(pageKey(files, stamps, question)).toBe(expected.digest('hex'));
  });

  it('changes with any stamp or the question, and there is none when a file has no stamp', () => {
    const files = ['a.ts', 'b.ts', 'c.ts'];
    const stamps = ['1:1:1:1', '1:2:1:1', '1:3:1:1'];
    const key = pageKey(files, stamps, question);
    expect(pageKey(files, ['1:1:1:1', '1:2:1:2', '1:3:1:1'], question)).not.toBe(key);
    expect(pageKey(files, stamps, { ...question, offset: 10 })).not.toBe(key);
    expect(pageKey(files, ['1:1:1:1', undefined, '1:3:1:1'], question)).toBeUndefined();
    expect(pageKey([], [], question)).toMatch(/^[0-9a-f]{64}$/);
  });
});
