// Bundles the CLI into dist/ so a cold start loads a few files instead of hundreds of modules.
// Type checking is separate (npm run typecheck); the bundler only strips types.
// Rolldown, not esbuild (issue 31): esbuild puts every module in the chunk of the exact set of entry points
// that reach it, so the ~230 modules every cold call loads (the CLI's static import graph) came in ~50
// small chunks, and Node's ESM loader pays per file (resolve, translate, link): a cold read loaded 72
// files. Rolldown's code splitting takes a grouping rule: scripts/chunk-groups.mjs puts the bin's own
// imports in one chunk, the CLI main's static imports (the permission gate among them) in another, and the
// closure of a few import()ed entries (the obeyed context, the shell decision and sandbox) in one chunk
// each. Everything else loaded through import() keeps its own.
import { rolldown } from 'rolldown';
import { chmod, copyFile, readdir, rename, rm, writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chunkGroups } from './chunk-groups.mjs';
import { dropFacades } from './facades.mjs';
import { writeCommandManifest } from './command-manifest.mjs';
import { LOADER, MIN_BYTES, onStaticCycle, toScript } from './script-chunks.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const dist = join(root, 'dist');
// The module every cold call of the bin loads (src/bin/codeward.ts imports it once it knows the call is
// answered here); its static imports load with it, so they travel in one chunk (cli-core).
const CLI_MAIN = join(root, 'src/doors/cli/main.ts');
const BIN = join(root, 'src/bin/codeward.ts');
// Packages that locate files of their own at run time stay outside the bundle, and so do the parsers loaded
// on first use by a synchronous `require` (src/engine/on-first-use.ts: a bundled copy could not be required).
const EXTERNAL = /^(@vscode\/ripgrep|web-tree-sitter|tree-sitter-bash|@modelcontextprotocol\/sdk|iii-sdk|ai|@ai-sdk\/[^/]+|yaml|smol-toml|picomatch|jsonrepair)(\/|$)/;

// The CLI's command manifest first: it is generated from the definitions and bundled like any source.
if (await writeCommandManifest(root)) console.log('scripts/build.mjs: src/commands/registry-manifest.ts / registry-flags.ts regenerated from the command definitions');

let groups;
const INPUTS = { 'bin/codeward': BIN, index: join(root, 'src/index.ts'), 'code-index-worker': join(root, 'src/code/index/worker.ts'), [LOADER.replace(/\.js$/, '')]: join(root, 'src/bin/script-loader.ts') };
const bundle = await rolldown({
  cwd: root,
  input: INPUTS,
  platform: 'node',
  external: (id) => EXTERNAL.test(id),
  // The sources import './x.js' for './x.ts' (TypeScript's NodeNext spelling).
  resolve: { extensionAlias: { '.js': ['.ts', '.js'] } },
  // dist/index.js (the library) keeps its exports; a chunk of the bin may add some for the others.
  preserveEntrySignatures: 'allow-extension',
  logLevel: 'warn',
});
const result = await bundle.write({
  dir: 'dist',
  format: 'esm',
  sourcemap: true,
  minify: true,
  entryFileNames: '[name].js',
  chunkFileNames: 'chunks/[name]-[hash].js',
  codeSplitting: { includeDependenciesRecursively: false, groups: [{ debugName: 'groups', name: (id, ctx) => (groups ??= chunkGroups(ctx, { root, main: CLI_MAIN, bin: BIN, worker: INPUTS['code-index-worker'] })).get(id) ?? null }] },
});
await bundle.close();
// The bin is run by its path (npm's bin link, npx's cached install of this folder, ./dist/bin/codeward.js):
// the bundler writes 0644, and only a fresh `npm install` of the package sets the mode on the link's target
// (an npx cache made by an earlier build does not: `sh: codeward: Permission denied`, exit 127).
await chmod(join(dist, 'bin/codeward.js'), 0o755);
// The warm-engine client of the ChatCLI wrapper (docs/chatcli-plugin.md): a perl script, next to the bin it falls back to.
await copyFile(join(root, 'src/bin/warm-call.pl'), join(dist, 'bin/warm-call.pl'));
// The re-export chunks rolldown keeps for import()ed modules of a chunk group: each import() of one goes to its target
// (scripts/facades.mjs), the files rewritten here, the facades left out of dist.
const built = result.output.filter((output) => output.type === 'chunk').map(({ fileName, code, modules, imports }) => ({ fileName, code, modules, imports }));
const { dropped, changed } = dropFacades(built);
for (const chunk of built) if (changed.has(chunk.fileName)) await writeFile(join(dist, chunk.fileName), chunk.code);
const chunks = built.filter((chunk) => !dropped.has(chunk.fileName));
// The build's identity (src/permissions/kept-across.ts): answers kept by another build are computed again.
const { createHash } = await import('node:crypto');
const buildHash = createHash('sha256');
for (const chunk of [...chunks].sort((a, b) => (a.fileName < b.fileName ? -1 : 1))) buildHash.update(`${chunk.fileName}\0${chunk.code}\0`);
await writeFile(join(dist, `build-id.json.${process.pid}`), `${JSON.stringify({ id: buildHash.digest('hex').slice(0, 16) })}\n`);
await rename(join(dist, `build-id.json.${process.pid}`), join(dist, 'build-id.json'));

// Remove outputs of earlier builds (files are overwritten in place, so a concurrent run never sees an empty dist/).
const fresh = new Set(result.output.filter((output) => !dropped.has(output.fileName.replace(/\.map$/, ''))).map((output) => join(dist, output.fileName)));

// The large chunks as a facade and a script V8 keeps compiled code for (scripts/script-chunks.mjs,
// src/bin/script-loader.ts). The script is written before its facade: a concurrent call never finds a facade
// without its script. CODEWARD_BUILD_NO_SCRIPTS=1 leaves every chunk an ES module (for comparisons).
const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
const scripted = [];
for (const chunk of chunks) {
  if (process.env['CODEWARD_BUILD_NO_SCRIPTS'] === '1' || !chunk.fileName.startsWith('chunks/') || chunk.code.length < MIN_BYTES) continue;
  if (onStaticCycle(chunk.fileName, byName)) {
    console.log(`scripts/build.mjs: ${chunk.fileName} stays an ES module (a static import cycle)`);
    continue;
  }
  const made = toScript(chunk.code, { fileName: chunk.fileName, loaderImport: `../${LOADER}` });
  if (made.reason) {
    console.log(`scripts/build.mjs: ${chunk.fileName} stays an ES module (${made.reason})`);
    continue;
  }
  await writeFile(join(dist, `${chunk.fileName}.script.${process.pid}`), made.script);
  await rename(join(dist, `${chunk.fileName}.script.${process.pid}`), join(dist, `${chunk.fileName}.script`));
  await writeFile(join(dist, `${chunk.fileName}.${process.pid}`), made.facade);
  await rename(join(dist, `${chunk.fileName}.${process.pid}`), join(dist, chunk.fileName));
  fresh.add(join(dist, `${chunk.fileName}.script`));
  scripted.push(chunk.fileName);
}

// Which sources each output file holds, with the bytes each puts in it (dist/modules.json): test/bin/
// lazy-start.test.ts reads it to tell which modules a cold call loaded, by chunk file name, whatever hashes the
// build gave them; bench/loads.mjs to say what a call's load weighs, source by source. Sources are named
// relative to the repository (node_modules through its real path), the bundler's helpers as it names them.
const sourceName = (id) => (id.startsWith('/') ? relative(root, id) : id);
const modules = Object.fromEntries(chunks.map((chunk) => [chunk.fileName, Object.fromEntries(Object.entries(chunk.modules).map(([id, module]) => [sourceName(id), module.renderedLength]))]));
await writeFile(join(dist, `modules.json.${process.pid}`), `${JSON.stringify(modules)}\n`);
await rename(join(dist, `modules.json.${process.pid}`), join(dist, 'modules.json'));
fresh.add(join(dist, 'modules.json'));
fresh.add(join(dist, 'build-id.json'));
fresh.add(join(dist, 'bin/warm-call.pl'));
async function prune(folder) {
  for (const entry of await readdir(folder, { withFileTypes: true }).catch(() => [])) {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) await prune(path);
    else if (!fresh.has(path)) await rm(path, { force: true });
  }
}
await prune(dist);
if (process.argv.includes('--verbose')) console.log([...fresh].map((path) => relative(root, path)).join('\n'));
