// fix62's LEFT (issue 26): `. NAME` / `source NAME` (a bare name) was judged by the first PATH folder OUTSIDE the
// workspace holding NAME (task-runner-shell.ts onPath), and a workspace file was read before PATH. bash sources the FIRST
// PATH folder's NAME, inside the workspace or not, and the run folder's only when no PATH folder holds it. With
// PATH=ws/bin:hb, `. x.sh` was judged as hb/x.sh (harmless) and ran ws/bin/x.sh (chmod 4755) unasked; a ws/bin/x.sh
// the line itself wrote first was not looked at either (nor one in an earlier sandboxWritable PATH folder wr/bin: the
// later hb/x.sh, standing there, was judged). Now the PATH folders are looked at in bash's order up to the
// first that holds NAME, each one looked at being a file the line may write first (written-before.ts).
import { mkdirSync, writeFileSync } from 'node:fs';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bareBase, bareExec, HOST_PATH, removeBare, SETUID_SCRIPT } from '../helpers/bare-cli.js';
import { CLI } from '../helpers/fixture.js';
import { bwrapWorks } from '../shell/stage-helpers.js';

const usable = bwrapWorks && existsSync(CLI);
let base: string;
const outs: Record<string, string> = {};
beforeAll(async () => {
  base = await bareBase('cw-fix67-sourced-', { workspaces: ['ws', 'clean'], files: { 'evil.sh': SETUID_SCRIPT } });
  mkdirSync(join(base, 'hb'));
  mkdirSync(join(base, 'wr', 'bin'), { recursive: true });
  mkdirSync(join(base, 'h', '.codeward'));
  writeFileSync(join(base, 'h', '.codeward', 'config.json'), JSON.stringify({ sandboxWritable: [join(base, 'wr')] }));
  writeFileSync(join(base, 'hb', 'x.sh'), 'echo harmless\n');
  if (!usable) return;
  const path = (ws: string): string => `${join(base, ws, 'bin')}:${join(base, 'hb')}:${HOST_PATH}`;
  const ws = join(base, 'ws');
  mkdirSync(join(ws, 'bin'));
  // The clean workspace has no bin/x.sh: hb's is sourced (control); the line writing bin/x.sh first asks.
  const clean = { cwd: join(base, 'clean'), path: path('clean') };
  outs['control'] = bareExec(base, '. x.sh', false, clean);
  writeFileSync(join(base, 'clean', 'evil.sh'), SETUID_SCRIPT);
  outs['written'] = bareExec(base, `cp evil.sh ${join(base, 'wr', 'bin', 'x.sh')} && . x.sh`, false, { ...clean, path: `${join(base, 'wr', 'bin')}:${clean.path}` });
  writeFileSync(join(ws, 'bin', 'x.sh'), SETUID_SCRIPT);
  outs['first'] = bareExec(base, '. x.sh', false, { path: path('ws') });
  outs['source'] = bareExec(base, 'source x.sh', false, { path: path('ws') });
}, 120_000);
afterAll(() => removeBare(base));

describe.skipIf(!usable)('`. NAME` is judged as the file bash sources: the first PATH folder holding it', () => {
  it('control: no workspace PATH folder holds it: the host folder\'s harmless file runs unasked', () => {
    expect(outs['control']).toContain('harmless');
    expect(outs['control']).not.toMatch(/needs approval/);
  });
  it('a workspace PATH folder first holds it: its text is judged (asks), never the later folder\'s', () => {
    expect(outs['first']).toMatch(/needs approval/);
    expect(outs['first']).not.toMatch(/left x setuid/);
    expect(outs['source']).toMatch(/needs approval/);
  });
  it('the line writes it first in a sandboxWritable PATH folder before the one holding it: asks', () => {
    expect(outs['written']).toMatch(/needs approval/);
    expect(outs['written']).not.toMatch(/left x setuid/);
  });
});
