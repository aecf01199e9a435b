// R40-a8 — MAJOR (a secret read: a workspace `.env` the view is meant to hide is read by the sandboxed command) — the
// sandbox view hides the workspace's secret files (sandbox/secret-files.ts: `.env`, credential stores, the
// non-accessible globs) by a walk whose folder names are JS strings: readdirSync(..., utf8) turns a folder named
// `d\xfe` (a Latin-1 "données", an old archive's or SMB share's name) into `d\uFFFD`, scan() of that path finds no
// folder, and nothing below it is hidden. `plain/.env` and `./.env` read empty inside; `d\xfe/.env` prints its
// contents, in the default-deny sandbox and in --sandbox off's jail alike. The line never names the file (a glob),
// so the permission layer's path check does not see it either.
// Class: R40-a2's (paths as lossy UTF-8 strings in a walk that must see EVERY entry), here in the view's secret walk.
// Repro (integ 54799dc5, root, bwrap):
//   ws: .env, plain/.env, d\xfe/.env (BYTES-SECRET=1)
//   $ codeward --yes exec --cmd 'for f in */.e*; do echo "$f"; cat "$f"; done'
//   d\uFFFD/.env / BYTES-SECRET=1 / plain/.env / [exit 0]
// Made by the attacker: `codeward --yes exec --no-stage --cmd 'mv config "$(printf "d\\376")"'` (hidden-moves.ts does not (`mv config cfg2` IS moved back: "it was moved back")
//   move it back), then any later run, staged too, prints config's .env.
// Fix (secret-files.ts scan, one place): list with {encoding: 'buffer'} and carry rel paths as bytes (or refuse to run,
// loudly, when a folder name does not round-trip as UTF-8 — hiding the whole folder is the safe default).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLI } from '../helpers/fixture.js';
import { bwrapWorks } from '../shell/stage-helpers.js';

const usable = bwrapWorks && existsSync(CLI);
let base: string;
const outs: Record<string, string> = {};
beforeAll(async () => {
  base = await mkdtemp('/var/tmp/cw-rt40a-secret-');
  const ws = join(base, 'ws');
  spawnSync('git', ['init', '-q', ws]);
  mkdirSync(join(ws, 'plain'));
  writeFileSync(join(ws, 'plain', '.env'), 'PLAIN-SECRET=1\n');
  const bytes = Buffer.concat([Buffer.from(`${ws}/d`), Buffer.from([0xfe])]);
  mkdirSync(bytes);
  writeFileSync(Buffer.concat([bytes, Buffer.from('/.env')]), 'BYTES-SECRET=1\n');
  mkdirSync(join(base, 'h'));
  if (!usable) return;
  const env = { HOME: join(base, 'h'), PATH: process.env['PATH'] ?? '/usr/bin:/bin', CODEWARD_STATE_DIR: join(base, 's') };
  for (const [name, extra] of [['sandbox', []], ['off', ['--sandbox', 'off']]] as const) {
    const result = spawnSync('node', [CLI, '--yes', ...extra, 'exec', '--cmd', 'for f in */.e*; do echo "$f"; cat "$f"; done'], { cwd: ws, env, encoding: 'utf8', timeout: 60_000 });
    outs[name] = `${result.stdout}${result.stderr}`;
  }
  // Attacker-driven: an in-place run renames the folder holding a hidden .env to a non-UTF-8 name (hidden-moves.ts
  // does not move it back), and every later run, staged ones too, reads it.
  const moved = join(base, 'moved');
  spawnSync('git', ['init', '-q', moved]);
  mkdirSync(join(moved, 'config'));
  writeFileSync(join(moved, 'config', '.env'), 'MOVED-SECRET=1\n');
  spawnSync('node', [CLI, '--yes', 'exec', '--no-stage', '--cmd', 'mv config "$(printf "d\\376")"'], { cwd: moved, env, encoding: 'utf8', timeout: 60_000 });
  const later = spawnSync('node', [CLI, '--yes', 'exec', '--cmd', 'for f in */.e*; do echo "$f"; cat "$f"; done'], { cwd: moved, env, encoding: 'utf8', timeout: 60_000 });
  outs['moved'] = `${later.stdout}${later.stderr}`;
}, 120_000);
afterAll(async () => rm(base, { recursive: true, force: true }));

describe.skipIf(!usable)('R40-a8 MAJOR: a .env below a non-UTF-8 folder is not hidden from the sandboxed command', () => {
  it('control: the run ran and plain/.env is hidden', () => {
    expect(outs['sandbox']).toContain('[exit 0]');
    expect(outs['sandbox']).toContain('plain/.env');
    expect(outs['sandbox']).not.toContain('PLAIN-SECRET');
  });
  it('default sandbox: d\\xfe/.env is hidden too', () => {
    expect(outs['sandbox']).not.toContain('BYTES-SECRET');
    // The fix (src/sandbox/byte-names.ts) sets the folder aside to its UTF-8 spelling and says so.
    expect(outs['sandbox']).toContain('renamed to d%FE');
  });
  it('--sandbox off jail: d\\xfe/.env is hidden too', () => {
    expect(outs['off']).not.toContain('BYTES-SECRET');
  });
  it('a run that renames the .env folder to d\\xfe (in place) does not unhide it for the next run', () => {
    expect(outs['moved']).toContain('[exit 0]');
    expect(outs['moved']).not.toContain('MOVED-SECRET');
  });
});
