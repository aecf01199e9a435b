// Bundles the CLI into dist/ so a cold start loads a few files instead of hundreds of modules.
// Type checking is separate (npm run typecheck); the bundler only strips types.
// Rolldown, not esbuild (issue 31): esbuild puts every module in the chunk of the exact set of entry points
// that reach it, so the ~230 modules every cold call loads (the CLI's static import graph) came in ~50
// small chunks, and Node's ESM loader pays per file (resolve, translate, link): a cold read loaded 72
// files. Rolldown's code splitting takes a grouping rule; the one rule here is "statically imported by
// the CLI's main", one chunk. Everything loaded through import() stays in chunks of its own, as before.
import { rolldown } from 'rolldown';
import { readdir, rename, rm, writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { writeCommandManifest } from './command-manifest.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const dist = join(root, 'dist');
// The module every cold call of the bin loads (src/bin/codeward.ts imports it once it knows the call is
// answered here); its static imports load with it, so they travel in one chunk.
const CLI_MAIN = join(root, 'src/doors/cli/main.ts');
const BIN = join(root, 'src/bin/codeward.ts');
// Packages that locate files of their own at run time stay outside the bundle.
const EXTERNAL = /^(@vscode\/ripgrep|web-tree-sitter|tree-sitter-bash|@modelcontextprotocol\/sdk|iii-sdk|ai|@ai-sdk\/[^/]+)(\/|$)/;

// The CLI's command manifest first: it is generated from the definitions and bundled like any source.
if (await writeCommandManifest(root)) console.log('scripts/build.mjs: src/commands/registry-manifest.ts / registry-flags.ts regenerated from the command definitions');

// The static import closure of a module, from the bundler's own module graph.
function closure(ctx, start) {
  const seen = new Set();
  const walk = (id) => {
    if (seen.has(id)) return;
    seen.add(id);
    for (const next of ctx.getModuleInfo(id)?.importedIds ?? []) walk(next);
  };
  walk(start);
  return seen;
}
// CLI_MAIN's closure, less what the bin itself imports statically: the bin decides whether a warm engine
// answers the call before it loads main, and that path must not load the cold call's modules.
function cliCore(ctx) {
  const bin = closure(ctx, BIN);
  return new Set([...closure(ctx, CLI_MAIN)].filter((id) => !bin.has(id)));
}
let core;
const bundle = await rolldown({
  cwd: root,
  input: { 'bin/codeward': BIN, index: 'src/index.ts', 'code-index-worker': 'src/code/index/worker.ts' },
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
  codeSplitting: { includeDependenciesRecursively: false, groups: [{ debugName: 'cli-core', name: (id, ctx) => ((core ??= cliCore(ctx)).has(id) ? 'cli-core' : null) }] },
});
await bundle.close();
const chunks = result.output.filter((output) => output.type === 'chunk');

// Remove outputs of earlier builds (files are overwritten in place, so a concurrent run never sees an empty dist/).
const fresh = new Set(result.output.map((output) => join(dist, output.fileName)));

// Which sources each output file holds, with the bytes each puts in it (dist/modules.json): test/bin/
// lazy-start.test.ts reads it to tell which modules a cold call loaded, by chunk file name, whatever hashes the
// build gave them; bench/loads.mjs to say what a call's load weighs, source by source. Sources are named
// relative to the repository (node_modules through its real path), the bundler's helpers as it names them.
const sourceName = (id) => (id.startsWith('/') ? relative(root, id) : id);
const modules = Object.fromEntries(chunks.map((chunk) => [chunk.fileName, Object.fromEntries(Object.entries(chunk.modules).map(([id, module]) => [sourceName(id), module.renderedLength]))]));
await writeFile(join(dist, `modules.json.${process.pid}`), `${JSON.stringify(modules)}\n`);
await rename(join(dist, `modules.json.${process.pid}`), join(dist, 'modules.json'));
fresh.add(join(dist, 'modules.json'));
async function prune(folder) {
  for (const entry of await readdir(folder, { withFileTypes: true }).catch(() => [])) {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) await prune(path);
    else if (!fresh.has(path)) await rm(path, { force: true });
  }
}
await prune(dist);
if (process.argv.includes('--verbose')) console.log([...fresh].map((path) => relative(root, path)).join('\n'));
