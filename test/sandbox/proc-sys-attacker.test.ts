import { spawnSync } from 'node:child_process';
import { mkdtemp, realpath } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLI, REPO_ROOT, removeDir, writeFiles } from '../helpers/fixture.js';

// Red team H9 of round 4, from the sandboxed command's side: run as root, the sandbox keeps uid 0, and a
// sysctl write needs nothing more (no capability, so --cap-drop ALL does not help). /proc/sys was
// writable inside: `kernel.core_pattern = |/workspace/x` makes the host's kernel run x as root at the
// next crash. Nothing is written here: the script asks access(W_OK) of the files the attack writes,
// staged and in place. Writable on the old code (as root); read-only now.
const asRoot = process.getuid?.() === 0;
const bwrapWorks = spawnSync('bwrap', ['--ro-bind', '/', '/', '--unshare-net', 'true']).status === 0;
const BASE = existsSync('/var/tmp') ? '/var/tmp' : join(REPO_ROOT, 'test');
const TARGETS = ['/proc/sys/kernel/core_pattern', '/proc/sys/kernel/hostname', '/proc/sys/vm/drop_caches', '/proc/sysrq-trigger', '/proc/sys/fs/binfmt_misc/register'];
const PROBE = `const fs = require('node:fs');
for (const path of ${JSON.stringify(TARGETS)}) {
  if (!fs.existsSync(path)) continue;
  try { fs.accessSync(path, fs.constants.W_OK); console.log('WRITABLE ' + path); } catch (error) { console.log('held ' + path + ' ' + error.code); }
}`;

let base: string;
let root: string;
beforeAll(async () => {
  base = await realpath(await mkdtemp(join(BASE, 'codeward-procsys-')));
  root = join(base, 'w');
  await writeFiles(root, { 'probe.js': PROBE });
});
afterAll(async () => removeDir(base));

function run(...flags: string[]): string {
  const env = { ...process.env, CODEWARD_STATE_DIR: join(base, 'state'), HOME: join(base, 'home') };
  const result = spawnSync(process.execPath, [CLI, '--yes', '--json', '-C', root, 'exec', ...flags, '--cmd', `${process.execPath} probe.js`], { cwd: root, env, encoding: 'utf8' });
  return result.stdout;
}

describe.skipIf(!asRoot || !bwrapWorks)("a sandboxed command cannot write the host's kernel settings", () => {
  it.each([[[] as string[]], [['--no-stage']]])('through /proc (exec %j)', (flags) => {
    const out = run(...flags);
    expect(out).toContain('held /proc/sys/kernel/core_pattern');
    expect(out).not.toContain('WRITABLE');
  });
});
