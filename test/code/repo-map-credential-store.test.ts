// The repo map's listing leaves the credential store content check (git/credential-store-content.ts, red team
// R13-17) to the jailed read of the code index (issue 30: one changed file <= 0.5 s on 20 k files; opening
// every listed file for its first KiB was most of it). A file reaches the map only from an index entry made by
// a read through the jail at the file's very stamp, so a file that turns into a store (and back) is hidden
// (and shown again) whether the engine answers from its memory, a new engine from the saved graph, or a kept
// page; and a call after one changed file opens only that file for the check. Real files, real engines.
import { appendFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createEngine } from '../../src/index.js';
import type { Engine } from '../../src/engine/engine.js';
import { removeDir, tempDir, writeFiles } from '../helpers/fixture.js';

// Every file the content check opens (the real check, recorded).
const checked = vi.hoisted(() => ({ paths: [] as string[] }));
vi.mock('../../src/git/credential-store-content.js', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../src/git/credential-store-content.js')>();
  return { ...real, isCredentialStoreFile: (path: string): boolean => {
    checked.paths.push(path);
    return real.isCredentialStoreFile(path);
  } };
});

const ORDINARY = 'export function credsHelper(): number { return alpha(); }\n';
// A store whose later lines are code (a .ts name): shown, the map would name its function and path.
const STORE = 'https://me:ghp_MAPTOKEN@github.com\nexport function credsHelper(): string { return "ghp_MAPBODY"; }\n';

let root: string;
let state: string;
const engines: Engine[] = [];
beforeEach(async () => {
  root = await tempDir('codeward-map-store-');
  state = await tempDir('codeward-state-');
  const files: Record<string, string> = {
    'src/a.ts': 'export function alpha(): number { return 1; }\n',
    'src/creds.ts': ORDINARY,
  };
  for (let at = 0; at < 30; at++) files[`src/many/m${at}.ts`] = `export function many${at}(): number { return alpha(); }\n`;
  await writeFiles(root, files);
});
afterEach(async () => {
  for (const engine of engines.splice(0)) await engine.close();
  await removeDir(root);
  await removeDir(state);
});

async function engine(): Promise<Engine> {
  const made = await createEngine({ workspace: root, env: { ...process.env, CODEWARD_STATE_DIR: state } });
  engines.push(made);
  return made;
}

interface Page { map: string; files: number; parsed: number }
async function map(on: Engine, names = ''): Promise<Page> {
  const result = await on.run({ cmd: 'repo-map', args: { budget: 2000, ...(names === '' ? {} : { names }) } });
  expect(result.ok, JSON.stringify(result)).toBe(true);
  return (result as unknown as { data: Page }).data;
}

// The files under the root checked (once each: the index resolves a changed file, then reads it, each time through the jail).
const inRoot = (): string[] => [...new Set(checked.paths.filter((path) => path.startsWith(`${root}/`)).map((path) => path.slice(root.length + 1)))];

describe('repo-map and a file that turns into a credential store', () => {
  it('is hidden once it is a store and shown again once it is not: the same engine, a new engine, a kept page', async () => {
    const same = await engine();
    const first = await map(same);
    expect(first.map).toContain('src/creds.ts');
    expect(first.files).toBe(32);

    await writeFile(join(root, 'src/creds.ts'), STORE);
    for (const page of [await map(same), await map(await engine()), await map(await engine(), 'credsHelper')]) {
      expect(page.map).not.toContain('creds.ts');
      expect(JSON.stringify(page)).not.toMatch(/ghp_MAP/);
      expect(page.files).toBe(31);
    }

    await writeFile(join(root, 'src/creds.ts'), `${ORDINARY}// no longer a store\n`);
    for (const page of [await map(same), await map(await engine()), await map(await engine(), 'credsHelper')]) {
      expect(page.map).toContain('src/creds.ts');
      expect(page.files).toBe(32);
    }
  });

  it('a store from the start never shows, whatever the question, a new engine asking after it', async () => {
    await writeFile(join(root, 'src/creds.ts'), STORE);
    for (const names of ['', 'credsHelper', '']) {
      const page = await map(await engine(), names);
      expect(page.map).not.toContain('creds.ts');
      expect(JSON.stringify(page)).not.toMatch(/ghp_MAP/);
    }
  });

  it('after one changed file, only that file is opened for the content check (none when nothing changed)', async () => {
    const same = await engine();
    await map(same);
    checked.paths.length = 0;
    await map(same);
    expect(inRoot()).toEqual([]);
    await appendFile(join(root, 'src/many/m7.ts'), '// changed\n');
    await map(same);
    expect(inRoot()).toEqual(['src/many/m7.ts']);
    // A new engine (a new process: the saved graph) after another change.
    checked.paths.length = 0;
    await appendFile(join(root, 'src/many/m8.ts'), '// changed\n');
    await map(await engine(), 'alpha');
    expect(inRoot()).toEqual(['src/many/m8.ts']);
  });
});
