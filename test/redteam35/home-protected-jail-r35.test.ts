// R35-7 — CRITICAL (a usual person config: "sandboxWritable": ["~/.cargo"], or -C ~) — the write jail does not keep the
// home's start-up files and PATH folders read-only inside its writable places (obeyed-home.ts HOME_PROTECTED /
// HOME_PROTECTED_FILES: ~/.cargo/bin, ~/.cargo/env, ~/.cargo/config.toml, ~/.bashrc …), which the in-place sandbox
// does (sandboxPolicy's protectedPaths/protectedFiles through bwrap.ts guardsFor: ro if there, watched and moved
// aside if planted). writeJailArgs binds sandboxWritable (and a home workspace) writable whole.
//
// Reproduction (integ 40c07f63; HOME=/var/tmp/rt35lab/home with ~/.codeward/config.json {"sandboxWritable": ["~/.cargo"]},
// ~/.cargo/bin and ~/.cargo/env (`export PATH="$HOME/.cargo/bin:$PATH"`, sourced by the shell start-up) there):
//   cb.py appends '# planted' to ~/.cargo/bin/cargo, ~/.cargo/env, ~/.cargo/config.toml, ~/.cargo/registry/x
//   $ codeward --sandbox off --yes exec --cmd "python3 cb.py"        -> WRITTEN ×4  [exit 0], no warning
//   $ codeward --sandbox workspace-write --yes exec --cmd "python3 cb.py"
//       -> refused bin/cargo (30), refused env (30), config.toml moved aside (config.toml.planted-by-sandbox-…), registry/x written
//   Home workspace: $ cd ~ && codeward --sandbox off --yes exec --cmd "python3 b.py" (appends a command to .bashrc)
//       -> ok [exit 0]; ~/.bashrc holds `touch /var/tmp/rt35lab/BASHRC-RAN` (the next shell runs it)
//   Escalation (PATH="$HOME/.cargo/bin:$PATH", rustup's default; same config): fb.py writes ~/.cargo/bin/bwrap (0755: answers
//   the probe, else skips to `--` and execs the rest) -> "planted … [exit 0]"; the person's NEXT run with the default
//   sandbox, `codeward --yes exec --cmd "python3 w3.py"` (appends to ~/.bashrc) -> "wrote home [exit 0]": sandbox.ts detect()
//   takes the first bwrap on PATH, so every later sandbox and jail of every workspace is a no-op.
// Expected: as in the sandbox: the protected home entries in a writable place are read-only (refused) or moved aside
// after the run (watched), and named in the warnings; ~/.cargo/registry stays writable.
// ONE place for the class fix: the jail's mounts come from the sandbox's policy guards (sandboxPolicy + bwrap.ts
// guardsFor/guardArgs, `--ro-bind / /` in place of the view), not from writeJailArgs' own shorter list (same root cause
// as R35-1: a second guard list beside the sandbox's).
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine } from '../../src/setup.js';

const bwrapWorks = spawnSync('bwrap', ['--ro-bind', '/', '/', '--unshare-pid', '--dev-bind', '/dev', '/dev', '--proc', '/proc', 'true'], { stdio: 'ignore' }).status === 0;

let base: string;
let home: string;
const ENV_LINE = 'export PATH="$HOME/.cargo/bin:$PATH"\n';
beforeAll(async () => {
  base = await mkdtemp('/var/tmp/cw-rt35-home-');
  home = join(base, 'home');
  await mkdir(join(home, '.cargo', 'bin'), { recursive: true });
  await mkdir(join(base, 'ws'));
  await writeFile(join(home, '.cargo', 'env'), ENV_LINE);
  await writeFile(join(home, '.cargo', 'bin', 'cargo'), '#!/bin/sh\n');
});
afterAll(async () => {
  await rm(base, { recursive: true, force: true });
});

async function run(root: string, line: string, writable: string[]): Promise<void> {
  const engine = await createEngine({
    workspace: root,
    env: { HOME: home, PATH: process.env['PATH'] ?? '' },
    sandbox: { mode: 'off' as const },
    permissions: { home, yes: true },
    configure: (config) => ({ ...config, sandboxWritable: writable }),
  });
  try {
    await engine.run({ cmd: 'exec', args: { cmd: line } });
  } finally {
    await engine.close();
  }
}

describe.skipIf(!bwrapWorks)('--sandbox off --yes: the home\'s protected entries stay protected in a writable place', () => {
  it('sandboxWritable ~/.cargo: ~/.cargo/bin/cargo and ~/.cargo/env are not changed, a planted ~/.cargo/config.toml is not left', async () => {
    const root = join(base, 'ws');
    await writeFile(join(root, 'hpath'), home);
    await writeFile(join(root, 'cb.py'), "h = open('hpath').read()\nfor p in ['/.cargo/bin/cargo', '/.cargo/env', '/.cargo/config.toml']:\n  try: open(h + p, 'a').write('# planted\\n')\n  except OSError: pass\n");
    await run(root, 'python3 cb.py', [join(home, '.cargo')]);
    expect(readFileSync(join(home, '.cargo', 'bin', 'cargo'), 'utf8')).toBe('#!/bin/sh\n');
    expect(readFileSync(join(home, '.cargo', 'env'), 'utf8')).toBe(ENV_LINE);
    expect(existsSync(join(home, '.cargo', 'config.toml'))).toBe(false);
  }, 60_000);

  it('the workspace is the home folder: a planted ~/.bashrc is not left', async () => {
    await writeFile(join(home, 'b.py'), "open('.bash' + 'rc', 'a').write('touch /nonexistent/ran\\n')\n");
    await run(home, 'python3 b.py', []);
    expect(existsSync(join(home, '.bashrc'))).toBe(false);
  }, 60_000);

  it('sandboxWritable ~/.cargo with ~/.cargo/bin first on PATH: a planted ~/.cargo/bin/bwrap is not left for the next run', async () => {
    const root = join(base, 'ws');
    await writeFile(join(root, 'hpath'), home);
    await writeFile(join(root, 'fb.py'), "import os\np = open('hpath').read() + '/.cargo/bin/bw' + 'rap'\nopen(p, 'w').write('#!/bin/sh\\nexec true\\n')\nos.chmod(p, 0o755)\n");
    await run(root, 'python3 fb.py', [join(home, '.cargo')]);
    expect(existsSync(join(home, '.cargo', 'bin', 'bwrap'))).toBe(false);
  }, 60_000);
});
