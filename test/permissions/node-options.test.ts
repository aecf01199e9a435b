// node's options as an allow-list (src/permissions/node-options.ts, red team R17-5) and a package.json `main`
// resolved wherever it points (node-resolve.ts mainTargets, R17-3): unit rows.
import { describe, expect, it } from 'vitest';
import { nodeOptionWords, readNodeOptions } from '../../src/permissions/node-options.js';
import { mainTargets } from '../../src/permissions/node-resolve.js';

describe('readNodeOptions', () => {
  it('modules, env files and opaque files, up to the script', () => {
    const read = readNodeOptions(['--env-file', 'e', '-r', 'x', '--import=y', '--test-reporter=./rep.js', '--openssl-config=o.cnf', '--max-old-space-size=1', '--title', 'ci', 't.js', '-r', 'z']);
    expect(read.modules).toEqual(['x', 'y', './rep.js']);
    expect(read.envFiles).toEqual(['e']);
    expect(read.opaque).toEqual(['o.cnf']);
    expect(read.why).toContain('--openssl-config');
    expect(read.end).toBe(10);
  });
  it('an option it does not know: a path value fails closed, a number or a flag does not', () => {
    expect(readNodeOptions(['--future-preload=./tools/f', 't.js']).why).toContain('--future-preload=./tools/f');
    expect(readNodeOptions(['--run', 'test']).why).toContain('--run test');
    expect(readNodeOptions(['--stack-size=2000', '--harmony', '--test-reporter=spec', 't.js'])).toEqual({ modules: [], envFiles: [], opaque: [], end: 3 });
  });
  it('NODE_OPTIONS: every word, quoted words kept whole', () => {
    expect(nodeOptionWords('--require "./my dir/x.js" --env-file=e')).toEqual(['--require', './my dir/x.js', '--env-file=e']);
    expect(readNodeOptions(['junk', '-r', 'x'], true).modules).toEqual(['x']);
  });
});

describe('mainTargets', () => {
  const files: Record<string, string> = { '/w/node_modules/x/package.json': '{"main":"../../tools/x.js"}', '/w/node_modules/o/package.json': '{"main":"../../../o.js"}', '/w/node_modules/bad/package.json': '{' };
  const read = (path: string): string | undefined => files[path];
  it('a main out of its package: every spelling node tries', () => {
    expect(mainTargets('/w/node_modules/x', read, '/w').files).toEqual(expect.arrayContaining(['/w/tools/x.js', '/w/tools/x.js.cjs', '/w/tools/x.js/index.js']));
  });
  it('out of the work tree: said, not read', () => {
    expect(mainTargets('/w/node_modules/o', read, '/w')).toEqual({ files: [], outside: 'node_modules/o/package.json `"main": "../../../o.js"` (a file outside the work tree, not read)' });
  });
  it('no manifest, or one node refuses: nothing', () => {
    expect(mainTargets('/w/node_modules/none', read, '/w')).toEqual({ files: [] });
    expect(mainTargets('/w/node_modules/bad', read, '/w')).toEqual({ files: [] });
  });
});
