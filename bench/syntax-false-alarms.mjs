// The syntax check's false alarms (issue 30): every source file of real projects is parsed with the grammar
// codeward uses after an edit. The check refuses only an edit that turns a clean file into a broken one, so
// a valid file the grammar reads as broken is where a false alarm could come from: the row counts them
// (target 0) and names the first few; the clean files are the ones the check can refuse edits of.
// Sets: this repository's src/ and test/ (TypeScript), node_modules/typescript/lib/*.d.ts, the JavaScript of
// node_modules packages, the Python standard library (/usr/lib/python3*), Go files under node_modules.
// Run directly: node bench/syntax-false-alarms.mjs [--all] (default: at most 1500 files per set, evenly spread).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { performance } from 'node:perf_hooks';
import { build } from 'esbuild';
import { FIXTURES, ROOT, ensureDir, errorRow, row } from './lib.mjs';

const MAX_BYTES = 1024 * 1024; // the check's own budget (SYNTAX_CHECK_MAX_BYTES)
const PER_SET = process.argv.includes('--all') ? Infinity : 1500;
// Files that are broken on purpose (test inputs of the Python standard library and of grammars).
const ON_PURPOSE = /(badsyntax|bad_coding|bad_getattr|lib2to3\/tests\/data|test_grammar|tokenizedata|\/fixtures?\/|\.min\.)/;

function walk(dir, accept, out = [], depth = 0) {
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return out;
  }
  for (const entry of entries.sort((a, b) => (a.name < b.name ? -1 : 1))) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name === '.git' || entry.name === '.fixtures' || entry.name === 'dist' || depth > 12) continue;
      walk(path, accept, out, depth + 1);
    } else if (entry.isFile() && accept(path) && !ON_PURPOSE.test(path)) out.push(path);
  }
  return out;
}

// At most `count` files, evenly spread over the sorted list (deterministic).
function spread(files, count) {
  if (files.length <= count) return files;
  const step = files.length / count;
  return Array.from({ length: count }, (_, index) => files[Math.floor(index * step)]);
}

function sets() {
  const nm = join(ROOT, 'node_modules');
  const python = readdirSync('/usr/lib').filter((name) => /^python3(\.\d+)?$/.test(name)).map((name) => join('/usr/lib', name));
  return [
    { name: 'codeward src+test (ts)', files: [...walk(join(ROOT, 'src'), (p) => p.endsWith('.ts')), ...walk(join(ROOT, 'test'), (p) => p.endsWith('.ts'))] },
    { name: 'typescript/lib d.ts', files: walk(join(nm, 'typescript', 'lib'), (p) => p.endsWith('.d.ts')) },
    { name: 'node_modules js', files: walk(nm, (p) => /\.(m|c)?js$/.test(p) && !p.includes('/typescript/lib/')) },
    { name: 'python stdlib (py)', files: python.flatMap((dir) => walk(dir, (p) => p.endsWith('.py'))) },
    { name: 'node_modules go', files: walk(nm, (p) => p.endsWith('.go')) },
  ];
}

async function load() {
  const out = join(ensureDir(FIXTURES), 'syntax-check-bundle.mjs');
  await build({
    stdin: { contents: "export { CodeParsers } from './src/code/parsers.ts'; export { problemsOf, describeProblems } from './src/code/syntax-check.ts';", resolveDir: ROOT, loader: 'ts' },
    bundle: true, format: 'esm', platform: 'node', outfile: out, external: ['web-tree-sitter'], logLevel: 'warning',
  });
  return import(pathToFileURL(out).href);
}

export async function run() {
  try {
    const { CodeParsers, problemsOf, describeProblems } = await load();
    const parsers = new CodeParsers(pathToFileURL(join(ROOT, 'package.json')).href);
    const rows = [];
    for (const set of sets()) {
      const chosen = spread(set.files, PER_SET);
      let clean = 0;
      let skipped = 0;
      let lines = 0;
      const broken = [];
      const t0 = performance.now();
      for (const file of chosen) {
        const spec = parsers.languageOf(file);
        if (!spec || statSync(file).size > MAX_BYTES) {
          skipped += 1;
          continue;
        }
        const text = readFileSync(file, 'utf8');
        lines += text.split('\n').length;
        const { parser } = await parsers.load(spec.id);
        const problems = problemsOf(parser, text);
        if (problems.length === 0) clean += 1;
        else broken.push(`${relative(ROOT, file).startsWith('..') ? file : relative(ROOT, file)} ${describeProblems(problems, 1)}`);
      }
      const seconds = (performance.now() - t0) / 1000;
      const parsed = chosen.length - skipped;
      rows.push(row({
        name: `syntax false alarms: ${set.name}`,
        unit: 'files',
        codeward: broken.length,
        target: '= 0',
        pass: broken.length === 0,
        note: `${parsed} of ${set.files.length} files parsed (${skipped} over ${MAX_BYTES} bytes), ${clean} clean, ${broken.length} read as broken; ${Math.round(lines / seconds)} lines/s${broken.length ? `; first: ${broken.slice(0, 4).join(' | ')}` : ''}`,
      }));
    }
    return rows;
  } catch (error) {
    return [errorRow('syntax false alarms', error.stack ?? String(error))];
  }
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  for (const r of await run()) console.log(`${r.name}: ${r.codeward} ${r.unit} (${r.pass ? 'PASS' : 'FAIL'}) ${r.note ?? r.error ?? ''}`);
}
