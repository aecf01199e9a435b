// R40-a1 — MAJOR (escape: a repository's program runs unsandboxed, as codeward's user — root here) — after a STAGED run
// (the default for exec), the stage plan reads the user.* xattrs of every file whose bytes the run left unchanged
// (`touch a.txt`, a copy-up) with `spawnSync('tar', ...)` (src/shell/stage/xattrs.ts userXattrs). That `tar` is looked
// up on codeward's OWN PATH, unfiltered: not outsidePath() (sandbox/which.ts) as bwrap, git, unshare and mount are, and
// not an absolute system path as modes-find.ts' systemFind(). A PATH with a folder of the workspace in it — `npx
// codeward` / an npm script (node_modules/.bin prepended by npm), direnv's `PATH_add bin`, a relative `node_modules/.bin`
// or `.` entry (resolved against codeward's cwd, the workspace) — runs the repository's `tar` OUTSIDE the sandbox.
// which.ts' own comment names this threat for bwrap and git ("a planted `git` would run after every sandboxed run").
// Class: a program codeward itself starts around a workspace, found on an unfiltered PATH (planted-program lookup).
// Repro (integ 54799dc5, root, bwrap):
//   ws/bin/tar = '#!/bin/sh\nid > /var/tmp/PWNED; exec /usr/bin/tar "$@"' (committed in the cloned repo)
//   $ PATH=$PWD/bin:$PATH codeward --yes exec --cmd 'touch a.txt'   -> [exit 0]; /var/tmp/PWNED: uid=0(root)
// Fix (one place): xattrs.ts runs a system tar by absolute path (as systemFind: /usr/bin/tar, /bin/tar) or findOnPath
// on outsidePath(env, workspace root); better, a lint rule that every spawn/spawnSync/execFile of a bare program name in
// src/ goes through which.ts.
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bareBase, bareCli, HOST_PATH } from '../helpers/bare-cli.js';
import { CLI } from '../helpers/fixture.js';
import { bwrapWorks } from '../shell/stage-helpers.js';

let base: string;
const outputs: Record<string, string> = {};
beforeAll(async () => {
  base = await bareBase('cw-rt40a-tar-');
  if (!bwrapWorks || !existsSync(CLI)) return;
  for (const [name, entry] of [['absolute', 'ABS'], ['relative', 'node_modules/.bin']] as const) {
    const root = join(base, name);
    spawnSync('git', ['init', '-q', root]);
    writeFileSync(join(root, 'a.txt'), 'hi\n');
    const folder = join(root, name === 'absolute' ? 'bin' : 'node_modules/.bin');
    mkdirSync(folder, { recursive: true });
    writeFileSync(join(folder, 'tar'), `#!/bin/sh\nid > '${join(base, `PWNED-${name}`)}'\nexec /usr/bin/tar "$@"\n`);
    chmodSync(join(folder, 'tar'), 0o755);
    mkdirSync(join(base, `h-${name}`));
    const path = `${entry === 'ABS' ? folder : entry}:${HOST_PATH}`;
    outputs[name] = bareCli(base, ['--yes', 'exec', '--cmd', 'touch a.txt'], { cwd: root, home: join(base, `h-${name}`), state: join(base, `s-${name}`), path });
  }
}, 120_000);
afterAll(async () => rm(base, { recursive: true, force: true }));

describe.skipIf(!bwrapWorks || !existsSync(CLI))('R40-a1 MAJOR: the stage plan runs a workspace `tar` found on PATH, unsandboxed', () => {
  it('control: the staged run itself ran', () => {
    expect(outputs['absolute']).toContain('[exit 0]');
  });
  it('a workspace folder on PATH (absolute): its tar is not run by codeward', () => {
    expect(existsSync(join(base, 'PWNED-absolute'))).toBe(false);
  });
  it('a relative PATH entry (node_modules/.bin): its tar is not run by codeward', () => {
    expect(existsSync(join(base, 'PWNED-relative'))).toBe(false);
  });
});
