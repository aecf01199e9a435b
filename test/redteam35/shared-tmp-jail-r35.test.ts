// R35-2 — CRITICAL — the write jail's "temporary folder" is the HOST's shared /tmp (write-jail.ts jailTmp: os.tmpdir(),
// $TMPDIR, bound writable as they are). Everything the person's session keeps there is in reach of a jailed run:
// the tmux server socket (/tmp/tmux-UID/default: a new window runs any command OUTSIDE the jail), ssh-agent
// sockets (/tmp/ssh-*/agent.*: signs as the person), screen/X11/VS Code IPC sockets, and every other project or
// clone the person keeps under /tmp (its .git/hooks). The in-place sandbox gives a PRIVATE /tmp (bwrap.ts tmp
// layout, TMPDIR set): none of this is reachable there.
//
// Reproduction (integ 40c07f63, root; HOME=/var/tmp/rt35lab/home, workspace /var/tmp/rt35lab/ws):
//   $ tmux -S /tmp/rt35-tmux-sock new-session -d -s rt35 'sleep 600'       (the person's tmux; default is /tmp/tmux-UID/default)
//   t.py: for s in glob('/tmp/tmux-*/*') + glob('/tmp/rt35-tmux-*'): subprocess tmux -S s new-window -d
//         'echo pwned > /var/tmp/rt35lab/home/.bashrc-planted'
//   $ codeward --sandbox off --yes exec --cmd "python3 t.py"   -> "socket /tmp/rt35-tmux-sock / 0 [exit 0]"
//   $ cat /var/tmp/rt35lab/home/.bashrc-planted                -> pwned      (the home written, no approval)
//   ssh-agent: $ eval $(ssh-agent); ssh-add key; s.py runs `ssh-add -L` with SSH_AUTH_SOCK=glob('/tmp/ssh-*/agent.*')
//     -> "/tmp/ssh-BUOFf57Bd4k0/agent.991 0 ssh-ed25519 AAAA… rt35-agent-key" (the agent answers: it signs for the run)
//   workspace UNDER /tmp (/tmp/rt35cargo/app, a cargo project): c.py writes /tmp/rt35cargo/.cargo/config.toml
//     `[build] rustc-wrapper = "/tmp/rt35cargo/w.sh"` (cargo reads .cargo/config.toml in EVERY ancestor folder) and w.sh
//     -> "planted /tmp/rt35cargo/.cargo [exit 0]"; the person's plain `cargo build` -> /var/tmp/rt35lab/CARGO-RAN exists
//     (the write gate's walk, landed or not, looks inside the workspace only: the parents are written unjudged)
//   sibling clone: $ git init /tmp/rt35sib; sib.py writes /tmp/rt35sib/.git/hooks/pre-commit -> "planted" (file there)
// Expected: a jailed run's temporary folder is its own (a fresh folder bound at /tmp, TMPDIR pointing there, like the
// sandbox's private /tmp); the person's sockets and other folders under /tmp are not reachable; the home not written.
// ONE place for the class fix: write-jail.ts (jailTmp/writeJailArgs): the jail's temporary folder comes from the
// sandbox's private-tmp layout (policy.ts tmpLayout + bwrap.ts's tmp binds), never the host's shared one. (The sockets
// part is also closed by R35-3's fix, the seccomp unix-socket filter; the files part, hooks and parents, only by this.)
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine } from '../../src/setup.js';

const works = (program: string, args: string[]): boolean => spawnSync(program, args, { stdio: 'ignore' }).status === 0;
const bwrapWorks = works('bwrap', ['--ro-bind', '/', '/', '--unshare-pid', '--dev-bind', '/dev', '/dev', '--proc', '/proc', 'true']);
const tmuxThere = works('tmux', ['-V']);

let base: string;
let root: string;
let home: string;
let socket: string;
let sibling: string;
beforeAll(async () => {
  base = await mkdtemp('/var/tmp/cw-rt35-tmp-');
  root = join(base, 'ws');
  home = join(base, 'home');
  await mkdir(root);
  await mkdir(home);
  // The person's tmux server and another clone of theirs, in the shared temporary folder.
  socket = join(tmpdir(), `cw-rt35-tmux-${process.pid}`);
  if (tmuxThere) execFileSync('tmux', ['-S', socket, 'new-session', '-d', 'sleep 120'], { env: { ...process.env, TMUX: '' } });
  sibling = await mkdtemp(join(tmpdir(), 'cw-rt35-sibling-'));
  execFileSync('git', ['init', '-q', sibling]);
});
afterAll(async () => {
  if (tmuxThere) spawnSync('tmux', ['-S', socket, 'kill-server'], { stdio: 'ignore' });
  await rm(socket, { force: true });
  await rm(sibling, { recursive: true, force: true });
  await rm(base, { recursive: true, force: true });
});

async function run(line: string): Promise<string> {
  const engine = await createEngine({ workspace: root, env: { HOME: home, PATH: process.env['PATH'] ?? '' }, sandbox: { mode: 'off' as const }, permissions: { home, yes: true } });
  try {
    const result = await engine.run({ cmd: 'exec', args: { cmd: line } });
    return result.ok ? 'ran' : `${result.error.code} ${result.error.message}`;
  } finally {
    await engine.close();
  }
}

describe.skipIf(!bwrapWorks)('--sandbox off --yes: the person\'s things in the shared temporary folder are out of reach', () => {
  it.skipIf(!tmuxThere)('the person\'s tmux server cannot be told to run a command (it would write the home)', async () => {
    const planted = join(home, '.bashrc-planted');
    // The socket's path read at run time (a file of the workspace): no parse sees it.
    await writeFile(join(root, 'where.txt'), socket);
    await writeFile(join(root, 't.py'), `import subprocess\nsubprocess.run(['tm' + 'ux', '-S', open('where.txt').read(), 'new-window', '-d', 'echo pwned > ${planted}'])\n`);
    await run('python3 t.py');
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(existsSync(planted)).toBe(false);
  }, 60_000);

  it('another clone under the temporary folder: its git hooks are not written', async () => {
    await writeFile(join(root, 'where.txt'), sibling);
    await writeFile(join(root, 'h.py'), `p = open('where.txt').read() + '/.git/hooks/pre-commit'\nopen(p, 'w').write('#!/bin/sh\\n')\n`);
    await run('python3 h.py');
    expect(existsSync(join(sibling, '.git', 'hooks', 'pre-commit'))).toBe(false);
  }, 60_000);

  it('a workspace under the temporary folder: its parent folder (cargo reads .cargo/config.toml in every ancestor) is not written', async () => {
    const parent = await mkdtemp(join(tmpdir(), 'cw-rt35-parent-'));
    const workspace = join(parent, 'app');
    await mkdir(workspace);
    await writeFile(join(workspace, 'c.py'), "import os\np = os.path.dirname(os.getcwd()) + '/.car' + 'go'\nos.makedirs(p, exist_ok=True)\nopen(p + '/config.toml', 'w').write('[build]\\nrustc-wrapper = \"/bin/true\"\\n')\n");
    const engine = await createEngine({ workspace, env: { HOME: home, PATH: process.env['PATH'] ?? '' }, sandbox: { mode: 'off' as const }, permissions: { home, yes: true } });
    try {
      await engine.run({ cmd: 'exec', args: { cmd: 'python3 c.py' } });
    } finally {
      await engine.close();
    }
    const planted = existsSync(join(parent, '.cargo', 'config.toml'));
    await rm(parent, { recursive: true, force: true });
    expect(planted).toBe(false);
  }, 60_000);
});
