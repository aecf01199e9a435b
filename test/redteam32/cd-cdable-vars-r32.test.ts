// Red team round 32, R32-5 (CRITICAL: a file outside the workspace written, unasked, with `--sandbox off --yes`):
// the ONE cd reader (shell/cd-operand.ts readCd) reads `cd NAME` as the folder NAME (from the current folder or
// CDPATH), but with bash's `shopt -s cdable_vars` an operand that is not a folder is the NAME OF A VARIABLE whose
// value is the folder (also in a non-interactive shell: checked with bash 5.2). `shopt -s cdable_vars; x=~; cd x &&
// touch y` wrote ~/y; `shopt -s cdable_vars; cd HOME && …` moves to the home with no assignment at all (any
// inherited variable naming a folder: HOME, OLDPWD, XDG_CONFIG_HOME …).
// Held-back variants a fix must also cover: `bash -O cdable_vars -c '…'`, `BASHOPTS=cdable_vars bash -c '…'`,
// a quoted option (`shopt -s 'cdable_vars'`), `shopt -s $OPT` (run time), `pushd NAME`.
// Expected: asks (C241), like `cd ~ && touch y` does.
// Fixed in src/shell/cd-operand.ts (with cdable_vars possibly on anywhere on the line, a plain-name operand is a folder
// only known at run time: `unknown`, every reader fails closed), the walker telling it (order-free, like `set -k`).
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine } from '../../src/setup.js';
import { writeFiles } from '../helpers/fixture.js';
import { NO_JAIL } from '../helpers/unconfined-runs.js';

// Below /var/tmp: the temporary folder is writable by design.
let base: string;
let root: string;
let home: string;
beforeAll(async () => {
  base = await mkdtemp('/var/tmp/cw-rt32-cdable-');
  root = join(base, 'project');
  home = join(base, 'home');
  await mkdir(root);
  await writeFiles(root, { 'a.txt': 'a\n', 'sub/.keep': '' });
  await writeFiles(home, { '.keep': '' });
});
afterAll(async () => rm(base, { recursive: true, force: true }));

async function verdict(line: string): Promise<string> {
  await rm(join(home, 'y'), { force: true });
  const engine = await createEngine({ workspace: root, env: { HOME: home, PATH: process.env['PATH'] ?? '', ...NO_JAIL }, sandbox: { mode: 'off' as const }, permissions: { home, yes: true } });
  try {
    const result = await engine.run({ cmd: 'exec', args: { cmd: line.replaceAll('OUT', home) } });
    return result.ok ? (existsSync(join(home, 'y')) ? 'ran, wrote OUT/y' : 'ran') : result.error.code;
  } finally {
    await engine.close();
  }
}

describe('R32-5 CRITICAL: with cdable_vars, `cd NAME` moves to the folder a variable names, and a relative write lands there', () => {
  it.each([
    'shopt -s cdable_vars; x=OUT; cd x && touch y',
    'x=OUT; shopt -s cdable_vars; pushd x >/dev/null && touch y',
    'shopt -s \'cdable_vars\'; x=OUT; cd x && touch y',
    'shopt -s cdable_vars; cd HOME && touch y',
    'bash -O cdable_vars -c \'x=OUT; cd x && touch y\'',
    'BASHOPTS=cdable_vars bash -c \'x=OUT; cd x && touch y\'',
    'O=cdable_vars; shopt -s $O; x=OUT; cd x && touch y',
  ])('`%s` asks (C241)', async (line) => {
    expect(await verdict(line)).toBe('C241');
  }, 60_000);
});

describe('control', () => {
  it.each(['cd sub && touch y', 'shopt -s extglob; cd sub && touch y'])('`%s` runs', async (line) => {
    expect(await verdict(line)).toBe('ran');
  }, 60_000);
});
