// Red team R33-4, the reading's side (src/shell/run-script-bin-shadows.ts): a package script run finds the programs
// of the package folder's node_modules/.bin (and each parent's, up to the workspace root) before PATH; one named like
// a program of PATH or a shell makes the run unread, naming the file. Ordinary package bins do not.
import { mkdir, symlink } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shadowingBin } from '../../src/shell/run-script-bin-shadows.js';
import { binShadowNames } from '../../src/permissions/obeyed-bin-shadows.js';
import { Beneath } from '../../src/workspace/beneath.js';
import { removeDir, tempDir, writeFiles } from '../helpers/fixture.js';

let base: string;
let count = 0;
beforeAll(async () => {
  base = await tempDir('cw-bin-shadows-');
});
afterAll(async () => removeDir(base));

async function verdict(files: Record<string, string>, folder = '', link?: [string, string]): Promise<string | undefined> {
  const root = join(base, `w${++count}`);
  await writeFiles(root, { 'package.json': '{}', ...files });
  if (link) {
    await mkdir(join(root, link[0], '..'), { recursive: true });
    await symlink(link[1], join(root, link[0]));
  }
  return shadowingBin(join(root, folder), new Beneath(root));
}

describe('shadowingBin', () => {
  it.each([
    [{ 'node_modules/.bin/sh': '' }, '', 'node_modules/.bin/sh'],
    [{ 'node_modules/.bin/git': '' }, '', 'node_modules/.bin/git'],
    [{ 'node_modules/.bin/bash': '', 'pkg/package.json': '{}' }, 'pkg', 'node_modules/.bin/bash'],
    [{ 'pkg/node_modules/.bin/node': '', 'pkg/package.json': '{}' }, 'pkg', 'pkg/node_modules/.bin/node'],
  ])('%j (run in %j) names %s', async (files, folder, named) => {
    expect(await verdict(files, folder)).toContain(named);
  });
  it('ordinary bins, no node_modules, a sibling package\'s .bin: nothing', async () => {
    expect(await verdict({ 'node_modules/.bin/vitest': '', 'node_modules/.bin/tsc': '' })).toBeUndefined();
    expect(await verdict({})).toBeUndefined();
    expect(await verdict({ 'a/node_modules/.bin/sh': '', 'b/package.json': '{}' }, 'b')).toBeUndefined();
  });
  it('a .bin or node_modules reached through a link is not read: why', async () => {
    expect(await verdict({ 'tools/sh': '' }, '', ['node_modules/.bin', '../tools'])).toMatch(/link/);
    expect(await verdict({ 'mods/.bin/sh': '' }, '', ['node_modules', 'mods'])).toMatch(/link/);
  });
});

// fix39: a runner aimed at workspace packages has their node_modules/.bin on PATH (workspace-packages.ts).
describe('shadowingBin of a runner aimed at workspace packages', () => {
  const mono = { 'package.json': JSON.stringify({ workspaces: ['packages/*', 'tools/cli'] }), 'packages/a/package.json': '{"name":"a"}', 'packages/b/package.json': '{"name":"b"}', 'tools/cli/package.json': '{"name":"cli"}' };
  async function aimed(bin: string, program: string, rest: string[]): Promise<string | undefined> {
    const root = join(base, `w${++count}`);
    await writeFiles(root, { ...mono, [`${bin}/node_modules/.bin/git`]: '' });
    return shadowingBin(root, new Beneath(root), { program, rest });
  }
  it.each([
    ['packages/a', 'npm', ['exec', '-w', 'a', 'git']],
    ['packages/a', 'npm', ['exec', '-wpackages/a', 'git']],
    ['tools/cli', 'pnpm', ['--filter', 'cli', 'exec', 'git']],
    ['packages/b', 'pnpm', ['-F', 'b...', 'exec', 'git']],
    ['packages/b', 'npm', ['exec', '-w', 'nosuch', 'git']],
    ['tools/cli', 'yarn', ['workspaces', 'foreach', 'exec', 'git']],
  ])('.bin/git in %s: `%s %s` names it', async (bin, program, rest) => {
    expect(await aimed(bin, program, rest)).toContain(`${bin}/node_modules/.bin/git`);
  });
  it.each([
    ['packages/b', 'npm', ['exec', '-w', 'a', 'git']],
    ['packages/a', 'npm', ['exec', 'git']],
    ['packages/a', 'yarn', ['workspace', 'b', 'exec', 'git']],
    ['packages/a', 'npm', ['exec', '--', 'git', '-w', 'a']],
  ])('control: .bin/git in %s is not on the PATH of `%s %s`', async (bin, program, rest) => {
    expect(await aimed(bin, program, rest)).toBeUndefined();
  });
});

describe('binShadowNames: the names a node_modules/.bin file shadows', () => {
  it('the shells, the everyday programs and PATH\'s; not a global package\'s link, a node_modules/.bin folder on PATH or a folder of the workspace', async () => {
    const at = join(base, 'path');
    await writeFiles(at, { 'bin/rg': '', 'lib/node_modules/typescript/bin/tsc': '', 'proj/node_modules/.bin/vite': '', 'ws/bin/mine': '' });
    await symlink('../lib/node_modules/typescript/bin/tsc', join(at, 'bin/tsc'));
    const names = binShadowNames([join(at, 'ws')], [join(at, 'bin'), join(at, 'proj/node_modules/.bin'), join(at, 'ws/bin')].join(':'));
    for (const name of ['sh', 'ksh', 'git', 'node', 'rg']) expect(names.has(name), name).toBe(true);
    for (const name of ['tsc', 'vite', 'mine', 'vitest']) expect(names.has(name), name).toBe(false);
  });
});
