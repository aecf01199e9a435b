import { spawnSync } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { removeDir, runCli, tempDir, writeFiles } from '../helpers/fixture.js';

// H9 (red team round 4), from the attacker's side: a sandboxed command (a contained agent run, a
// repository's test script) running as root sets the HOST's kernel.core_pattern to `|/its/program` and
// crashes a process: the kernel runs that program as root outside every namespace. Nothing is ever
// written here: the probe asks access(W_OK) on every entry of /proc beside the process folders and opens
// a few known ones O_WRONLY (closed at once, no byte written), staged and in place.
const bwrapWorks = spawnSync('bwrap', ['--ro-bind', '/', '/', '--unshare-net', 'true']).status === 0;
const why = 'bwrap (bubblewrap) is not installed or cannot run here';

const PROBE = `
const fs = require('fs');
const found = [];
const walk = (dir, depth) => {
  let names = [];
  try { names = fs.readdirSync(dir); } catch { return; }
  for (const name of names) {
    if (dir === '/proc' && (/^\\d+$/.test(name) || name === 'self' || name === 'thread-self')) continue;
    const path = dir + '/' + name;
    let stats;
    try { stats = fs.lstatSync(path); } catch { continue; }
    if (stats.isSymbolicLink()) continue;
    if (stats.isDirectory()) { if (depth < 6) walk(path, depth + 1); continue; }
    try { fs.accessSync(path, fs.constants.W_OK); found.push('W_OK ' + path); } catch {}
  }
};
walk('/proc', 0);
for (const path of ['/proc/sys/kernel/core_pattern', '/proc/sys/kernel/hostname', '/proc/sys/vm/drop_caches', '/proc/sysrq-trigger', '/proc/sys/fs/binfmt_misc/register', '/proc/mtrr']) {
  let fd;
  try { fd = fs.openSync(path, fs.constants.O_WRONLY); found.push('OPEN ' + path); } catch {} finally { if (fd !== undefined) fs.closeSync(fd); }
}
try { fs.chmodSync('/proc/mtrr', 0o644); found.push('CHMOD /proc/mtrr'); } catch {}
console.log('PROBE-DONE ' + found.length);
for (const line of found) console.log(line);
`;

let base: string;
let root: string;

beforeAll(async () => {
  base = await tempDir('codeward-proc-');
  root = join(base, 'ws');
  await writeFiles(root, { 'probe.js': PROBE });
});

afterAll(async () => {
  await removeDir(base);
});

function probe(extra: readonly string[]): string {
  const env = { HOME: join(base, 'home'), CODEWARD_STATE_DIR: join(base, 'state') };
  const result = runCli(['--json', '-C', root, 'exec', ...extra, '--cmd', 'node probe.js'], { cwd: root, env });
  expect(result.json.ok, result.stdout + result.stderr).toBe(true);
  return String(result.json.data?.stdout ?? '');
}

describe.skipIf(!bwrapWorks)('a sandboxed command cannot write the host kernel through /proc (H9)', () => {
  it('the host lets this process write core_pattern when it runs as root (the test would mean nothing otherwise)', () => {
    if (process.getuid?.() !== 0) return;
    // access() only: nothing is written.
    expect(() => accessSync('/proc/sys/kernel/core_pattern', constants.W_OK)).not.toThrow();
  });

  for (const [name, extra] of [['staged', []], ['in place (--no-stage)', ['--no-stage']]] as const) {
    it(`${name}: no entry of /proc beside the process folders is writable, openable for writing or chmod-able`, () => {
      const out = probe(extra);
      expect(out).toContain('PROBE-DONE');
      expect(out.split('\n').filter((line) => /^(W_OK|OPEN|CHMOD) /.test(line))).toEqual([]);
    });
  }

  it('the process folders stay usable (a program may set its own oom_score_adj)', () => {
    const out = runCli(['--json', '-C', root, 'exec', '--cmd', 'sh -c "cat /proc/self/status | head -1; test -w /proc/self/oom_score_adj && echo OWN-WRITABLE"'], { cwd: root, env: { HOME: join(base, 'home'), CODEWARD_STATE_DIR: join(base, 'state') } });
    expect(String(out.json.data?.stdout)).toContain('OWN-WRITABLE');
  });
});

if (!bwrapWorks) it.skip(why, () => undefined);
