import { lstatSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { quickStamp } from '../../src/code/index/code-index.js';
import { stampOf } from '../../src/code/index/read-code.js';

describe('quickStamp (the index cache check: one lstat of a plain relative path)', () => {
  const root = mkdtempSync(join(tmpdir(), 'codeward-quick-stamp-'));
  mkdirSync(join(root, 'src', '..dots'), { recursive: true });
  writeFileSync(join(root, 'src', 'a.ts'), 'export const a = 1;\n');
  writeFileSync(join(root, 'src', '..dots', '.b.ts'), 'export const b = 1;\n');
  writeFileSync(join(root, '...'), 'x');
  symlinkSync(join(root, 'src', 'a.ts'), join(root, 'link.ts'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('stamps a regular file by its lstat (names with dots in them are plain)', () => {
    expect(quickStamp(root, 'src/a.ts')).toBe(stampOf(lstatSync(join(root, 'src', 'a.ts'))));
    expect(quickStamp(root, 'src/..dots/.b.ts')).toBe(stampOf(lstatSync(join(root, 'src', '..dots', '.b.ts'))));
    expect(quickStamp(root, '...')).toBe(stampOf(lstatSync(join(root, '...'))));
  });

  it('gives no stamp to a link, a folder, a missing file or a path that is not plain', () => {
    for (const rel of ['link.ts', 'src', 'src/gone.ts', 'gone/a.ts', '', '/src/a.ts', 'src//a.ts', './src/a.ts', 'src/./a.ts', 'src/../src/a.ts', '../x/src/a.ts', 'src/a.ts/', 'src/a.ts/.', 'src/a.ts/..', '.', '..', 'src/a\0.ts']) {
      expect(quickStamp(root, rel), JSON.stringify(rel)).toBeUndefined();
    }
  });
});
