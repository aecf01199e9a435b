import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CLI } from '../../helpers/fixture.js';
import { serveRig, startServe } from '../../helpers/serve.js';

// Issue 31: a call the warm engine answers pays Node's start-up and the hand-off only. The bin is a CommonJS
// script (dist/bin/package.json): Node's ES module loader (its resolver, module jobs, fs/promises and readline)
// cost such a call ~5 ms of CPU when the bin was an ES module. A cold call still imports the bundle's ES modules.
const rig = serveRig('cw-warm-esm', { 'small.txt': 'hello\n' });

// Node's internal modules one call loaded (process.moduleLoadList at exit, by a preloaded CommonJS file).
function internals(extra: Record<string, string>): { list: string[]; stdout: string; stderr: string } {
  const preload = join(rig.home, 'loads.cjs');
  const record = join(rig.home, 'loads.txt');
  writeFileSync(preload, `process.on('exit', () => require('node:fs').writeFileSync(${JSON.stringify(record)}, process.moduleLoadList.join('\\n')));\n`);
  const run = spawnSync(process.execPath, ['--require', preload, CLI, '--json', '-C', rig.root, '--debug-timing', 'read', '--file', 'small.txt'], { env: { ...rig.env, ...extra }, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  expect(run.status, run.stderr).toBe(0);
  return { list: readFileSync(record, 'utf8').split('\n'), stdout: run.stdout, stderr: run.stderr };
}

const ESM_LOADER = 'NativeModule internal/modules/esm/module_job';

describe('the bin hands a call to the warm engine without the ES module loader', { timeout: 60_000 }, () => {
  it('a warm read loads no ES module; the same read cold does, with the same answer', async () => {
    await startServe(rig);
    const warm = internals({});
    expect(warm.stderr).toMatch(/^timing: warm engine call/m);
    expect(warm.list).not.toContain(ESM_LOADER);
    const cold = internals({ CODEWARD_NO_SERVE: '1' });
    expect(cold.stderr).not.toMatch(/^timing: warm engine call/m);
    expect(cold.list).toContain(ESM_LOADER);
    expect(JSON.parse(warm.stdout)).toEqual(JSON.parse(cold.stdout));
  });
});
