import { symlink } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Engine } from '../../src/index.js';
import { engineFor, removeDir, tempDir, writeFiles } from '../helpers/fixture.js';

let root: string;
let engine: Engine;
beforeEach(async () => {
  root = await tempDir();
  await writeFiles(root, {
    '.gitignore': 'build/\n*.log\n',
    'README.md': '',
    'src/app.ts': '',
    'src/util/str.ts': '',
    'src/util/str.go': '',
    'src/.gitignore': 'generated.ts\n',
    'src/generated.ts': '',
    'build/out.js': '',
    'debug.log': '',
    '.hidden/x': '',
    'node_modules/pkg/index.js': '',
    'vendor/lib.go': '',
    '.git/HEAD': 'ref\n',
    '.env': 'X=1',
    'secrets/token.txt': '',
  });
  engine = await engineFor(root);
});
afterEach(async () => removeDir(root));

type Entry = { path: string; type: string; nonAccessible?: true };
async function paths(args: Record<string, unknown>): Promise<string[]> {
  const envelope = await engine.run({ cmd: 'tree', args });
  if (!envelope.ok) throw new Error(JSON.stringify(envelope));
  return (envelope.data as { entries: Entry[] }).entries.map((entry) => entry.path);
}

describe('tree', () => {
  it('skips .git, dot-files, node_modules, vendor and gitignored paths (nested .gitignore too)', async () => {
    expect(await paths({})).toEqual(['README.md', 'secrets', 'secrets/token.txt', 'src', 'src/app.ts', 'src/util', 'src/util/str.go', 'src/util/str.ts']);
  });

  it('--include-hidden shows everything but .git', async () => {
    const all = await paths({ includeHidden: true });
    expect(all).toContain('node_modules/pkg/index.js');
    expect(all).toContain('build/out.js');
    expect(all).toContain('.env');
    expect(all).toContain('src/generated.ts');
    expect(all.some((path) => path.startsWith('.git/') || path === '.git')).toBe(false);
  });

  it('flags non-accessible entries instead of hiding them', async () => {
    const envelope = await engine.run({ cmd: 'tree', args: { includeHidden: true } });
    const entries = (envelope.ok ? envelope.data : { entries: [] }) as { entries: Entry[] };
    expect(entries.entries.find((entry) => entry.path === '.env')).toEqual({ path: '.env', type: 'file', nonAccessible: true });
    expect(entries.entries.find((entry) => entry.path === 'secrets/token.txt')?.nonAccessible).toBe(true);
    expect(entries.entries.find((entry) => entry.path === 'README.md')?.nonAccessible).toBeUndefined();
  });

  it('--max-depth 1 lists direct children; --dir lists a subfolder with workspace-relative paths', async () => {
    expect(await paths({ maxDepth: 1 })).toEqual(['README.md', 'secrets', 'src']);
    expect(await paths({ dir: 'src' })).toEqual(['src/app.ts', 'src/util', 'src/util/str.go', 'src/util/str.ts']);
  });

  it('--glob keeps matching files and the folders leading to them', async () => {
    expect(await paths({ glob: '*.go' })).toEqual(['src', 'src/util', 'src/util/str.go']);
    expect(await paths({ dir: 'src', glob: 'util/*.ts' })).toEqual(['src/util', 'src/util/str.ts']);
  });

  it('--max-entries truncates', async () => {
    const envelope = await engine.run({ cmd: 'tree', args: { maxEntries: 2 } });
    expect(envelope).toMatchObject({ ok: true, data: { truncated: true, entries: [{ path: 'README.md' }, { path: 'secrets' }] } });
  });

  it('lists symlinks without following them (an outside link cannot leak a listing)', async () => {
    await symlink('/etc', join(root, 'etc-link'));
    const envelope = await engine.run({ cmd: 'tree', args: {} });
    const entries = (envelope.ok ? envelope.data : { entries: [] }) as { entries: Entry[] };
    expect(entries.entries.find((entry) => entry.path === 'etc-link')).toEqual({ path: 'etc-link', type: 'symlink' });
    expect(entries.entries.some((entry) => entry.path.startsWith('etc-link/'))).toBe(false);
  });

  it('renders an indented tree', async () => {
    const envelope = await engine.run({ cmd: 'tree', args: { dir: 'src' } });
    expect(engine.registry.get('tree').format(envelope.ok ? envelope.data : undefined)).toBe('src/\napp.ts\nutil/\n  str.go\n  str.ts');
  });

  it('refuses a file, a missing folder and an escape', async () => {
    expect(await engine.run({ cmd: 'tree', args: { dir: 'README.md' } })).toMatchObject({ ok: false, error: { code: 'C210' } });
    expect(await engine.run({ cmd: 'tree', args: { dir: 'nope' } })).toMatchObject({ ok: false, error: { code: 'C211' } });
    expect(await engine.run({ cmd: 'tree', args: { dir: '..' } })).toMatchObject({ ok: false, error: { code: 'C215' } });
  });
});

describe('tree over many folders', () => {
  it('walks every folder in order, across the turns it gives the event loop', async () => {
    const files: Record<string, string> = { '.gitignore': 'build/\n*.log\nskip-*/\n' };
    const expected: string[] = [];
    for (let index = 0; index < 700; index += 1) {
      const folder = `d${String(index).padStart(3, '0')}`;
      files[`${folder}/f.txt`] = '';
      expected.push(folder, `${folder}/f.txt`);
      if (index % 100 === 0) files[`skip-${index}/x.txt`] = '';
    }
    await writeFiles(root, files);
    const listed = (await paths({ maxEntries: 100_000 })).filter((path) => path.startsWith('d'));
    expect(listed).toEqual(expected);
    expect((await paths({ maxEntries: 100_000 })).some((path) => path.startsWith('skip-'))).toBe(false);
  });
});
