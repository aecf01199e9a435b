// R38-a10 — MAJOR (integrity as root: red team H2's class outside the workspace) — the after-run walk of an in-place or
// staged run (sandbox/modes.ts clearRiskyModes, from sandbox.ts with `from` = the workspace or the writable binds INSIDE
// it: writableInPlace) never visits the user's `sandboxWritable` folders outside the workspace, which the run writes in
// place (jail and default sandbox alike: "written in place, not staged"). A run leaves there a setuid-root program, a
// world-writable folder and a FIFO; no bit is cleared, nothing is removed, no warning. sandboxWritable is for shared
// caches (ccache, a build cache under /srv or /var/cache, ~/.npm): any local user who can reach the folder runs the
// program as root, or swaps what the next build takes from the world-writable folder.
//
// Reproduction (integ 8bf2b72d, root, bwrap 0.8; $H/.codeward/config.json = {"sandboxWritable":["/var/tmp/cw-rt38a-fx/wcache"]};
// mk.py copies /bin/true to wcache/suid, chmods it 04755, mkfifo wcache/fifo, chmods wcache 0777):
//   $ HOME=$H codeward --sandbox off --yes exec --cmd 'python3 mk.py'     -> ok [exit 0] (no warning)
//   $ HOME=$H codeward --yes exec --cmd 'python3 mk.py'                   -> "written in place, not staged: .../wcache"
//   $ ls -la wcache   (both)
//   drwxrwxrwx 2 root root  4096 .
//   prw-r--r-- 1 root root     0 fifo
//   -rwsr-xr-x 1 root root 35664 suid
//   (the same python in the workspace: "left suid setuid; the bit was cleared", the FIFO removed: held)
// Expected: every folder a run can write in place is walked after it like the workspace (bits cleared, special files
// removed, each named in the warnings).
// FIXED (jail43): sandbox.ts's `modes` walks the sandboxWritable folders too (modes.ts walkedAfterRun), each folder's
// own pre-run mode kept (modesBefore). Was: ONE place for the class fix: sandbox.ts's `modes` (the one caller of clearRiskyModes): `from` = the workspace's
// in-place parts AND policy.writable (the sandboxWritable folders), each with its own root for the messages.
import { lstatSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createEngine } from '../../src/setup.js';
import { bwrapWorks } from '../shell/stage-helpers.js';

let base: string;
const printed: Record<string, string> = {};
const left: Record<string, { suid: boolean; fifo: boolean; open: boolean }> = {};
beforeAll(async () => {
  base = await mkdtemp('/var/tmp/cw-rt38a-wcache-');
  const home = join(base, 'home'), root = join(base, 'ws'), cache = join(base, 'wcache');
  mkdirSync(root);
  mkdirSync(join(home, '.codeward'), { recursive: true });
  writeFileSync(join(home, '.codeward', 'config.json'), JSON.stringify({ sandboxWritable: [cache] }));
  writeFileSync(join(root, 'mk.py'), `import os, shutil\nd = ${JSON.stringify(cache)}\nshutil.copy('/bin/true', d + '/suid'); os.chmod(d + '/suid', 0o4755)\nos.mkfifo(d + '/fifo'); os.chmod(d, 0o777)\nprint('made')\n`);
  if (!bwrapWorks) return;
  vi.stubEnv('HOME', home);
  for (const mode of ['off', 'workspace-write'] as const) {
    rmSync(cache, { recursive: true, force: true });
    mkdirSync(cache);
    const engine = await createEngine({ workspace: root, env: { HOME: home, PATH: process.env['PATH'] ?? '', CODEWARD_STATE_DIR: join(base, `state-${mode}`) }, sandbox: { mode }, permissions: { home, yes: true } });
    try {
      printed[mode] = JSON.stringify(await engine.run({ cmd: 'exec', args: { cmd: 'python3 mk.py' } }));
    } finally {
      await engine.close();
    }
    const suid = lstatSync(join(cache, 'suid'), { throwIfNoEntry: false });
    left[mode] = { suid: suid !== undefined && (suid.mode & 0o4000) !== 0, fifo: lstatSync(join(cache, 'fifo'), { throwIfNoEntry: false })?.isFIFO() === true, open: (lstatSync(cache).mode & 0o002) !== 0 };
  }
}, 90_000);
afterAll(async () => rm(base, { recursive: true, force: true }));

describe.skipIf(!bwrapWorks)('R38-a10 MAJOR: a run leaves a setuid file, a FIFO and a world-writable folder in a sandboxWritable folder', () => {
  it.each(['off', 'workspace-write'])('control (%s): the plant ran', (mode) => {
    expect(printed[mode]).toContain('made');
  });
  it.each(['off', 'workspace-write'])('%s: no setuid file is left in the writable folder', (mode) => {
    expect(left[mode]?.suid).toBe(false);
  });
  it.each(['off', 'workspace-write'])('%s: no FIFO is left in the writable folder', (mode) => {
    expect(left[mode]?.fifo).toBe(false);
  });
  it.each(['off', 'workspace-write'])('%s: the writable folder is not left world-writable', (mode) => {
    expect(left[mode]?.open).toBe(false);
  });
});
