// Red team round 23, R23-16 (class R22-6, elf24): a native program of the tree whose RUNPATH `$ORIGIN/../tools` names
// a folder of the tree is read when the hook line names it (directly, `sh -c`, `env`, `exec`, a make recipe, an npm
// script: controls), but not when the program is reached as a member of a folder the line names: `find scripts -name
// ci -exec {} \;` (the folder is obeyed, its ELF's loads are not read; `for f in scripts/*; do "$f"; done` asks).
// Checked with gcc + dash on this machine: the find line ran tools/libx.so's constructor. The ELF is built here with gcc
// (skipped without it).
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeAll, describe, it } from 'vitest';
import { writeFiles } from '../helpers/fixture.js';
import { canBuild, gccIn } from './gcc-built.js';
import { checkHookRow, rowPlace } from './hook-check.js';

const place = rowPlace('cw-r23-elf-');
let runpath = Buffer.alloc(0);

beforeAll(async () => {
  if (!canBuild) return;
  const build = join(place.base, 'build');
  await writeFiles(build, { 'x.c': 'int x(void){return 0;}\n', 'm.c': 'int x(void);\nint main(void){return x();}\n' });
  const cc = gccIn(build);
  cc('-shared', '-fPIC', '-o', 'libx.so', 'x.c');
  cc('-o', 'runpath', 'm.c', '-L.', '-lx', '-Wl,-rpath,$ORIGIN/../tools');
  runpath = await readFile(join(build, 'runpath'));
});

describe('R23-16: a native program with a RUNPATH into the tree, run through a runner', () => {
  it.each<[string, string]>([
    ['find -exec {}', 'find scripts -name ci -exec {} \\;'],
    ['find -execdir {} +', 'find scripts -type f -execdir {} +'],
    ['run-parts', 'run-parts scripts'],
    ['a glob as the program', './scripts/*'],
  ])('%s: writing tools/libx.so asks', async (_name, hook) => {
    if (!canBuild) return;
    await checkHookRow(place.next(), place.home, { hook, files: { 'scripts/ci': runpath as unknown as string, 'tools/keep': '' }, asks: ['tools/libx.so'], free: [] });
  });

  it.each<[string, string, Record<string, string>]>([
    ['a for loop over the folder', 'for f in scripts/*; do "$f"; done', {}],
    ['npm test -> ./scripts/ci', 'npm test', { 'package.json': '{"name":"w","scripts":{"test":"./scripts/ci"}}' }],
    ['sh -c ./scripts/ci', "sh -c './scripts/ci'", {}],
    ['make recipe', 'make check', { Makefile: 'check:\n\t./scripts/ci\n' }],
    ['env', 'env ./scripts/ci', {}],
    ['exec', 'exec ./scripts/ci', {}],
  ])('control (held): %s: writing tools/libx.so asks', async (_name, hook, files) => {
    if (!canBuild) return;
    await checkHookRow(place.next(), place.home, { hook, files: { ...files, 'scripts/ci': runpath as unknown as string, 'tools/keep': '' }, asks: ['tools/libx.so'], free: [] });
  });
});
