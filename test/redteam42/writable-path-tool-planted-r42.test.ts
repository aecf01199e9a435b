// R42-a6 — MAJOR (escape: the NEXT run's command is started by a program the previous sandboxed run wrote, outside
// the sandbox, with the person's rights) — R41-a6's class (codeward spawns a program the run controls), by PATH.
// codeward finds bwrap, unshare and mount on `outsidePath(env, root)` (sandbox/which.ts findOnPath): PATH without
// relative entries and folders inside the WORKSPACE. A sandboxWritable folder on PATH stays (the usual shape of a
// tool prefix made writable so installs work: sandboxWritable ["/opt/node"] with /opt/node/bin on PATH, a GOPATH's
// bin). A run writes `$W/bin/bwrap` (or `mount`, `unshare`); the next `codeward exec`, whatever its command, runs it
// as the sandbox itself (bwrap: it may just exec the command unconfined) or before bwrap (mount: inside `unshare -Urm`,
// mapped to the person, the whole file system). rt41a's LEFT dismissed `git` there ("the person's shell would run it
// anyway"); bwrap is not a program the person types, and codeward runs it on EVERY exec, unasked.
// Class: R40-a1/a9, R41-a6 (a program codeward starts is looked up where a run can write).
// Repro (h-asgre 7b4b82b5, root, bwrap): ~/.codeward/config.json {"sandboxWritable":["/var/tmp/…/wr"]},
//   PATH=/var/tmp/…/wr/bin:/usr/bin:/bin;  b.sh = `echo PLANTED > …/marker; exec /usr/bin/bwrap "$@"`
//   $ codeward --yes exec --cmd 'cp b.sh $W/bin/bwrap && chmod 755 $W/bin/bwrap'   -> [exit 0] (written in place)
//   $ codeward --yes exec --cmd 'echo hi'                                          -> hi; marker says "PLANTED 0"
//   (the same with $W/bin/mount: a staged run runs it inside unshare -Urm, before bwrap.)
// Fix (sandbox/which.ts outsidePath, or one `systemTool()` for bwrap/unshare/mount/find/getent/git): drop PATH folders
// inside sandboxWritable areas too (policy.writable, realpath'd), or take these programs from fixed system folders
// (/usr/bin, /bin) / CODEWARD_BWRAP only, and refuse one owned by another user or group/world-writable.
import { chmodSync, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bareBase, bareExec, HOST_PATH, removeBare } from '../helpers/bare-cli.js';
import { CLI } from '../helpers/fixture.js';
import { bwrapWorks } from '../shell/stage-helpers.js';

const realBwrap = ['/usr/bin/bwrap', '/bin/bwrap'].find((path) => existsSync(path));
const realMount = ['/usr/bin/mount', '/bin/mount'].find((path) => existsSync(path));
const usable = bwrapWorks && existsSync(CLI) && realBwrap !== undefined && realMount !== undefined;
let base: string;
const outs: Record<string, string> = {};
const marker = (name: string): string => join(base, `marker-${name}`);

beforeAll(async () => {
  base = await bareBase('cw-rt42a-planted-', { workspaces: ['ws-bwrap', 'ws-mount'] });
  if (!usable) return;
  for (const [name, tool, real] of [['bwrap', 'bwrap', realBwrap!], ['mount', 'mount', realMount!]] as const) {
    const home = join(base, `h-${name}`);
    const wr = join(base, `wr-${name}`);
    const ws = join(base, `ws-${name}`);
    mkdirSync(join(home, '.codeward'), { recursive: true });
    mkdirSync(join(wr, 'bin'), { recursive: true });
    writeFileSync(join(home, '.codeward', 'config.json'), JSON.stringify({ sandboxWritable: [wr] }));
    writeFileSync(join(ws, 'p.sh'), `#!/bin/sh\necho PLANTED > ${marker(name)}\nexec ${real} "$@"\n`);
    chmodSync(join(ws, 'p.sh'), 0o755);
    const run = { cwd: ws, home, path: `${wr}/bin:${HOST_PATH}`, state: join(base, `s-${name}`) };
    outs[`${name}-plant`] = bareExec(base, `cp p.sh ${wr}/bin/${tool} && chmod 755 ${wr}/bin/${tool}`, true, run);
    outs[name] = bareExec(base, 'echo next-run', true, run);
  }
}, 120_000);
afterAll(() => removeBare(base));

describe.skipIf(!usable)('R42-a6 MAJOR: a bwrap/mount the run writes into a sandboxWritable PATH folder runs the next exec', () => {
  it('control: the plants were written and the next runs ran', () => {
    expect(outs['bwrap-plant']).toContain('[exit 0]');
    expect(outs['mount-plant']).toContain('[exit 0]');
    expect(outs['bwrap']).toContain('next-run');
    expect(outs['mount']).toContain('next-run');
  });
  it('the planted bwrap is not what sandboxes the next run', () => {
    expect(existsSync(marker('bwrap'))).toBe(false);
  });
  it('the planted mount is not run (outside the sandbox) by the next staged run', () => {
    expect(existsSync(marker('mount'))).toBe(false);
  });
});
