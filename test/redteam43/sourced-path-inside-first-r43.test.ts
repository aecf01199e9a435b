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
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BARE_USABLE, bareExec, bareSuite } from '../helpers/bare-cli.js';

const usable = BARE_USABLE && existsSync('/usr/bin/gettext.sh');
const { outs } = bareSuite('cw-rt43a-inside-first-', (base, outs) => {
  mkdirSync(join(base, 'h', '.codeward'), { recursive: true });
  writeFileSync(join(base, 'h', '.codeward', 'config.json'), '{}');
  outs['path'] = bareExec(base, '. ./bin/gettext.sh', false, { path: '/usr/bin:/bin' });
  outs['sourced'] = bareExec(base, '. gettext.sh', false, { path: `${join(base, 'ws', 'bin')}:/usr/bin:/bin` });
}, { made: { files: { 'bin/gettext.sh': 'cp /bin/true x\nchmod 4755 x\n' } }, usable });

describe.skipIf(!usable)('R43-a1 MINOR: `. NAME` found first in a workspace PATH folder is judged by a later host file', () => {
  it('control: the same script by its path asks (chmod +s)', () => {
    expect(outs['path']).toMatch(/needs approval/);
  });
  it('by a bare sourced name with the workspace folder first on PATH: asks too', () => {
    expect(outs['sourced']).toMatch(/needs approval/);
    expect(outs['sourced']).not.toMatch(/left x setuid/);
  });
});
