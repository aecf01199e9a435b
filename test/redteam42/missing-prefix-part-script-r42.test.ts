// R42-a2 — MINOR (a safety-immune step runs unasked inside the sandbox; the after-run walk still clears the bit) —
// scr58's boundFolders (sandbox/policy.ts) counts every policy.shown path as `host` (bound read-only). But pathFolders
// adds the PREFIX_SHOWN parts of a PATH `bin` folder's prefix (lib, share, src, …) whether they exist or not, and the
// view binds a missing one with nothing (--ro-bind-try). When the prefix lies in a place the view makes private and
// writable (/var/tmp, /tmp: PATH=/var/tmp/…/tools/bin), bwrap makes /var/tmp/…/tools in the run's tmpfs to hold the
// bin mount, so the run can `mkdir …/tools/lib` and write a script there that codeward calls "the host's" and never reads.
// Class: R41-a3 / R40-a5's (the decision reads another file than the one that runs): "listed as shown" is not "bound
// from the host" when the path did not exist at start.
// Repro (h-asgre 7b4b82b5, root, bwrap): PATH=/var/tmp/…/tools/bin:/usr/bin:/bin (tools/bin exists, tools/lib does not)
//   Makefile  pre: mkdir -p $P/lib && cp evil.sh $P/lib/x.sh && sh $P/lib/x.sh     (evil.sh: cp /bin/true x; chmod 4755 x)
//   $ codeward --yes exec --no-stage --cmd 'make pre'  -> "left x setuid; the bit was cleared" [exit 0]
//   (`bash evil.sh` in the workspace is refused as safety-immune.)
// Fix (sandbox/policy.ts boundFolders / pathFolders): `host` only for shown paths that exist (as the view binds
// them: same test as view.ts's --ro-bind-try), or task-runner-shell.ts placeOf checks the path's folder exists on the
// host; a missing shown part is `own`.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bareBase, bareExec, HOST_PATH, removeBare, SETUID_SCRIPT } from '../helpers/bare-cli.js';
import { CLI } from '../helpers/fixture.js';
import { bwrapWorks } from '../shell/stage-helpers.js';

const usable = bwrapWorks && existsSync(CLI) && spawnSync('make', ['--version']).status === 0;
let base: string;
const outs: Record<string, string> = {};
beforeAll(async () => {
  base = await bareBase('cw-rt42a-prefix-');
  const prefix = join(base, 'tools');
  mkdirSync(join(prefix, 'bin'), { recursive: true });
  const makefile = ['direct:', '\tbash evil.sh', 'pre:', `\tmkdir -p ${prefix}/lib && cp evil.sh ${prefix}/lib/x.sh && sh ${prefix}/lib/x.sh`, ''].join('\n');
  writeFileSync(join(base, 'ws', 'evil.sh'), SETUID_SCRIPT);
  writeFileSync(join(base, 'ws', 'Makefile'), makefile);
  if (!usable) return;
  for (const target of ['direct', 'pre']) outs[target] = bareExec(base, `make ${target}`, false, { path: `${prefix}/bin:${HOST_PATH}` });
}, 120_000);
afterAll(() => removeBare(base));

describe.skipIf(!usable)('R42-a2 MINOR: a script the line writes into a missing shown prefix part runs unread', () => {
  it('control: the script run from the workspace is refused as safety-immune', () => {
    expect(outs['direct']).toMatch(/needs approval/);
    expect(outs['direct']).not.toContain('[exit 0]');
  });
  it('into PATH prefix/lib (absent at start, made by the line in the private /var/tmp): asks too', () => {
    expect(outs['pre']).toMatch(/needs approval/);
    expect(outs['pre']).not.toMatch(/left x setuid/);
  });
});
