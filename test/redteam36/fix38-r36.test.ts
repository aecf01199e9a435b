// Red team round 36 (rt36), the findings fix38 closes (their reproductions: the rt36 notes, kept here in short).
// R36-1 CRITICAL nested-launch-unread: a runner or script file a package script, a recipe or a script file starts
//   through a wrapper (`env`, `nice`, `timeout`, `exec`), by its path (`./s.sh`) or inside a compound (`if …; then sh
//   s.sh; fi`) was not read one level down: the immune list of an in-place run and deny rules (staged too) skipped.
//   Fixed: one reader of "which runners a command starts" (permissions/runners-started.ts) for every level.
// R36-3 MAJOR find-exec-script: `find … -exec sh {} \;` / `-exec {} \;` ran a workspace script unread in place.
// R36-4 MAJOR path-set-script: `PATH=./bin:$PATH t` ran bin/t unread in place.
import { chmodSync, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine } from '../../src/setup.js';
import { removeDir, tempDir } from '../helpers/fixture.js';
import { bwrapWorks } from '../shell/stage-helpers.js';

let base: string;
let count = 0;
beforeAll(async () => {
  base = await tempDir('cw-fix38-r36-');
});
afterAll(async () => removeDir(base));

// A fresh workspace: sub/new.txt is uncommitted work; s.sh, x.sh and bin/t delete it; `inner` is package.json's "w",
// w.sh, and the Makefile's `w:`. Under --yes, with a deny rule on `git push*`; in place unless `stage`.
async function verdict(inner: string, line: string, stage = false): Promise<string> {
  const root = join(base, `w${++count}`), home = join(base, `h${count}`);
  mkdirSync(join(root, 'sub'), { recursive: true });
  mkdirSync(join(root, 'bin'), { recursive: true });
  mkdirSync(home);
  writeFileSync(join(root, 'sub/new.txt'), 'WORK\n');
  writeFileSync(join(root, 's.sh'), 'rm -rf sub\n');
  writeFileSync(join(root, 'x.sh'), '#!/bin/sh\nrm -rf sub\n');
  writeFileSync(join(root, 'bin/t'), '#!/bin/sh\nrm -rf sub\n');
  for (const name of ['s.sh', 'x.sh', 'bin/t']) chmodSync(join(root, name), 0o755);
  writeFileSync(join(root, 'w.sh'), `${inner}\n`);
  writeFileSync(join(root, 'package.json'), JSON.stringify({ scripts: { w: inner } }));
  writeFileSync(join(root, 'Makefile'), `w:\n\t${inner}\nclean:\n\trm -rf sub\npush:\n\tgit push origin HEAD; touch PUSHED\n`);
  const engine = await createEngine({ workspace: root, env: { HOME: home, PATH: process.env['PATH'] ?? '', CODEWARD_STATE_DIR: join(base, `state${count}`) }, sandbox: { mode: 'workspace-write' }, permissions: { home, yes: true, cliRules: { deny: ['@coder exec git push*'] } } });
  try {
    const result = await engine.run({ cmd: 'exec', args: { cmd: line, stage } });
    const kept = existsSync(join(root, 'sub/new.txt')) && !existsSync(join(root, 'PUSHED'));
    return result.ok ? (kept ? 'ran' : 'ran, harm done') : `${result.error.code}${kept ? '' : ', harm done'}`;
  } finally {
    await engine.close();
  }
}

describe.skipIf(!bwrapWorks)('R36-1: what a script, recipe or script file starts is read through wrappers, paths and compounds', { timeout: 180_000 }, () => {
  it.each([
    ['env sh s.sh', 'npm run w'],
    ['nice sh s.sh', 'npm run w'],
    ['./s.sh', 'npm run w'],
    ['if true; then sh s.sh; fi', 'npm run w'],
    ['nice make clean', 'npm run w'],
    ['timeout 5 sh s.sh', 'sh w.sh'],
    ['exec ./s.sh', 'sh w.sh'],
    ['FOO=1 ./s.sh', 'sh w.sh'],
    ['./s.sh', 'make w'],
  ])('immune list, in place: "%s" run by `%s` asks (C241) and keeps the work', async (inner, line) => {
    expect(await verdict(inner, line)).toBe('C241');
  });
  it.each([['nice make push'], ['env make push']])('deny rule, staged: `npm run w` with "w": "%s" is denied (C240)', async (inner) => {
    expect(await verdict(inner, 'npm run w', true)).toBe('C240');
  });
  it.each([['sh s.sh', 'npm run w'], ['rm -rf sub', 'npm run w'], ['', 'nice make clean'], ['', 'env sh s.sh']])('control: "%s" / `%s` already asks', async (inner, line) => {
    expect(await verdict(inner, line)).toBe('C241');
  });
  it('control: `make push` is denied', async () => {
    expect(await verdict('', 'make push', true)).toBe('C240');
  });
});

describe.skipIf(!bwrapWorks)('R36-3: find -exec runs a script only known at run time', { timeout: 120_000 }, () => {
  it.each(['find . -name s.sh -exec sh {} \\;', 'find . -name x.sh -exec {} \\;'])('`%s` in place asks (C241) and keeps the work', async (line) => {
    expect(await verdict('', line)).toBe('C241');
  });
  it.each(['find . -name s.sh -execdir sh {} +', 'sh s.sh'])('control: `%s` asks', async (line) => {
    expect(await verdict('', line)).toBe('C241');
  });
});

describe.skipIf(!bwrapWorks)("R36-4: a workspace script found through the line's own PATH", { timeout: 120_000 }, () => {
  it('`PATH=./bin:$PATH t` in place asks (C241) and keeps the work', async () => {
    expect(await verdict('', 'PATH=./bin:$PATH t')).toBe('C241');
  });
  it.each(['bin/t', 'export PATH=$PWD/bin:$PATH; t'])('control: `%s` asks', async (line) => {
    expect(await verdict('', line)).toBe('C241');
  });
});
