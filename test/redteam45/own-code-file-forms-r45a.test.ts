// R45-a1 — MAJOR (conditional: codeward installed in a sandboxWritable area; escape: the next codeward loads, in-process
// and unsandboxed, a file a sandboxed run wrote).
// Class: fix77's own-code-tree.ts keeps, at each level node's lookup TRIES and finds nothing, the folder NAME and the
// file forms NAME.js/.json/.node; at the level where it FINDS the package folder it keeps the folder only. But node's
// require (Module._findPath) tries the file forms BEFORE the folder at every level: `node_modules/NAME.js` planted
// beside an installed package folder NAME wins over it (a package without "exports"; any registered extension too), in
// each node_modules up the tree and in require's global folders (NODE_PATH, ~/.node_modules, <prefix>/lib/node).
// Each case below asks REAL node which file it loads, then whether the sandbox's own-code set keeps it.
// Fix (own-code-tree.ts): every file form require tries is kept at EVERY level it tries, found or not.
import { mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { ownCodeFolders } from '../../src/permissions/own-code.js';
import { file, kept, nodeResolves, pkg } from './own-code-r45a-tree.js';

const base = mkdtempSync(join(tmpdir(), 'cw-rt45a-forms-'));
afterAll(() => rmSync(base, { recursive: true, force: true }));
afterEach(() => vi.unstubAllEnvs());

// An area `ws` holding codeward (depending on `dep`) and the folder `dep` at node_modules.
function flat(name: string, dep: string): { ws: string; own: string } {
  const ws = join(base, name);
  const own = pkg(join(ws, 'node_modules', 'codeward'), { name: 'codeward', dependencies: { [dep]: '1' } });
  pkg(join(ws, 'node_modules', dep), { name: dep, main: 'index.js' });
  return { ws, own };
}

describe('R45-a1 MAJOR: node_modules/NAME.<form> beside an installed package folder wins over it', () => {
  for (const form of ['.js', '.json', '.node']) {
    it(`node_modules/a${form} beside node_modules/a/ is kept`, () => {
      const { ws, own } = flat(`flat${form}`, 'a');
      const planted = file(join(ws, 'node_modules', `a${form}`), form === '.json' ? '{}\n' : 'module.exports = 2;\n');
      expect(nodeResolves(own, 'a')).toBe(planted);
      expect(kept(ownCodeFolders([ws], own), planted)).toBe(true);
    });
  }

  it('a scoped name: node_modules/@s/d.js beside @s/d/', () => {
    const { ws, own } = flat('scoped', '@s/d');
    const planted = file(join(ws, 'node_modules', '@s', 'd.js'));
    expect(nodeResolves(own, '@s/d')).toBe(planted);
    expect(kept(ownCodeFolders([ws], own), planted)).toBe(true);
  });

  it('a level up: the package found in a higher node_modules, the form planted beside it there', () => {
    const ws = join(base, 'up');
    const own = pkg(join(ws, 'app', 'node_modules', 'codeward'), { name: 'codeward', dependencies: { b: '1' } });
    pkg(join(ws, 'node_modules', 'b'), { name: 'b' });
    const planted = file(join(ws, 'node_modules', 'b.js'));
    expect(nodeResolves(own, 'b')).toBe(planted);
    expect(kept(ownCodeFolders([ws], own), planted)).toBe(true);
  });

  it('beside a linked package folder: the form is looked for beside the link', () => {
    const ws = join(base, 'linked');
    const own = pkg(join(ws, 'node_modules', 'codeward'), { name: 'codeward', dependencies: { l: '1' } });
    pkg(join(base, 'store', 'l'), { name: 'l' });
    symlinkSync(join(base, 'store', 'l'), join(ws, 'node_modules', 'l'));
    const planted = file(join(ws, 'node_modules', 'l.js'));
    expect(nodeResolves(own, 'l')).toBe(planted);
    expect(kept(ownCodeFolders([ws], own), planted)).toBe(true);
  });

  it("a global folder (NODE_PATH): the package found there, the form planted beside it", () => {
    const ws = join(base, 'global');
    const own = pkg(join(base, 'install', 'node_modules', 'codeward'), { name: 'codeward', dependencies: { c: '1' } });
    pkg(join(ws, 'g', 'c'), { name: 'c' });
    const planted = file(join(ws, 'g', 'c.js'));
    vi.stubEnv('NODE_PATH', join(ws, 'g'));
    expect(nodeResolves(own, 'c', { env: { NODE_PATH: join(ws, 'g') } })).toBe(planted);
    expect(kept(ownCodeFolders([ws], own), planted)).toBe(true);
  });

  it('a registered extension: require tries it like .js', () => {
    const { ws, own } = flat('registered', 'r');
    const planted = file(join(ws, 'node_modules', 'r.cwx'));
    const register = file(join(base, 'register.cjs'), "require.extensions['.cwx'] = require.extensions['.js'];\n");
    expect(nodeResolves(own, 'r', { args: ['--require', register] })).toBe(planted);
    const extensions = createRequire(import.meta.url).extensions;
    extensions['.cwx'] = extensions['.js'];
    try {
      expect(kept(ownCodeFolders([ws], own), planted)).toBe(true);
    } finally {
      delete extensions['.cwx'];
    }
  });

  it('control: a package with nothing planted beside it keeps the project\'s other files its own', () => {
    const { ws, own } = flat('control', 'k');
    const paths = ownCodeFolders([ws], own);
    expect(kept(paths, join(ws, 'node_modules', 'other.js'))).toBe(false);
    expect(kept(paths, join(ws, 'src', 'k.js'))).toBe(false);
  });
});
