// R42-a1 — MAJOR (availability / data loss: files the run never touched are deleted by a staged run) — walk58's byte
// listing of upper/ (R41-a8) left the OPAQUE probe lossy. stage/upper.ts workspaceOnlyName lists the workspace folder
// and the upper folder with readdirSync (UTF-8, lossy) and takes the FIRST workspace name the upper lacks as the probe.
// node's readdir is sorted by bytes, so a name like `.\xfe` (0x2e sorts before digits and letters) is picked first;
// its lossy spelling `.\uFFFD` names nothing in the merged view, hiddenAfter prints it as "hidden", and the folder is
// marked opaque ("emptied and made again"). plan.ts then removes every workspace name below it the run did not write.
// Class: R40-a2's (paths as lossy strings), in the opaque probe (upper.ts) and plan.ts's opaque removal loop.
// Repro (h-asgre 7b4b82b5, root, bwrap, overlay): a repository ships d/keep.txt, d/main.c and d/.\xfe;
//   $ codeward --yes exec --cmd 'echo n > d/new'
//   -> "[files: 1 created, 2 deleted …] deleted d/keep.txt, deleted d/main.c". A malicious clone makes every staged
//   command that writes into d/ delete the agent's and person's other files there (undo can take it back, if noticed).
// Fix (src/shell/stage/upper.ts workspaceOnlyName, plan.ts opaque loop): list both sides by bytes (byte-names.ts
// listBytes) and probe only a faithful name; no faithful name to probe = not opaque unless the upper says so (or
// read the trusted.overlay.opaque / user.overlay.opaque xattr of the upper folder instead of probing).
// FIXED (fix63): upper.ts reads the overlay's own mark (user.overlay.opaque=y, xattrs.ts by tar) instead of probing a
// name; plan.ts lists both sides by bytes and never removes a name that is not UTF-8 (said). Row 3: a truly emptied
// folder removes its UTF-8 names and keeps (and names) the Latin-1 one.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLI } from '../helpers/fixture.js';
import { bwrapWorks } from '../shell/stage-helpers.js';

const usable = bwrapWorks && existsSync(CLI);
let base: string;
let out = '';
let emptied = '';
beforeAll(async () => {
  base = await mkdtemp('/var/tmp/cw-rt42a-opaque-');
  const ws = join(base, 'ws');
  spawnSync('git', ['init', '-q', ws]);
  mkdirSync(join(ws, 'd'));
  writeFileSync(join(ws, 'd', 'keep.txt'), 'mine\n');
  writeFileSync(join(ws, 'd', 'main.c'), 'int main;\n');
  writeFileSync(Buffer.from(`${ws}/d/.\xfe`, 'latin1'), 'x');
  mkdirSync(join(base, 'h'));
  if (!usable) return;
  const env = { HOME: join(base, 'h'), PATH: process.env['PATH'] ?? '/usr/bin:/bin', CODEWARD_STATE_DIR: join(base, 's') };
  const result = spawnSync('node', [CLI, '--yes', 'exec', '--cmd', 'echo n > d/new'], { cwd: ws, env, encoding: 'utf8', timeout: 60_000 });
  out = `${result.stdout}${result.stderr}`;
  const ws2 = join(base, 'ws2');
  spawnSync('git', ['init', '-q', ws2]);
  mkdirSync(join(ws2, 'e'));
  writeFileSync(join(ws2, 'e', 'a.txt'), 'a\n');
  writeFileSync(Buffer.from(`${ws2}/e/x\xfe`, 'latin1'), 'x');
  const second = spawnSync('node', [CLI, '--yes', 'exec', '--cmd', 'rm -f e/* && rmdir e && mkdir e && echo n > e/n'], { cwd: ws2, env, encoding: 'utf8', timeout: 60_000 });
  emptied = `${second.stdout}${second.stderr}`;
}, 90_000);
afterAll(async () => rm(base, { recursive: true, force: true }));

describe.skipIf(!usable)('R42-a1 MAJOR: a non-UTF-8 name makes a staged folder look opaque; untouched files deleted', () => {
  it('control: the run ran and its file landed', () => {
    expect(out).toContain('[exit 0]');
    expect(readdirSync(join(base, 'ws', 'd'))).toContain('new');
  });
  it('files the run did not touch are still there', () => {
    expect(out).not.toMatch(/deleted d\/(keep\.txt|main\.c)/);
    expect(readdirSync(join(base, 'ws', 'd'))).toEqual(expect.arrayContaining(['keep.txt', 'main.c']));
  });
  it('a folder the run truly emptied: its UTF-8 names go, the Latin-1 one is kept and named', () => {
    expect(emptied).toContain('[exit 0]');
    expect(emptied).toMatch(/deleted e\/a\.txt/);
    expect(emptied).toMatch(/e\/x\uFFFD.*not UTF-8.*not removed/);
    const names = readdirSync(Buffer.from(join(base, 'ws2', 'e')), { encoding: 'buffer' }).map((name) => name.toString('latin1')).sort();
    expect(names).toEqual(['n', 'x\xfe']);
  });
});
