import { symlink } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { builtinCommands } from '../../../src/commands/index.js';
import { Registry } from '../../../src/engine/registry.js';
import type { Engine } from '../../../src/engine/engine.js';
import { previewCall } from '../../../src/agent/loop/preview.js';
import { createEngine } from '../../../src/setup.js';
import { removeDir, tempDir, writeFiles } from '../../helpers/fixture.js';

// Issue 17 point 3: the diff before the approval, for every kind of change (a real engine on a temp
// workspace; nothing is written by a preview).
let engine: Engine | undefined;
const dirs: string[] = [];
afterEach(async () => {
  await engine?.close();
  engine = undefined;
  await Promise.all(dirs.splice(0).map(removeDir));
});

async function workspace(): Promise<string> {
  const root = await tempDir('codeward-preview-');
  dirs.push(root);
  await writeFiles(root, { 'a.txt': 'one\ntwo\nthree\n', 'b.txt': 'alpha\nbeta\n', 'old/x.txt': 'x\n', 'old/deep/y.txt': 'y\n' });
  engine = await createEngine({ workspace: root, env: { HOME: root }, registry: new Registry(builtinCommands) });
  return root;
}

const call = (cmd: string, args: Record<string, unknown>): string => JSON.stringify({ cmd, args });

describe('previews of every change kind', () => {
  it('multipatch shows every file it changes', async () => {
    await workspace();
    const preview = await previewCall(engine!, call('multipatch', { edits: [{ file: 'a.txt', search: 'two', replace: 'TWO' }, { file: 'b.txt', search: 'beta', replace: 'BETA' }, { file: 'a.txt', search: 'three', replace: '3' }] }));
    expect(preview?.diff).toMatch(/-two\n-three\n\+TWO\n\+3/);
    expect(preview?.diff).toContain('-beta\n+BETA');
    expect(preview?.diff).toContain('+++ b/b.txt');
  });

  it('create of a new file diffs from /dev/null; create with overwrite diffs against the old text', async () => {
    await workspace();
    const created = await previewCall(engine!, call('create', { files: [{ path: 'new/c.txt', content: 'fresh\n' }] }));
    expect(created?.diff).toContain('--- /dev/null');
    expect(created?.diff).toContain('+fresh');
    const over = await previewCall(engine!, call('create', { files: [{ path: 'a.txt', content: 'one\n', overwrite: true }] }));
    expect(over?.diff).toMatch(/-two\n-three/);
  });

  it('patch in diff mode shows the change as it will apply', async () => {
    await workspace();
    const diff = '--- a/a.txt\n+++ b/a.txt\n@@ -1,3 +1,3 @@\n one\n-two\n+deux\n three\n';
    const preview = await previewCall(engine!, call('patch', { diff }));
    expect(preview?.diff).toContain('-two\n+deux');
  });

  it('update (line operations) and write over an existing file show a diff', async () => {
    await workspace();
    const update = await previewCall(engine!, call('update', { files: [{ path: 'a.txt', ops: [{ op: 'remove', from_line: 2, to_line: 2 }] }] }));
    expect(update?.diff).toMatch(/ one\n-two\n three/);
    const write = await previewCall(engine!, call('write', { file: 'b.txt', content: 'gamma\n' }));
    expect(write?.diff).toMatch(/-alpha\n-beta\n\+gamma/);
  });

  it('delete shows what goes: a file\'s lines, a folder\'s files, a link as a link', async () => {
    const root = await workspace();
    await symlink(join(root, 'a.txt'), join(root, 'link.txt'));
    const preview = await previewCall(engine!, call('delete', { paths: ['b.txt', 'old', 'link.txt'], recursive: true }));
    expect(preview?.diff).toContain('+++ /dev/null');
    expect(preview?.diff).toContain('-alpha');
    expect(preview?.lines).toContain('removes the folder old/ and everything in it (old/deep/, old/x.txt)');
    expect(preview?.lines).toContain('removes the link link.txt (its target stays)');
  });

  it('an edit that cannot apply has no preview (the call fails with its own message)', async () => {
    await workspace();
    expect(await previewCall(engine!, call('multipatch', { edits: [{ file: 'a.txt', search: 'nothing like this', replace: 'x' }] }))).toBeUndefined();
  });
});
