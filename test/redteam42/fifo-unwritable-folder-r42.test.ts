// R42-a8 — MINOR (availability, persistent until a person/agent acts: `codeward search` and every git in the
// workspace block for ever). Runs as uid 65534 (codeward not root). — modes-special.ts (R37-a7's rule) moves a FIFO the
// run left ASIDE because "a reader that opens it would wait for ever". The rename needs write on the folder: a run
// that does `mkdir d && mkfifo d/.gitignore && chmod 555 d` (in place) makes it fail (EACCES), and the walk only says
// "could not be moved aside … remove it". walk58's rule (an error = set aside / fail closed) is not applied here:
// modes-unlisted.ts gives u+rwx for an UNSEARCHABLE folder, not for a searchable read-only one. Afterwards
// `codeward search hello` (rg reads every .gitignore) and `git status` hang until killed (killed by 20 s timeouts here).
// Class: walk58's (an error in the after-run walk leaves the thing it must act on); R37-a7's FIFO.
// Repro (h-asgre 7b4b82b5, uid 65534 via setpriv, bwrap):
//   $ codeward --yes exec --no-stage --cmd 'mkdir d && mkfifo d/.gitignore && chmod 555 d'  -> "could not be moved aside"
//   $ codeward search hello                                                                -> hangs
// Fix (src/sandbox/modes-special.ts): a folder the FIFO cannot be renamed in is given u+w through its held descriptor
// (as modes-unlisted.ts does for u+x) and its mode given back after; or the readers codeward starts skip FIFOs.
// FIXED (fix63): modes-special.ts moveAside gives a folder of codeward's user u+wx through an O_PATH descriptor of
// itself, moves the FIFO aside, and gives the mode back (row 3).
import { spawnSync } from 'node:child_process';
import { chownSync, existsSync, lstatSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asRoot, reachable, NOBODY } from '../helpers/as-nobody.js';
import { CLI } from '../helpers/fixture.js';
import { bwrapWorks } from '../shell/stage-helpers.js';

const usable = asRoot && reachable && bwrapWorks && existsSync(CLI);
const ids = ['--reuid=65534', '--regid=65534', '--clear-groups'];
let base: string;
let ws: string;
let out = '';
let search: ReturnType<typeof spawnSync> | undefined;
beforeAll(async () => {
  base = await mkdtemp('/var/tmp/cw-rt42a-fifo555-');
  ws = join(base, 'ws');
  if (!usable) return;
  chownSync(base, NOBODY, NOBODY);
  spawnSync('setpriv', [...ids, 'mkdir', join(base, 'h')]);
  spawnSync('setpriv', [...ids, 'git', 'init', '-q', ws]);
  spawnSync('setpriv', [...ids, 'sh', '-c', `echo hello > '${join(ws, 'a.txt')}'`]);
  const env = { HOME: join(base, 'h'), PATH: process.env['PATH'] ?? '/usr/bin:/bin', CODEWARD_STATE_DIR: join(base, 's') };
  const result = spawnSync('setpriv', [...ids, process.execPath, CLI, '--yes', 'exec', '--no-stage', '--cmd', 'mkdir d && mkfifo d/.gitignore && chmod 555 d'], { cwd: ws, env, encoding: 'utf8', timeout: 60_000 });
  out = `${result.stdout}${result.stderr}`;
  search = spawnSync('setpriv', [...ids, process.execPath, CLI, 'search', 'hello'], { cwd: ws, env, encoding: 'utf8', timeout: 10_000, killSignal: 'SIGKILL' });
}, 120_000);
afterAll(async () => {
  spawnSync('chmod', ['-R', 'u+rwx', base]);
  await rm(base, { recursive: true, force: true });
});

describe.skipIf(!usable)('R42-a8 MINOR: a FIFO left in a read-only folder is not moved aside; search and git hang', () => {
  it('control: the run ran', () => {
    expect(out).toContain('[exit 0]');
  });
  it('no FIFO stands at d/.gitignore after the run', () => {
    expect(lstatSync(join(ws, 'd', '.gitignore'), { throwIfNoEntry: false })?.isFIFO() ?? false).toBe(false);
  });
  it('the folder has its mode back (555)', () => {
    expect(lstatSync(join(ws, 'd')).mode & 0o777).toBe(0o555);
  });
  it('`codeward search` finishes (is not killed by the 10 s liveness bound) and finds a.txt', () => {
    expect(search?.signal ?? null).toBeNull();
    expect(String(search?.stdout ?? '')).toContain('a.txt');
  });
});
