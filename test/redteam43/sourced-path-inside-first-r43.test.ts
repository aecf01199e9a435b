// R43-a1 — MINOR (a safety-immune step of a repository's script runs unasked under --yes inside the sandbox; the
// after-run walk still clears the setuid bit) — `. NAME` with a bare NAME is judged by the first PATH folder OUTSIDE
// the workspace holding NAME (task-runner-shell.ts onPath filters `!inside(dir, root)`), but bash sources the FIRST
// PATH folder holding it, whichever it is. With a workspace folder first on PATH (direnv `PATH_add bin`, an
// activated venv's bin, a `PATH=$PWD/bin:$PATH` the person set) and a NAME that also exists in /usr/bin
// (`gettext.sh` on Debian), codeward reads /usr/bin/gettext.sh (harmless) and bash runs ws/bin/gettext.sh.
// Class: R41-a3 / R42-a9's (the decision reads another file than the one that runs): fix62's onPath skips the inside
// folders instead of stopping at them.
// Repro (integ 3bd9898c, root, bwrap): ws/bin/gettext.sh = `cp /bin/true x; chmod 4755 x`, PATH=$WS/bin:/usr/bin:/bin
//   $ codeward --yes exec --no-stage --cmd '. gettext.sh'  -> "left x setuid; the bit was cleared", [exit 0]
//   $ codeward --yes exec --no-stage --cmd '. ./bin/gettext.sh' (PATH without ws/bin) -> C241 chmod +s, asks.
// Fix (src/permissions/task-runner-shell.ts onPath/scriptText): walk PATH in order like bash; the first folder holding
// NAME decides: inside the workspace -> that file's text (scriptText's inside branch); outside -> outsideScript.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLI } from '../helpers/fixture.js';
import { bwrapWorks } from '../shell/stage-helpers.js';

const usable = bwrapWorks && existsSync(CLI) && existsSync('/usr/bin/gettext.sh');
let base: string;
const outs: Record<string, string> = {};
beforeAll(async () => {
  base = await mkdtemp('/var/tmp/cw-rt43a-inside-first-');
  const ws = join(base, 'ws');
  const home = join(base, 'h');
  spawnSync('git', ['init', '-q', ws]);
  mkdirSync(join(ws, 'bin'), { recursive: true });
  writeFileSync(join(ws, 'bin', 'gettext.sh'), 'cp /bin/true x\nchmod 4755 x\n');
  mkdirSync(join(home, '.codeward'), { recursive: true });
  writeFileSync(join(home, '.codeward', 'config.json'), '{}');
  if (!usable) return;
  const run = (path: string, line: string): string => {
    const env = { HOME: home, PATH: path, CODEWARD_STATE_DIR: join(base, 's') };
    const result = spawnSync(process.execPath, [CLI, '--yes', 'exec', '--no-stage', '--cmd', line], { cwd: ws, env, encoding: 'utf8', timeout: 60_000 });
    return `${result.stdout}${result.stderr}`;
  };
  outs['path'] = run('/usr/bin:/bin', '. ./bin/gettext.sh');
  outs['sourced'] = run(`${join(ws, 'bin')}:/usr/bin:/bin`, '. gettext.sh');
}, 120_000);
afterAll(async () => rm(base, { recursive: true, force: true }));

describe.skipIf(!usable)('R43-a1 MINOR: `. NAME` found first in a workspace PATH folder is judged by a later host file', () => {
  it('control: the same script by its path asks (chmod +s)', () => {
    expect(outs['path']).toMatch(/needs approval/);
  });
  it('by a bare sourced name with the workspace folder first on PATH: asks too', () => {
    expect(outs['sourced']).toMatch(/needs approval/);
    expect(outs['sourced']).not.toMatch(/left x setuid/);
  });
});
