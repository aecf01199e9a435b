// R35-3 — CRITICAL (where the person has a user session: systemd --user, D-Bus, docker) — the write jail hides none of
// the host's sockets (lists.ts HOST_SOCKETS: /run/user, docker.sock, /run/dbus, containerd, podman, postgres …), which the
// sandbox hides even with the network on. A Unix socket is reachable through a READ-ONLY mount (connect() needs no
// writable file system), so `--ro-bind / /` leaves every service that acts on request open: `systemd-run --user CMD`
// (/run/user/UID/systemd/private, the user bus), `docker run -v /:/h` (docker.sock), gpg-agent / keyrings over D-Bus.
// Each runs what the jailed run asks OUTSIDE the jail.
//
// Reproduction (integ 40c07f63, root; HOME=/var/tmp/rt35lab/home, workspace /var/tmp/rt35lab/ws). No systemd runs on
// this machine, so a stand-in service (srv.py) listens on /run/user/0/rt35/service.sock and writes the path it is sent,
// as systemd-run --user or the Docker daemon would run what it is sent:
//   $ python3 srv.py &
//   u.py: for p in glob('/run/user/*/*/*.sock'): connect, send '/var/tmp/rt35lab/home/.profile-planted'
//   $ codeward --sandbox off --yes exec --cmd "python3 u.py"  -> "/run/user/0/rt35/service.sock b'ok' [exit 0]"
//   $ cat /var/tmp/rt35lab/home/.profile-planted             -> "written by the service"
// ABSTRACT sockets too (the jail keeps the host's network namespace; X11 `@/tmp/.X11-unix/X0` with ~/.Xauthority, which
// reads show, types into the person's terminal; abstract D-Bus buses):
//   $ python3 -c "…bind('\0rt35-abstract'); accept; print('server got', recv)" &
//   ab.py: connect('\0rt35-abstract'); send(b'hello-from-jail')
//   $ codeward --sandbox off --yes exec --cmd "python3 ab.py"        -> server got b'hello-from-jail'
//   $ codeward --sandbox workspace-write --sandbox-network --yes exec …  -> PermissionError (seccomp.ts: unix sockets refused)
// Expected: as in the sandbox with the network on: the host's unix sockets are out of reach (files and abstract):
// connect() fails, the home is not written.
// ONE place for the class fix: write-jail.ts writeJailArgs/jailedRun: the same seccomp local-socket filter the sandbox
// uses with the network on (seccomp.ts localSocketFilter, given on WRAPPER_INPUT_FD as PreparedRun.inputs), which also
// closes R35-2's tmux/ssh-agent sockets; hiding HOST_SOCKETS alone (as bwrap.ts also does) misses abstract ones.
import { spawnSync } from 'node:child_process';
import { accessSync, constants, existsSync, realpathSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine } from '../../src/setup.js';
import { jailArgs } from '../helpers/jail-args.js';

const bwrapWorks = spawnSync('bwrap', ['--ro-bind', '/', '/', '--unshare-pid', '--dev-bind', '/dev', '/dev', '--proc', '/proc', 'true'], { stdio: 'ignore' }).status === 0;
const runUserWritable = ((): boolean => {
  try {
    accessSync('/run/user', constants.W_OK);
    return true;
  } catch {
    return false;
  }
})();

const HOST_SOCKETS: readonly string[] = [
  '/run/user', '/run/docker.sock', '/var/run/docker.sock', '/run/containerd', '/run/podman', '/run/dbus', '/var/run/dbus',
  '/run/snapd.socket', '/run/postgresql', '/var/run/postgresql', '/run/mysqld', '/var/run/mysqld',
];

describe('the jail as arguments: the host sockets that exist are hidden', () => {
  // (Round 37, R37-a5: the jail empties /run and a real /var/run as the default-deny view does; the socket list that
  // view-whole-root.ts covered one by one is kept here as the rows.)
  it('each existing host socket path lies in a folder emptied after --proc (--tmpfs)', () => {
    const args = jailArgs('/var/tmp/w', '/var/tmp/h');
    const existing = HOST_SOCKETS.filter((path) => existsSync(path));
    const emptied = args.flatMap((arg, i) => (arg === '--tmpfs' && i > args.indexOf('--proc') ? [args[i + 1]!] : []));
    for (const path of existing) expect(emptied.some((folder) => realpathSync(path) === folder || realpathSync(path).startsWith(`${folder}/`))).toBe(true);
  });
});

let base: string;
let server: Server | undefined;
let folder: string;
beforeAll(async () => {
  base = await mkdtemp('/var/tmp/cw-rt35-sockets-');
  await mkdir(join(base, 'ws'));
  await mkdir(join(base, 'home'));
  folder = join('/run/user', String(process.getuid?.() ?? 0), `cw-rt35-${process.pid}`);
});
afterAll(async () => {
  server?.close();
  await rm(folder, { recursive: true, force: true });
  await rm(base, { recursive: true, force: true });
});

describe.skipIf(!bwrapWorks || !runUserWritable)('--sandbox off --yes: a service on a /run/user socket is not reachable', () => {
  it('a stand-in for systemd --user (writes what it is sent) is never told anything', async () => {
    await mkdir(folder, { recursive: true });
    const planted = join(base, 'home', '.profile-planted');
    // The service: writes the path it receives (systemd-run --user / docker would run a command).
    server = createServer((socket) => socket.on('data', (data) => void writeFile(data.toString().trim(), 'x\n').then(() => socket.end('ok'))));
    await new Promise<void>((resolve) => server!.listen(join(folder, 'service.sock'), resolve));
    const root = join(base, 'ws');
    await writeFile(join(root, 'u.py'), `import socket, glob\nfor p in glob.glob('/run/user/*/cw-rt35-*/*.sock'):\n  c = socket.socket(socket.AF_UNIX); c.connect(p); c.send(b'${planted}'); print(c.recv(10))\n`);
    const engine = await createEngine({ workspace: root, env: { HOME: join(base, 'home'), PATH: process.env['PATH'] ?? '' }, sandbox: { mode: 'off' as const }, permissions: { home: join(base, 'home'), yes: true } });
    try {
      await engine.run({ cmd: 'exec', args: { cmd: 'python3 u.py' } });
    } finally {
      await engine.close();
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(existsSync(planted)).toBe(false);
  }, 60_000);
});

describe.skipIf(!bwrapWorks)('--sandbox off --yes: the host\'s abstract unix sockets are out of reach', () => {
  it('an abstract unix socket of the host (X11, D-Bus) is not reachable', async () => {
    let got = '';
    const abstract = createServer((socket) => socket.on('data', (data) => (got += data.toString())));
    await new Promise<void>((resolve) => abstract.listen(`\0cw-rt35-abstract-${process.pid}`, resolve));
    const root = join(base, 'ws');
    await writeFile(join(root, 'ab.py'), `import socket\nc = socket.socket(socket.AF_UNIX)\nc.connect('\\0cw-rt35-abs' + 'tract-${process.pid}')\nc.send(b'hello')\n`);
    const engine = await createEngine({ workspace: root, env: { HOME: join(base, 'home'), PATH: process.env['PATH'] ?? '' }, sandbox: { mode: 'off' as const }, permissions: { home: join(base, 'home'), yes: true } });
    try {
      await engine.run({ cmd: 'exec', args: { cmd: 'python3 ab.py' } });
    } finally {
      await engine.close();
      await new Promise((resolve) => setTimeout(resolve, 300));
      abstract.close();
    }
    expect(got).toBe('');
  }, 60_000);
});
