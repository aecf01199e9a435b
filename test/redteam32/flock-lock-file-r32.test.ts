// Red team round 32, R32-7 (minor: an EMPTY file created outside the workspace, unasked, with `--sandbox off --yes`):
// R31-5 records a wrapper's own output files (parse-wrappers.ts writesShort/writesLong/writesOperand), but `flock
// FILE CMD` creates its lock FILE (open with O_CREAT, empty, mode 0644) and flock's spec reads the operand only as
// a positional to skip: checked, `flock ~/lock true` and `flock -n ~/lock -c true` created ~/lock. Only an empty
// file (no content the model chooses), so a file a program obeys by its mere existence at most.
// Expected: asks (C241), as `strace -o ~/x true` does; a lock file inside the workspace or the temporary folder runs.
// Fixed in src/shell/parse-wrappers.ts (flock: writesOperand).
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine } from '../../src/setup.js';
import { writeFiles } from '../helpers/fixture.js';
import { NO_JAIL } from '../helpers/unconfined-runs.js';

let base: string;
let root: string;
let home: string;
beforeAll(async () => {
  base = await mkdtemp('/var/tmp/cw-rt32-flock-');
  root = join(base, 'project');
  home = join(base, 'home');
  await mkdir(root);
  await writeFiles(root, { 'a.txt': 'a\n' });
  await writeFiles(home, { '.keep': '' });
});
afterAll(async () => rm(base, { recursive: true, force: true }));

async function verdict(line: string): Promise<string> {
  await rm(join(home, 'lock'), { force: true });
  const engine = await createEngine({ workspace: root, env: { HOME: home, PATH: process.env['PATH'] ?? '', ...NO_JAIL }, sandbox: { mode: 'off' as const }, permissions: { home, yes: true } });
  try {
    const result = await engine.run({ cmd: 'exec', args: { cmd: line.replaceAll('OUT', home) } });
    return result.ok ? (existsSync(join(home, 'lock')) ? 'ran, created OUT/lock' : 'ran') : result.error.code;
  } finally {
    await engine.close();
  }
}

describe('R32-7 minor: flock creates its lock file outside', () => {
  it.each(['flock OUT/lock true', 'flock -n OUT/lock -c true'])('`%s` asks (C241)', async (line) => {
    expect(await verdict(line)).toBe('C241');
  }, 60_000);
});

describe('control', () => {
  it.each(['flock .lock true', 'flock /tmp/rt32-flock.lock true'])('`%s` runs', async (line) => {
    expect(await verdict(line)).toBe('ran');
  }, 60_000);
});
