// reach19 (issue 31, nodereach2 left 2): each package's own reach (node-package-reach.ts) is kept between hook
// walks, in the process and in the state folder, so a walk made again after a write reads no package file that
// did not change. A kept answer must never be stale: a package file changed, a link in it re-pointed, a file
// added where a name was missing, each is read again at the next walk, in this process and in a new one (a fresh
// FolderListings with the same kept file, the memory of this process aside). Real repositories and hooks.
import { chmodSync, existsSync, readFileSync, rmSync, statSync, symlinkSync, unlinkSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hookReached } from '../../src/permissions/obeyed-hooks.js';
import { forgetPackageReaches } from '../../src/permissions/package-reach-kept.js';
import { FolderListings } from '../../src/workspace/listings.js';
import { removeDir, tempDir, writeFiles } from '../helpers/fixture.js';
import { git } from './git-run.js';

let base: string;
beforeAll(async () => {
  base = await tempDir('cw-reach-kept-');
});
afterAll(async () => removeDir(base));

// A repository whose pre-commit runs `npx lint`, an installed package whose index requires ./a.
async function repository(name: string): Promise<string> {
  const root = join(base, name);
  await writeFiles(root, {
    'package.json': '{}\n', 'tools/y.js': '\n', 'tools/z.js': '\n', 'src/index.js': '\n',
    'node_modules/lint/package.json': JSON.stringify({ name: 'lint', bin: 'bin.js', main: 'index.js' }),
    'node_modules/lint/bin.js': '#!/usr/bin/env node\nrequire("./index");\n', 'node_modules/lint/index.js': 'require("./a");\nrequire("./dist");\n', 'node_modules/lint/a.js': '\n',
  });
  symlinkSync('../../src', join(root, 'node_modules/lint/dist'));
  git(root, 'init', '-q');
  await writeFiles(root, { '.git/hooks/pre-commit': '#!/bin/sh\nnpx lint\n' });
  chmodSync(join(root, '.git/hooks/pre-commit'), 0o755);
  return root;
}

// Waits (no assertion on time) until every file of `root` is older than the stamps' racy window (2 s): only then
// is an answer kept at all.
async function settled(paths: readonly string[]): Promise<void> {
  const newest = Math.max(...paths.map((path) => Number(statSync(path, { bigint: true }).ctimeNs / 1_000_000n)));
  while (Date.now() - newest < 2_100) await new Promise((done) => setTimeout(done, 100));
}

const walk = (root: string, kept: string): string[] => hookReached([join(root, '.git/hooks')], root, ['pre-commit'], join(root, '.git'), new FolderListings(kept)).files;

const CHANGES: [string, (root: string) => Promise<void>, string][] = [
    ['a file of the package changed', (root: string) => writeFiles(root, { 'node_modules/lint/a.js': 'require("../../tools/y");\n' }), 'tools/y.js'],
    ['a link in it re-pointed', (root: string) => {
      unlinkSync(join(root, 'node_modules/lint/dist'));
      symlinkSync('../../tools', join(root, 'node_modules/lint/dist'));
      return Promise.resolve();
    }, 'tools/index.js'],
    ['a spelling made where it was missing (a.js removed, a/index.js made)', async (root: string) => {
      rmSync(join(root, 'node_modules/lint/a.js'));
      await writeFiles(root, { 'node_modules/lint/a/index.js': 'require("../../../tools/z");\n' });
    }, 'tools/z.js'],
];

describe('a package\'s reach, kept between walks, is never stale', () => {
  it.each(CHANGES.flatMap(([name, change, reached]) => ['this process', 'a new process'].map((when) => [`${name}, ${when}`, change, reached, when === 'a new process'] as const)))('%s: read again', async (name, change, reached, fresh) => {
    const folder = name.replace(/\W/g, '').slice(-30);
    const root = await repository(folder);
    const kept = join(base, `${folder}-state`, 'home-scan.json');
    await settled([join(root, 'node_modules/lint/a.js'), join(root, 'node_modules/lint'), join(root, 'src')]);
    const first = walk(root, kept);
    expect(first).toContain(join(root, 'src/index.js'));
    expect(first).not.toContain(join(root, reached));
    // Kept across processes: the state folder holds this package's answer.
    const file = join(kept, '..', 'package-reaches.json');
    expect(existsSync(file)).toBe(true);
    expect(readFileSync(file, 'utf8')).toContain(join(root, 'node_modules/lint'));
    await change(root);
    if (fresh) forgetPackageReaches();
    expect(walk(root, kept)).toContain(join(root, reached));
  });
});
