// Bundles the CLI into dist/ so a cold start loads one file instead of hundreds of modules.
// Type checking is separate (npm run typecheck); esbuild only strips types.
import { build } from 'esbuild';
import { readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { writeCommandManifest } from './command-manifest.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const BANNER = "import { createRequire as __cwCreateRequire } from 'node:module'; const require = __cwCreateRequire(import.meta.url);";
const dist = join(root, 'dist');

// The CLI's command manifest first: it is generated from the definitions and bundled like any source.
if (await writeCommandManifest(root)) console.log('scripts/build.mjs: src/commands/registry-manifest.ts / registry-flags.ts regenerated from the command definitions');

const result = await build({
  absWorkingDir: root,
  entryPoints: { 'bin/codeward': 'src/bin/codeward.ts', index: 'src/index.ts', 'code-index-worker': 'src/code/index/worker.ts' },
  outdir: 'dist',
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  sourcemap: true,
  minify: true,
  metafile: true,
  chunkNames: 'chunks/[name]-[hash]',
  // Packages that locate files of their own at run time stay outside the bundle.
  external: ['@vscode/ripgrep', 'web-tree-sitter', 'tree-sitter-bash', '@modelcontextprotocol/sdk', 'iii-sdk', 'ai', '@ai-sdk/*'],
  // Bundled CommonJS dependencies call require() for Node built-ins (dropped below where a file never does).
  banner: { js: BANNER },
  logLevel: 'warning',
});

// The banner costs every file a module import and a createRequire at load (a cold read loads dozens of
// chunks); only the few that hold CommonJS code use it. A file whose code never names require gets an
// empty first line instead (same line numbers: its source map stays right). Written beside, then renamed.
for (const path of Object.keys(result.metafile.outputs).filter((file) => file.endsWith('.js'))) {
  const file = join(root, path);
  const text = await readFile(file, 'utf8');
  if (!text.startsWith(`${BANNER}\n`) || /\brequire\b/.test(text.slice(BANNER.length))) continue;
  await writeFile(`${file}.${process.pid}`, text.slice(BANNER.length));
  await rename(`${file}.${process.pid}`, file);
}

// Remove outputs of earlier builds (files are overwritten in place, so a concurrent run never sees an empty dist/).
const fresh = new Set(Object.keys(result.metafile.outputs).map((path) => join(root, path)));

// Which sources each output file holds, with the bytes each puts in it (dist/modules.json): test/bin/
// lazy-start.test.ts reads it to tell which modules a cold call loaded, by chunk file name, whatever hashes the
// build gave them; bench/loads.mjs to say what a call's load weighs, source by source.
const modules = Object.fromEntries(Object.entries(result.metafile.outputs).filter(([path]) => path.endsWith('.js'))
  .map(([path, output]) => [relative('dist', path), Object.fromEntries(Object.entries(output.inputs).map(([source, input]) => [source, input.bytesInOutput]))]));
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
