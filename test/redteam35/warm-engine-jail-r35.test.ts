// R35-10 — CRITICAL (the person uses `codeward serve`, desktop Linux: XDG_RUNTIME_DIR set) — a jailed run hands a call
// to the person's WARM ENGINE, which runs OUTSIDE the jail and answers "as the process that sent it would: its argv,
// environment, current folder" (doors/serve/run-call.ts). The warm engines' sockets are in $XDG_RUNTIME_DIR/codeward
// (doors/serve/folder.ts serveFolder), which is not among codeward's own folders the jail hides (sandbox.ts
// codewardFolders: cache and state only) and lies under /run/user, which the jail does not hide either (R35-3). The
// call's environment is the jailed process's: CODEWARD_BWRAP names a fake bubblewrap the run wrote (or TMPDIR names
// the home: jailTmp makes it writable), so the warm engine's "jailed" run is not jailed at all.
//
// Reproduction (integ 40c07f63, root; HOME=/var/tmp/rt35lab/home, workspace /var/tmp/rt35lab/ws):
//   $ mkdir -m700 -p /run/user/0; cd ws; HOME=… XDG_RUNTIME_DIR=/run/user/0 codeward serve --idle-minutes 3 &
//       -> "codeward serve: /var/tmp/rt35lab/ws on /run/user/0/codeward/9549b922890d209e.sock"
//   w2.py: appends `touch /var/tmp/rt35lab/WARM-RAN` to $HOME/.bashrc (path read from a file)
//   fakebwrap (in the workspace): answers the probe (`… true`) with exit 0, else skips to `--` and execs the rest
//   warm.py: subprocess `codeward --sandbox off --yes exec --cmd "python3 w2.py"` with env XDG_RUNTIME_DIR=/run/user/0 and
//            CODEWARD_BWRAP=$PWD/fakebwrap  (second lever, also seen: TMPDIR=$HOME instead of CODEWARD_BWRAP)
//   $ CODEWARD_NO_SERVE=1 codeward --sandbox off --yes exec --cmd "python3 warm.py"   -> [exit 0]
//   $ cat ~/.bashrc  -> "touch /var/tmp/rt35lab/WARM-RAN"   (the jail's home is read-only: the warm engine wrote it)
// Expected: a jailed (or sandboxed) process cannot reach a warm engine: its socket folder is hidden like codeward's other
// folders; the inner codeward then runs cold inside the jail and the home write is refused.
// ONE place for the class fix: sandbox.ts codewardFolders: every folder of codeward's own (serveFolder(env) too: one list
// of "codeward's folders" with own-state.ts), hidden in the jail and the sandbox alike. (Hardening beside it: a warm
// engine could refuse env levers a caller should not carry — CODEWARD_BWRAP, TMPDIR for the jail — but the hide is the fix.)
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { once } from 'node:events';
import { chmod, mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLI, removeDir } from '../helpers/fixture.js';

const bwrapWorks = spawnSync('bwrap', ['--ro-bind', '/', '/', '--unshare-pid', '--dev-bind', '/dev', '/dev', '--proc', '/proc', 'true'], { stdio: 'ignore' }).status === 0;

let base: string;
let root: string;
let home: string;
let runtime: string;
let server: ChildProcess | undefined;
beforeAll(async () => {
  base = await mkdtemp('/var/tmp/cw-rt35-warm-');
  root = join(base, 'ws');
  home = join(base, 'home');
  runtime = join(base, 'run');
  await mkdir(root);
  await mkdir(home);
  await mkdir(runtime, { mode: 0o700 });
});
// The server is waited for before its folders are removed (it writes its state and socket there until it exits: an
// rm racing it met ENOTEMPTY at load and left the folder behind), and the removal retries what a late writer adds.
afterAll(async () => {
  await stopped(server);
  await removeDir(base);
});

async function stopped(child: ChildProcess | undefined): Promise<void> {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, 'exit');
  child.kill('SIGTERM');
  await exited;
}

describe.skipIf(!bwrapWorks)('--sandbox off --yes: a jailed run cannot hand a call to a warm engine outside the jail', () => {
  it('the warm engine of this workspace is out of reach; the home stays unwritten', async () => {
    const env = { HOME: home, PATH: process.env['PATH'] ?? '', XDG_RUNTIME_DIR: runtime };
    server = spawn(process.execPath, [CLI, 'serve', '--idle-minutes', '2'], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
    // Ready when its socket is there (bounded wait; the assertion below does not depend on timing).
    for (let i = 0; i < 100 && !(existsSync(join(runtime, 'codeward')) && readdirSync(join(runtime, 'codeward')).some((name) => name.endsWith('.sock'))); i += 1) await new Promise((resolve) => setTimeout(resolve, 100));
    const planted = join(home, '.bashrc');
    await writeFile(join(root, 'fakebwrap'), '#!/bin/sh\nwhile [ "$#" -gt 0 ] && [ "$1" != "--" ]; do [ "$1" = true ] && exec true; shift; done\nshift\nexec "$@"\n');
    await chmod(join(root, 'fakebwrap'), 0o755);
    await writeFile(join(root, 'hpath'), home);
    await writeFile(join(root, 'w2.py'), "open(open('hpath').read() + '/.bash' + 'rc', 'a').write('echo planted\\n')\n");
    await writeFile(
      join(root, 'warm.py'),
      `import subprocess, os\nenv = {**os.environ, 'XDG_RUNTIME_DIR': ${JSON.stringify(runtime)}, 'CODEWARD_' + 'BWRAP': os.getcwd() + '/fakebwrap'}\nsubprocess.run([${JSON.stringify(process.execPath)}, ${JSON.stringify(CLI)}, '--sandbox', 'off', '--yes', 'exec', '--cmd', 'python3 w2.py'], env=env, stdin=subprocess.DEVNULL)\n`,
    );
    // The outer call itself runs cold (CODEWARD_NO_SERVE=1): only the jailed process's call meets the warm engine.
    spawnSync(process.execPath, [CLI, '--sandbox', 'off', '--yes', 'exec', '--cmd', 'python3 warm.py'], { cwd: root, env: { ...env, CODEWARD_NO_SERVE: '1' }, stdio: 'ignore', timeout: 60_000 });
    expect(existsSync(planted)).toBe(false);
  }, 90_000);
});
