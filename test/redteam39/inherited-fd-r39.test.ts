// R39-a3 — MINOR (a hidden file read, when codeward's parent leaks a descriptor; MAJOR where it does) — the sandbox's
// view (default-deny, and the jail's) is a mount namespace: what it leaves out cannot be opened BY PATH. Descriptors are
// another way in that the view never modelled: codeward spawns bubblewrap with every descriptor IT inherited without
// close-on-exec still open (node sets FD_CLOEXEC only on its own; libuv's spawn and bwrap close nothing), so a file or
// folder descriptor the agent host, an editor, a terminal multiplexer or a CI runner left open reaches the sandboxed
// command, which reads it through /proc/self/fd/N (a folder's descriptor: the whole tree below it, /proc/self/fd/N/..
// too). Seen on this very box: the harness's fd 251 (a pipe's write end) is open inside every sandboxed run.
// Class: the sandbox boundary passes more than stdio (descriptors inherited from codeward's parent).
// Repro (integ 507f8cca, root, bwrap; default sandbox, not the jail):
//   $ bash -c 'exec 300</var/tmp/x/secret; codeward --yes exec --cmd "ls -l /proc/self/fd; cat /proc/self/fd/300"'
//   ... 300 -> /var/tmp/x/secret / TOPSECRET [exit 0]       (cat /var/tmp/x/secret: No such file or directory)
// Fix (one place, the spawn of the wrapper: shell/run-process*.ts or sandbox/bwrap.ts): start bubblewrap with only
// 0-2 and the descriptors codeward itself hands it (--seccomp N, inputs): e.g. exec it through a closer (close_range(3,
// ~0) then exec: the perl codeward already ships for warm calls, or a `--close-fds`-style step), or mark every inherited
// descriptor close-on-exec once at start-up (scan /proc/self/fd).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLI } from '../helpers/fixture.js';
import { bwrapWorks } from '../shell/stage-helpers.js';

let base: string;
let out = '';
let direct = '';
beforeAll(async () => {
  base = await mkdtemp('/var/tmp/cw-rt39a-fd-');
  const root = join(base, 'ws');
  spawnSync('git', ['init', '-q', root]);
  writeFileSync(join(base, 'secret'), 'OUTSIDE-THE-VIEW\n', { mode: 0o600 });
  mkdirSync(join(base, 'h'));
  if (!bwrapWorks || !existsSync(CLI)) return;
  const env = { HOME: join(base, 'h'), PATH: process.env['PATH'] ?? '', CODEWARD_STATE_DIR: join(base, '.s') };
  const run = (cmd: string): string => {
    const result = spawnSync('bash', ['-c', `exec 300<'${join(base, 'secret')}'; exec node '${CLI}' --yes exec --cmd '${cmd}'`], { cwd: root, env, encoding: 'utf8', timeout: 60_000 });
    return `${result.stdout}${result.stderr}`;
  };
  // The agent host's leaked descriptor (fd 300, no close-on-exec), then the command reads it.
  out = run('cat /proc/self/fd/300');
  direct = run(`cat ${join(base, 'secret')}`);
}, 90_000);
afterAll(async () => rm(base, { recursive: true, force: true }));

describe.skipIf(!bwrapWorks || !existsSync(CLI))('R39-a3 MINOR: a descriptor codeward inherited reaches the sandboxed command', () => {
  it('control: by path the file is outside the view', () => {
    expect(direct).not.toContain('OUTSIDE-THE-VIEW');
    expect(direct).toMatch(/No such file or directory/);
  });
  it('through the inherited descriptor it is not readable either', () => {
    expect(out).not.toContain('OUTSIDE-THE-VIEW');
  });
});
