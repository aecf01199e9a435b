import { build } from 'esbuild';
const r = await build({ absWorkingDir: '/work/wt-startup', entryPoints: { 'bin/codeward': 'src/bin/codeward.ts', index: 'src/index.ts' }, outdir: '/tmp/sw/distm', bundle: true, splitting: true, format: 'esm', platform: 'node', target: 'node20', minify: true, metafile: true, write: false, chunkNames: 'chunks/[name]-[hash]',
 external: ['@vscode/ripgrep', 'web-tree-sitter', 'tree-sitter-bash', '@modelcontextprotocol/sdk', 'iii-sdk', 'ai', '@ai-sdk/*'], banner: { js: "import { createRequire as __cwCreateRequire } from 'node:module'; const require = __cwCreateRequire(import.meta.url);" }, logLevel: 'warning' });
const outs = r.metafile.outputs;
const key = Object.keys(outs).find((k) => k.endsWith('bin/codeward.js'));
const seen = new Set(); const stack = [key];
while (stack.length) { const k = stack.pop(); if (seen.has(k)) continue; seen.add(k); for (const i of outs[k].imports) if (i.kind === 'import-statement' && outs[i.path]) stack.push(i.path); }
let total = 0; const inputs = [];
for (const k of seen) { total += outs[k].bytes; for (const [n, v] of Object.entries(outs[k].inputs)) inputs.push([n, v.bytesInOutput]); }
console.log('static chunks', seen.size, 'bytes', total);
const byPkg = new Map();
for (const [n, b] of inputs) { const p = n.includes('node_modules/') ? n.replace(/.*node_modules\//,'nm/').split('/').slice(0,3).join('/') : n.startsWith('node_modules/') ? n.split('/').slice(0, n.split('/')[1].startsWith('@') ? 3 : 2).join('/') : n.split('/').slice(0, 3).join('/'); byPkg.set(p, (byPkg.get(p) || 0) + b); }
for (const [p, b] of [...byPkg].sort((a, b) => b[1] - a[1]).slice(0, Number(process.argv[2] ?? 40))) console.log(b, p);
