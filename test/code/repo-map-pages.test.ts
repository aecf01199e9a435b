// A repo map page is kept in the state folder (issue 30: CLI warm repo-map <= 1 s on 20 k files: each CLI
// call is a new process): a new engine asked the same page of the same files serves it without ranking, and
// any change to the files or the question is a new page.
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createEngine } from '../../src/index.js';
import { removeDir, tempDir, writeFiles } from '../helpers/fixture.js';

let root: string;
let state: string;
beforeEach(async () => {
  root = await tempDir('codeward-map-pages-');
  state = await tempDir('codeward-state-');
  await writeFiles(root, {
    'src/a.ts': 'export function alpha(): number { return beta(); }\n',
    'src/b.ts': 'export function beta(): number { return 1; }\nexport class Gamma { run(): number { return alpha(); } }\n',
  });
});
afterEach(async () => {
  await removeDir(root);
  await removeDir(state);
});

// Each call from a new engine, as each CLI call is a new process.
interface Page { map: string; parsed: number; files: number; skipped: { path: string }[] }
async function map(args: Record<string, unknown> = {}): Promise<Page> {
  const engine = await createEngine({ workspace: root, env: { ...process.env, CODEWARD_STATE_DIR: state } });
  try {
    const result = await engine.run({ cmd: 'repo-map', args: { budget: 200, ...args } });
    expect(result.ok, JSON.stringify(result)).toBe(true);
    return (result as unknown as { data: Page }).data;
  } finally {
    await engine.close();
  }
}

// Puts a marker in place of every kept page's text: a page served from the file shows it.
async function pagesFile(): Promise<string> {
  const found = (await readdir(state, { recursive: true })).filter((path) => path.endsWith('/repo-map-pages.json'));
  expect(found).toHaveLength(1);
  return join(state, found[0]!);
}

async function markPages(): Promise<void> {
  const file = await pagesFile();
  const pages = JSON.parse(await readFile(file, 'utf8')) as [string, { map: string }][];
  await writeFile(file, JSON.stringify(pages.map(([key, page]) => [key, { ...page, map: 'KEPT PAGE' }])));
}

describe('repo-map pages kept in the state folder', () => {
  it('a new engine serves the same page of unchanged files from the state folder', async () => {
    await writeFiles(root, { 'src/huge.min.js': 'x' });
    const first = await map();
    expect(first.map).toContain('alpha');
    await markPages();
    expect(await map()).toMatchObject({ map: 'KEPT PAGE', parsed: 0, files: first.files, skipped: first.skipped });
    expect(first.skipped).toEqual([expect.objectContaining({ path: 'src/huge.min.js' })]);
  });

  it('another question, a changed file, an added file: ranked again', async () => {
    await map();
    await markPages();
    expect((await map({ budget: 300 })).map).toContain('alpha');
    expect((await map({ names: 'beta' })).map).toContain('beta');
    await markPages();
    await writeFile(join(root, 'src/a.ts'), 'export function alphaTwo(): number { return beta(); }\n');
    expect((await map()).map).toContain('alphaTwo');
    await markPages();
    await writeFiles(root, { 'src/c.ts': 'export function delta(): number { return 2; }\n' });
    expect((await map()).map).toContain('delta');
  });

  it('a damaged pages file is no page', async () => {
    await map();
    await writeFile(await pagesFile(), '{"not": "pages"');
    expect((await map()).map).toContain('alpha');
  });
});
