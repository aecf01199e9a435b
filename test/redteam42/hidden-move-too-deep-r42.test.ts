// R42-a3 — MAJOR (a secret read: a file the non-accessible globs hide is printed by every later run, staged too, and
// by `codeward search`) — walk58 made the after-run walks fail closed, but the R6-9 move-back (hidden-moves.ts) still
// reads "not found" as "nothing to do": find() stops at MAX_DEPTH = 32 (and returns undefined on any listing error),
// and restoreHiddenAncestors then `continue`s WITHOUT a warning. An in-place run that moves the folder above an
// anchored-glob secret 33+ folders deep (`mkdir -p a/a/…/a && mv config a/…/a/config`, 80 bytes of path) leaves
// `a/…/config/private/key` under no glob; the secret walk (no depth cap) finds nothing to hide there.
// Class: walk58's (a walk that cannot find/list reads it as "nothing there"), in the move-back of hidden ancestors.
// Repro (h-asgre 7b4b82b5, root, bwrap): ws .codeward/config.json {"nonAccessibleGlobs":["config/private/**"]},
//   config/private/key = DEEP-SECRET;  D=a/ x40
//   $ codeward --yes exec --no-stage --cmd "mkdir -p $D && mv config ${D}config"   -> [exit 0], no warning
//   $ codeward --yes exec --cmd "cat ${D}config/private/key"                     -> DEEP-SECRET
//   (control: `mkdir -p a/a/a && mv config a/a/a/config` is "moved back".)
// Fix (src/sandbox/hidden-moves.ts): a hidden ancestor whose identity is gone from its path and that is not found is
// not "nothing": find it without a depth cap (by descriptor, byte names), or fail closed: refuse/ask the next run and
// warn, or hide by identity (the secret walk checks the kept ancestors' inodes wherever they now are).
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

function workspace(name: string): string {
  const ws = join(base, name);
  spawnSync('git', ['init', '-q', ws]);
  mkdirSync(join(ws, '.codeward'));
  writeFileSync(join(ws, '.codeward', 'config.json'), '{"nonAccessibleGlobs":["config/private/**"]}\n');
  mkdirSync(join(ws, 'config', 'private'), { recursive: true });
  writeFileSync(join(ws, 'config', 'private', 'key'), 'DEEP-SECRET\n');
  return ws;
}

beforeAll(async () => {
  base = await mkdtemp('/var/tmp/cw-rt42a-deepmove-');
  mkdirSync(join(base, 'h'));
  if (!usable) return;
  const env = { HOME: join(base, 'h'), PATH: process.env['PATH'] ?? '/usr/bin:/bin', CODEWARD_STATE_DIR: join(base, 's') };
  const run = (ws: string, args: string[]): string => {
    const result = spawnSync('node', [CLI, ...args], { cwd: ws, env, encoding: 'utf8', timeout: 60_000 });
    return `${result.stdout}${result.stderr}`;
  };
  for (const [name, depth] of [['shallow', 3], ['deep', 40]] as const) {
    const ws = workspace(name);
    const dir = 'a/'.repeat(depth);
    outs[`${name}-move`] = run(ws, ['--yes', 'exec', '--no-stage', '--cmd', `mkdir -p ${dir} && mv config ${dir}config`]);
    outs[name] = run(ws, ['--yes', 'exec', '--cmd', `cat ${dir}config/private/key`]);
    outs[`${name}-search`] = run(ws, ['search', 'DEEP-SECRET']);
  }
}, 120_000);
afterAll(async () => rm(base, { recursive: true, force: true }));

describe.skipIf(!usable)('R42-a3 MAJOR: a folder above an anchored-glob secret moved 33+ deep is never moved back', () => {
  it('control: moved 3 deep, it is moved back and the key stays hidden', () => {
    expect(outs['shallow-move']).toMatch(/moved config to a\/a\/a\/config.*it was moved back/);
    expect(outs['shallow']).not.toContain('DEEP-SECRET');
  });
  it('moved 40 deep: the later run does not print the key', () => {
    expect(outs['deep-move']).toContain('[exit 0]');
    expect(outs['deep']).not.toContain('DEEP-SECRET');
  });
  it('moved 40 deep: `codeward search` does not print the key', () => {
    expect(outs['deep-search']).not.toContain('DEEP-SECRET');
  });
});
