// Red team round 6 R6-7, in-place half: a sandboxed --no-stage run left symlinks that lead OUT of the workspace
// (`dist/index.js -> ~/.bashrc`, `homelink -> ~`); the person's next build or `>` writes through them, outside any
// sandbox. The after-run scan (sandbox/obeyed-scan.ts) moves aside every symlink the run made or changed that leads
// outside the workspace (a link inside it, or to the system's program folders as a venv's python, stays).
import { existsSync, lstatSync, mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine } from '../../src/setup.js';
import { removeDir, tempDir } from '../helpers/fixture.js';
import { bwrapWorks } from '../shell/stage-helpers.js';

let base: string;
beforeAll(async () => {
  base = await tempDir('cw-links-out-');
});
afterAll(async () => removeDir(base));

const isLink = (path: string): boolean => {
  try {
    return lstatSync(path).isSymbolicLink();
  } catch {
    return false;
  }
};

describe.skipIf(!bwrapWorks)('an in-place sandboxed run that leaves symlinks out of the workspace', { timeout: 120_000 }, () => {
  it('moves aside the links that lead out; links inside and to system programs stay', async () => {
    const root = join(base, 'w');
    const home = join(base, 'home');
    mkdirSync(join(root, 'dist'), { recursive: true });
    mkdirSync(home);
    writeFileSync(join(home, '.bashrc'), '# rc\n');
    writeFileSync(join(root, 'a.txt'), 'a\n');
    writeFileSync(join(root, 'mk.sh'), `ln -s ${join(home, '.bashrc')} dist/index.js\nln -s ${home} homelink\nln -s ../a.txt dist/inner\nln -s /usr/bin/env sysl\n`);
    const engine = await createEngine({ workspace: root, env: { HOME: home }, permissions: { home, yes: true } });
    const run = await engine.run({ cmd: 'exec', args: { cmd: 'sh mk.sh', stage: false } });
    await engine.close();
    expect(run.ok, JSON.stringify(run)).toBe(true);
    expect(isLink(join(root, 'dist/index.js')), JSON.stringify(run)).toBe(false);
    expect(isLink(join(root, 'homelink'))).toBe(false);
    expect(JSON.stringify(run)).toMatch(/outside the workspace/);
    expect(isLink(join(root, 'dist/inner'))).toBe(true);
    expect(isLink(join(root, 'sysl'))).toBe(true);
    expect(existsSync(join(home, '.bashrc'))).toBe(true);
  });

  it('judges where a link really leads: a link to a workspace link out (existing or dangling) is moved aside too (R6-7 rest)', async () => {
    const root = join(base, 'w2');
    const home = join(base, 'home2');
    mkdirSync(root, { recursive: true });
    mkdirSync(home);
    writeFileSync(join(home, '.bashrc'), '# rc\n');
    symlinkSync(join(home, '.bashrc'), join(root, 'out-existing'));
    symlinkSync(join(home, '.missing-profile'), join(root, 'out-dangling'));
    writeFileSync(join(root, 'mk.sh'), 'ln -s out-existing a\nln -s out-dangling b\nln -s mk.sh c\n');
    const engine = await createEngine({ workspace: root, env: { HOME: home }, permissions: { home, yes: true } });
    const run = await engine.run({ cmd: 'exec', args: { cmd: 'sh mk.sh', stage: false } });
    await engine.close();
    expect(run.ok, JSON.stringify(run)).toBe(true);
    expect(isLink(join(root, 'a')), JSON.stringify(run)).toBe(false);
    expect(isLink(join(root, 'b')), JSON.stringify(run)).toBe(false);
    expect(isLink(join(root, 'c'))).toBe(true);
  });
});
