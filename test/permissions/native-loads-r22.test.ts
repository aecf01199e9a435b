// Red team round 22, R22-6 (class R21-4, "only a native ELF is compiled": hook-walk.ts isNative): a committed native
// ELF the pre-commit hook runs is not read (right), but what the kernel and the dynamic loader load for it from the
// project is not obeyed either: a RUNPATH `$ORIGIN/../tools` library (tools/libx.so, loaded on every run), a
// PT_INTERP naming a relative path (`tools/ld.so`, which the kernel opens relative to the hook's working folder, the
// top of the work tree). Both binaries are built here with gcc; `./scripts/ci` ran with tools/libx.so loaded
// (checked: `readelf -d` shows the RUNPATH). Today the library / interpreter is written unasked under --yes.
import { execFileSync } from 'node:child_process';
import { chmod, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeAll, describe, it } from 'vitest';
import { writeFiles } from '../helpers/fixture.js';
import { checkHookRow, rowPlace } from './hook-check.js';

const SOURCES = { 'package.json': '{"name":"w","version":"1.0.0"}\n', 'src/a.js': 'export const a = 1;\n', 'tools/keep': '' };
const place = rowPlace('cw-rt22-elf-');
const bins: Record<string, Uint8Array> = {};

beforeAll(async () => {
  const build = join(place.base, 'build');
  await writeFiles(build, { 'x.c': 'int x(void){return 0;}\n', 'm.c': 'int x(void);\nint main(void){return x();}\n', 's.c': 'int main(void){return 0;}\n' });
  execFileSync('gcc', ['-shared', '-fPIC', '-o', join(build, 'libx.so'), join(build, 'x.c')]);
  execFileSync('gcc', ['-o', join(build, 'runpath'), join(build, 'm.c'), `-L${build}`, '-lx', '-Wl,-rpath,$ORIGIN/../tools']);
  execFileSync('gcc', ['-o', join(build, 'interp'), join(build, 's.c'), '-Wl,--dynamic-linker=tools/ld.so']);
  bins['runpath'] = await readFile(join(build, 'runpath'));
  bins['interp'] = await readFile(join(build, 'interp'));
});

async function row(bin: string, file: string): Promise<void> {
  const root = place.next();
  await writeFiles(root, { 'scripts/ci': bins[bin]! });
  await chmod(join(root, 'scripts/ci'), 0o755);
  await checkHookRow(root, place.home, { hook: './scripts/ci', files: SOURCES, asks: [file], free: ['src/a.js'], content: '// ok\n' });
}

describe('R22-6: what a committed native program loads from the project', () => {
  it('a RUNPATH $ORIGIN/../tools library: writing tools/libx.so asks', async () => row('runpath', 'tools/libx.so'));
  it('a relative PT_INTERP: writing tools/ld.so asks', async () => row('interp', 'tools/ld.so'));
  it('control (held): LD_PRELOAD=./tools/x.so in the hook line asks', async () => {
    await checkHookRow(place.next(), place.home, { hook: 'LD_PRELOAD=./tools/x.so git --version', files: SOURCES, asks: ['tools/x.so'], free: [] });
  });
});
