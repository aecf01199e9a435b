// Red team round 23, R23-9 (class R22-6 elf24 + pkg24/taint23 package reach): a package's native addon (`.node`, an
// ELF shared object node dlopen()s) loads what ITS dynamic section names: a RUNPATH `$ORIGIN/../../tools` and a
// DT_NEEDED `libzz.so` make the loader open WS/tools/libzz.so (its constructor runs) when the package is required.
// elf24 reads the ELFs a hook RUNS; the addon a reached package requires is not read. Checked with node 20 and gcc on
// this machine: `node -r x -e 1` with node_modules/x/index.js = `require("./x.node")` printed what tools/libzz.so's
// constructor prints. The ELF is built here with gcc (skipped without it).
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeAll, describe } from 'vitest';
import { writeFiles } from '../helpers/fixture.js';
import { built, canBuild, gccIn } from './gcc-built.js';
import { moduleRows, pkg } from './module-rows.js';

const rows = moduleRows('cw-r23-addon-');
let addon = Buffer.alloc(0);

beforeAll(async () => {
  if (!canBuild) return;
  const build = join(rows.base(), 'build');
  await writeFiles(build, { 'z.c': 'int zz(void){return 1;}\n', 'a.c': 'int zz(void);\nint napi_register_module_v1(void){return zz();}\n' });
  const cc = gccIn(build);
  cc('-shared', '-fPIC', '-o', 'libzz.so', 'z.c');
  cc('-shared', '-fPIC', '-o', 'x.node', 'a.c', '-L.', '-lzz', '-Wl,-rpath,$ORIGIN/../../tools');
  addon = await readFile(join(build, 'x.node'));
});

const NPMRC = { '.npmrc': 'node-options=--require x\n', 'package.json': '{"name":"w","scripts":{"test":"node t.js"}}', 't.js': '', 'node_modules/x/package.json': '{"name":"x"}', 'node_modules/x/index.js': 'require("./x.node");\n', 'tools/keep': '' };
const VITEST = { 'vitest.config.ts': 'import x from "vite-plugin-x";\nexport default { plugins: [x()] };\n', ...pkg('vite-plugin-x'), 'node_modules/vite-plugin-x/index.js': 'require("./x.node");\n', 'tools/keep': '' };

describe('R23-9: a reached package\'s native addon loading a library of the tree through its RUNPATH', () => {
  built('a preload (.npmrc node-options) requiring ./x.node: writing tools/libzz.so asks', async () => {
    await rows.check({ hook: 'npm test', files: { ...NPMRC, 'node_modules/x/x.node': addon as unknown as string }, asks: ['tools/libzz.so'], free: [] });
  });

  built('a vitest plug-in requiring ./x.node: writing tools/libzz.so asks', async () => {
    await rows.check({ hook: 'npx vitest run', files: { ...VITEST, 'node_modules/vite-plugin-x/x.node': addon as unknown as string }, asks: ['tools/libzz.so'], free: [] });
  });
});
