// FIXED (fix53): a script in /tmp, /var/tmp or /dev/shm is unknown unless a folder the view binds from the host holds it
// (sandbox/policy.ts boundFolders through the permission Policy: PATH and toolchain folders, sandboxReadable, sandboxWritable).
// R40-a5 — MINOR (a safety-immune step runs unasked inside the sandbox: approval rendered from another text than the
// one that runs; the OS view still holds) — R39-b3's narrowing (task-runner-shell.ts scriptText, 8cf20565): a script
// run from /tmp, /var/tmp or /dev/shm is "unknown" (asks) only when `existsSync(path)` is false at decision time; when
// something is there on the HOST it is treated as an outside-the-workspace script, which is NOT READ AT ALL
// (`if (!inside(abs, folder.root)) return { lines: [] }`), not "judged by the host's text" as the LEFT note says. Those
// folders are private inside the sandbox, so the line itself makes the file it runs, under any name the host happens
// to have: a DIRECTORY counts too (existsSync), and every systemd host has /tmp/.X11-unix, /tmp/.ICE-unix,
// /var/tmp/systemd-private-* . A Makefile recipe `cp evil.sh /tmp/.X11-unix && sh /tmp/.X11-unix` runs evil.sh's
// safety-immune steps (here `chmod 4755`; equally `rm -rf` in an in-place run) under --yes / auto-edit, where
// `bash evil.sh`, `sh /tmp/absent` and `bash < evil.sh` are all refused as safety-immune.
// Class: the decision reads the host while the run reads its own private scratch (two different files, one name).
// Repro (integ 54799dc5, root, bwrap): host dir /var/tmp/cw-rt40a-scr/d; recipe
//   u3: mkdir -p /var/tmp/cw-rt40a-scr && cp evil.sh /var/tmp/cw-rt40a-scr/d && sh /var/tmp/cw-rt40a-scr/d
//   $ codeward --yes exec --no-stage --cmd 'make u3' -> "warning: a sandboxed command left x setuid ..." [exit 0]
//   (same with `cp evil.sh /tmp/<any entry host /tmp has>`; `sh /tmp/absent-rt40a` asks)
// Fix (task-runner-shell.ts, one rule): inside the sandbox /tmp, /var/tmp and /dev/shm are the run's own; a script
// there is unknown unless it is a FILE the view shows read-only from the host (not a private scratch folder) — i.e.
// decide by the view (policy.inView / the private-scratch list), not by the host's existsSync.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bareBase, bareCli } from '../helpers/bare-cli.js';
import { CLI } from '../helpers/fixture.js';
import { bwrapWorks } from '../shell/stage-helpers.js';

const usable = bwrapWorks && existsSync(CLI) && spawnSync('make', ['--version']).status === 0;
let base: string;
const outs: Record<string, string> = {};
beforeAll(async () => {
  base = await bareBase('cw-rt40a-scr-');
  const ws = join(base, 'ws');
  // The host has SOMETHING at that name (a folder here, as /tmp/.X11-unix on a systemd host).
  mkdirSync(join(base, 'present'));
  writeFileSync(join(ws, 'evil.sh'), 'cp /bin/true x\nchmod 4755 x\n');
  const present = join(base, 'present');
  const absent = join(base, 'absent');
  writeFileSync(join(ws, 'Makefile'), [
    'direct:', '\tbash evil.sh',
    'absent:', `\tmkdir -p ${base} && cp evil.sh ${absent} && sh ${absent}`,
    'present:', `\tmkdir -p ${base} && cp evil.sh ${present} && sh ${present}`,
    '',
  ].join('\n'));
  if (!usable) return;
  for (const target of ['direct', 'absent', 'present']) outs[target] = bareCli(base, ['--yes', 'exec', '--no-stage', '--cmd', `make ${target}`]);
}, 120_000);
afterAll(async () => rm(base, { recursive: true, force: true }));

describe.skipIf(!usable)('R40-a5 MINOR: a scratch-folder script the line makes runs unread when the host has that name', () => {
  it('control: the script run from the workspace is refused as safety-immune', () => {
    expect(outs['direct']).toMatch(/needs approval/);
    expect(outs['direct']).not.toContain('[exit 0]');
  });
  it('control: the same copy under a name the host lacks asks', () => {
    expect(outs['absent']).toMatch(/needs approval/);
  });
  it('the same copy under a name the host has (a folder there) asks too', () => {
    expect(outs['present']).toMatch(/needs approval/);
    expect(outs['present']).not.toMatch(/left x setuid/);
  });
});
