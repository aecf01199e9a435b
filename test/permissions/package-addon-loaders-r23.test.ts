// R23-9's class (a package's native addon is a program, issue 26): an addon a package loads by a name it computes
// (`require("bindings")("x")` -> build/Release/x.node, `require("node-gyp-build")(__dirname)` -> prebuilds/<platform>-
// <arch>/x.node, `process.dlopen`, a template ending in `.node`) loads what its dynamic section names: every `.node`
// of such a package is read. An addon with no load into the tree, a Windows DLL among the prebuilds and a package
// with no loader keep the tree's files free; an addon codeward cannot parse fails closed. A preload an `.envrc`'s
// NODE_OPTIONS names (no hook runs node) reads its addons too. The ELFs are built here with
// gcc (skipped without it).
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeAll, describe } from 'vitest';
import { writeFiles } from '../helpers/fixture.js';
import { built, canBuild, gccIn } from './gcc-built.js';
import { moduleRows, pkg } from './module-rows.js';

const rows = moduleRows('cw-r23-addon-loaders-');
const bins: Record<string, Buffer> = {};

beforeAll(async () => {
  if (!canBuild) return;
  const build = join(rows.base(), 'build');
  await writeFiles(build, { 'z.c': 'int zz(void){return 1;}\n', 'a.c': 'int zz(void);\nint napi_register_module_v1(void){return zz();}\n', 'p.c': 'int napi_register_module_v1(void){return 0;}\n' });
  const cc = gccIn(build);
  cc('-shared', '-fPIC', '-o', 'libzz.so', 'z.c');
  // Two folders below the package (build/Release, prebuilds/linux-x64): the tree's tools/ is four levels up.
  cc('-shared', '-fPIC', '-o', 'deep.node', 'a.c', '-L.', '-lzz', '-Wl,-rpath,$ORIGIN/../../../../tools');
  cc('-shared', '-fPIC', '-o', 'top.node', 'a.c', '-L.', '-lzz', '-Wl,-rpath,$ORIGIN/../../tools');
  cc('-shared', '-fPIC', '-o', 'plain.node', 'p.c');
  for (const name of ['deep.node', 'top.node', 'plain.node']) bins[name] = await readFile(join(build, name));
});

const P = 'node_modules/vite-plugin-x';
const plugin = (code: string, files: Record<string, Buffer | string>): Record<string, string> =>
  ({ 'vitest.config.ts': 'import x from "vite-plugin-x";\nexport default { plugins: [x()] };\n', ...pkg('vite-plugin-x'), [`${P}/index.js`]: code, 'tools/keep': '', 'src/a.ts': '', ...files }) as Record<string, string>;

describe('R23-9: a native addon a vitest plug-in loads by a computed name', () => {
  built.each<[string, string, string]>([
    ['bindings', 'module.exports = require("bindings")("x");\n', 'build/Release/x.node'],
    ['node-gyp-build', 'module.exports = require("node-gyp-build")(__dirname);\n', 'prebuilds/linux-x64/x.node'],
    ['process.dlopen', 'const m = { exports: {} };\nprocess.dlopen(m, require("path").join(__dirname, "build", "Release", "x.node"));\n', 'build/Release/x.node'],
    ['a template ending in .node', 'module.exports = require(`./build/Release/x.${process.platform}.node`);\n', 'build/Release/x.linux.node'],
  ])('%s: writing tools/libzz.so asks', async (_name, code, at) => {
    await rows.check({ hook: 'npx vitest run', files: plugin(code, { [`${P}/${at}`]: bins['deep.node']! }), asks: ['tools/libzz.so'], free: [] });
  });

  built('control: an addon loading nothing of the tree, a Windows DLL among the prebuilds: the tree stays free', async () => {
    await rows.check({ hook: 'npx vitest run', files: plugin('module.exports = require("node-gyp-build")(__dirname);\n', { [`${P}/prebuilds/linux-x64/x.node`]: bins['plain.node']!, [`${P}/prebuilds/win32-x64/x.node`]: 'MZ\x90\x00 not an ELF' }), asks: [], free: ['tools/libzz.so', 'src/a.ts'] });
  });

  built('control: an addon of a package with no loader is not read (nothing loads it)', async () => {
    await rows.check({ hook: 'npx vitest run', files: plugin('module.exports = 1;\n', { [`${P}/build/Release/x.node`]: bins['deep.node']! }), asks: [], free: ['tools/libzz.so', 'src/a.ts'] });
  });

  built('an addon cut short after its ELF header fails closed (the tree\'s scripts ask)', async () => {
    await rows.check({ hook: 'npx vitest run', files: plugin('require("./x.node");\n', { [`${P}/x.node`]: bins['deep.node']!.subarray(0, 64) }), asks: ['tools/y.js'], free: [] });
  });
});

describe('R23-9: the addon of a preload an env file names', () => {
  built('.envrc NODE_OPTIONS="--require x", x requiring ./x.node: writing tools/libzz.so asks', async () => {
    await rows.check({ hook: 'true', files: { '.envrc': 'export NODE_OPTIONS="--require x"\n', 'node_modules/x/package.json': '{"name":"x"}', 'node_modules/x/index.js': 'require("./x.node");\n', 'node_modules/x/x.node': bins['top.node']! as unknown as string, 'tools/keep': '', 'src/a.js': '' }, asks: ['tools/libzz.so'], free: ['src/a.js'] });
  });

  built('control: an addon loading nothing of the tree keeps it free', async () => {
    await rows.check({ hook: 'true', files: { '.envrc': 'export NODE_OPTIONS="--require x"\n', 'node_modules/x/package.json': '{"name":"x"}', 'node_modules/x/index.js': 'require("./x.node");\n', 'node_modules/x/x.node': bins['plain.node']! as unknown as string, 'tools/keep': '', 'src/a.js': '' }, asks: [], free: ['tools/libzz.so', 'src/a.js'] });
  });
});
