import { spawnSync } from 'node:child_process';
import { mkdtempSync, realpathSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { SecretFinder } from '../../src/sandbox/secret-files.js';

// Red team R42-a3 (its second half): the secret walk read any lstat error (ENAMETOOLONG) as "no folder", and a
// secret at a path too long for a mount (bwrap's, below /newroot/: 3,999 bytes at most here) was not hidden (a
// sandboxed run reaches it by relative steps). Now such a folder is not "nothing", and what cannot be hidden by its
// own path is hidden by the deepest folder above it that can.
const python = spawnSync('python3', ['-c', '0']).status === 0;
const base = realpathSync(mkdtempSync('/var/tmp/cw-fix63-secrets-'));
// GNU rm removes a tree deeper than PATH_MAX (node's rmSync does not).
afterAll(() => void spawnSync('rm', ['-rf', base]));

// `levels` folders of 200-byte names made by relative steps, with `.env` at the bottom; the workspace's path.
function chain(name: string, levels: number, last = ''): string {
  const ws = join(base, name);
  const made = spawnSync('python3', ['-c', `import os, sys\nos.mkdir(sys.argv[1]); os.chdir(sys.argv[1])\nfor n in ['${'c'.repeat(200)}'] * ${levels} + ${last ? `['${last}']` : '[]'}:\n  os.mkdir(n); os.chdir(n)\nopen('.env', 'w').write('S')`, ws]);
  expect(made.status, String(made.stderr)).toBe(0);
  return ws;
}

describe.skipIf(!python)('secrets at paths too long for a mount', () => {
  it('a folder past PATH_MAX holding a secret: the deepest folder above it that a mount can name is hidden whole', () => {
    const ws = chain('past', 24);
    const found = new SecretFinder(ws, ['**/.env']).find();
    expect(found).toHaveLength(1);
    expect(found[0]!.kind).toBe('dir');
    expect(Buffer.byteLength(found[0]!.path)).toBeLessThan(4000);
    expect(Buffer.byteLength(found[0]!.path)).toBeGreaterThan(3700);
  });

  it('a secret file whose own path is too long (its folder is not): its folder is hidden whole', () => {
    const levels = Math.floor((3996 - Buffer.byteLength(join(base, 'edge')) - 51) / 201);
    const last = 'd'.repeat(3996 - Buffer.byteLength(join(base, 'edge')) - 201 * levels - 1);
    const ws = chain('edge', levels, last);
    const folder = join(ws, ...Array.from({ length: levels }, () => 'c'.repeat(200)), last);
    const found = new SecretFinder(ws, ['**/.env']).find();
    expect(Buffer.byteLength(folder)).toBe(3996);
    expect(found.map((entry) => `${entry.kind}:${entry.path === folder ? 'folder' : entry.path.length}`)).toEqual(['dir:folder']);
  });
});
