import { spawnSync } from 'node:child_process';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { removeDir, runCli, tempDir, writeFiles } from '../helpers/fixture.js';

// Issue 28: a sandboxed `npm install` / `npx pkg` that fails for lack of a network (a failed lookup, or no
// cached copy with --offline) ends with the two ways out: --sandbox-network, or the user's own npm cache
// through sandboxWritable. Other npm failures get no such hint. Through the real binary and the OS sandbox.
const bwrapWorks = spawnSync('bwrap', ['--ro-bind', '/', '/', '--unshare-net', 'true']).status === 0;

let root: string;
let home: string;

beforeEach(async () => {
  root = await tempDir('codeward-offline-');
  home = await tempDir('codeward-offline-home-');
  await writeFiles(root, { 'package.json': '{"name":"x","version":"1.0.0","scripts":{"boom":"exit 3"}}\n' });
});
afterEach(async () => {
  await removeDir(root);
  await removeDir(home);
});

// npx sets npm_config_cache for the test runner: left out, as a person's shell would not have it.
const env = (): Record<string, string> => ({ ...Object.fromEntries(Object.entries(process.env).filter(([key]) => key !== 'npm_config_cache' && !key.startsWith('CODEWARD_'))) as Record<string, string>, HOME: home, CODEWARD_STATE_DIR: `${home}/state` });
const exec = (line: string) => runCli(['-C', root, 'exec', line], { env: env() });
const BOTH = /--sandbox-network .*"sandboxWritable": \["~\/\.npm"\] .*npm_config_cache=~\/\.npm.*--offline/;

describe.skipIf(!bwrapWorks)('offline npm in the sandbox', () => {
  it('npm install without a network names --sandbox-network and the npm cache through sandboxWritable', () => {
    const result = exec('npm install ms@2.1.3');
    expect(result.status).not.toBe(0);
    expect(result.stderr).toMatch(/error C253: .*(?:EAI_AGAIN|ENOTFOUND)/);
    expect(result.stderr).toMatch(BOTH);
  });

  it('npm install --offline with no cached copy says the same (a cache failure, not a lookup)', () => {
    const result = exec('npm install --offline ms@2.1.3');
    expect(result.stderr).toMatch(/ENOTCACHED|only-if-cached|no cached response/);
    expect(result.stderr).toMatch(BOTH);
  });

  it('an npm failure that is not about the network has no such hint', () => {
    const result = exec('npm run boom');
    expect(result.status).toBe(3);
    expect(result.stderr).not.toMatch(/sandbox-network|sandboxWritable/);
  });
});
