import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, statSync, symlinkSync, utimesSync } from 'node:fs';
import { mkdtemp, realpath } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CLI, removeDir, writeFiles } from '../helpers/fixture.js';

// The write gate's symlink walk (permissions/obeyed-alias.ts) lists every folder of the workspace on every
// gated call. It listed them by path (readdirSync(root/sub)): a sandboxed process that swaps `sub` for a
// symlink to a folder outside, between the walk's listing of the root and its listing of `sub`, made it
// read that folder (and everything below, up to 200,000 entries). The walk now opens each folder from its
// parent's descriptor with O_NOFOLLOW and lists it through the descriptor (workspace/listings.ts): a
// swapped folder is skipped, nothing outside is read. Seen from outside by the folder's access time (the
// disk is mounted relatime: a listing of a folder whose atime is a day old stamps it).
let base: string;

beforeEach(async () => {
  base = await realpath(await mkdtemp(join(tmpdir(), 'codeward-alias-race-')));
});
afterEach(async () => removeDir(base));

const DAY = 24 * 3600;

describe.skipIf(process.platform !== 'linux')('the symlink walk of the write gate under a folder swap', () => {
  it('never lists a folder outside the workspace', async () => {
    const root = join(base, 'w');
    const outside = join(base, 'outside');
    // Wide enough for the walk to take a while between listing the root and reaching `sub` (the folder the
    // attacker swaps; where it falls in the listing order is the file system's choice).
    const files: Record<string, string> = { 'x.txt': 'x\n' };
    for (let i = 0; i < 300; i += 1) files[`a${i}/b/c.txt`] = 'c\n';
    for (let i = 0; i < 40; i += 1) files[`sub/d${i}/e/f.txt`] = 'f\n';
    await writeFiles(root, files);
    mkdirSync(join(outside, 'inner'), { recursive: true });
    symlinkSync(outside, join(base, 'spare'));
    const old = Date.now() / 1000 - 2 * DAY;
    for (const folder of [outside, join(outside, 'inner')]) utimesSync(folder, old, old);
    const before = statSync(outside).atimeMs;
    // The attacker: `sub` a folder, then a symlink to `outside`, then a folder again, as fast as renames go.
    const flipper = spawn(process.execPath, ['-e', `
      const { renameSync } = require('node:fs');
      const [sub, real, spare] = process.argv.slice(1);
      for (;;) { try { renameSync(sub, real); renameSync(spare, sub); renameSync(sub, spare); renameSync(real, sub); } catch {} }
    `, join(root, 'sub'), join(base, 'real'), join(base, 'spare')], { stdio: 'ignore' });
    try {
      for (let round = 0; round < 12; round += 1) {
        const run = spawnSync(process.execPath, [CLI, '--json', '-C', root, 'policy', 'check', 'write --file x.txt --content y'], { encoding: 'utf8', env: { ...process.env, CODEWARD_STATE_DIR: join(base, 'state'), HOME: join(base, 'home') } });
        expect(run.stdout).toContain('"decision"');
      }
    } finally {
      flipper.kill('SIGKILL');
    }
    expect(statSync(outside).atimeMs).toBe(before);
    expect(statSync(join(outside, 'inner')).atimeMs).toBe(before);
  }, 120_000);
});
