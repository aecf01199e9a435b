// R42-a7 — MINOR (availability: a staged run's whole change set is lost, "nothing was applied", exit 0) — R41-a8's
// class, in the OTHER reader of upper/: stage/upper.ts readUpper probes every copied-up folder that has a workspace
// name the upper lacks, and overlay.ts hiddenAfter passes ALL those paths as arguments of ONE `unshare … sh -c`.
// Past ARG_MAX (2 MB with an 8 MB stack: ~560 probes of ~3,800 bytes, or ~10,000 of 200) execFile fails with E2BIG
// and the whole change set is dropped: "the command's changes could not be read (spawn E2BIG); nothing was applied".
// A repository arranges it for every build that writes one file into each of many (deep-named) folders, so the
// agent's work never lands while the run "succeeds" (10,000 folders with 200-byte names did it too, 1m40 s).
// Class: R41-a8's (one reader of the change set that fails whole on what the run can shape).
// Repro (h-asgre 7b4b82b5, root, bwrap, overlay): ws holds a 14-folder chain of 251-byte names with 560 leaf folders
//   (241-byte names) each holding k;  build.py writes n into every leaf and result.txt at the top.
//   $ codeward --yes exec --cmd 'python3 build.py'  -> "changes could not be read (spawn E2BIG); nothing was applied"
// Fix (src/sandbox/overlay.ts hiddenAfter): hand the paths on stdin (NUL-separated, `while read -d` is not POSIX sh:
// use `xargs -0` of the system's, or one mount and node's own lstat through /proc/<pid>/root), or in batches
// bounded by bytes; and readUpper treats a probe failure as "not opaque, said" per folder, never the whole set.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLI } from '../helpers/fixture.js';
import { bwrapWorks } from '../shell/stage-helpers.js';

const usable = bwrapWorks && existsSync(CLI) && spawnSync('python3', ['-c', '0']).status === 0;
const chain = Array.from({ length: 14 }, (_, i) => `c${String(i).padStart(2, '0')}${'x'.repeat(250)}`).join('/');
let base: string;
let out = '';
beforeAll(async () => {
  base = await mkdtemp('/var/tmp/cw-rt42a-e2big-');
  const ws = join(base, 'ws');
  spawnSync('git', ['init', '-q', ws]);
  mkdirSync(join(ws, chain), { recursive: true });
  for (let i = 0; i < 560; i += 1) {
    const leaf = join(ws, chain, `l${String(i).padStart(3, '0')}${'y'.repeat(240)}`);
    mkdirSync(leaf);
    writeFileSync(join(leaf, 'k'), 'k');
  }
  writeFileSync(join(ws, 'build.py'), `import os\ntop = '${chain}'\nfor d in os.listdir(top): open(top + '/' + d + '/n', 'w').write('n')\nopen('result.txt', 'w').write('built')\n`);
  mkdirSync(join(base, 'h'));
  if (!usable) return;
  const env = { HOME: join(base, 'h'), PATH: process.env['PATH'] ?? '/usr/bin:/bin', CODEWARD_STATE_DIR: join(base, 's') };
  const result = spawnSync('node', [CLI, '--yes', 'exec', '--cmd', 'python3 build.py'], { cwd: ws, env, encoding: 'utf8', timeout: 90_000 });
  out = `${result.stdout}${result.stderr}`;
}, 120_000);
afterAll(async () => rm(base, { recursive: true, force: true }));

describe.skipIf(!usable)('R42-a7 MINOR: too many opaque probes lose a staged run\'s whole change set (E2BIG)', () => {
  it('control: the run ran', () => {
    expect(out).toContain('[exit 0]');
  });
  it('its change set is applied', () => {
    expect(out).not.toMatch(/nothing was applied/);
    expect(existsSync(join(base, 'ws', 'result.txt'))).toBe(true);
  });
});
