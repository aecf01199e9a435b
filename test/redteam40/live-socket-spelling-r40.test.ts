// R40-a4 — MINOR (availability: the person's live server loses its socket; the warning blames "nothing listened") —
// modes-special.ts decides whether a socket the after-run walk finds (changed since the run began) is LIVE by looking
// its plain path up in /proc/net/unix. That list is (1) only this network namespace's sockets, and (2) the path as the
// server spelled it at bind(). So a listener in another network namespace — a container whose socket folder is bound
// from the workspace (docker compose `./run:/var/run/postgresql`, a devcontainer) — or one that bound the socket through
// another spelling of the workspace (a symlinked parent: ~/proj -> /data/proj, the workspace opened by its real path)
// counts as dead. A sandboxed command only has to bump the socket's change time (`touch run/db.sock`, no write to it)
// in an in-place run (--no-stage, "stage": false, --sandbox off, a sandboxWritable folder) and codeward unlinks the
// live socket: the server keeps running, unreachable, until restarted. (R38-a2's class, held for the plain case.)
// Class: liveness judged by a name in a namespace-local list instead of by the socket itself.
// Repro (integ 54799dc5, root, bwrap):
//   (a) unshare -n python3 srv.py ws/run/db.sock &   (b) python3 srv.py wslink/run/db.sock &  (wslink -> ws)
//   $ codeward --yes exec --no-stage --cmd 'touch run/db.sock'
//   warning: run/db.sock, a socket made or changed while the run went that no process holds, was removed (nothing listened on it)
//   connect(ws/run/db.sock) -> ENOENT
// Fix (one place, modes-special.ts settleSpecial): ask the socket itself — a connect() to it (through the held folder,
// non-blocking, closed at once) succeeds or is refused with EAGAIN while something listens; ECONNREFUSED means no
// listener in any namespace. Or match /proc/net/unix by the socket's real path and every netns codeward can see.
// FIXED (home56, sandbox/modes-special.ts): a socket /proc/net/unix does not name under its plain path is asked itself
// (connect(), 1 s bound, through its folder's descriptor when long): a listener is left alone, ECONNREFUSED removes
// it as before, any other answer leaves it with a warning.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLI } from '../helpers/fixture.js';
import { bwrapWorks } from '../shell/stage-helpers.js';

const SERVER = `import socket, sys, time
s = socket.socket(socket.AF_UNIX); s.bind(sys.argv[1]); s.listen(1); open(sys.argv[2], 'w').close(); time.sleep(20)
`;
const root = process.getuid?.() === 0;
const hasPython = spawnSync('python3', ['-c', '0']).status === 0;
const usable = bwrapWorks && existsSync(CLI) && hasPython;

let base: string;
const outs: Record<string, string> = {};
const servers: ChildProcess[] = [];

async function caseOf(name: string, prefix: string[], spelled: (ws: string) => string): Promise<void> {
  const ws = join(base, name);
  spawnSync('git', ['init', '-q', ws]);
  mkdirSync(join(ws, 'run'));
  const up = join(base, `${name}.up`);
  const [program, ...args] = [...prefix, 'python3', join(base, 'srv.py'), join(spelled(ws), 'run', 'db.sock'), up];
  const server = spawn('timeout', ['25', program!, ...args], { stdio: 'ignore' });
  servers.push(server);
  for (let i = 0; i < 100 && !existsSync(up); i += 1) await new Promise((done) => setTimeout(done, 50));
  const env = { HOME: join(base, 'h'), PATH: process.env['PATH'] ?? '/usr/bin:/bin', CODEWARD_STATE_DIR: join(base, 's') };
  const result = spawnSync('node', [CLI, '--yes', 'exec', '--no-stage', '--cmd', 'touch run/db.sock'], { cwd: ws, env, encoding: 'utf8', timeout: 60_000 });
  const probe = spawnSync('python3', ['-c', `import socket; s=socket.socket(socket.AF_UNIX); s.connect(${JSON.stringify(join(ws, 'run', 'db.sock'))}); print('LISTENS')`], { encoding: 'utf8', timeout: 10_000 });
  outs[name] = `${result.stdout}${result.stderr}\n${probe.stdout}${probe.stderr}`;
}

beforeAll(async () => {
  base = await mkdtemp('/var/tmp/cw-rt40a-sock-');
  writeFileSync(join(base, 'srv.py'), SERVER);
  mkdirSync(join(base, 'h'));
  if (!usable) return;
  // Control: the server bound the workspace's own spelling in this namespace (held since R38-a2).
  await caseOf('plain', [], (ws) => ws);
  // Another network namespace (a container's): only root here can make one.
  if (root) await caseOf('netns', ['unshare', '-n'], (ws) => ws);
  // Another spelling: bound through a link to the workspace folder.
  symlinkSync(join(base, 'linked'), join(base, 'linked-alias'));
  await caseOf('linked', [], () => join(base, 'linked-alias'));
}, 120_000);
afterAll(async () => {
  for (const server of servers) server.kill();
  await rm(base, { recursive: true, force: true });
});

describe.skipIf(!usable)('R40-a4 MINOR: the after-run walk removes a live socket it does not recognise', () => {
  it('control: a listener in this namespace, same spelling, keeps its socket', () => {
    expect(outs['plain']).toContain('[exit 0]');
    expect(outs['plain']).toContain('LISTENS');
  });
  it.skipIf(!root)('a listener in another network namespace keeps its socket', () => {
    expect(outs['netns']).toContain('LISTENS');
    expect(outs['netns']).not.toMatch(/no process holds, was removed/);
  });
  it('a listener that bound the socket through a link to the workspace keeps its socket', () => {
    expect(outs['linked']).toContain('LISTENS');
    expect(outs['linked']).not.toMatch(/no process holds, was removed/);
  });
});
