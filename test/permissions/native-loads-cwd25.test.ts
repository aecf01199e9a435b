// left25 (elf24 LEFT): a relative name a program loads (PT_INTERP, a relative RUNPATH, a `#!` interpreter) is
// opened from the folder the hook line runs it in, not only from the top and the program's own folder:
// `cd pkg && ../scripts/ci` with PT_INTERP `tools/ld.so` loads pkg/tools/ld.so.
import { execFileSync } from 'node:child_process';
import { chmod, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeAll, describe, it } from 'vitest';
import { writeFiles } from '../helpers/fixture.js';
import { checkHookRow, rowPlace } from './hook-check.js';
import { built, canBuild } from './gcc-built.js';

const SOURCES = { 'package.json': '{"name":"w","version":"1.0.0"}\n', 'src/a.js': 'export const a = 1;\n', 'pkg/keep': '' };
const place = rowPlace('cw-left25-elf-');
const bins: Record<string, Buffer> = {};

beforeAll(async () => {
  if (!canBuild) return;
  const build = join(place.base, 'build');
  await writeFiles(build, { 's.c': 'int main(void){return 0;}\n' });
  execFileSync('gcc', ['-o', 'interp', 's.c', '-Wl,--dynamic-linker=tools/ld.so'], { cwd: build });
  bins['interp'] = await readFile(join(build, 'interp'));
});

async function row(program: Uint8Array | string, hook: string, asks: string[], free: string[]): Promise<void> {
  const root = place.next();
  await writeFiles(root, { 'scripts/ci': program });
  await chmod(join(root, 'scripts/ci'), 0o755);
  await checkHookRow(root, place.home, { hook, files: SOURCES, asks, free, content: '// ok\n' });
}

describe('a relative load opened from the folder the hook line runs the program in', () => {
  built('`cd pkg && ../scripts/ci`, PT_INTERP tools/ld.so: writing pkg/tools/ld.so asks', async () => row(bins['interp']!, 'cd pkg && ../scripts/ci', ['pkg/tools/ld.so', 'tools/ld.so'], ['src/a.js']));
  it('`cd pkg && ../scripts/ci`, #!tools/interp: writing pkg/tools/interp asks', async () => row('#!tools/interp\n: ok\n', 'cd pkg && ../scripts/ci', ['pkg/tools/interp'], ['src/a.js']));
  built('control: `./scripts/ci` from the top leaves pkg/tools/ld.so free', async () => row(bins['interp']!, './scripts/ci', ['tools/ld.so'], ['src/a.js', 'pkg/tools/ld.so']));
});
