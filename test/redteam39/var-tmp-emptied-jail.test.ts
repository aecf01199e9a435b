// R39-a2's fix (jail49): `--sandbox off`'s jail shows /var/tmp as a home (view-whole-root.ts): empty, read-only. A jailed
// run whose workspace lies under /var/tmp still reads and writes it, and the after-run pipeline still judges it (a
// setuid bit cleared, a planted `.codeward` moved aside); its sandboxWritable folder and its PATH folder under /var/tmp
// are bound back; a write beside the workspace or elsewhere in /var/tmp is refused (as before the fix). A
// 0700 folder and a 0600 file planted directly in /var/tmp (this test's own, removed after) are not there inside.
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, lstatSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine } from '../../src/setup.js';
import { shDriver } from '../helpers/sh-driver.js';
import { bwrapWorks } from '../shell/stage-helpers.js';

let base: string;
let tools: string;
let planted: string;
let out = '';
const elsewhere = `cw-jail49-elsewhere-${process.pid}`;
beforeAll(async () => {
  base = await mkdtemp('/var/tmp/cw-jail49-ws-');
  tools = await mkdtemp('/var/tmp/cw-jail49-tools-');
  planted = await mkdtemp('/var/tmp/cw-jail49-svc-');
  chmodSync(planted, 0o700);
  writeFileSync(join(planted, 'token'), 'PLANTED-DIR-SECRET\n');
  writeFileSync(`${planted}.dat`, 'PLANTED-FILE-SECRET\n', { mode: 0o600 });
  const root = join(base, 'ws');
  const cache = join(tools, 'cache');
  spawnSync('git', ['init', '-q', root]);
  mkdirSync(cache);
  mkdirSync(join(tools, 'bin'));
  writeFileSync(join(tools, 'bin', 'cw-jail49-tool'), '#!/bin/sh\necho TOOL-RAN\n', { mode: 0o755 });
  writeFileSync(join(root, 'in.txt'), 'WORKSPACE-READ\n');
  if (!bwrapWorks) return;
  const home = join(base, 'h');
  const env = { HOME: home, PATH: `${join(tools, 'bin')}:${process.env['PATH'] ?? ''}`, CODEWARD_STATE_DIR: join(base, '.s') };
  const engine = await createEngine({ workspace: root, env, sandbox: { mode: 'off' as const }, permissions: { home, yes: true }, configure: (config) => ({ ...config, sandboxWritable: [cache] }) });
  const cmd = [
    'cat in.txt; echo W > out.txt',
    `ls -a /var/tmp; cat ${planted}/token ${planted}.dat`,
    `echo W > /var/tmp/${elsewhere} || echo ELSEWHERE-REFUSED`,
    `echo B > ${base}/beside.txt || echo BESIDE-REFUSED`,
    `${join(tools, 'bin', 'cw-jail49-tool')}; echo C > ${cache}/c.txt`,
    'cp /bin/true suid && chmod u+s suid; mkdir .codeward; true',
  ].join('; ');
  // Through a script the repository ships (the pre-run parse does not read it): the jail alone answers.
  writeFileSync(join(root, 'run.sh'), `${cmd}\n`);
  writeFileSync(join(root, 'run.py'), shDriver('run.sh'));
  try {
    out = JSON.stringify(await engine.run({ cmd: 'exec', args: { cmd: 'python3 run.py' } }));
  } finally {
    await engine.close();
  }
}, 60_000);
afterAll(async () => {
  for (const path of [base, tools, planted, `${planted}.dat`, `/var/tmp/${elsewhere}`]) await rm(path, { recursive: true, force: true });
});

describe.skipIf(!bwrapWorks)('the jail\'s /var/tmp is emptied: its workspace bound back, the host\'s entries gone', () => {
  it('the workspace under /var/tmp is read and written', () => {
    expect(out).toContain('"exitCode":0');
    expect(out).toContain('WORKSPACE-READ');
    expect(readFileSync(join(base, 'ws', 'out.txt'), 'utf8')).toBe('W\n');
  });
  it('a 0700 folder and a 0600 file planted in /var/tmp are not there inside', () => {
    expect(out).not.toContain('PLANTED-DIR-SECRET');
    expect(out).not.toContain('PLANTED-FILE-SECRET');
    expect(JSON.parse(out).data.stdout).not.toContain(basename(planted));
  });
  it('a write elsewhere in /var/tmp is refused (never silently lost)', () => {
    expect(out).toContain('ELSEWHERE-REFUSED');
    expect(existsSync(`/var/tmp/${elsewhere}`)).toBe(false);
  });
  it('a write beside the workspace is refused', () => {
    expect(out).toContain('BESIDE-REFUSED');
    expect(existsSync(join(base, 'beside.txt'))).toBe(false);
  });
  it('the PATH folder and the sandboxWritable folder under /var/tmp are bound back', () => {
    expect(out).toContain('TOOL-RAN');
    expect(readFileSync(join(tools, 'cache', 'c.txt'), 'utf8')).toBe('C\n');
  });
  it('the after-run pipeline judged the workspace: setuid cleared, a planted .codeward moved aside', () => {
    expect(lstatSync(join(base, 'ws', 'suid')).mode & 0o4000).toBe(0);
    expect(readdirSync(join(base, 'ws')).filter((name) => name.startsWith('.codeward'))).not.toContain('.codeward');
  });
});
