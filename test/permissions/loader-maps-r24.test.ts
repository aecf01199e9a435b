// Red team round 24, R24-19 (pkgfast25's preload rows for tsx and jiti, node-package-preloads.ts: tsconfig.json from
// the folder node runs in up to the top, failing closed on its `paths`/`baseUrl`): both loaders take their mapping
// from elsewhere too. tsx reads the tsconfig named by TSX_TSCONFIG_PATH (and the tsx CLI's `--tsconfig`), jiti its
// aliases from JITI_ALIAS. A hook line `TSX_TSCONFIG_PATH=cfg/ts.json node --import tsx src/x.ts` with cfg/ts.json
// mapping `@/*` to tools/* runs tools/y.ts for src/x.ts's `import "@/y"`, and tools/y.ts is written under --yes.
// Checked with tsx 4 and jiti 2 (npm, /tmp): TSX_TSCONFIG_PATH, `npx tsx --tsconfig cfg/ts.json` and
// `JITI_ALIAS="{\"@\": \"$PWD/tools\"}" node --import jiti/register` each printed what tools/y.ts prints. The top
// tsconfig.json's `paths` asks (control).
import { describe, it } from 'vitest';
import { moduleRows } from './module-rows.js';

const { check } = moduleRows('r24-loader-maps-');
const PROJECT = { 'package.json': '{"name":"w"}', 'src/x.ts': 'import { y } from "@/y";\nexport const x = y;\n', 'tools/y.ts': 'export const y = 1;\n', 'tsconfig.json': '{}' };
const manifest = (name: string, fields: Record<string, unknown>): Record<string, string> => ({ [`node_modules/${name}/package.json`]: JSON.stringify({ name, ...fields }) });
const HOOK_CJS = 'const Module = require("module");\nconst old = require.extensions[".js"];\nrequire.extensions[".ts"] = function (m, filename) {\n  const _compile = m._compile;\n  m._compile = function (code, fileName) { return _compile.call(this, code, fileName); };\n  return old(m, filename);\n};\nmodule.exports = { register() { return Module; } };\n';
const TSX = { ...manifest('tsx', { type: 'module', exports: { '.': './dist/loader.mjs', './cjs': './dist/cjs/index.cjs', './esm': './dist/esm/index.mjs' } }), 'node_modules/tsx/dist/loader.mjs': 'import "node:worker_threads";\nimport "node:module";\nimport "./esm/index.mjs";\nimport "./cjs/index.cjs";\n', 'node_modules/tsx/dist/esm/index.mjs': 'import { register } from "node:module";\nregister("./hooks.mjs", import.meta.url);\n', 'node_modules/tsx/dist/esm/hooks.mjs': 'export const resolve = (s, c, next) => next(s, c);\n', 'node_modules/tsx/dist/cjs/index.cjs': HOOK_CJS };
const JITI = { ...manifest('jiti', { main: './lib/jiti.cjs', exports: { '.': { require: './lib/jiti.cjs' }, './register': { import: './lib/jiti-register.mjs' } } }), 'node_modules/jiti/lib/jiti.cjs': 'module.exports = require("node:module");\n', 'node_modules/jiti/lib/jiti-register.mjs': 'import { register } from "node:module";\nregister("./jiti-hooks.mjs", import.meta.url);\n', 'node_modules/jiti/lib/jiti-hooks.mjs': 'export const load = (u, c, next) => next(u, c);\n' };

describe('R24-19: a loader\'s module map from the environment or its command line', () => {
  it.each<[string, string, Record<string, string>]>([
    ['tsx TSX_TSCONFIG_PATH', 'TSX_TSCONFIG_PATH=cfg/ts.json node --import tsx src/x.ts', { ...TSX, 'cfg/ts.json': '{"compilerOptions":{"baseUrl":"..","paths":{"@/*":["tools/*"]}}}' }],
    ['tsx --tsconfig', 'tsx --tsconfig cfg/ts.json src/x.ts', { ...TSX, 'cfg/ts.json': '{"compilerOptions":{"baseUrl":"..","paths":{"@/*":["tools/*"]}}}', 'node_modules/.bin/tsx': '#!/bin/sh\n' }],
    ['jiti JITI_ALIAS', `JITI_ALIAS="{\\"@\\": \\"$PWD/tools\\"}" node --import jiti/register src/x.ts`, { ...JITI }],
    ['control (held): the top tsconfig.json\'s paths', 'node --import tsx src/x.ts', { ...TSX, 'tsconfig.json': '{"compilerOptions":{"baseUrl":".","paths":{"@/*":["tools/*"]}}}' }],
  ])('%s: tools/y.ts asks', async (_name, hook, files) => {
    await check({ hook, files: { ...PROJECT, ...files }, asks: ['tools/y.ts'], free: [] });
  });
});
