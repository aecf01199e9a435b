import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ToolchainSecrets } from '../../src/sandbox/view.js';

// utf55 item 2: the view's walk of a shown toolchain folder listed names as lossy strings: `tc/d\xfe/secret.txt`
// (a non-accessible glob) was looked for at `tc/d\uFFFD`, which names nothing, and stayed shown. No mount can name
// it (bwrap's arguments are UTF-8), so the folder holding the name is hidden (fails closed).
const base = mkdtempSync(join(tmpdir(), 'cw-utf55-view-'));
afterAll(() => rmSync(base, { recursive: true, force: true }));

describe('a toolchain folder entry that is not UTF-8', () => {
  it('holding a hidden name: the folder holding it is hidden', () => {
    const tc = join(base, 'tc');
    mkdirSync(join(tc, 'lib'), { recursive: true });
    const odd = Buffer.from(`${tc}/lib/d\xfe`, 'latin1');
    mkdirSync(odd);
    writeFileSync(Buffer.concat([odd, Buffer.from('/secret.txt')]), 'x');
    const found = new ToolchainSecrets(['**/secret.txt']).find([{ path: tc, scan: true }]);
    expect(found).toContainEqual({ path: join(tc, 'lib'), kind: 'dir' });
  });
  it('holding nothing hidden: nothing is hidden', () => {
    const tc = join(base, 'plain');
    const odd = Buffer.from(`${tc}/d\xfe`, 'latin1');
    mkdirSync(odd, { recursive: true });
    writeFileSync(Buffer.concat([odd, Buffer.from('/readme')]), 'x');
    expect(new ToolchainSecrets(['**/secret.txt']).find([{ path: tc, scan: true }])).toEqual([]);
  });
});
