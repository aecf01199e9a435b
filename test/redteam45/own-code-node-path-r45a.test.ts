// R45-a4 — MAJOR (conditional: a relative NODE_PATH entry, codeward installed so that entry lands in a sandboxWritable
// area or the workspace; escape: the next codeward loads, in-process and unsandboxed, a file a sandboxed run wrote).
// Class: fix77's own-code-tree.ts globalFolders keeps only ABSOLUTE NODE_PATH entries. node (Module._initPaths) keeps a
// relative entry as written and resolves it against the cwd of the process that requires (path.resolve), so with
// NODE_PATH=vendor the next codeward started in the workspace looks up a name no node_modules holds in
// <workspace>/vendor/NAME (and its file forms): a run plants vendor/NAME.js there.
// Fix (own-code-tree.ts): a relative entry is resolved against this process's cwd and against each area.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { ownCodeFolders } from '../../src/permissions/own-code.js';
import { file, kept, nodeResolves, pkg } from './own-code-r45a-tree.js';

const base = mkdtempSync(join(tmpdir(), 'cw-rt45a-node-path-'));
afterAll(() => rmSync(base, { recursive: true, force: true }));
afterEach(() => vi.unstubAllEnvs());

describe('R45-a4 MAJOR: a relative NODE_PATH entry', () => {
  it('a missing dependency planted in <area>/vendor is kept', () => {
    const ws = join(base, 'ws');
    const own = pkg(join(base, 'install', 'node_modules', 'codeward'), { name: 'codeward', dependencies: { m: '1' } });
    const planted = file(join(ws, 'vendor', 'm.js'));
    expect(nodeResolves(own, 'm', { env: { NODE_PATH: 'vendor' }, cwd: ws })).toBe(planted);
    vi.stubEnv('NODE_PATH', 'vendor');
    const paths = ownCodeFolders([ws], own);
    expect(kept(paths, planted)).toBe(true);
    expect(kept(paths, join(ws, 'vendor', 'm', 'index.js'))).toBe(true);
  });

  it('the package found in the relative folder, and its file forms beside it, are kept (each area)', () => {
    const ws = join(base, 'ws2');
    const other = join(base, 'other');
    const own = pkg(join(base, 'install2', 'node_modules', 'codeward'), { name: 'codeward', dependencies: { n: '1' } });
    const n = pkg(join(other, 'lib', 'n'), { name: 'n' });
    expect(nodeResolves(own, 'n', { env: { NODE_PATH: `x:./lib` }, cwd: other })).toBe(join(n, 'index.js'));
    vi.stubEnv('NODE_PATH', 'x:./lib');
    const paths = ownCodeFolders([ws, other], own);
    expect(kept(paths, join(n, 'index.js'))).toBe(true);
    expect(kept(paths, join(other, 'lib', 'n.js'))).toBe(true);
    expect(kept(paths, join(ws, 'lib', 'n.js'))).toBe(true);
    expect(kept(paths, join(ws, 'x', 'n.js'))).toBe(true);
  });

  it('control: without NODE_PATH nothing of the area is kept', () => {
    const ws = join(base, 'ws3');
    const own = pkg(join(base, 'install3', 'node_modules', 'codeward'), { name: 'codeward', dependencies: { m: '1' } });
    vi.stubEnv('NODE_PATH', '');
    expect(ownCodeFolders([ws], own)).toEqual([]);
  });
});
