// The repo map's listing kept across calls (code/index/kept-listing.ts): a call made when no folder changed
// runs no ripgrep walk (issue 30: the walk and its per-path reader check were ~250-400 ms of a one-changed-file
// CLI call on 20 k files), and every change that alters what ripgrep would list is noticed: a file made, removed
// or renamed (in a folder with no source file below it too), a new .gitignore line, another non-accessible glob.
// Each time the map equals a fresh engine's on a fresh state folder (which lists with ripgrep). Real files.
import { appendFile, mkdir, rename, rm, stat, symlink, utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createEngine } from '../../src/index.js';
import type { Engine } from '../../src/engine/engine.js';
import { listingCounter } from '../../src/code/index/kept-listing.js';
import { ageTree, removeDir, tempDir, TestClock, writeFiles } from '../helpers/fixture.js';

let root: string;
let state: string;
const engines: Engine[] = [];
// The engines' clock (a new one per test): aged past the racy window by age().
let clock: TestClock;
// A folder outside the workspace with a source file (a link to it must not be followed).
let outside: string;
beforeEach(async () => {
  root = await tempDir('codeward-kept-listing-');
  state = await tempDir('codeward-state-');
  clock = new TestClock();
  outside = await tempDir('codeward-outside-');
  await writeFiles(outside, { 'far.ts': 'export function far(): number { return 11; }\n' });
  await writeFiles(root, {
    '.gitignore': 'build/\n*.log.ts\n',
    'src/core.ts': 'export function core(): number { return 1; }\n',
    'src/gen/made.ts': 'export function made(): number { return core(); }\n',
    'src/secret/key.ts': 'export function hidden(): number { return 2; }\n',
    'build/out.ts': 'export function built(): number { return 3; }\n',
    'notes/a/b/readme.md': 'no source here\n',
  });
  await age();
});
afterEach(async () => {
  for (const engine of engines.splice(0)) await engine.close();
  await removeDir(root);
  await removeDir(state);
  await removeDir(outside);
});

// Every folder and ignore file made older than the racy window (a listing whose folders changed just now is not kept).
const age = (dir = root): Promise<void> => ageTree(dir, (name) => name === '.gitignore', clock);

async function engineOn(stateDir: string, globs?: string[]): Promise<Engine> {
  const engine = await createEngine({
    workspace: root,
    clock: clock.now,
    env: { ...process.env, CODEWARD_STATE_DIR: stateDir },
    ...(globs === undefined ? {} : { configure: (config) => ({ ...config, nonAccessibleGlobs: [...config.nonAccessibleGlobs, ...globs] }) }),
  });
  engines.push(engine);
  return engine;
}

interface Page { map: string; files: number; total: number }
async function map(engine: Engine): Promise<Page> {
  const result = await engine.run({ cmd: 'repo-map', args: { budget: 400 } });
  expect(result.ok, JSON.stringify(result)).toBe(true);
  const { map: text, files, total } = (result as unknown as { data: Page }).data;
  return { map: text, files, total };
}

// The map of a fresh engine on a fresh state folder (ripgrep lists).
async function fresh(globs?: string[]): Promise<Page> {
  const other = await tempDir('codeward-state-');
  try {
    return await map(await engineOn(other, globs));
  } finally {
    await removeDir(other);
  }
}

// Each call a new engine on the same state folder (as each CLI call is a new process): whether it listed (by a
// ripgrep walk, or the changed folders alone), and whether ripgrep walked.
async function walked(globs?: string[]): Promise<{ page: Page; walked: boolean; ripgrep: boolean }> {
  const { listed, relisted } = listingCounter;
  const page = await map(await engineOn(state, globs));
  return { page, walked: listingCounter.listed + listingCounter.relisted > listed + relisted, ripgrep: listingCounter.listed > listed };
}

describe('repo-map: the listing kept while no folder changed', () => {
  it('is reused when nothing changed, and a content change is still seen', async () => {
    expect((await walked()).walked).toBe(true);
    const again = await walked();
    expect(again.walked).toBe(false);
    expect(again.page).toEqual(await fresh());
    await appendFile(join(root, 'src/core.ts'), 'export function later(): number { return 4; }\n');
    const changed = await walked();
    expect(changed.walked).toBe(false);
    expect(changed.page.map).toContain('later');
    expect(changed.page).toEqual(await fresh());
  });

  // [what, change, whether only the changed folders are listed again (no ripgrep walk)]
  const changes: [string, () => Promise<void>, boolean][] = [
    ['a new file', () => writeFile(join(root, 'src/added.ts'), 'export function added(): number { return 5; }\n'), true],
    ['a new file in a folder with no source file below it', () => writeFile(join(root, 'notes/a/b/note.ts'), 'export function noted(): number { return 6; }\n'), true],
    ['a new folder with a file', async () => {
      await mkdir(join(root, 'src/gen/deep'));
      await writeFile(join(root, 'src/gen/deep/d.ts'), 'export function deep(): number { return 7; }\n');
    }, true],
    ['new folders with files at two depths, a dot-folder, node_modules, a dot-file', () => writeFiles(root, {
      'src/new/a.ts': 'export function na(): number { return 1; }\n',
      'src/new/deeper/b.py': 'def nb():\n    return 2\n',
      'src/new/.hidden/c.ts': 'export function nc(): number { return 3; }\n',
      'src/new/node_modules/d.ts': 'export function nd(): number { return 4; }\n',
      'src/new/.e.ts': 'export function ne(): number { return 5; }\n',
      'src/new/readme.md': 'not source\n',
    }), true],
    ['a deleted file', () => rm(join(root, 'src/gen/made.ts')), true],
    ['a deleted folder', () => rm(join(root, 'src/gen'), { recursive: true }), true],
    ['a renamed file', () => rename(join(root, 'src/gen/made.ts'), join(root, 'src/gen/renamed.ts')), true],
    ['a renamed folder', () => rename(join(root, 'src/gen'), join(root, 'src/made')), true],
    ['a folder moved into another', () => rename(join(root, 'src/gen'), join(root, 'notes/a/gen')), true],
    ['a new symlink to a folder outside, and to a file', async () => {
      await symlink(outside, join(root, 'src/out'));
      await symlink(join(root, 'src/core.ts'), join(root, 'src/linked.ts'));
    }, true],
    ['a new file a non-accessible glob matches', () => writeFile(join(root, 'src/gen/secret.ts'), 'export function nope(): number { return 8; }\n'), true],
    ['a new folder a non-accessible glob matches', () => writeFiles(root, { 'src/gen/secrets/k.ts': 'export function nope2(): number { return 9; }\n' }), true],
    ['a new file a .gitignore above ignores', () => writeFile(join(root, 'src/gen/made.log.ts'), 'export function logged(): number { return 10; }\n'), true],
    ['a new .gitignore line', () => appendFile(join(root, '.gitignore'), 'src/gen/\n'), false],
    ['a new .gitignore below', () => writeFile(join(root, 'src/.gitignore'), 'gen/\n'), false],
    ['a new .gitignore in a new folder', () => writeFiles(root, { 'src/new/.gitignore': 'x.ts\n', 'src/new/x.ts': 'export const x = 1;\n', 'src/new/y.ts': 'export const y = 1;\n' }), false],
  ];
  for (const [name, change, alone] of changes) {
    it(`notices ${name}`, async () => {
      const globs = ['**/secret.ts', 'src/secret/**'];
      await walked(globs);
      expect((await walked(globs)).walked).toBe(false);
      const before = await fresh(globs);
      // Nothing but the change moves a stamp (every folder aged once, before the first call).
      await change();
      const after = await walked(globs);
      expect(after.walked).toBe(true);
      expect(after.ripgrep).toBe(!alone);
      expect(after.page).toEqual(await fresh(globs));
      // (What a non-accessible glob or a .gitignore hides, and a link, which is not followed, changes nothing.)
      if (!/non-accessible|ignores|symlink/.test(name)) expect(after.page).not.toEqual(before);
      else expect(after.page).toEqual(before);
    });
  }

  it('watches the folders a change brought: a file made in a new folder later is noticed too', async () => {
    await walked();
    await mkdir(join(root, 'src/gen/deep/er'), { recursive: true });
    await writeFile(join(root, 'src/gen/deep/d.ts'), 'export function deep(): number { return 7; }\n');
    expect((await walked()).walked).toBe(true);
    // The changed folders older than the racy window (kept with an mtime no folder has until then): listed again once.
    await age(join(root, 'src/gen'));
    expect((await walked()).walked).toBe(true);
    expect((await walked()).walked).toBe(false);
    await writeFile(join(root, 'src/gen/deep/er/e.ts'), 'export function later(): number { return 8; }\n');
    const after = await walked();
    expect(after.walked).toBe(true);
    expect(after.page).toEqual(await fresh());
    expect(after.page.map).toContain('later');
  });

  // Red team: a file added, then the folder's mtime set back (`touch -d` in a sandboxed run). The ctime moved to now:
  // the folder is stamped as changed within the racy window, listed again by the next call too.
  it('notices a file added to a folder whose mtime was then set back, and lists that folder again next call', async () => {
    await walked();
    const folder = join(root, 'src');
    const { mtime } = await stat(folder);
    await writeFile(join(folder, 'sneaked.ts'), 'export function sneaked(): number { return 9; }\n');
    await utimes(folder, mtime, mtime);
    const after = await walked();
    expect(after.walked).toBe(true);
    expect(after.page.map).toContain('sneaked');
    expect(after.page).toEqual(await fresh());
    expect((await walked()).walked).toBe(true);
  });

  it('notices a source file git loads as a config come to hold a credential', async () => {
    await writeFiles(root, { '.git/config': '[core]\n\tbare = false\n[include]\n\tpath = ../src/inc.ts\n', 'src/inc.ts': 'export const plain = 1;\n' });
    await age();
    // The files git loads are stamped by their ctime too (Workspace.readerFilterKey), which only time moves past the racy window.
    await new Promise((done) => setTimeout(done, 2100));
    await walked();
    expect((await walked()).walked).toBe(false);
    const before = await fresh();
    expect(before.map).toContain('plain');
    await writeFile(join(root, 'src/inc.ts'), '[remote "origin"]\n\turl = https://user:ghp_abcdefghijklmnopqrstuvwxyz0123456789@example.com/x.git\n');
    // Past the racy window again: the key itself, not a stamp too recent to keep by, must tell the change.
    await new Promise((done) => setTimeout(done, 2100));
    const after = await walked();
    expect(after.walked).toBe(true);
    expect(after.page).toEqual(await fresh());
    expect(after.page.files).toBe(before.files - 1);
  });

  it('notices another non-accessible glob', async () => {
    await walked();
    expect((await walked()).walked).toBe(false);
    const hidden = await walked(['src/secret/**']);
    expect(hidden.walked).toBe(true);
    expect(hidden.page).toEqual(await fresh(['src/secret/**']));
    expect(hidden.page.files).toBe((await fresh()).files - 1);
    expect((await walked(['src/secret/**'])).walked).toBe(false);
    expect((await walked()).walked).toBe(true);
  });
});
