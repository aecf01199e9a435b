// Red team round 31, R31-1 (MAJOR: a file outside the workspace written with `--sandbox off --yes`, through a
// symlink the repository ships): R30-1's fix (permissions/unconfined-env.ts) judges the VALUE of every variable of
// a command's environment, but only a value that LOOKS like a path (PATH_LIKE: starts with `/`, `~`, `.`, or climbs
// with `..`); a relative value such as `lnk/.bashrc` is never resolved, so the workspace's own symlinks (which the
// judge follows for every path word, unconfined-paths.ts outsideHow) are not followed for it. A cloned repository
// ships `lnk -> ../home` (git checks symlinks out as they are), the model runs `SSLKEYLOGFILE=lnk/.bashrc curl -s
// https://localhost:1/` (curl opens the key-log file at start, appending): checked by hand, it created ~/.bashrc and
// appends TLS secrets there on every https call; the same with `/abs/home/.bashrc` or `./lnk/.bashrc` asks (C241).
// Held-back variants a fix must also cover: `env X=lnk/..`, `export X=lnk/..; tool`, a value with a folder part
// (`PYTHONPYCACHEPREFIX=lnk/pyc`, `NODE_V8_COVERAGE=lnk/cov`), HISTFILE. Values with a slash that stay inside
// (`text/html`, `sub/x`, a URL) still run.
// Fix: src/permissions/unconfined-env.ts PATH_LIKE (any value with a `/` is a path to resolve, like a path word).
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
  base = await mkdtemp('/var/tmp/cw-rt31-envlink-');
  root = join(base, 'project');
  home = join(base, 'home');
  await mkdir(root);
  await writeFiles(root, { 'a.txt': 'a\n', 'sub/x': '' });
  await writeFiles(home, { '.keep': '' });
  await symlink('../home', join(root, 'lnk'));
});
afterAll(async () => rm(base, { recursive: true, force: true }));

async function verdict(cmd: string): Promise<string> {
  const engine = await createEngine({ workspace: root, env: { HOME: home, PATH: process.env['PATH'] ?? '', ...NO_JAIL }, sandbox: { mode: 'off' as const }, permissions: { home, yes: true } });
  try {
    const result = await engine.run({ cmd: 'exec', args: { cmd } });
    return result.ok ? 'ran' : result.error.code;
  } finally {
    await engine.close();
  }
}

describe('R31-1 MAJOR: a relative value through a workspace symlink names a file outside, written under --sandbox off --yes', () => {
  it.each([
    'SSLKEYLOGFILE=lnk/.bashrc true',
    'env SSLKEYLOGFILE=lnk/.bashrc true',
    'export SSLKEYLOGFILE=lnk/.bashrc; true',
    'PYTHONPYCACHEPREFIX=lnk/pyc true',
    'NODE_V8_COVERAGE=lnk/cov true',
  ])('`%s` asks (C241)', async (line) => {
    expect(await verdict(line)).toBe('C241');
  }, 60_000);
});

describe('control: values with a slash that stay inside run', () => {
  it.each(['MIME=text/html true', 'OUT=sub/x true', 'REPO=https://example.com/r.git true'])('`%s` runs', async (line) => {
    expect(await verdict(line)).toBe('ran');
  }, 60_000);
});
