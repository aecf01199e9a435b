// Answers kept between processes carry the build that kept them (src/permissions/kept-across.ts): another build's
// answers are computed again, so an upgrade of codeward never keeps an answer of the code it replaced (a package the
// old scanner judged free stays judged by the new one: seen with pkgscan26's scanner, whose new answer the old
// build's kept entry hid).
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isStrings, keepAcross, keptAcross } from '../../src/permissions/kept-across.js';
import { FolderListings } from '../../src/workspace/listings.js';
import { removeDir, tempDir } from '../helpers/fixture.js';

let base: string;
beforeAll(async () => {
  base = await tempDir('cw-kept-build-');
});
afterAll(async () => {
  await removeDir(base);
});

describe('answers kept across processes', () => {
  it('are read back by the same build and not by another', () => {
    const keptFile = join(base, 'home-scan.json');
    keepAcross(new FolderListings(keptFile), 'answers.json', 'k', ['a'], isStrings);
    expect(keptAcross(new FolderListings(keptFile), 'answers.json', 'k', isStrings)).toEqual(['a']);
    const file = join(base, 'answers.json');
    const saved = JSON.parse(readFileSync(file, 'utf8')) as { v: string };
    expect(saved.v).toMatch(/^1:/);
    writeFileSync(file, JSON.stringify({ ...saved, v: '1:another-build' }));
    expect(keptAcross(new FolderListings(keptFile), 'answers.json', 'k', isStrings)).toBeUndefined();
    writeFileSync(file, JSON.stringify({ ...saved, v: 1 }));
    expect(keptAcross(new FolderListings(keptFile), 'answers.json', 'k', isStrings)).toBeUndefined();
  });

  it('the build writes its identity beside the bundle', () => {
    const id = (JSON.parse(readFileSync(new URL('../../dist/build-id.json', import.meta.url), 'utf8')) as { id: unknown }).id;
    expect(typeof id === 'string' && /^[0-9a-f]{16}$/.test(id)).toBe(true);
  });
});
