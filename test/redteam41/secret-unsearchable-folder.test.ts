// FIXED (walk58: secret-files.ts hides a folder it cannot list, search or rename below WHOLE). R41-a5 — MAJOR (a secret read: a workspace `.env` the view is meant to hide is printed by a sandboxed command, in the
// DEFAULT staged mode) — codeward as a NORMAL user (root passes over modes, so the root box never shows it).
// The view hides secrets by a walk on the host (secret-files.ts SecretFinder.scan) run as codeward's user. A folder
// that user cannot list (mode 000: listBytes throws -> scan undefined -> nothing below is hidden) or cannot search
// (mode 600: `.env` is listed and matched, but realOf/targetKindOf of `config/.env` fail with EACCES -> 'missing' ->
// not hidden) hides nothing. The sandboxed process has the same uid and OWNS the folder: it chmods it back and reads.
// Run 1 (staged, the default) `chmod 000 config` is applied by the stage plan as a plain mode change, no warning;
// run 2 `os.chmod("config", 0o755); open("config/.env")` prints the secret. In place, run 1's folder is set aside by
// planted.ts (config.planted-by-sandbox-…, mode given back to 000 by fix53's modes-unlisted.ts), and the same read
// works on the new name.
// Class: R40-a6's (a walk judges only what it can list), here in the view's secret walk: fix53 made only the after-run
// walk open such folders.
// Repro (integ 85b3ba45, bwrap, codeward as uid 65534 via setpriv): ws/config/.env = NOBODY-SECRET=1
//   $ codeward --yes exec --cmd 'chmod 000 config'           -> [exit 0]   (config is now 000 on the host)
//   $ codeward --yes exec --cmd 'python3 -c "import os; os.chmod(\"config\", 0o755); print(open(\"config/.\"+\"env\").read())"'
//   -> NOBODY-SECRET=1
// Fix (secret-files.ts scan, one place): a folder the walk cannot list or search is not "nothing to hide": open it as
// modes-unlisted.ts does (O_PATH + u+rwx, walk, give the mode back), or hide the whole folder (fail closed); and the
// stage plan / after-run walk never leaves a workspace folder its owner cannot search (a mode change to a folder that
// drops u+rx is set aside or refused).
import { spawnSync } from 'node:child_process';
import { chownSync, existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asRoot, NOBODY, reachable } from '../helpers/as-nobody.js';
import { CLI } from '../helpers/fixture.js';
import { bwrapWorks } from '../shell/stage-helpers.js';

const usable = asRoot && reachable && bwrapWorks && existsSync(CLI) && spawnSync('python3', ['-c', '0']).status === 0;
const READ = 'python3 -c "import os; os.chmod(\\"config\\", 0o755); print(open(\\"config/.\\" + \\"env\\").read())"';
const ids = ['--reuid=65534', '--regid=65534', '--clear-groups'];

let base: string;
const outs: Record<string, string> = {};
beforeAll(async () => {
  base = await mkdtemp('/var/tmp/cw-rt41a-secmode-');
  if (!usable) return;
  chownSync(base, NOBODY, NOBODY);
  spawnSync('setpriv', [...ids, 'mkdir', join(base, 'h')]);
  const env = { HOME: join(base, 'h'), PATH: process.env['PATH'] ?? '/usr/bin:/bin', CODEWARD_STATE_DIR: join(base, 's') };
  const cli = (ws: string, line: string): string => {
    const result = spawnSync('setpriv', [...ids, process.execPath, CLI, '--yes', 'exec', '--cmd', line], { cwd: ws, env, encoding: 'utf8', timeout: 60_000 });
    return `${result.stdout}${result.stderr}`;
  };
  for (const mode of ['000', '600']) {
    const ws = join(base, `ws${mode}`);
    spawnSync('setpriv', [...ids, 'sh', '-c', `git init -q '${ws}' && mkdir '${ws}/config' && echo NOBODY-SECRET=1 > '${ws}/config/.env'`]);
    outs[`control${mode}`] = cli(ws, READ);
    outs[`chmod${mode}`] = cli(ws, `chmod ${mode} config`);
    outs[`read${mode}`] = cli(ws, READ);
  }
}, 120_000);
afterAll(async () => rm(base, { recursive: true, force: true }));

describe.skipIf(!usable)('R41-a5 MAJOR: a secret below a folder codeward cannot list or search is not hidden (normal user)', () => {
  it('control: before the chmod, the read finds the .env hidden', () => {
    expect(outs['control000']).not.toContain('NOBODY-SECRET');
    expect(outs['control600']).not.toContain('NOBODY-SECRET');
  });
  for (const mode of ['000', '600']) {
    it(`after a staged \`chmod ${mode} config\`, the next run still cannot read config/.env`, () => {
      expect(outs[`chmod${mode}`]).not.toMatch(/error C2/);
      expect(outs[`read${mode}`]).not.toContain('NOBODY-SECRET');
    });
  }
});
