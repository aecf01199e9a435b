import { symlink } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { dependencies, footprint } from '../../../src/agent/loop/schedule.js';
import { truncateMiddle } from '../../../src/agent/loop/truncate.js';
import { engineFor, tempDir, writeFiles } from '../../helpers/fixture.js';

const env = { HOME: '/nonexistent-home' };

async function plans(calls: string[]) {
  const root = await tempDir();
  await writeFiles(root, { 'a.ts': 'a\n', 'src/b.ts': 'b\n' });
  const engine = await engineFor(root);
  return dependencies(calls.map((call) => footprint(engine, call, env)));
}

describe('scheduling the calls of one answer', () => {
  it('runs reads in parallel and orders a write after a read of the same file', async () => {
    const deps = await plans(['read --file a.ts', 'read --file src/b.ts', 'search --term x', 'patch --file a.ts --search a --replace b', 'read --file ./a.ts']);
    expect(deps[0]).toEqual([]);
    expect(deps[1]).toEqual([]);
    expect(deps[2]).toEqual([]);
    // The patch waits for the read of a.ts and for the search over the whole tree, not for src/b.ts.
    expect(deps[3]).toEqual([0, 2]);
    // A read after the patch (same file, spelt differently) waits for it.
    expect(deps[4]).toEqual([3]);
  });

  it('treats a shell command as a barrier in both directions', async () => {
    const deps = await plans(['read --file a.ts', 'exec --cmd "npm test"', 'read --file src/b.ts']);
    expect(deps).toEqual([[], [0], [1]]);
  });

  it('a write inside a folder conflicts with a listing of that folder', async () => {
    const deps = await plans(['tree --dir src', 'write --file src/c.ts --content x', 'write --file d.ts --content y']);
    expect(deps).toEqual([[], [0], []]);
  });

  it('a call the engine rejects touches nothing', async () => {
    const deps = await plans(['write --file a.ts --content x', 'read --nope', '{"cmd":"read"']);
    expect(deps).toEqual([[], [], []]);
  });

  it('paths are compared after the workspace root is applied, symlinked spellings aside', async () => {
    const root = await tempDir();
    await writeFiles(root, { 'a.ts': 'a\n' });
    await symlink(join(root, 'a.ts'), join(root, 'link.ts'));
    const engine = await engineFor(root);
    const deps = dependencies(['write --file a.ts --content x', `read --file ${join(root, 'a.ts')}`].map((call) => footprint(engine, call, env)));
    expect(deps).toEqual([[], [0]]);
  });
});

describe('truncateMiddle', () => {
  it('keeps short text and cuts long text to head and tail with the count', () => {
    expect(truncateMiddle('short', 100)).toBe('short');
    const lines = Array.from({ length: 1000 }, (_, index) => `line ${index}`).join('\n');
    const cut = truncateMiddle(lines, 400);
    expect(cut.length).toBeLessThan(500);
    expect(cut.startsWith('line 0\n')).toBe(true);
    expect(cut.endsWith('line 999')).toBe(true);
    const omitted = Number(/\[\.\.\. (\d+) characters omitted \.\.\.\]/.exec(cut)![1]);
    expect(cut.length - omitted).toBeLessThan(cut.length);
    expect(cut.replace(/\n\[\.\.\. \d+ characters omitted \.\.\.\]\n/, '').length + omitted).toBe(lines.length);
  });
});
