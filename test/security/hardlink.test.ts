// Red team of the handle jail: a hard link in the workspace to an outside file is the outside inode
// itself (no symlink to refuse). Writes must replace the link, never write into the outside inode;
// delete removes the link only; patch and rollback likewise.
import { link, readFile, stat, writeFile, mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createEngine, type Engine } from '../../src/index.js';
import { removeDir, tempDir } from '../helpers/fixture.js';

let base: string;
let root: string;
let victim: string;
let engine: Engine;
let state: string;

beforeEach(async () => {
  base = await tempDir('codeward-hardlink-');
  state = await tempDir('codeward-hardlink-state-');
  root = join(base, 'ws');
  await mkdir(root);
  victim = join(base, 'victim.txt');
  await writeFile(victim, 'outside original\n');
  await link(victim, join(root, 'linked.txt'));
  engine = await createEngine({ workspace: root, env: { ...process.env, CODEWARD_STATE_DIR: state } });
});
afterEach(async () => {
  await engine.close();
  await removeDir(base);
  await removeDir(state);
});

describe('hard links to outside files', () => {
  it('write, patch, update, rollback and delete never change the outside inode', async () => {
    const ino = (await stat(victim)).ino;
    for (const call of [
      { cmd: 'write', args: { file: 'linked.txt', content: 'new\n' } },
      { cmd: 'rollback', args: { file: 'linked.txt' } },
      { cmd: 'patch', args: { file: 'linked.txt', search: 'outside', replace: 'patched' } },
      { cmd: 'update', args: { files: [{ path: 'linked.txt', ops: [{ op: 'insert', at_line: 1, content: 'x' }] }] } },
      { cmd: 'multipatch', args: { edits: [{ file: 'linked.txt', search: 'x', replace: 'y' }] } },
      { cmd: 'delete', args: { paths: ['linked.txt', 'linked.txt.bak'] } },
    ]) {
      const result = await engine.run(call);
      expect(result.ok, `${call.cmd}: ${JSON.stringify(result)}`).toBe(true);
      expect(await readFile(victim, 'utf8'), call.cmd).toBe('outside original\n');
      expect((await stat(victim)).ino).toBe(ino);
    }
  });
});
