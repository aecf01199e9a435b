import { describe, expect, it } from 'vitest';
import { engineFor, tempDir, writeFiles } from '../helpers/fixture.js';

// rg --files lists names separated by NUL: a name holding a newline stays one path.
describe.skipIf(process.platform === 'win32')('search over path names', () => {
  it('keeps a file name with a newline whole', async () => {
    const root = await tempDir();
    await writeFiles(root, { 'bill\ning.txt': 'x', 'billing2.txt': 'x', 'other.txt': 'x' });
    const engine = await engineFor(root);
    const envelope = await engine.run({ cmd: 'search', args: { term: 'bill', searchPaths: true, searchContent: false } });
    expect(envelope.ok).toBe(true);
    const data = (envelope as { data: { pathMatches: { path: string }[]; engine: string } }).data;
    expect(data.engine).toBe('ripgrep');
    expect(data.pathMatches.map((match) => match.path).sort()).toEqual(['bill\ning.txt', 'billing2.txt']);
  });
});
