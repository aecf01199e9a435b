// R39-a1 — MAJOR (a secret read / integrity of host files, as root) — the after-run walk (sandbox/modes.ts
// clearRiskyModes `clear`) lstat()s an entry, then chmodSync()s it BY PATH: chmod follows a symlink. The walk covers
// the workspace and the sandboxWritable folders while ANOTHER run of the same workspace/cache is still going (two
// exec calls at once, two sessions, a background build): that run swaps (renameat2 RENAME_EXCHANGE) a setuid file for a
// symlink between the lstat and the chmod, and codeward (root) chmods the symlink's target — any host file — to the
// planted mode minus the risky bits (04755 -> 0755). Here a root-only 0600 file outside the workspace and outside every
// writable folder became 0755 (world-readable; a later sandboxed run's closed walk then no longer closes it, and every
// local user reads it). The write gate moves symlinks aside in the workspace, so the sandboxWritable folder (walked
// since R38-a10, no write gate there) is the reliable place; the workspace itself is raced the same way.
// Class: path-based metadata change after a check, on a tree a live sandboxed process can still write (TOCTOU).
// Repro (integ 507f8cca, root, bwrap; sandbox off; sandboxWritable: [cache]): run A = `python3 toggle.py CACHE TARGET ..`
// (the repo's ctypes-loaded toggle.so: 32 slots fN<->xN exchanged in a tight loop, fchmod 04755 through a held fd);
// meanwhile run B = `exec true`, repeated: B's walk warns "left CACHE/fN setuid; the bit was cleared" and, within a few
// runs TARGET (0600) is 0755 (red in 2 of 3 runs on an idle box, 0 of 2 when the box was loaded by other suites: a
// race, so it is probabilistic when red, but never red once fixed).
// Fix (one place, modes.ts clear): never chmod by path after an lstat: open the entry O_PATH|O_NOFOLLOW (or
// O_RDONLY|O_NOFOLLOW|O_NONBLOCK), fstat the descriptor, fchmod it (through /proc/self/fd/N for an O_PATH one), so the
// inode judged is the inode changed; the same for modes-special.ts' rename/unlink (renameat from the listed folder's fd).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, statSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine } from '../../src/setup.js';
import { bwrapWorks } from '../shell/stage-helpers.js';

// Run A (still going): the cloned repository's own program (walk-link-race-toggle.c.txt, built here as the fixture):
// in a sandboxWritable folder, 32 slots; each swaps (renameat2 RENAME_EXCHANGE) a setuid file `fN` and a symlink `xN`
// to the target, in a tight loop, setting the setuid bit again through a held descriptor. Stops at `stop` (or 20 s).
const SOURCE = join(dirname(fileURLToPath(import.meta.url)), 'walk-link-race-toggle.c.txt');
const gcc = spawnSync('gcc', ['--version']).status === 0;

let base: string;
let root: string;
let target: string;
let modeAfter = 0;
let bOut = '';
beforeAll(async () => {
  base = await mkdtemp('/var/tmp/cw-rt39a-race-');
  root = join(base, 'ws');
  spawnSync('git', ['init', '-q', root]);
  target = join(base, 'secret');
  writeFileSync(target, 'root-only secret\n', { mode: 0o600 });
  const cache = join(base, 'cache');
  mkdirSync(cache);
  mkdirSync(join(base, 'h', '.codeward'), { recursive: true });
  writeFileSync(join(base, 'h', '.codeward', 'config.json'), JSON.stringify({ sandboxWritable: [cache] }));
  if (!bwrapWorks || !gcc) return;
  spawnSync('gcc', ['-O2', '-shared', '-fPIC', '-x', 'c', '-o', join(root, 'toggle.so'), SOURCE]);
  writeFileSync(join(root, 'toggle.py'), 'import ctypes, sys\nargv = (ctypes.c_char_p * 5)(*[a.encode() for a in [""] + sys.argv[1:]])\nctypes.CDLL("./toggle.so").run(argv)\n');
  if (!bwrapWorks) return;
  const make = () => createEngine({ workspace: root, env: { HOME: join(base, 'h'), PATH: process.env['PATH'] ?? '', CODEWARD_STATE_DIR: join(base, '.s') }, sandbox: { mode: 'off' as const }, permissions: { home: join(base, 'h'), yes: true } });
  const a = await make();
  const b = await make();
  try {
    const running = a.run({ cmd: 'exec', args: { cmd: `python3 toggle.py ${cache} ${target} ${root}/stop ${root}/started` } });
    const end = Date.now() + 20_000;
    while (!existsSync(join(root, 'started')) && Date.now() < end) await sleep(50);
    // Run B: a harmless command; its after-run walk meets run A's slots.
    for (let i = 0; i < 60 && (statSync(target).mode & 0o777) === 0o600; i += 1) bOut += JSON.stringify(await b.run({ cmd: 'exec', args: { cmd: 'true' } }));
    writeFileSync(join(root, 'stop'), '');
    const ra = JSON.stringify(await running); bOut += ra;
  } finally {
    await a.close();
    await b.close();
  }
  modeAfter = statSync(target).mode & 0o7777;
}, 60_000);
afterAll(async () => rm(base, { recursive: true, force: true }));

describe.skipIf(!bwrapWorks || !gcc)('R39: after-run walk chmods through a link a concurrent run swaps in', () => {
  it('control: run B walked run A\'s setuid files', () => {
    expect(bOut).toMatch(/setuid/);
  });
  it('the file outside the workspace keeps its mode', () => {
    expect(modeAfter.toString(8)).toBe('600');
  });
});
