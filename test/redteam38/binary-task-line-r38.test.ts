// R38-a8 — MINOR (what the result says; context flooding) — a workspace BINARY run by path under `--sandbox off`
// (`./k`, an ELF copied or built in the workspace) is read as a shell script by the nested-script reader
// (permissions/decide-scripts.ts) and its "lines" quoted into the refusal: the C241 message carries the program's raw
// bytes (control characters, NULs as \u0000), twice (the line and the decision's reason). /bin/true copied as ./k gives a
// 141 KB error message to the model (a 16 KB program built with gcc: 60 KB), every retry again; a large binary
// (node, a Go build) gives megabytes. The refusal itself is right (an unread program asks); its words are not.
// (The default sandbox runs ./k: 178 bytes of JSON.)
//
// Reproduction (integ 8bf2b72d, root):
//   $ cp /bin/true ./k && codeward --json --sandbox off --yes exec --cmd './k' | wc -c     -> 141110
//   {"ok":false,"cmd":"exec","error":{"code":"C241","message":"@coder exec ./k needs approval (`./k` runs the task line
//   `ELF\u0002\u0001\u0001\u0000\u0000...
// Expected: a file that is not text (a NUL, an ELF/Mach-O magic) is "a program codeward cannot read" in one short
// reason; a quoted line is cut (a few hundred characters) and its control characters escaped, in every question.
// FIXED (jail43): permissions/task-runner-shell.ts scriptText: a file with a NUL is a binary program codeward cannot
// read (one short reason); decide-scripts.ts quotes a script line through text/visible.ts quoted() (escaped, cut).
// Was: ONE place for the class fix: permissions/decide-scripts.ts (the one reader of nested script lines: a binary is not
// split into lines, and the `runs the ${what} line` quote goes through one bounded quoting helper).
import { copyFileSync, mkdirSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine } from '../../src/setup.js';

let base: string;
let printed = '';
beforeAll(async () => {
  base = await mkdtemp('/var/tmp/cw-rt38a-elf-');
  const root = join(base, 'ws');
  mkdirSync(root);
  copyFileSync('/bin/true', join(root, 'k'));
  const engine = await createEngine({ workspace: root, env: { HOME: join(base, 'h'), PATH: process.env['PATH'] ?? '', CODEWARD_STATE_DIR: join(base, '.s') }, sandbox: { mode: 'off' as const }, permissions: { home: join(base, 'h'), yes: true } });
  try {
    printed = JSON.stringify(await engine.run({ cmd: 'exec', args: { cmd: './k' } }));
  } catch (error) {
    printed = JSON.stringify({ error: (error as Error).message });
  } finally {
    await engine.close();
  }
}, 60_000);
afterAll(async () => rm(base, { recursive: true, force: true }));

describe('R38-a8 MINOR: a workspace binary run by path quotes its raw bytes into the refusal', () => {
  it('control: the run was refused (an unread program asks)', () => {
    expect(printed).toMatch(/C241|approval/);
  });
  it('the refusal is short (under 2,000 characters)', () => {
    expect(printed.length).toBeLessThan(2000);
  });
  it('the refusal carries no NUL bytes of the program', () => {
    expect(printed).not.toContain('\\u0000');
  });
});
