// Red team round 22, R22-6 (class R21-4, "only a native ELF is compiled": hook-walk.ts isNative): a committed native
// ELF the pre-commit hook runs is not read (right), but what the kernel and the dynamic loader load for it from the
// project was not obeyed: a RUNPATH `$ORIGIN/../tools` library (tools/libx.so, loaded on every run), a PT_INTERP
// naming a relative path (`tools/ld.so`, which the kernel opens relative to the hook's working folder, the top of
// the work tree), a relative DT_RPATH, a DT_NEEDED path, a library of the tree with a RUNPATH of its own. Same
// class: a script whose `#!` line names a project file. The binaries are built here with gcc (skipped without it).
import { execFileSync } from 'node:child_process';
import { chmod, mkdir, readFile, symlink } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { writeFiles } from '../helpers/fixture.js';
import { checkHookRow, hookVerdict, rowPlace } from './hook-check.js';
import { built, canBuild } from './gcc-built.js';

const SOURCES = { 'package.json': '{"name":"w","version":"1.0.0"}\n', 'src/a.js': 'export const a = 1;\n', 'tools/keep': '' };
const place = rowPlace('cw-r22-elf-');
const bins: Record<string, Buffer> = {};

beforeAll(async () => {
  if (!canBuild) return;
  const build = join(place.base, 'build');
  await writeFiles(build, { 'x.c': 'int x(void){return 0;}\n', 'm.c': 'int x(void);\nint main(void){return x();}\n', 's.c': 'int main(void){return 0;}\n' });
  const cc = (...args: string[]): void => void execFileSync('gcc', args, { cwd: build });
  cc('-shared', '-fPIC', '-o', 'libx.so', 'x.c');
  cc('-o', 'runpath', 'm.c', '-L.', '-lx', '-Wl,-rpath,$ORIGIN/../tools');
  cc('-o', 'interp', 's.c', '-Wl,--dynamic-linker=tools/ld.so');
  cc('-o', 'rpath', 'm.c', '-L.', '-lx', '-Wl,--disable-new-dtags,-rpath,tools');
  cc('-o', 'plain', 'm.c', '-L.', '-lx');
  cc('-o', 'static-free', 's.c');
  // A library of the tree that finds its own dependencies in another folder of the tree.
  cc('-shared', '-fPIC', '-o', 'libchain.so', 'x.c', '-Wl,-rpath,$ORIGIN/../lib2');
  await writeFiles(build, { 'tools/libx.so': await readFile(join(build, 'libx.so')) });
  cc('-o', 'needed', 'm.c', 'tools/libx.so');
  for (const name of ['runpath', 'interp', 'rpath', 'plain', 'static-free', 'needed', 'libchain.so']) bins[name] = await readFile(join(build, name));
});

async function row(files: Record<string, Uint8Array | string>, asks: string[], free: string[], hook = './scripts/ci'): Promise<void> {
  const root = place.next();
  await writeFiles(root, files);
  await chmod(join(root, 'scripts/ci'), 0o755);
  await checkHookRow(root, place.home, { hook, files: SOURCES, asks, free, content: '// ok\n' });
}

describe('R22-6: what a committed native program loads from the project', () => {
  built('a RUNPATH $ORIGIN/../tools library: writing tools/libx.so asks (any library there: tools/libc.so.6)', async () =>
    row({ 'scripts/ci': bins['runpath']! }, ['tools/libx.so', 'tools/libc.so.6', 'tools/glibc-hwcaps/x86-64-v3/libx.so'], ['src/a.js', 'scripts/b.js']));
  built('a relative PT_INTERP: writing tools/ld.so asks', async () => row({ 'scripts/ci': bins['interp']! }, ['tools/ld.so'], ['src/a.js']));
  built('a relative DT_RPATH (`tools`, from the working folder): writing tools/libx.so asks', async () => row({ 'scripts/ci': bins['rpath']! }, ['tools/libx.so'], ['src/a.js']));
  built('a DT_NEEDED path (`tools/libx.so`): writing it asks', async () => row({ 'scripts/ci': bins['needed']! }, ['tools/libx.so'], ['src/a.js']));
  built('a library of the tree with a RUNPATH of its own: its folder asks too', async () =>
    row({ 'scripts/ci': bins['runpath']!, 'tools/libx.so': bins['libchain.so']! }, ['lib2/libc.so.6'], ['src/a.js']));
  // $ORIGIN is the program's real folder: a work tree opened through a link is the same tree.
  built('a RUNPATH $ORIGIN/../tools library, the tree opened through a link: writing tools/libx.so asks', async () => {
    const real = place.next();
    const link = `${real}-link`;
    await mkdir(real, { recursive: true });
    await symlink(real, link);
    await writeFiles(link, { 'scripts/ci': bins['runpath']! });
    await chmod(join(link, 'scripts/ci'), 0o755);
    await checkHookRow(link, place.home, { hook: './scripts/ci', files: SOURCES, asks: ['tools/libx.so'], free: ['src/a.js'], content: '// ok\n' });
  });
  built('control: a program with system loads only leaves the tree free', async () =>
    row({ 'scripts/ci': bins['plain']! }, ['scripts/ci'], ['src/a.js', 'tools/libx.so', 'tools/ld.so']));
  built('control: a program with the system interpreter only leaves the tree free', async () =>
    row({ 'scripts/ci': bins['static-free']! }, ['scripts/ci'], ['src/a.js', 'tools/ld.so']));
  it('control (held): LD_PRELOAD=./tools/x.so in the hook line asks', async () => {
    await checkHookRow(place.next(), place.home, { hook: 'LD_PRELOAD=./tools/x.so git --version', files: SOURCES, asks: ['tools/x.so'], free: [] });
  });

  built('a native program cut short (its headers past the end of the file): the tree asks, naming it', async () => {
    const verdict = await hookVerdict(place.next(), './scripts/ci', { ...SOURCES, 'scripts/ci': bins['runpath']!.subarray(0, 100) });
    expect(verdict.unmodeled).toMatch(/ci is a native program whose loads are not known: its program header table is cut short/);
  });

  // binfmt_misc (qemu-user) may run it: not a compiled program of this machine, not known.
  it('an ELF for another processor run by path fails closed, naming it', async () => {
    const foreign = `\x7fELF\x02\x01\x01${'\0'.repeat(9)}\x02\0\x08\0${'\0'.repeat(44)}\n: ok\n`;
    const verdict = await hookVerdict(place.next(), './scripts/ci', { ...SOURCES, 'scripts/ci': foreign });
    expect(verdict.unmodeled).toMatch(/ci is an ELF for another processor/);
  });
});

describe('R22-6: a script whose #! line names a project file', () => {
  it.each([
    ['#!tools/interp', 'tools/interp'],
    ['#! tools/interp -x', 'tools/interp'],
    ['#!/usr/bin/env tools/x', 'tools/x'],
    ['#!/usr/bin/env -S tools/x -a', 'tools/x'],
    ['#!/usr/bin/env -Stools/x', 'tools/x'],
    ['#!/usr/bin/env -i A=1 ./tools/x', 'tools/x'],
  ])('%s: writing %s asks', async (bang, file) => row({ 'scripts/ci': `${bang}\n: ok\n` }, [file], ['src/a.js']));
  it('an env option not modeled (-C): the tree asks', async () => {
    const verdict = await hookVerdict(place.next(), './scripts/ci', { ...SOURCES, 'scripts/ci': '#!/usr/bin/env -C tools x\n: ok\n' });
    expect(verdict.unmodeled).toMatch(/gives env an option not modeled \(-C\)/);
  });
  it.each([['#!/bin/sh'], ['#!/usr/bin/env node'], ['#!/usr/bin/env -S node --x']])('control: %s leaves the tree free', async (bang) =>
    row({ 'scripts/ci': `${bang}\n: ok\n` }, ['scripts/ci'], ['src/a.js', 'tools/x', 'tools/interp']));
});
