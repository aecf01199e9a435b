import { symlink, utimes } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Engine } from '../../src/index.js';
import { searchCommand, type SearchData } from '../../src/commands/search.js';
import { engineFor, removeDir, runCli, tempDir, writeFiles } from '../helpers/fixture.js';

// Search for models: modes files and count, ordering, pages that join up, the caps per mode, the
// collection ceiling, and the CLI's full output with --all. Both engines (ripgrep, the Node scan) agree.

let root: string;
let outside: string;
let engine: Engine;
const saved = process.env.CODEWARD_RG_PATH;

beforeAll(async () => {
  root = await tempDir();
  outside = await tempDir();
  const files: Record<string, string> = {};
  for (let index = 0; index < 40; index += 1) files[`src/m${String(index).padStart(2, '0')}.ts`] = `// needle ${index}\nconst x = 1;\n${'needle\n'.repeat(index % 3)}`;
  files['notes/a\nb.md'] = 'needle in a name with a newline\n';
  files['.env'] = 'needle=secret\n';
  files['secrets/key.txt'] = 'needle secret\n';
  files['big/lines.txt'] = 'needle\n'.repeat(100_010);
  await writeFiles(root, files);
  await writeFiles(outside, { 'leak.txt': 'needle outside\n' });
  await symlink(join(outside, 'leak.txt'), join(root, 'src/zz-link.ts'));
  await symlink(outside, join(root, 'linkdir'));
  await utimes(join(root, 'src/m07.ts'), new Date(), new Date(Date.now() + 120_000));
  engine = await engineFor(root);
}, 60_000);

afterAll(async () => {
  await removeDir(root);
  await removeDir(outside);
});

afterEach(() => {
  if (saved === undefined) delete process.env.CODEWARD_RG_PATH;
  else process.env.CODEWARD_RG_PATH = saved;
});

async function search(args: Record<string, unknown>): Promise<SearchData> {
  const envelope = await engine.run({ cmd: 'search', args });
  if (!envelope.ok) throw new Error(JSON.stringify(envelope.error));
  return envelope.data as SearchData;
}

const engines = [['ripgrep', undefined], ['node', '/nonexistent/rg']] as const;

describe.each(engines)('search modes (%s)', (name, rgPath) => {
  const run = (args: Record<string, unknown>): Promise<SearchData> => {
    if (rgPath !== undefined) process.env.CODEWARD_RG_PATH = rgPath;
    return search({ glob: '!big/**', ...args });
  };

  it('files: every file with a match once, in path order, nothing non-accessible or outside the workspace', async () => {
    const data = await run({ term: 'needle', mode: 'files' });
    expect(data.engine).toBe(name);
    const paths = data.files!.map((hit) => hit.path);
    expect(paths).toEqual(['notes/a\nb.md', ...Array.from({ length: 40 }, (_, index) => `src/m${String(index).padStart(2, '0')}.ts`)]);
    expect(data).toMatchObject({ total: 41, complete: true, nextOffset: null, truncated: false, matches: [] });
    const hidden = await run({ term: 'needle', mode: 'files', includeHidden: true, dir: '.' });
    expect(hidden.files!.map((hit) => hit.path).filter((path) => /env|secret|leak|link/.test(path))).toEqual([]);
  });

  it('count: matching lines per file; the sum is the content total', async () => {
    const data = await run({ term: 'needle', mode: 'count', maxResults: 5 });
    expect(data.files).toEqual([{ path: 'notes/a\nb.md', count: 1 }, { path: 'src/m00.ts', count: 1 }, { path: 'src/m01.ts', count: 2 }, { path: 'src/m02.ts', count: 3 }, { path: 'src/m03.ts', count: 1 }]);
    // By path, the search stops after the page: "more than 5".
    expect(data).toMatchObject({ total: 5, complete: false, nextOffset: 5, cappedBy: 'maxResults', truncated: true });
    expect(searchCommand.format(data).split('\n').at(-2)).toMatch(/^\[files 1-5 of more than 5(; built-in scanner)?\]$/);
    const newest = await run({ term: 'needle', mode: 'count', maxResults: 5, sort: 'modified' });
    expect(newest).toMatchObject({ total: 41, complete: true, nextOffset: 5 });
    expect(newest.files![0]).toEqual({ path: 'src/m07.ts', count: 2 });
    const all = await run({ term: 'needle', mode: 'count', all: true });
    const content = await run({ term: 'needle', all: true });
    expect(all.files!.reduce((sum, hit) => sum + hit.count!, 0)).toBe(content.total);
    expect(content.matches).toHaveLength(content.total);
  });

  it('pages by offset join up to the whole result, newest file first with --sort modified', async () => {
    const whole = await run({ term: 'needle', sort: 'modified', all: true });
    expect(whole.matches[0]!.path).toBe('src/m07.ts');
    const joined: string[] = [];
    let offset: number | null = 0;
    let pages = 0;
    while (offset !== null) {
      const page: SearchData = await run({ term: 'needle', sort: 'modified', offset, maxResults: 7 });
      expect(page.offset).toBe(offset);
      expect(page.matches.length).toBeLessThanOrEqual(7);
      joined.push(...page.matches.map((match) => `${match.path}:${match.line}`));
      offset = page.nextOffset;
      pages += 1;
    }
    expect(pages).toBe(Math.ceil(whole.total / 7));
    expect(joined).toEqual(whole.matches.map((match) => `${match.path}:${match.line}`));
    const bytes = await run({ term: 'needle', maxBytes: 200 });
    expect(bytes).toMatchObject({ cappedBy: 'maxBytes', truncated: true });
    expect(bytes.matches.length).toBeGreaterThan(0);
    expect(bytes.nextOffset).toBe(bytes.matches.length);
    const past = await run({ term: 'needle', offset: 10_000 });
    expect(past).toMatchObject({ matches: [], nextOffset: null, total: whole.total });
  });

  it('a glob that leaves nothing to search is a warning and no files, as in mode content', async () => {
    for (const mode of ['files', 'count', 'content']) {
      if (rgPath !== undefined) process.env.CODEWARD_RG_PATH = rgPath;
      const envelope = await engine.run({ cmd: 'search', args: { term: 'needle', mode, glob: '.env,secrets/**', includeHidden: true } });
      expect(envelope, mode).toMatchObject({ ok: true, data: { matches: [], total: 0 } });
      if (name === 'ripgrep') expect(envelope.warnings.join('\n'), mode).toContain('no file was searched');
    }
  });

  it('refuses --context and --no-search-content outside mode content', async () => {
    if (rgPath !== undefined) process.env.CODEWARD_RG_PATH = rgPath;
    const context = await engine.run({ cmd: 'search', args: { term: 'needle', mode: 'files', context: 1 } });
    expect(context).toMatchObject({ ok: false, error: { code: 'C210', message: expect.stringContaining('--mode content') } });
    const names = await engine.run({ cmd: 'search', args: { term: 'needle', mode: 'count', searchContent: false, searchPaths: true } });
    expect(names).toMatchObject({ ok: false, error: { code: 'C210' } });
  });
});

describe.each(engines)('pages by path (%s)', (_name, rgPath) => {
  it('join up to the whole result in tree order (names that sort differently whole and per folder), each result once', async () => {
    if (rgPath !== undefined) process.env.CODEWARD_RG_PATH = rgPath;
    const names = ['a.txt', 'a/x.txt', 'a-b/y.txt', 'B.txt', 'b/c/d.txt', 'é.txt', '😀.txt', '\uE000.txt', 'z 1.txt', 'z10.txt', 'z2.txt'];
    const dir = await tempDir();
    try {
      await writeFiles(dir, Object.fromEntries(names.map((name) => [name, 'hit\nhit\n'])));
      const own = await engineFor(dir);
      for (const mode of ['content', 'files', 'count'] as const) {
        const whole = (await own.run({ cmd: 'search', args: { term: 'hit', mode, all: true } })).data as SearchData;
        const key = (data: SearchData): string[] => (mode === 'content' ? data.matches.map((match) => `${match.path}:${match.line}`) : data.files!.map((hit) => `${hit.path}:${hit.count ?? ''}`));
        const joined: string[] = [];
        let offset: number | null = 0;
        while (offset !== null) {
          const page = (await own.run({ cmd: 'search', args: { term: 'hit', mode, offset, maxResults: 3 } })).data as SearchData;
          joined.push(...key(page));
          offset = page.nextOffset;
        }
        expect([...joined].sort(), mode).toEqual([...key(whole)].sort());
        expect(new Set(joined).size, mode).toBe(joined.length);
        // Apart from names past U+FFFF (UTF-16 and UTF-8 order them differently), the order is the same.
        const bmp = (list: string[]) => list.filter((item) => !item.includes('😀') && !item.includes('\uE000'));
        expect(bmp(joined), mode).toEqual(bmp(key(whole)));
      }
    } finally {
      await removeDir(dir);
    }
  });
});

describe('search caps', () => {
  it('newest first stops collecting at 100,000 matching lines and says the total is a lower bound; --all collects every line', async () => {
    const byPath = await search({ term: 'needle', dir: 'big' });
    expect(byPath).toMatchObject({ total: 200, complete: false, truncated: true, nextOffset: 200 });
    const capped = await search({ term: 'needle', dir: 'big', sort: 'modified' });
    expect(capped).toMatchObject({ total: 100_000, complete: false, truncated: true, nextOffset: 200 });
    expect(searchCommand.format(capped)).toContain('[matches 1-200 of more than 100000 in at least 1 file; newest first]');
    const all = await search({ term: 'needle', dir: 'big', all: true, mode: 'count' });
    expect(all.files).toEqual([{ path: 'big/lines.txt', count: 100_010 }]);
  }, 30_000);

  it('the real binary: default caps with a note naming the next offset; --all prints every result', () => {
    const capped = runCli(['-C', root, 'search', 'needle', '--glob', '!big/**', '--max-results', '10']);
    const lines = capped.stdout.trimEnd().split('\n');
    expect(lines.filter((line) => line.startsWith('src/') || line.startsWith('b.md:'))).toHaveLength(10);
    expect(lines.at(-2)).toMatch(/^\[matches 1-10 of more than 10 in at least \d+ files?\]$/);
    expect(lines.at(-1)).toBe('[stopped at --max-results: continue with --offset 10; or narrow with --glob or --dir, raise --max-results, or --all for every result]');
    // --all lifts --max-results and --max-bytes .
    const all = runCli(['-C', root, 'search', 'needle', '--glob', '!big/**', '--all', '--max-results', '1', '--max-bytes', '100']);
    const total = /^\[(\d+) matches in 41 files\]$/.exec(all.stdout.trimEnd().split('\n').at(-1)!)?.[1];
    expect(Number(total)).toBeGreaterThan(60);
    expect(all.stdout.split('\n').filter((line) => line.startsWith('src/') || line === 'b.md:1:1: needle in a name with a newline')).toHaveLength(Number(total));
    expect(all.stdout.trimEnd().split('\n').at(-1)).toBe(`[${total} matches in 41 files]`);
    const files = runCli(['-C', root, 'search', 'needle', '--mode', 'files', '--dir', 'src', '--sort', 'modified', '--max-results', '2']);
    const listed = files.stdout.split('\n');
    expect(listed[0]).toBe('src/m07.ts');
    expect(listed[2]).toBe('[files 1-2 of 40; newest first]');
  }, 30_000);
});
