// Staged exec's edge cases (issue 27), through the engine an agent uses (in process): links that point out
// of the workspace or at a protected path (red team round 6 R6-7), FIFOs and sockets a command makes, a
// 200 MB file it creates, and a created file's user.* extended attributes. Skipped where bwrap or overlay
// cannot run.
import { spawnSync } from 'node:child_process';
import { existsSync, lstatSync, readlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createEngine } from '../../src/setup.js';
import type { Engine } from '../../src/engine/engine.js';
import { removeDir, tempDir } from '../helpers/fixture.js';
import { bwrapWorks, overlayWorks } from './stage-helpers.js';

let root: string;
let state: string;
let engine: Engine;
const saved = process.env['CODEWARD_STATE_DIR'];

beforeAll(() => {
  process.env['CODEWARD_STATE_DIR'] = '';
});
afterAll(() => {
  if (saved === undefined) delete process.env['CODEWARD_STATE_DIR'];
  else process.env['CODEWARD_STATE_DIR'] = saved;
});

beforeEach(async () => {
  root = await tempDir('cw-stage-edges-');
  state = await tempDir('cw-stage-edges-state-');
  process.env['CODEWARD_STATE_DIR'] = state;
  engine = await createEngine({ workspace: root, sandbox: { mode: 'workspace-write' } });
});

afterEach(async () => {
  await engine.close();
  await removeDir(root);
  await removeDir(state);
});

interface Changes {
  created: number;
  files: { path: string }[];
  setAside?: { path: string; reason: string }[];
}

// Runs `script` staged (a script file: the gate's command check judges the line, not what the file does).
async function staged(script: string): Promise<Changes> {
  writeFileSync(join(root, 'run.sh'), script);
  const result = await engine.run({ cmd: 'exec', args: { cmd: 'sh run.sh', stage: true } });
  expect(result.ok, JSON.stringify(result)).toBe(true);
  return (result.data as { changes: Changes }).changes;
}

const aside = (changes: Changes): Record<string, string> => Object.fromEntries((changes.setAside ?? []).map((each) => [each.path, each.reason]));
const python = spawnSync('python3', ['-c', 'import os; os.setxattr']).status === 0;

describe.skipIf(!bwrapWorks || !overlayWorks)('staged edge cases', { timeout: 120_000 }, () => {
  it('a link to a workspace link that leads out (existing or dangling) or at a protected path is set aside too (R6-7 rest)', async () => {
    const outside = await tempDir('cw-stage-edges-out-');
    try {
      spawnSync('sh', ['-c', `ln -s '${outside}/rc' out-existing && ln -s '${outside}/missing' out-dangling && ln -s .git hidden-git && mkdir -p .git/hooks && echo ok > inner.txt`], { cwd: root });
      writeFileSync(join(outside, 'rc'), '# rc\n');
      const changes = await staged('ln -s out-existing a && ln -s out-dangling b && ln -s hidden-git/hooks c && ln -s inner.txt d\n');
      const reasons = aside(changes);
      expect(Object.keys(reasons).sort()).toEqual(['a', 'b', 'c']);
      expect(reasons['a']).toMatch(/leads out of the workspace/);
      expect(reasons['b']).toMatch(/leads out of the workspace/);
      expect(reasons['c']).toMatch(/leads to \.git\/hooks, which is/);
      expect(readlinkSync(join(root, 'd'))).toBe('inner.txt');
    } finally {
      await removeDir(outside);
    }
  });

  it('a link out of the workspace or at a protected path is set aside (R6-7); a link inside applies', async () => {
    const changes = await staged('mkdir -p dist src && echo a > src/a.ts && ln -s "$HOME/.bashrc" dist/index.js && ln -s / homelink && ln -s ../../outside dist/up && ln -s .git/hooks/pre-commit hook && ln -s ../src/a.ts dist/a.js\n');
    const reasons = aside(changes);
    expect(Object.keys(reasons).sort()).toEqual(['dist/index.js', 'dist/up', 'homelink', 'hook']);
    expect(reasons['dist/index.js']).toMatch(/a symlink pointing out of the workspace/);
    expect(reasons['hook']).toMatch(/a symlink to \.git\/hooks\/pre-commit, which is protected/);
    for (const rel of ['dist/index.js', 'dist/up', 'homelink', 'hook']) expect(existsSync(join(root, rel)) || lstatSync(join(root, rel), { throwIfNoEntry: false }) !== undefined, rel).toBe(false);
    expect(readlinkSync(join(root, 'dist/a.js'))).toBe('../src/a.ts');
  });

  it('a FIFO and a socket the command makes are never applied, and named', async () => {
    const socket = python ? ' && python3 -c "import socket; socket.socket(socket.AF_UNIX).bind(\'sock\')"' : '';
    const changes = await staged(`mkfifo pipe && echo ok > fine.txt${socket}\n`);
    const reasons = aside(changes);
    expect(reasons['pipe']).toMatch(/a FIFO, socket or device: never applied/);
    if (python) expect(reasons['sock']).toMatch(/a FIFO, socket or device: never applied/);
    expect(lstatSync(join(root, 'pipe'), { throwIfNoEntry: false })).toBeUndefined();
    expect(changes.files).toEqual([{ path: 'fine.txt', change: 'created' }]);
  });

  it('a 200 MB file it creates is moved into place by rename (no copy, no blob); undo removes it', async () => {
    const changes = await staged('truncate -s 200M big.bin\n');
    expect(changes.created).toBe(1);
    const stats = lstatSync(join(root, 'big.bin'));
    // Still sparse: the upper folder's inode itself (a copy would have written 200 MB of zeros).
    expect([stats.size, stats.blocks]).toEqual([200 * 1024 * 1024, 0]);
    const du = spawnSync('du', ['-sk', state], { encoding: 'utf8' });
    expect(Number(du.stdout.split('\t')[0])).toBeLessThan(10 * 1024);
    expect((await engine.run({ cmd: 'undo', args: {} })).ok).toBe(true);
    expect(existsSync(join(root, 'big.bin'))).toBe(false);
  });

  it.skipIf(!python)('a created file keeps its user.* extended attributes', async () => {
    await staged('echo x > tagged.txt && python3 -c "import os; os.setxattr(\'tagged.txt\', \'user.origin\', b\'build\')"\n');
    const read = spawnSync('python3', ['-c', `import os; print(os.getxattr(${JSON.stringify(join(root, 'tagged.txt'))}, 'user.origin').decode())`], { encoding: 'utf8' });
    expect(read.stdout.trim()).toBe('build');
  });

  // Issue 27: a change of user.* attributes only (same bytes and mode) looked like no change and was dropped.
  it.skipIf(!python)('an attribute-only change to an existing file is applied (added and removed user.* attributes)', async () => {
    writeFileSync(join(root, 'f.txt'), 'same\n');
    writeFileSync(join(root, 'g.txt'), 'same\n');
    writeFileSync(join(root, 'h.txt'), 'same\n');
    xattrs(`os.setxattr('g.txt', 'user.keep', b'1')`);
    const changes = await staged(`python3 -c "import os; os.setxattr('f.txt', 'user.origin', b'build'); os.removexattr('g.txt', 'user.keep'); open('h.txt', 'a').close()"\n`);
    expect(changes.files.map((file) => file.path).sort()).toEqual(['f.txt', 'g.txt']);
    // The overlay's own user.overlay.origin travels with the copied-up file (node cannot remove it; harmless).
    expect(xattrs(`print(os.getxattr('f.txt', 'user.origin').decode(), [n for n in os.listxattr('g.txt') if not n.startswith('user.overlay.')])`)).toBe('build []');
    // The checkpoint keeps bytes and modes, not attributes: undo has no step in effect to take back
    // (said in the report; files/checkpoints would have to capture xattrs).
  });
});

// Runs python code with `os` in the workspace (set up and read extended attributes).
function xattrs(code: string): string {
  const run = spawnSync('python3', ['-c', `import os; ${code}`], { cwd: root, encoding: 'utf8' });
  expect(run.status, run.stderr).toBe(0);
  return run.stdout.trim();
}
