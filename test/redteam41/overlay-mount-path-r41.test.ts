// R41-a6 — MAJOR (escape: a repository's program runs OUTSIDE the sandbox, as the person, at every staged run — the
// default) — R40-a1/a9's class (a program codeward itself starts, found on a PATH the workspace reaches), a site the
// round-40 fixes missed: overlay.ts finds `unshare` and `mount` with findOnPath(toolEnv) (which.ts outsidePath), but
// then runs `unshare -Urm /bin/sh -c SCRIPT`, and SCRIPT (and hiddenAfter's script) calls `mount -t overlay …` BY NAME.
// /bin/sh looks `mount` up on the PATH of the environment it was given: for the staged run's launch that is the run's
// environment, for hiddenAfter's execFile (no env) codeward's own — neither filtered. With a workspace folder on
// codeward's PATH (npx / npm scripts put node_modules/.bin first, direnv `PATH_add bin`, a relative entry), the
// repository's `node_modules/.bin/mount` runs before bwrap, in a user namespace whose uid maps to the person's, with
// the whole host file system: it writes a file outside the workspace here (then execs the real mount, so nothing
// looks wrong). Shown for a plain staged `echo plain > a.txt` (codeward-stage) and for a run that empties and remakes a
// folder (hiddenAfter: codeward-view).
// Repro (integ 85b3ba45, root, bwrap, overlay): ws/node_modules/.bin/mount = `echo ran >> ../MARK; exec /usr/bin/mount "$@"`
//   $ PATH=node_modules/.bin:/usr/bin:/bin codeward --yes exec --cmd 'echo plain > a.txt'
//   -> [exit 0], and ../MARK: "planted mount ran: uid=0 args=-t overlay codeward-stage …"
// Fix (overlay.ts, one place): pass tools.mount (already found by absolute path outside the workspace) into both
// scripts as an argument (`"$MOUNT" -t overlay …`), and give the execFile/spawn an env with PATH=/usr/bin:/bin; a lint
// rule: no program named bare inside a `sh -c` text codeward runs.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bareBase, bareExec, HOST_PATH, removeBare } from '../helpers/bare-cli.js';
import { CLI } from '../helpers/fixture.js';
import { bwrapWorks } from '../shell/stage-helpers.js';

const usable = bwrapWorks && existsSync(CLI) && existsSync('/usr/bin/mount');
let base: string;
const outs: Record<string, string> = {};
const mark = (): string => (existsSync(join(base, 'MARK')) ? readFileSync(join(base, 'MARK'), 'utf8') : '');
const marks: Record<string, string> = {};
beforeAll(async () => {
  base = await bareBase('cw-rt41a-mount-', { files: { 'd/keep': 'k\n' } });
  mkdirSync(join(base, 'ws', 'node_modules', '.bin'), { recursive: true });
  writeFileSync(join(base, 'ws', 'node_modules', '.bin', 'mount'), `#!/bin/sh\necho "planted mount ran: uid=$(id -u) args=$*" >> '${join(base, 'MARK')}'\nexec /usr/bin/mount "$@"\n`, { mode: 0o755 });
  if (!usable) return;
  for (const [name, line] of [['stage', 'echo plain > a.txt'], ['view', 'rm d/keep && rmdir d && mkdir d && echo x > d/n']] as const) {
    outs[name] = bareExec(base, line, true, { path: `node_modules/.bin:${HOST_PATH}` });
    marks[name] = mark();
  }
}, 120_000);
afterAll(() => removeBare(base));

describe.skipIf(!usable)('R41-a6 MAJOR: the staging overlay runs `mount` found on an unfiltered PATH (a workspace program, unsandboxed)', () => {
  it('control: the runs were staged and applied', () => {
    expect(outs['stage']).toContain('[exit 0]');
    expect(outs['stage']).toMatch(/created a\.txt/);
    expect(outs['view']).toMatch(/created d\/n/);
  });
  it('a plain staged run never starts the workspace `mount`', () => {
    expect(marks['stage']).not.toContain('codeward-stage');
  });
  it('a run that empties and remakes a folder (hiddenAfter) never starts it either', () => {
    expect(marks['view']).not.toContain('codeward-view');
  });
});
