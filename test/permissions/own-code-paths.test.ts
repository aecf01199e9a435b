// R44-a1, a2, a5 (fix77): codeward's own code is every place node would load it from: optional peers where they would
// land, the links on the way (pnpm's store, node_modules/codeward, a global prefix's link into a checkout), the
// spelling it was started by, and its package found by the running code's path whatever its name.
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { ownCodeFolders, ownCodeIn, ownPackage } from '../../src/permissions/own-code.js';
import { resolveLinks } from '../../src/permissions/own-code-links.js';
import { isObeyedLater } from '../../src/permissions/obeyed.js';

const base = mkdtempSync(join(tmpdir(), 'cw-own-paths-'));
const pkg = (folder: string, json: object): string => {
  mkdirSync(folder, { recursive: true });
  writeFileSync(join(folder, 'package.json'), JSON.stringify(json));
  return folder;
};
const link = (target: string, at: string): void => {
  mkdirSync(join(at, '..'), { recursive: true });
  symlinkSync(target, at);
};
afterAll(() => rmSync(base, { recursive: true, force: true }));
afterEach(() => vi.unstubAllEnvs());

describe('own-code: where node WOULD load codeward from', () => {
  it('R44-a1: an optional peer not installed is protected where the lookup would land', () => {
    const ws = join(base, 'peer');
    const own = pkg(join(ws, 'node_modules', 'codeward'), { name: 'codeward', dependencies: { x: '1' } });
    pkg(join(ws, 'node_modules', 'x'), { name: 'x', peerDependencies: { p: '*' }, peerDependenciesMeta: { p: { optional: true }, '@q/r': { optional: true } } });
    const got = ownCodeIn([ws], own);
    expect(got).toEqual(expect.arrayContaining(['node_modules/p', 'node_modules/p.js', 'node_modules/@q/r', 'node_modules/x', 'node_modules/codeward']));
    expect(got.filter((path) => path.startsWith('node_modules/x/'))).toEqual([]);
    expect(isObeyedLater('node_modules/p/index.js', { gitPaths: [], own: got })?.by).toBe('codeward itself');
  });

  it('friction: another package in node_modules and the project\'s dist/ stay the project\'s', () => {
    const own = ownCodeIn([join(base, 'peer')], join(base, 'peer', 'node_modules', 'codeward'));
    for (const path of ['node_modules/left-pad/index.js', 'node_modules/.package-lock.json', 'dist/app.js', 'node_modules/.bin/left-pad']) expect(isObeyedLater(path, { gitPaths: [], own })).toBeUndefined();
  });

  it('R44-a2: pnpm: each link on the way is protected with the real folders', () => {
    const ws = join(base, 'pnpm');
    const store = join(ws, 'node_modules', '.pnpm');
    const own = pkg(join(store, 'codeward@1', 'node_modules', 'codeward'), { name: 'codeward', dependencies: { '@s/dep': '1' } });
    pkg(join(store, '@s+dep@1', 'node_modules', '@s', 'dep'), { name: '@s/dep' });
    link('../../../@s+dep@1/node_modules/@s/dep', join(store, 'codeward@1', 'node_modules', '@s', 'dep'));
    link('.pnpm/codeward@1/node_modules/codeward', join(ws, 'node_modules', 'codeward'));
    expect(ownCodeIn([ws], own)).toEqual(expect.arrayContaining(['node_modules/.pnpm/codeward@1/node_modules/codeward', 'node_modules/.pnpm/codeward@1/node_modules/@s/dep', 'node_modules/.pnpm/@s+dep@1/node_modules/@s/dep', 'node_modules/codeward']));
  });

  it('links are followed one by one, relative and absolute, to where the path ends', () => {
    const at = join(base, 'chain');
    mkdirSync(join(at, 'c', 'd'), { recursive: true });
    link('b/x', join(at, 'a'));
    link(join(at, 'c'), join(at, 'b'));
    link('d', join(at, 'c', 'x'));
    expect(resolveLinks(join(at, 'a', 'missing'))).toEqual({ links: [join(at, 'a'), join(at, 'b'), join(at, 'c', 'x')], end: join(at, 'c', 'd', 'missing'), present: false });
  });

  it('R44-a5: the global link on PATH into a checkout outside every area is protected', () => {
    const checkout = pkg(join(base, 'global', 'checkout'), { name: 'codeward', bin: { codeward: 'dist/bin/codeward.js' } });
    mkdirSync(join(checkout, 'dist', 'bin'), { recursive: true });
    writeFileSync(join(checkout, 'dist', 'bin', 'codeward.js'), '');
    const prefix = join(base, 'global', 'prefix');
    link(checkout, join(prefix, 'lib', 'node_modules', 'codeward'));
    link('../lib/node_modules/codeward/dist/bin/codeward.js', join(prefix, 'bin', 'codeward'));
    link('/nowhere/codeward', join(base, 'global', 'other', 'codeward'));
    vi.stubEnv('PATH', `${join(base, 'global', 'other')}:${join(prefix, 'bin')}:/usr/bin`);
    expect(ownCodeFolders([prefix], checkout).sort()).toEqual([join(prefix, 'bin', 'codeward'), join(prefix, 'lib', 'node_modules', 'codeward')]);
    // A PATH program that leads elsewhere is not codeward's.
    expect(ownCodeFolders([join(base, 'global', 'other')], checkout)).toEqual([]);
  });

  it('R44-a5: the spelling this process was started by (process.argv[1]) is protected', () => {
    const checkout = pkg(join(base, 'argv', 'checkout'), { name: 'codeward' });
    const area = join(base, 'argv', 'area');
    link(checkout, join(area, 'cw'));
    const was = process.argv[1];
    process.argv[1] = join(area, 'cw', 'main.js');
    try {
      expect(ownCodeFolders([area], checkout)).toEqual([join(area, 'cw')]);
    } finally {
      process.argv[1] = was!;
    }
  });

  it('a fork renamed: its package is the nearest package.json up from the running code, and its bin names count', () => {
    const ws = join(base, 'fork');
    const own = pkg(join(ws, 'node_modules', '@acme', 'codeward'), { name: '@acme/codeward', bin: { acw: 'dist/cli.js' } });
    mkdirSync(join(own, 'dist', 'chunks'), { recursive: true });
    expect(ownPackage(join(own, 'dist', 'chunks', 'x.js'))).toBe(own);
    link('../@acme/codeward/dist/cli.js', join(ws, 'node_modules', '.bin', 'acw'));
    expect(ownCodeIn([ws], ownPackage(join(own, 'dist', 'chunks', 'x.js')))).toEqual(expect.arrayContaining(['node_modules/@acme/codeward', 'node_modules/.bin/acw']));
  });
});
