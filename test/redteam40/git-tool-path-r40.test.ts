// R40-a9 — MAJOR (escape: a repository's program runs unsandboxed for a READ-ONLY tool call the agent makes unasked) —
// codeward's git-* tools (src/git/run.ts gitFolders) drop from PATH only the folders "below the folder git works in"
// (`options.cwd`), compared as plain strings. So with a workspace folder on PATH (R40-a1's precondition: npm's
// node_modules/.bin, direnv's PATH_add bin), the repository's `bin/git` runs as codeward's user (root here):
//   - for `codeward git-status --dir sub` / `git-log --dir sub` (cwd = ws/sub: ws/bin is not below it), and
//   - for plain `codeward git-status` when PATH spells the workspace through a link (wslink/bin; no realpath), while
//     sandbox/which.ts outsidePath() does both right (the workspace ROOT, real paths).
// - and `codeward search` (read-only, unasked) runs the repository's `bin/bwrap`: search/confine.ts findBwrap() walks
//   the absolute PATH folders with NO workspace filter at all (a third copy of the lookup).
// Class: R40-a1's (a program codeward starts found on a PATH the repository can plant into), copies of the PATH
// filter that disagree with which.ts.
// Repro (integ 54799dc5, root): ws/bin/git = '#!/bin/sh\nid > /var/tmp/PWNED-$$; exec /usr/bin/git "$@"' (committed)
//   $ PATH=$PWD/bin:$PATH codeward git-status               -> clean, nothing run (held)
//   $ PATH=$PWD/bin:$PATH codeward git-status --dir sub     -> /var/tmp/PWNED-* made (twice)
//   $ PATH=/link-to-ws/bin:$PATH codeward git-status        -> /var/tmp/PWNED-* made
// Fix (one place): git/run.ts and search/confine.ts take their folders from which.ts outsidePath(env, workspace root)
// (real paths, the root not the cwd), so there is one PATH filter in src/ (a lint rule: no PATH split outside which.ts).
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bareBase, bareCli, HOST_PATH } from '../helpers/bare-cli.js';
import { CLI } from '../helpers/fixture.js';

const usable = existsSync(CLI) && existsSync('/usr/bin/git');
let base: string;
const ran: Record<string, number> = {};
beforeAll(async () => {
  base = await bareBase('cw-rt40a-gitpath-');
  const ws = join(base, 'ws');
  mkdirSync(join(ws, 'bin'));
  mkdirSync(join(ws, 'sub'));
  writeFileSync(join(ws, 'sub', 'f'), 'x\n');
  mkdirSync(join(base, 'marks'));
  writeFileSync(join(ws, 'bin', 'git'), `#!/bin/sh\ntouch '${join(base, 'marks')}/ran-$$'\nexec /usr/bin/git "$@"\n`);
  chmodSync(join(ws, 'bin', 'git'), 0o755);
  writeFileSync(join(ws, 'bin', 'bwrap'), `#!/bin/sh\ntouch '${join(base, 'marks')}/bwrap-$$'\nexec /usr/bin/bwrap "$@"\n`);
  chmodSync(join(ws, 'bin', 'bwrap'), 0o755);
  spawnSync('/usr/bin/git', ['-C', ws, 'add', '-A']);
  spawnSync('/usr/bin/git', ['-C', ws, '-c', 'user.email=a@b', '-c', 'user.name=a', 'commit', '-qm', 'i']);
  symlinkSync(ws, join(base, 'wslink'));
  if (!usable) return;
  const cases: [string, string, string[]][] = [
    ['root', join(ws, 'bin'), ['git-status']],
    ['dir', join(ws, 'bin'), ['git-status', '--dir', 'sub']],
    ['link', join(base, 'wslink', 'bin'), ['git-status']],
    ['search', join(ws, 'bin'), ['search', 'x']],
  ];
  for (const [name, entry, args] of cases) {
    bareCli(base, args, { path: `${entry}:${HOST_PATH}` });
    ran[name] = readdirSync(join(base, 'marks')).length;
    rmSync(join(base, 'marks'), { recursive: true, force: true });
    mkdirSync(join(base, 'marks'));
  }
}, 120_000);
afterAll(async () => rm(base, { recursive: true, force: true }));

describe.skipIf(!usable)("R40-a9 MAJOR: the git tools run the workspace's bin/git from PATH", () => {
  it('control: git-status at the root does not run it', () => {
    expect(ran['root']).toBe(0);
  });
  it('git-status --dir sub does not run it', () => {
    expect(ran['dir']).toBe(0);
  });
  it('git-status with PATH naming the workspace through a link does not run it', () => {
    expect(ran['link']).toBe(0);
  });
  it.skipIf(!existsSync('/usr/bin/bwrap'))("search does not run the workspace's bin/bwrap (search/confine.ts findBwrap)", () => {
    expect(ran['search']).toBe(0);
  });
});
