// A script in a sandboxWritable folder that stands there when the line is judged is the host's only where the line
// cannot have written it first (task-runner-shell.ts outsideScript, written-before.ts; red team R41-a3's present twin):
// `cp evil.sh $W/x.sh && sh $W/x.sh` asks, while `sh $W/x.sh` alone runs the host's harmless script unasked.
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
  base = await mkdtemp('/var/tmp/cw-scr58-wr-');
  const ws = join(base, 'ws');
  const home = join(base, 'h');
  const wr = join(base, 'wr');
  spawnSync('git', ['init', '-q', ws]);
  mkdirSync(wr);
  mkdirSync(join(home, '.codeward'), { recursive: true });
  writeFileSync(join(home, '.codeward', 'config.json'), JSON.stringify({ sandboxWritable: [wr] }));
  writeFileSync(join(ws, 'evil.sh'), 'cp /bin/true x\nchmod 4755 x\n');
  writeFileSync(join(wr, 'x.sh'), 'echo host-script\n');
  if (!usable) return;
  const env = { HOME: home, PATH: process.env['PATH'] ?? '/usr/bin:/bin', CODEWARD_STATE_DIR: join(base, 's') };
  const lines = { plain: `sh ${wr}/x.sh`, rewritten: `cp evil.sh ${wr}/x.sh && sh ${wr}/x.sh` };
  for (const [name, line] of Object.entries(lines)) {
    const result = spawnSync('node', [CLI, '--yes', 'exec', '--no-stage', '--cmd', line], { cwd: ws, env, encoding: 'utf8', timeout: 60_000 });
    outs[name] = `${result.stdout}${result.stderr}`;
  }
}, 120_000);
afterAll(async () => rm(base, { recursive: true, force: true }));

describe.skipIf(!usable)('a script in a sandboxWritable folder', () => {
  it('standing there and not written by the line: the host\'s, runs unasked', () => {
    expect(outs['plain']).toContain('host-script');
    expect(outs['plain']).not.toMatch(/needs approval/);
  });
  it('rewritten by the line before it runs: asks', () => {
    expect(outs['rewritten']).toMatch(/needs approval/);
    expect(outs['rewritten']).not.toMatch(/left x setuid/);
  });
});
