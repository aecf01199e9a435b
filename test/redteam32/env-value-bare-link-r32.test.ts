// Red team round 32, R32-1 (CRITICAL: a file outside the workspace written, unasked, with `--sandbox off --yes`,
// through a symlink the repository ships): R31-1 made permissions/unconfined-env.ts resolve a value with a folder
// part (`lnk/.bashrc`), but a value with NO `/` and no path-like start is still never resolved (PATH_LIKE), and a
// bare name in the working folder is a path too: the repository ships `lnkf -> ../home/.bashrc` (git checks
// symlinks out as they are), the model runs `SSLKEYLOGFILE=lnkf curl -s https://localhost:1/`: checked, curl
// created ~/.bashrc (it opens the key-log file at start, appending TLS secrets on every https call). The same
// for a value whose literal start is plain and whose rest is only known at run time (`l$(echo nkf)`): the judge
// stops at the literal start.
// Held-back variants a fix must also cover: `env X=lnkf`, `export X=lnkf; tool`, a run-time rest (`X=l$V`),
// NODE_V8_COVERAGE=lnkd (a folder link), HISTFILE=lnkf.
// Expected: asks (C241), as `SSLKEYLOGFILE=lnk/.bashrc` does; a plain word (`NODE_ENV=production`) still runs.
// Fix: src/permissions/unconfined-env.ts (every value of the environment is a path to resolve from the working
// folder, a plain word resolves inside and stays free; a run-time part anywhere fails closed).
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, symlink } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine } from '../../src/setup.js';
import { writeFiles } from '../helpers/fixture.js';
import { NO_JAIL } from '../helpers/unconfined-runs.js';

// Below /var/tmp: the temporary folder is writable by design (a link into it runs).
let base: string;
let root: string;
let home: string;
beforeAll(async () => {
  base = await mkdtemp('/var/tmp/cw-rt32-envbare-');
  root = join(base, 'project');
  home = join(base, 'home');
  await mkdir(root);
  await writeFiles(root, { 'a.txt': 'a\n' });
  await writeFiles(home, { '.keep': '' });
  await symlink('../home/.bashrc', join(root, 'lnkf'));
  await symlink('../home', join(root, 'lnkd'));
});
afterAll(async () => rm(base, { recursive: true, force: true }));

async function verdict(cmd: string): Promise<string> {
  await rm(join(home, '.bashrc'), { force: true });
  const engine = await createEngine({ workspace: root, env: { HOME: home, PATH: process.env['PATH'] ?? '', ...NO_JAIL }, sandbox: { mode: 'off' as const }, permissions: { home, yes: true } });
  try {
    const result = await engine.run({ cmd: 'exec', args: { cmd } });
    return result.ok ? (existsSync(join(home, '.bashrc')) ? 'ran, wrote ~/.bashrc' : 'ran') : result.error.code;
  } finally {
    await engine.close();
  }
}

describe('R32-1 CRITICAL: a bare value naming a workspace symlink names a file outside, written under --sandbox off --yes', () => {
  it.each([
    'SSLKEYLOGFILE=lnkf true',
    'env SSLKEYLOGFILE=lnkf true',
    'SSLKEYLOGFILE=l$(echo nkf) true',
    'NODE_V8_COVERAGE=lnkd true',
    'HISTFILE=lnkf true',
  ])('`%s` asks (C241)', async (line) => {
    expect(await verdict(line)).toBe('C241');
  }, 60_000);
});

describe('control: plain words run', () => {
  it.each(['NODE_ENV=production true', 'LANG=C.UTF-8 true', 'REPO=https://example.com/r.git true'])('`%s` runs', async (line) => {
    expect(await verdict(line)).toBe('ran');
  }, 60_000);
});
