// Issue 15.4 / THREAT-MODEL invariant 4 from the attacker's side: a repository (or a process run in it)
// plants commit journals where codeward looks for them at start-up. The next start must not delete,
// create or rename anything outside the workspace, nor use a non-codeward file as a staged version.
import { mkdir, readFile, readdir, symlink, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createEngine, stateDirFor } from '../../src/index.js';
import { stateBaseFor } from '../../src/engine/state-dir.js';
import { removeDir, tempDir } from '../helpers/fixture.js';

let base: string;
let root: string;
let outside: string;

beforeEach(async () => {
  base = await tempDir('codeward-plant-');
  root = join(base, 'home');
  outside = join(base, 'outside');
  await mkdir(root, { recursive: true });
  await mkdir(outside, { recursive: true });
  await writeFile(join(outside, 'victim.txt'), 'keep me\n');
  await writeFile(join(root, 'staged.txt'), 'planted bytes\n');
  await writeFile(join(root, 'a.txt'), 'a\n');
});
afterEach(async () => {
  await removeDir(base);
});

// A journal of a dead process (pid 2^22+1 is above every default pid_max) naming `entries`.
async function plant(dir: string, entries: unknown[]): Promise<void> {
  await mkdir(dir, { recursive: true });
  await writeFile(join(dir, 'tx-0123456789ab.json'), JSON.stringify({ version: 1, pid: 4_194_305, entries }));
}

const outsideAttack = (): unknown[] => [
  { target: join(outside, 'victim.txt'), temp: null },
  { target: join(outside, 'created.txt'), temp: join(root, 'staged.txt') },
  { target: join(root, '..', 'outside', 'dotdot.txt'), temp: join(root, 'staged.txt') },
];

async function outsideUntouched(): Promise<void> {
  expect((await readdir(outside)).sort()).toEqual(['victim.txt']);
  expect(await readFile(join(outside, 'victim.txt'), 'utf8')).toBe('keep me\n');
}

describe('planted commit journals', () => {
  it('-C ~: the cache folder inside the workspace is not used for state, so a journal planted there is never read', async () => {
    const env = { ...process.env, HOME: root, XDG_CACHE_HOME: '', CODEWARD_STATE_DIR: '' };
    const planted = join(root, '.cache', 'codeward', 'workspaces');
    // Where main would look: ~/.cache/codeward/workspaces/<key>/journal.
    const { createHash } = await import('node:crypto');
    const key = createHash('sha256').update(root).digest('hex').slice(0, 20);
    await plant(join(planted, key, 'journal'), outsideAttack());
    expect(stateDirFor(root, env).startsWith(root)).toBe(false);
    expect(stateBaseFor(root, env).startsWith(root)).toBe(false);
    const engine = await createEngine({ workspace: root, env });
    await engine.close();
    await outsideUntouched();
    expect(await readFile(join(root, 'staged.txt'), 'utf8')).toBe('planted bytes\n');
  });

  it('a journal in the real state folder naming outside paths changes nothing outside', async () => {
    const state = join(base, 'state');
    const env = { ...process.env, CODEWARD_STATE_DIR: state };
    await plant(join(stateDirFor(root, env), 'journal'), outsideAttack());
    const engine = await createEngine({ workspace: root, env });
    await engine.close();
    await outsideUntouched();
    expect(existsSync(join(root, 'staged.txt'))).toBe(true);
    // The planted journal is dropped, not retried at every start.
    expect(await readdir(join(stateDirFor(root, env), 'journal'))).toEqual([]);
  });

  it('inside targets reached through a symlinked folder, or a staged file that is no codeward temp file, are refused', async () => {
    const state = join(base, 'state');
    const env = { ...process.env, CODEWARD_STATE_DIR: state };
    await symlink(outside, join(root, 'link'));
    await writeFile(join(root, '.a.txt.0000.cw-tmp'), 'staged a\n');
    await writeFile(join(root, 'link-staged'), 'x\n');
    const dir = join(stateDirFor(root, env), 'journal');
    // Through the link: a lexically inside target that is outside on disk.
    await plant(dir, [{ target: join(root, 'link', 'victim.txt'), temp: null }]);
    await (await createEngine({ workspace: root, env })).close();
    await outsideUntouched();
    // A secret renamed over a file: temp is not a staged file beside the target.
    await plant(dir, [{ target: join(root, 'a.txt'), temp: join(root, 'staged.txt') }]);
    await (await createEngine({ workspace: root, env })).close();
    expect(await readFile(join(root, 'a.txt'), 'utf8')).toBe('a\n');
    expect(existsSync(join(root, 'staged.txt'))).toBe(true);
    // A journal of another workspace root is not ours.
    await writeFile(join(dir, 'tx-0123456789ab.json'), JSON.stringify({ version: 1, pid: 4_194_305, root: outside, entries: [{ target: join(root, 'a.txt'), temp: join(root, '.a.txt.0000.cw-tmp') }] }));
    await (await createEngine({ workspace: root, env })).close();
    expect(await readFile(join(root, 'a.txt'), 'utf8')).toBe('a\n');
    // A genuine leftover commit still rolls forward.
    await plant(dir, [{ target: join(root, 'a.txt'), temp: join(root, '.a.txt.0000.cw-tmp') }]);
    await (await createEngine({ workspace: root, env })).close();
    expect(await readFile(join(root, 'a.txt'), 'utf8')).toBe('staged a\n');
  });
});
