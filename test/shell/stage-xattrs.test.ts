// The user.* attributes a staged apply compares (src/shell/stage/xattrs.ts: GNU tar's pax headers):
// binary values, paths longer than a tar header's name field, files without attributes; the overlay's
// own user.overlay.* left out. Needs python3 to set them.
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { overlayOpaque, userXattrs } from '../../src/shell/stage/xattrs.js';
import { removeDir, tempDir } from '../helpers/fixture.js';

const python = spawnSync('python3', ['-c', 'import os; os.setxattr']).status === 0;
let dir: string;

beforeEach(async () => {
  dir = await tempDir('cw-xattrs-');
});
afterEach(async () => {
  await removeDir(dir);
});

describe.skipIf(!python)('user.* attributes by tar', () => {
  it('reads binary values on long paths, leaves out user.overlay.*, and tells files apart', () => {
    const deep = join(dir, 'a'.repeat(90), 'b'.repeat(90));
    mkdirSync(deep, { recursive: true });
    const tagged = join(deep, 'f.txt');
    const overlay = join(dir, 'o.txt');
    const plain = join(dir, 'p.txt');
    for (const file of [tagged, overlay, plain]) writeFileSync(file, 'x\n');
    const set = spawnSync('python3', ['-c', `import os, sys; os.setxattr(sys.argv[1], 'user.k', b'\\x00\\xff='); os.setxattr(sys.argv[2], 'user.overlay.origin', b'')`, tagged, overlay]);
    expect(set.status, String(set.stderr)).toBe(0);
    const found = userXattrs([tagged, overlay, plain]);
    expect(found?.get(tagged)).toBe('user.k=00ff3d');
    expect(found?.get(overlay)).toBe('');
    expect(found?.get(plain)).toBe('');
  });

  it('says nothing for a file that is gone', () => {
    expect(userXattrs([join(dir, 'missing')])).toBeUndefined();
  });

  it('tells an opaque folder by user.overlay.opaque=y only (not the escaped name a program in the sandbox can set)', () => {
    const [opaque, escaped, plain, long] = ['o', 'e', 'p', `${'l'.repeat(120)}/é`].map((name) => join(dir, name));
    for (const folder of [opaque, escaped, plain, long]) mkdirSync(folder!, { recursive: true });
    const set = spawnSync('python3', ['-c', `import os, sys; os.setxattr(sys.argv[1], 'user.overlay.opaque', b'y'); os.setxattr(sys.argv[3], 'user.overlay.opaque', b'y'); os.setxattr(sys.argv[2], 'user.overlay.overlay.opaque', b'y')`, opaque!, escaped!, long!]);
    expect(set.status, String(set.stderr)).toBe(0);
    const found = overlayOpaque([opaque!, escaped!, plain!, long!, join(dir, 'missing')]);
    expect([...found]).toEqual([[opaque, true], [escaped, false], [plain, false], [long, true]]);
  });
});
