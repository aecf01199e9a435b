// Red team round 34, R34-5 (CRITICAL: a protected file obeyed, a program run outside the sandbox with nobody asked,
// invariant 2; fixed by the lead in src/sandbox/obeyed-scan.ts, see the end): the write gate after an
// IN-PLACE sandboxed run (`--no-stage`, a staged run's sandboxWritable folder, or no overlay here) finds what the run
// planted by listing folders (obeyed-scan.ts list(): an unreadable folder lists as empty). The run chooses the modes
// of what it makes: `mkdir -p x/.vscode && … > x/.vscode/tasks.json && echo … > x/AGENTS.md; git init y && (core.
// fsmonitor in y/.git/config); chmod 311 x y` leaves x and y traversable but not listable by the same user, so the
// walk after the run sees two empty folders and moves nothing aside (no warning). Checked as an unprivileged user
// (root lists anything, so the test drops to uid 65534 when run as root): x/.vscode/tasks.json and x/AGENTS.md stay
// (read by path: VS Code, an agent started in x, need no listing), and a plain `git status` in y ran the fsmonitor
// command, outside any sandbox. A staged run holds (readUpper opens such folders in the upper layer first).
// Held-back variants a fix must also cover: mode 000 then a later `chmod` by the person, a folder above a `.pth`
// (python lists site-packages: then not obeyed), a nested `.git` folder itself made 311 (nested-git.ts lists it too).
// Expected: the planted files are moved aside (warnings name them), as they are when x and y keep mode 755.
// Fix: ONE place, the walk's folder reader (obeyed-scan.ts list(), the same reader nested-git.ts uses after the run):
// a folder the run left unlistable is opened as the staged upper walk does (chmod u+rx, its mode restored after) or,
// where it cannot be, moved aside whole; never read as empty.
import { spawnSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLI, removeDir, tempDir } from '../helpers/fixture.js';
import { bwrapWorks } from '../shell/stage-helpers.js';
import { shDriver } from '../helpers/sh-driver.js';

const root = process.getuid?.() === 0;
const as = (argv: string[]): string[] => (root ? ['setpriv', '--reuid=65534', '--regid=65534', '--clear-groups', ...argv] : argv);
let base: string;
let ws: string;
let home: string;
beforeAll(async () => {
  base = await tempDir('cw-rt34-unlisted-');
  ws = join(base, 'w');
  home = join(base, 'h');
  mkdirSync(ws);
  mkdirSync(home);
  writeFileSync(join(ws, 's.txt'), ['mkdir -p x/.vscode && echo "{}" > x/.vscode/tasks.json && echo EVIL > x/AGENTS.md', `git init -q y && printf '[core]\\n\\tfsmonitor = touch "$OUT/ran"\\n' >> y/.git/config`, 'chmod 311 x y', ''].join('\n'));
  // A program the pre-run parse does not read (R34-6 reads a shell script run in place): the after-run walk is the guard.
  writeFileSync(join(ws, 's.py'), shDriver('s.txt'));
  if (root) for (const path of [base, ws, home, join(ws, 's.txt'), join(ws, 's.py')]) chownSync(path, 65534, 65534);
  chmodSync(base, 0o755);
});
afterAll(async () => {
  spawnSync('chmod', ['-R', 'u+rwx', base]);
  await removeDir(base);
});

describe.skipIf(!bwrapWorks)('R34-5 CRITICAL: an in-place sandboxed run hides what it planted in a folder it made unlistable', { timeout: 120_000 }, () => {
  it('x/.vscode/tasks.json, x/AGENTS.md and y/.git are moved aside; git status in y runs nothing', () => {
    const env = { PATH: process.env['PATH'] ?? '', HOME: home, CODEWARD_STATE_DIR: join(base, 'state') };
    const argv = as([process.execPath, CLI, '-C', ws, '--yes', '--json', 'exec', '--no-stage', '--cmd', 'python3 s.py']);
    const run = spawnSync(argv[0]!, argv.slice(1), { env, encoding: 'utf8' });
    expect(run.stdout, run.stderr).toContain('"ok":true');
    const kept = ['x/.vscode/tasks.json', 'x/AGENTS.md', 'y/.git/config'].filter((rel) => existsSync(join(ws, rel)));
    const git = as(['git', 'status']);
    spawnSync(git[0]!, git.slice(1), { cwd: join(ws, 'y'), env: { ...env, OUT: base } });
    expect({ kept, ran: existsSync(join(base, 'ran')) }).toEqual({ kept: [], ran: false });
  });
});
