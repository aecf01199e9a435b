import { spawnSync } from 'node:child_process';
import { chmodSync, lstatSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clearRiskyModes, inPlaceStarts } from '../../src/sandbox/modes.js';

// The in-place after-run walk (sandbox/modes.ts, red team R38-a1/a2/a10), called directly.
let base: string;
beforeAll(async () => {
  base = await mkdtemp(join(tmpdir(), 'cw-modes-walk-'));
});
afterAll(async () => rm(base, { recursive: true, force: true }));

describe('clearRiskyModes', () => {
  it('judges a setuid file and a FIFO past PATH_MAX (20 folders of 250-character names)', async () => {
    const root = join(base, 'deep');
    mkdirSync(root);
    // Made through relative chdirs: no single path names the bottom (python3, as the red-team rows).
    const python = (code: string): string => spawnSync('python3', ['-c', `import os, stat, shutil\nfor i in range(20): os.chdir('n' * 250)\n${code}`], { cwd: root, encoding: 'utf8' }).stdout;
    spawnSync('python3', ['-c', "import os\nfor i in range(20): os.mkdir('n' * 250); os.chdir('n' * 250)\nos.mkfifo('.gitignore'); open('s', 'w').close(); os.chmod('s', 0o4755)"], { cwd: root });
    expect(python("print(sorted(os.listdir('.')))")).toContain("'s'");
    const warnings = await clearRiskyModes(root, 0);
    expect(warnings.some((each) => /\/s setuid; the bit was cleared/.test(each))).toBe(true);
    expect(warnings.some((each) => /\.gitignore, a FIFO made or changed while the run went/.test(each))).toBe(true);
    expect(warnings.every((each) => each.length < 4_000)).toBe(true);
    expect(python("print(oct(os.lstat('s').st_mode & 0o7777), os.path.lexists('.gitignore'))").trim()).toBe('0o755 False');
    // Node's rm cannot remove past PATH_MAX; python's rmtree walks by descriptors.
    spawnSync('python3', ['-c', "import shutil; shutil.rmtree('n' * 250)"], { cwd: root });
  });

  it('leaves a socket a live process holds, removes a dead one', async () => {
    const root = join(base, 'sock');
    mkdirSync(root);
    const server = createServer();
    await new Promise<void>((done) => server.listen(join(root, 'live.sock'), done));
    const dead = createServer();
    await new Promise<void>((done) => dead.listen(join(root, 'dead.sock'), done));
    // Closing unlinks node's socket file: keep a copy of the name by a hard link first.
    spawnSync('ln', [join(root, 'dead.sock'), join(root, 'gone.sock')]);
    await new Promise<void>((done) => dead.close(() => done()));
    try {
      const warnings = await clearRiskyModes(root, 0);
      expect(lstatSync(join(root, 'live.sock')).isSocket()).toBe(true);
      expect(readdirSync(root)).not.toContain('gone.sock');
      expect(warnings.join('\n')).not.toMatch(/live\.sock/);
    } finally {
      server.close();
    }
  });

  it('walks the writable folders outside the workspace, named by full path; keeps a folder mode the run did not change', async () => {
    const root = join(base, 'ws');
    const cache = join(base, 'cache');
    const shared = join(base, 'shared');
    for (const dir of [root, cache, shared]) mkdirSync(dir);
    chmodSync(shared, 0o1777);
    const before = inPlaceStarts([root], [cache, shared, cache]);
    const from = [...before.keys()];
    expect(from).toEqual([root, cache, shared]);
    writeFileSync(join(cache, 'suid'), '');
    chmodSync(join(cache, 'suid'), 0o4755);
    chmodSync(cache, 0o777);
    writeFileSync(join(shared, 'new'), '');
    const warnings = await clearRiskyModes(root, 0, from, before);
    expect(warnings.some((each) => each.includes(`${join(cache, 'suid')} setuid`))).toBe(true);
    expect(lstatSync(join(cache, 'suid')).mode & 0o4000).toBe(0);
    expect(lstatSync(cache).mode & 0o002).toBe(0);
    expect(lstatSync(shared).mode & 0o7777).toBe(0o1777);
  });
});
