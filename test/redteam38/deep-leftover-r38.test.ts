// R38-a1 — MAJOR (integrity as root + availability) — an IN-PLACE run (`--sandbox off`'s jail, the default sandbox with
// --no-stage) leaves a setuid-root program and a FIFO `.gitignore` in the workspace when it puts them deeper than the
// after-run walk goes: clearRiskyModes (sandbox/modes.ts) stops at `depth < 256`. At depth 100 both are caught (the
// write gate moves the deep folder aside at depth 64 and clearRiskyModes then clears/removes inside it); at depth 260
// the setuid bit stays and the FIFO stays: R37-a7's hang and red team H2's setuid file are back by nesting. A STAGED
// run holds (its plan does not apply the deep paths: "2 path(s) the command wrote were not applied").
//
// Reproduction (integ 8bf2b72d, root, bwrap 0.8; workspace /var/tmp/cw-rt38a-fx/ws, a git repository):
//   $ codeward --sandbox off --yes exec --cmd 'python3 -c "
//     import os,shutil
//     d=\"/\".join([\"a\"]*260); os.makedirs(d)
//     shutil.copy(\"/bin/true\", d+\"/suid\"); os.chmod(d+\"/suid\", 0o4755)
//     os.mkfifo(d+\"/.gitignore\")"'
//   warning: ... a/a/.../a (a folder it left unlistable ...); it was moved to a/.../a.planted-by-sandbox-... (depth 64)
//   [exit 0]                                   (no warning about the setuid file or the FIFO)
//   $ find . -perm -4000 -exec ls -l {} \;     -> -rwsr-xr-x 1 root root 35664 ./a/a/.../suid   (runnable by any user)
//   $ timeout 10 git status                    -> killed after 10 s (blocks opening the FIFO .gitignore)
//   $ timeout 20 codeward --yes search --pattern zzz  -> killed after 20 s
//   (the same spelled with depth 100: "left .../suid setuid; the bit was cleared", ".gitignore ... removed": held)
// Expected: every entry an in-place run changed is judged, at any depth (the catalogue's own words: "at any depth").
// FIXED (jail43): clearRiskyModes walks with an explicit stack, no depth cap, and lists a folder whose path grows
// past 3,000 characters through an open descriptor (/proc/self/fd/N), so no path passes PATH_MAX.
// Was: ONE place for the class fix: sandbox/modes.ts clearRiskyModes: no depth cap (an explicit stack, not recursion), or a
// folder past the cap removed/moved aside whole as the write gate does with an unlistable one — never left unjudged.
import { spawnSync } from 'node:child_process';
import { lstatSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine } from '../../src/setup.js';
import { bwrapWorks } from '../shell/stage-helpers.js';

// The plant is a script file the run starts (its code given inline, `python3 -c`, now asks in place: the closed name
// reader, r86; what this file tests is the after-run walk, not the line's reading).
const PLANT_CODE = `import os, shutil
d = '/'.join(['a'] * 260)
os.makedirs(d)
shutil.copy('/bin/true', d + '/suid'); os.chmod(d + '/suid', 0o4755)
os.mkfifo(d + '/.gitignore')
`;
const PLANT = 'python3 plant.py';

let base: string;
let found = '';
beforeAll(async () => {
  base = await mkdtemp('/var/tmp/cw-rt38a-deep-');
  if (!bwrapWorks) return;
  const root = join(base, 'ws');
  spawnSync('git', ['init', '-q', root]);
  writeFileSync(join(root, 'plant.py'), PLANT_CODE);
  const engine = await createEngine({ workspace: root, env: { HOME: join(base, 'h'), PATH: process.env['PATH'] ?? '', CODEWARD_STATE_DIR: join(base, '.s') }, sandbox: { mode: 'off' as const }, permissions: { home: join(base, 'h'), yes: true } });
  try {
    await engine.run({ cmd: 'exec', args: { cmd: PLANT } });
  } finally {
    await engine.close();
  }
  // What stands anywhere below the workspace afterwards (find walks without a depth cap).
  found = spawnSync('find', ['.', '(', '-type', 'p', '-o', '-perm', '-4000', ')', '-printf', '%y %m %f\\n'], { cwd: root, encoding: 'utf8' }).stdout;
}, 60_000);
afterAll(async () => rm(base, { recursive: true, force: true }));

describe.skipIf(!bwrapWorks)('R38-a1 MAJOR: an in-place run nests a setuid file and a FIFO below clearRiskyModes\' depth cap', () => {
  it('control: the plant ran (the deep folder exists)', () => {
    expect(lstatSync(join(base, 'ws', 'a')).isDirectory()).toBe(true);
  });
  it('no setuid file is left at depth 260', () => {
    expect(found).not.toMatch(/^f 4\d{3} suid$/m);
  });
  // FIXED (jail43): a FIFO changed while an in-place run went is moved aside, never deleted (it may be the person's
  // own, R38-a2, modes-special.ts): judged at depth 260 means none is left under a name a reader opens.
  it('no FIFO is left at depth 260 under the name a reader opens', () => {
    expect(found).not.toMatch(/^p \d+ \.gitignore$/m);
    expect(found).toMatch(/^p \d+ \.gitignore\.set-aside-by-codeward-/m);
  });
});
