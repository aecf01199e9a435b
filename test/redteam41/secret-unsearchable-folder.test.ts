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
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asRoot, reachable } from '../helpers/as-nobody.js';
import { AS_NOBODY, bareBase, bareExec, removeBare } from '../helpers/bare-cli.js';
import { CLI } from '../helpers/fixture.js';
import { bwrapWorks } from '../shell/stage-helpers.js';

const usable = asRoot && reachable && bwrapWorks && existsSync(CLI) && spawnSync('python3', ['-c', '0']).status === 0;
const READ = 'python3 -c "import os; os.chmod(\\"config\\", 0o755); print(open(\\"config/.\\" + \\"env\\").read())"';

let base: string | undefined;
const outs: Record<string, string> = {};
beforeAll(async () => {
  if (!usable) return;
  base = await bareBase('cw-rt41a-secmode-', { workspaces: ['ws000', 'ws600'], files: { 'config/.env': 'NOBODY-SECRET=1\n' }, nobody: true });
  for (const mode of ['000', '600']) {
    const run = { cwd: join(base, `ws${mode}`), through: AS_NOBODY };
    outs[`control${mode}`] = bareExec(base, READ, true, run);
    outs[`chmod${mode}`] = bareExec(base, `chmod ${mode} config`, true, run);
    outs[`read${mode}`] = bareExec(base, READ, true, run);
  }
}, 120_000);
afterAll(() => removeBare(base));

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
