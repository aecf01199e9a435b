// npmconf19 Left (issue 26): a program named by a bare name in a package manager's configuration (`.npmrc`
// `script-shell=evil`, `git=g`, `editor=e`; bun's `[run] shell`) is looked up on npm's script PATH, where every
// node_modules/.bin from the project's folder up comes first: the name there was free (only `./evil` beside the file
// was obeyed). Now each node_modules/.bin/NAME from the file's folder up asks. Through the real binary under --yes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { removeDir, tempDir } from '../helpers/fixture.js';
import { cliWritten } from './cli-write.js';
import { checkHookRow, rowPlace } from './hook-check.js';

const place = rowPlace('cw-pkgconf-bare-hook-');

let base: string;
beforeAll(async () => {
  base = await tempDir('cw-pkgconf-bare-');
});
afterAll(async () => removeDir(base));

const pkg = { 'package.json': '{"name":"w","scripts":{"test":"node t.js"}}' };

describe('a bare program name in a package manager\'s configuration is looked up on npm\'s script PATH', () => {
  it.each([
    ['.npmrc script-shell=evil', { '.npmrc': 'script-shell=evil\n' }, 'node_modules/.bin/evil'],
    ['.npmrc git=g', { '.npmrc': 'git=g\n' }, 'node_modules/.bin/g'],
    ['.npmrc editor=e', { '.npmrc': 'editor=e\n' }, 'node_modules/.bin/e'],
    ['a nested pkg/.npmrc: its own and the top\'s node_modules/.bin', { 'pkg/.npmrc': 'script-shell=evil\n' }, 'pkg/node_modules/.bin/evil'],
    ['a nested pkg/.npmrc: the top\'s node_modules/.bin too', { 'pkg/.npmrc': 'script-shell=evil\n' }, 'node_modules/.bin/evil'],
    ['bunfig.toml [run] shell', { 'bunfig.toml': '[run]\nshell = "sh2"\n' }, 'node_modules/.bin/sh2'],
  ])('%s: asks', async (_name, files, file) => {
    expect(await cliWritten(base, { ...pkg, ...files }, file)).toBe('C241');
  });

  it('control: the sources and another bin stay free', async () => {
    const files = { ...pkg, '.npmrc': 'script-shell=evil\n' };
    expect(await cliWritten(base, files, 'src/a.ts')).toBe('ok');
    expect(await cliWritten(base, files, 'node_modules/.bin/other')).toBe('ok');
  });
});

describe('the same on a hook line: npm\'s own --script-shell option with a bare shell name', () => {
  it('npm --script-shell=sh test: node_modules/.bin/sh asks, the sources stay free', async () => {
    await checkHookRow(place.next(), place.home, { hook: 'npm --script-shell=sh test', files: { ...pkg, 't.js': '' }, asks: ['node_modules/.bin/sh'], free: ['src/a.ts'] });
  });
});
