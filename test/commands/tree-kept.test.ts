// `tree`'s kept listing (commands/tree-kept.ts on workspace/kept-listing.ts): a call that finds every folder and
// .gitignore unchanged answers from the kept listing and opens no folder; a changed folder is listed again
// alone. After each change below the kept answer equals a fresh engine's (a fresh state folder: a plain walk),
// entry by entry. Each call is a new engine on the same state folder, as each CLI call is a new process.
import { appendFile, mkdir, readdir, rename, rm, stat, symlink, unlink, utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createEngine } from '../../src/index.js';
import type { Engine } from '../../src/engine/engine.js';
import { keptTreeCounter } from '../../src/commands/tree-kept.js';
import { keptListingFile } from '../../src/workspace/kept-listing.js';
import { ageTree, removeDir, tempDir, TestClock, writeFiles } from '../helpers/fixture.js';

let root: string;
let state: string;
let home: string;
const engines: Engine[] = [];
// The engines' clock (a new one per test): aged past the racy window by age().
let clock: TestClock;

// 86 folders (a walk of fewer than 32 is not kept), nested .gitignore files, a link to a folder, dot-files.
function fixture(): Record<string, string> {
  const files: Record<string, string> = {
    '.gitignore': 'build/\n*.log\n',
    'build/out.js': 'x\n',
    'a.log': 'x\n',
    '.hidden/x.txt': 'x\n',
    'pkg/deep/.gitignore': 'gen/\n',
    'pkg/deep/gen/made.ts': 'x\n',
    'pkg/deep/keep.ts': 'x\n',
    'target/t.txt': 'x\n',
    'other/o.txt': 'x\n',
  };
  for (let at = 0; at < 72; at++) files[`src/m${at % 6}/d${at}/f${at}.ts`] = 'x\n';
  return files;
}

beforeEach(async () => {
  root = await tempDir('codeward-tree-kept-');
  state = await tempDir('codeward-state-');
  home = await tempDir('codeward-home-');
  clock = new TestClock();
  await writeFiles(root, fixture());
  await symlink('target', join(root, 'link'));
  await age();
});
afterEach(async () => {
  for (const engine of engines.splice(0)) await engine.close();
  await removeDir(root);
  await removeDir(state);
  await removeDir(home);
});

// Every folder and file made older than the racy window (a folder changed just now is listed again).
const age = (): Promise<void> => ageTree(root, undefined, clock);

async function engineOn(stateDir: string, globs?: string[], lasting?: Map<string, unknown>): Promise<Engine> {
  const engine = await createEngine({
    workspace: root,
    clock: clock.now,
    ...(lasting ? { lasting } : {}),
    env: { ...process.env, CODEWARD_STATE_DIR: stateDir, HOME: home, GIT_CONFIG_GLOBAL: join(home, '.gitconfig') },
    ...(globs === undefined ? {} : { configure: (config) => ({ ...config, nonAccessibleGlobs: [...config.nonAccessibleGlobs, ...globs] }) }),
  });
  engines.push(engine);
  return engine;
}

type Args = Record<string, unknown>;
async function tree(engine: Engine, args: Args): Promise<unknown> {
  const result = await engine.run({ cmd: 'tree', args: { maxEntries: 100_000, ...args } });
  expect(result.ok, JSON.stringify(result)).toBe(true);
  return (result as unknown as { data: unknown }).data;
}

async function fresh(args: Args, globs?: string[]): Promise<unknown> {
  const other = await tempDir('codeward-state-');
  try {
    return await tree(await engineOn(other, globs), args);
  } finally {
    await removeDir(other);
  }
}

// The kept listing's file in the state folder.
async function keptFile(): Promise<string> {
  const found = (await readdir(state, { recursive: true })).filter((name) => name.endsWith('tree-listing.json'));
  expect(found).toHaveLength(1);
  return join(state, found[0]!);
}

// The kept engine's answer beside a fresh one's; how many calls the kept listing answered whole and how many
// folders it listed again.
async function both(args: Args = {}, globs?: string[], lasting?: Map<string, unknown>): Promise<{ answered: number; relisted: number }> {
  const [answered, relisted] = [keptTreeCounter.answered, keptTreeCounter.relisted];
  const kept = await tree(await engineOn(state, globs, lasting), args);
  const counts = { answered: keptTreeCounter.answered - answered, relisted: keptTreeCounter.relisted - relisted };
  expect(kept).toEqual(await fresh(args, globs));
  return counts;
}

describe('tree: the kept listing equals a fresh walk', () => {
  it('keeps a walk and answers from it while nothing changed', async () => {
    expect(await both()).toEqual({ answered: 0, relisted: 0 });
    expect(await both()).toEqual({ answered: 1, relisted: 0 });
  });

  // [what, change, folders listed again at most (undefined: a whole walk)]
  const changes: [string, () => Promise<void>, number | undefined][] = [
    ['a file added deep', () => writeFile(join(root, 'src/m1/d7/new.ts'), 'x\n'), 1],
    ['a file removed', () => unlink(join(root, 'src/m2/d8/f8.ts')), 1],
    ['a file renamed to another folder', () => rename(join(root, 'src/m3/d9/f9.ts'), join(root, 'src/m4/d10/f9.ts')), 2],
    ['a folder added with folders in it', async () => writeFiles(root, { 'src/m0/new/a/b.ts': 'x\n', 'src/m0/new/c.ts': 'x\n' }), 3],
    ['a folder removed', () => rm(join(root, 'src/m5'), { recursive: true }), 1],
    ['a folder renamed', () => rename(join(root, 'src/m5'), join(root, 'src/m9')), 14],
    ['a .gitignore changed in place at depth', () => appendFile(join(root, 'pkg/deep/.gitignore'), 'keep.ts\n'), undefined],
    ['a .gitignore changed at the root', () => writeFile(join(root, '.gitignore'), 'build/\n'), undefined],
    ['a .gitignore made at depth', () => writeFile(join(root, 'src/m1/.gitignore'), 'd1/\n'), undefined],
    // Its folder is listed again; the kept folders below it must not be taken with their old entries.
    ['a .gitignore made at depth that ignores files deeper down', () => writeFile(join(root, 'src/m1/.gitignore'), 'f7.ts\n'), undefined],
    ['a .gitignore removed', () => unlink(join(root, 'pkg/deep/.gitignore')), undefined],
    ['a link swapped for a folder', async () => {
      await unlink(join(root, 'link'));
      await writeFiles(root, { 'link/in.txt': 'x\n' });
    }, 2],
    ['a folder swapped for a link', async () => {
      await rm(join(root, 'other'), { recursive: true });
      await symlink('target', join(root, 'other'));
    }, 1],
    ['a link retargeted', async () => {
      await unlink(join(root, 'link'));
      await symlink('src', join(root, 'link'));
    }, 1],
  ];
  it.each(changes)('%s', async (_, change, relisted) => {
    await both();
    await change();
    const counts = await both();
    expect(counts.answered).toBe(0);
    if (relisted !== undefined) expect(counts.relisted).toBeLessThanOrEqual(relisted);
    // Settled, the next call is kept again.
    await age();
    await both();
    expect(await both()).toEqual({ answered: 1, relisted: 0 });
  });

  it('.git/info/exclude and core.excludesFile (which tree does not read) change nothing it answers', async () => {
    await writeFiles(root, { '.git/info/exclude': '', '.git/HEAD': 'ref: refs/heads/main\n', '.git/config': '[core]\n' });
    await writeFile(join(home, '.gitconfig'), `[core]\n\texcludesFile = ${join(home, 'ignore')}\n`);
    await age();
    await both();
    await writeFile(join(root, '.git/info/exclude'), 'src/\n');
    await writeFile(join(home, 'ignore'), 'pkg/\n');
    await both();
    await appendFile(join(root, '.git/config'), `[core]\n\texcludesFile = ${join(home, 'ignore')}\n`);
    await both();
  });

  it('another non-accessible glob is another key: never the kept answer of the first', async () => {
    await both();
    expect(await both({}, ['src/m1/**'])).toEqual({ answered: 0, relisted: 0 });
    expect(await both({}, ['src/m1/**'])).toEqual({ answered: 1, relisted: 0 });
    expect((await both()).answered).toBe(0);
  });

  it.each<[string, Args]>([
    ['--glob', { glob: '**/*.ts' }],
    ['--max-depth', { maxDepth: 4 }],
    ['--max-entries (cut)', { maxEntries: 100 }],
    ['--ignore', { ignore: 'm1, d2*' }],
    ['--include-hidden', { includeHidden: true }],
    ['--dir below the root', { dir: 'src' }],
  ])('%s: kept per flags, equal after a change', async (_, args) => {
    await both(args);
    expect((await both(args)).answered).toBe(1);
    await writeFiles(root, { 'src/m2/d14/more.ts': 'x\n', 'src/m2/late/x.ts': 'x\n' });
    await both(args);
  });

  it('a .gitignore above the listed folder (--dir) changed: a whole walk', async () => {
    await both({ dir: 'src' });
    await appendFile(join(root, '.gitignore'), 'm1/\n');
    expect((await both({ dir: 'src' })).answered).toBe(0);
    await writeFile(join(root, 'src/.gitignore'), 'm2/\n');
    expect((await both({ dir: 'src/m3' })).answered).toBe(0);
  });

  it('a folder changed within the racy window is listed again by the next call, not kept', async () => {
    await both();
    await writeFile(join(root, 'src/m1/d7/new.ts'), 'x\n');
    expect((await both()).relisted).toBe(1);
    // Nothing changed since, but the folder changed < 2 s before it was stamped: listed again.
    expect(await both()).toEqual({ answered: 0, relisted: 1 });
  });

  // Red team: a sandboxed run adds a file, then sets the folder's mtime back (`touch -d`). Its ctime moved to now
  // (no process can set it back): the folder is stamped as changed within the racy window and listed again next
  // call, so a second such change in the same tick of the kernel's clock (times and size unchanged) is still seen.
  it('a file added, then the folder\'s mtime set back with utimes: shown, and listed again next call', async () => {
    await both();
    const folder = join(root, 'src/m1/d7');
    const { mtime } = await stat(folder);
    await writeFile(join(folder, 'sneaked.ts'), 'x\n');
    await utimes(folder, mtime, mtime);
    expect((await both()).relisted).toBe(1);
    expect(JSON.stringify(await tree(await engineOn(state), {}))).toContain('src/m1/d7/sneaked.ts');
    expect(await both()).toEqual({ answered: 0, relisted: 1 });
  });

  // A warm server (codeward serve) builds an engine per call and lends each its `lasting` map: the kept listing's
  // parsed file stays there, keyed by the file's identity, so a served call does not read the JSON again; a file
  // replaced is read again.
  it('served: the parsed listing is kept by the file\'s identity, read again once replaced', async () => {
    const lasting = new Map<string, unknown>();
    await both({}, undefined, lasting);
    const file = await keptFile();
    await clock.pass();
    expect(await both({}, undefined, lasting)).toEqual({ answered: 1, relisted: 0 });
    const parsed = [...lasting.values()];
    expect(parsed).toHaveLength(1);
    expect(await both({}, undefined, lasting)).toEqual({ answered: 1, relisted: 0 });
    expect([...lasting.values()][0]).toBe(parsed[0]);
    // Replaced (another process kept another answer, or none): read again, never the parsed one.
    await writeFile(file, '{}');
    await clock.pass();
    expect((await both({}, undefined, lasting)).answered).toBe(0);
  });

  // One folder changed: it and the folders above it are opened, no other (the others' kept entries are taken).
  it('a changed folder is opened with the folders above it only', async () => {
    await both();
    await writeFile(join(root, 'src/m1/d7/new.ts'), 'x\n');
    const engine = await engineOn(state);
    const opened: string[] = [];
    const jail = engine.workspace.jail;
    const openChild = jail.openChild.bind(jail);
    jail.openChild = (parent, name) => (opened.push(name), openChild(parent, name));
    const kept = await tree(engine, {});
    expect(opened).toEqual(['src', 'm1', 'd7']);
    expect(kept).toEqual(await fresh({}));
  });

  // A folder listed again that shows the entries it was kept with, changed within the racy window (listed again next
  // call anyway): the kept file is not written again.
  it('a folder touched but showing the same entries: the kept file is not written again', async () => {
    await both();
    const file = await keptFile();
    const before = await stat(file);
    await writeFile(join(root, 'src/m1/d7/gone.ts'), 'x\n');
    await unlink(join(root, 'src/m1/d7/gone.ts'));
    expect(await both()).toEqual({ answered: 0, relisted: 1 });
    const after = await stat(file);
    expect([after.ino, after.mtimeMs]).toEqual([before.ino, before.mtimeMs]);
  });

  // A folder listed again that changed within the racy window is listed again by the next call whatever the kept file
  // holds for it: writing the whole file again for it (each call, while a model edits and lists) keeps nothing a call
  // can use. Once it settled, the file is written and the next call is answered from it.
  it('a file added in a folder changed within the racy window: the kept file is not written again until it settled', async () => {
    await both();
    const file = await keptFile();
    const before = await stat(file);
    await writeFile(join(root, 'src/m1/d7/new.ts'), 'x\n');
    expect(await both()).toEqual({ answered: 0, relisted: 1 });
    expect(await both()).toEqual({ answered: 0, relisted: 1 });
    const after = await stat(file);
    expect([after.ino, after.mtimeMs]).toEqual([before.ino, before.mtimeMs]);
    await clock.pass();
    expect(await both()).toEqual({ answered: 0, relisted: 1 });
    expect(await both()).toEqual({ answered: 1, relisted: 0 });
  });

  // The engine never gives a state folder inside the workspace (state-dir.ts moves it out); the kept listing's
  // file is refused there too, so a file the workspace holds is never read as one.
  it('a kept listing is never kept or read inside the workspace', async () => {
    const inside = join(root, 'state');
    await mkdir(inside);
    await age();
    for (let call = 0; call < 2; call++) await tree(await engineOn(inside), {});
    const written = await readdir(inside, { recursive: true });
    expect(written.filter((name) => name.endsWith('tree-listing.json'))).toEqual([]);
    expect(keptListingFile(join(root, 'state/workspaces/x'), root, 'tree-listing.json')).toBeUndefined();
    expect(keptListingFile(state, root, 'tree-listing.json')).toBe(join(state, 'tree-listing.json'));
  });
});
