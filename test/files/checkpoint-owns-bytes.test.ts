// Issue 26 class 6: the checkpoint store owns its bytes. From the attacker's side, through the real binary: a
// sandboxed command gives a file a second name (`ln f f2`), codeward edits f (its previous version goes to the
// store), the attacker writes through f2; undo must still put back f's exact original bytes. Held-back variants:
// delete instead of edit, a multi-file call, a `.bak` beside the file, a store written by an older version whose
// blob is still a hard link into the workspace, and a damaged blob (refused with nothing changed).
import { linkSync } from 'node:fs';
import { chmod, lstat, mkdir, readdir, readFile, rename, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { removeDir, runCli, tempDir } from '../helpers/fixture.js';
import { stateDirFor } from '../../src/engine/state-dir.js';
import { sha256 } from '../../src/files/checkpoints/state.js';
import { BLOB_MODE, getBlob, putBlob, sealBlob } from '../../src/files/checkpoints/blobs.js';
import { Beneath } from '../../src/workspace/beneath.js';

let root: string;
let state: string;

beforeEach(async () => {
  root = await tempDir('cw-owns-');
  state = await tempDir('cw-owns-state-');
});

afterEach(async () => {
  await removeDir(root);
  await removeDir(state);
});

const ORIGINAL = 'original bytes\r\nsecond line\n';
const cli = (...args: string[]) => runCli(['-C', root, '--json', ...args], { env: { CODEWARD_STATE_DIR: state } });
const ok = (...args: string[]) => {
  const result = cli(...args);
  expect(result.json, `${args.join(' ')}: ${result.stderr}`).toMatchObject({ ok: true });
  return result.json;
};
const text = (name: string): Promise<string> => readFile(join(root, name), 'utf8');
const blobsDir = (): string => join(stateDirFor(root, { ...process.env, CODEWARD_STATE_DIR: state }), 'checkpoints', 'blobs');

async function blobs(): Promise<string[]> {
  const found: string[] = [];
  for (const prefix of await readdir(blobsDir()).catch(() => [] as string[])) {
    for (const name of await readdir(join(blobsDir(), prefix))) if (/^[0-9a-f]{64}$/.test(name)) found.push(join(blobsDir(), prefix, name));
  }
  return found;
}

// No blob shares its inode with anything (the workspace cannot reach it) and none is writable.
async function expectOwnedReadOnly(): Promise<void> {
  const all = await blobs();
  expect(all.length).toBeGreaterThan(0);
  for (const path of all) {
    const st = await lstat(path);
    expect({ path, nlink: st.nlink, writable: (st.mode & 0o222) !== 0 }).toEqual({ path, nlink: 1, writable: false });
  }
}

// In place (--no-stage): the hard links must exist in the workspace itself; a staged run (the default)
// applies its change set as its own undo step (test/shell/stage.test.ts).
describe('a second name made by a sandboxed command cannot rewrite a saved version', () => {
  it('ln f f2 (sandboxed exec), write f, write through f2: undo restores f exactly', async () => {
    await writeFile(join(root, 'f'), ORIGINAL);
    ok('exec', '--no-stage', '--cmd', 'ln f f2');
    ok('write', '--file', 'f', '--content', 'codeward edit\n');
    ok('exec', '--no-stage', '--cmd', "printf 'attacker bytes' > f2");
    ok('undo');
    expect(await text('f')).toBe(ORIGINAL);
    await expectOwnedReadOnly();
  });

  it('the same with patch, and with the link made in the sandbox after an earlier codeward edit', async () => {
    await writeFile(join(root, 'f'), ORIGINAL);
    ok('write', '--file', 'f', '--content', 'v1 of f\n');
    ok('exec', '--no-stage', '--cmd', 'ln f f2');
    ok('patch', '--file', 'f', '--search', 'v1', '--replace', 'v2');
    ok('exec', '--no-stage', '--cmd', "printf 'attacker' > f2");
    ok('undo');
    expect(await text('f')).toBe('v1 of f\n');
    ok('undo');
    expect(await text('f')).toBe(ORIGINAL);
  });

  it('delete f (f2 still names it), write through f2: undo brings f back exactly', async () => {
    await writeFile(join(root, 'f'), ORIGINAL);
    ok('exec', '--no-stage', '--cmd', 'ln f f2');
    ok('delete', '--paths', '["f"]');
    ok('exec', '--no-stage', '--cmd', "printf 'attacker' > f2");
    ok('undo');
    expect(await text('f')).toBe(ORIGINAL);
    await expectOwnedReadOnly();
  });

  it('a multipatch over two linked files: both come back exactly', async () => {
    await writeFile(join(root, 'a'), 'alpha one\n');
    await writeFile(join(root, 'b'), 'beta one\n');
    ok('exec', '--no-stage', '--cmd', 'ln a a2 && ln b b2');
    ok('multipatch', '--edits', JSON.stringify([{ file: 'a', search: 'one', replace: 'two' }, { file: 'b', search: 'one', replace: 'two' }]));
    ok('exec', '--no-stage', '--cmd', "printf x > a2; printf y > b2");
    ok('undo');
    expect([await text('a'), await text('b')]).toEqual(['alpha one\n', 'beta one\n']);
  });

  it('backups "beside": the .bak is a copy of its own when the file has another name', async () => {
    await mkdir(join(root, '.codeward'));
    await writeFile(join(root, '.codeward', 'config.json'), '{"backups": "beside"}');
    await writeFile(join(root, 'f'), ORIGINAL);
    linkSync(join(root, 'f'), join(root, 'f2'));
    ok('write', '--file', 'f', '--content', 'new\n');
    await writeFile(join(root, 'f2'), 'attacker');
    expect(await text('f.bak')).toBe(ORIGINAL);
  });
});

describe('a store written before blobs owned their bytes', () => {
  it('a blob that is still a hard link into the workspace is copied apart before it is used again', async () => {
    await writeFile(join(root, 'g'), ORIGINAL);
    await writeFile(join(root, 'h'), 'other\n');
    // An older version stored h's earlier content "ORIGINAL" as a link; the workspace file w still names it.
    ok('write', '--file', 'h', '--content', 'warm-up\n');
    const hash = sha256(Buffer.from(ORIGINAL));
    const blob = join(blobsDir(), hash.slice(0, 2), hash);
    await writeFile(join(root, 'w'), ORIGINAL);
    await mkdir(dirname(blob), { recursive: true });
    linkSync(join(root, 'w'), blob);
    ok('write', '--file', 'g', '--content', 'changed\n');
    await chmod(join(root, 'w'), 0o644);
    await writeFile(join(root, 'w'), 'attacker bytes!!!!!!!!!!!!!!');
    ok('undo');
    expect(await text('g')).toBe(ORIGINAL);
  });
});

describe('restore verifies every blob by its hash', () => {
  it('a damaged blob is refused with a clear error and no file of the call is restored', async () => {
    await writeFile(join(root, 'a'), 'alpha one\n');
    await writeFile(join(root, 'b'), 'beta one\n');
    ok('multipatch', '--edits', JSON.stringify([{ file: 'a', search: 'one', replace: 'two' }, { file: 'b', search: 'one', replace: 'two' }]));
    const hash = sha256(Buffer.from('beta one\n'));
    const blob = join(blobsDir(), hash.slice(0, 2), hash);
    await chmod(blob, 0o600);
    await writeFile(blob, 'tampered\n');
    const result = cli('undo');
    expect(result.json.error?.code).toBe('C224');
    expect(result.json.error?.message).toMatch(/saved version of b is damaged.*not restored/);
    expect([await text('a'), await text('b')]).toEqual(['alpha two\n', 'beta two\n']);
  });
});

// The moment between linking the file into the store and replacing it: a racer that makes another name then
// (or a write that failed and left the file in place) must not leave the blob reachable from the workspace.
describe('a blob linked from a file owns its inode once sealed', () => {
  const setUp = async (): Promise<{ jail: Beneath; real: string; hash: string; blob: string; store: string; ino: number }> => {
    const real = join(root, 'f');
    await writeFile(real, ORIGINAL);
    const hash = sha256(Buffer.from(ORIGINAL));
    const store = join(state, 'store');
    const jail = new Beneath(root);
    const ino = (await lstat(real)).ino;
    expect(await putBlob(store, undefined, hash, { jail, real, ino })).toBe('linked');
    return { jail, real, hash, store, ino, blob: join(store, 'blobs', hash.slice(0, 2), hash) };
  };

  it('another name made before the replace: the blob is copied apart, and writing that name changes nothing', async () => {
    const { real, hash, store, blob } = await setUp();
    linkSync(real, join(root, 'f3'));
    await writeFile(join(root, 'new'), 'replacement');
    await rename(join(root, 'new'), real);
    await sealBlob(store, hash);
    await writeFile(join(root, 'f3'), 'attacker');
    expect((await lstat(blob)).nlink).toBe(1);
    expect(await getBlob(store, hash)).toEqual(Buffer.from(ORIGINAL));
  });

  it('a write that never replaced the file: the blob is a copy of its own, the file keeps one name and its mode', async () => {
    const { real, hash, store, blob } = await setUp();
    await sealBlob(store, hash);
    expect([(await lstat(blob)).nlink, (await lstat(real)).nlink, (await lstat(real)).mode & 0o777]).toEqual([1, 1, 0o644 & ~process.umask()]);
    expect((await lstat(blob)).mode & 0o777).toBe(BLOB_MODE);
  });

  it('a file that already has a second name is never linked', async () => {
    const real = join(root, 'f');
    await writeFile(real, ORIGINAL);
    linkSync(real, join(root, 'f2'));
    const hash = sha256(Buffer.from(ORIGINAL));
    const store = join(state, 'store');
    expect(await putBlob(store, undefined, hash, { jail: new Beneath(root), real, ino: (await lstat(real)).ino })).toBe('copied');
    expect((await lstat(real)).nlink).toBe(2);
  });
});
