// 2. Listing: `codeward --json tree` over a ~20,000-file source tree against `rg --files`, both gitignore-aware.
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { rgPath } from '@vscode/ripgrep';
import { CLI, FIXTURES, NODE, alternate, median, parseEnvelope, prng, row, errorRow } from './lib.mjs';

const TREE = join(FIXTURES, 'tree');
const MARKER = join(FIXTURES, 'tree.json');
const VERSION = 1;
const VISIBLE_FILES = 20_000; // files both tools must list
const BUILD_FILES = 2_000; // files under the gitignored build/
const TARGET = 2.2;

const WORDS = ['auth', 'billing', 'cache', 'config', 'core', 'db', 'events', 'http', 'i18n', 'jobs', 'logger', 'mail', 'metrics', 'models', 'net', 'orders', 'parser', 'queue', 'render', 'router', 'search', 'session', 'storage', 'store', 'sync', 'ui', 'users', 'utils', 'validation', 'widgets'];
const EXTS = [['.ts', 40], ['.tsx', 10], ['.js', 8], ['.test.ts', 10], ['.json', 7], ['.md', 8], ['.css', 6], ['.py', 5], ['.go', 4], ['.yaml', 2]];
const EXT_BAG = EXTS.flatMap(([ext, weight]) => Array(weight).fill(ext));

// rg flags that give rg exactly codeward's semantics: .gitignore files from the listed folder down
// (also outside a git repository), nothing from parent folders, the global excludes or .git/info/exclude.
const RG_ARGS = ['--files', '--no-require-git', '--no-ignore-parent', '--no-ignore-global', '--no-ignore-exclude', '--no-messages'];

function content(random, path, index) {
  const body = [`// ${path}`, `// generated fixture file #${index}`];
  for (let i = random.int(2, 20); i > 0; i -= 1) body.push(`export const value${i} = ${random.int(0, 99999)}; // ${random.pick(WORDS)} ${random.pick(WORDS)}`);
  return `${body.join('\n')}\n`;
}

// Deterministic generator; returns the sorted list of files rg and codeward should both list.
function generate() {
  rmSync(TREE, { recursive: true, force: true });
  const random = prng(0xc0de);
  const visible = [];
  const made = new Set();
  const put = (rel, text, listed) => {
    const abs = join(TREE, rel);
    const folder = dirname(abs);
    if (!made.has(folder)) mkdirSync(folder, { recursive: true });
    made.add(folder);
    writeFileSync(abs, text);
    if (listed) visible.push(rel);
  };
  put('.gitignore', 'node_modules/\nbuild/\ncoverage/\n*.log\n!keep.log\n', false);
  put('.editorconfig', 'root = true\n', false);
  put('package.json', '{ "name": "fixture-monorepo", "private": true }\n', true);
  put('README.md', '# Fixture monorepo\n', true);
  put('keep.log', 'kept despite *.log\n', true);

  // Folders: packages/<pkg>/{src,test}/<module>[/<sub>[/<sub>]] with a random shape.
  const folders = [];
  for (let p = 0; p < 40; p += 1) {
    const pkg = `packages/${WORDS[p % WORDS.length]}${p >= WORDS.length ? `-${p}` : ''}`;
    put(`${pkg}/package.json`, `{ "name": "@fixture/${p}" }\n`, true);
    put(`${pkg}/.eslintrc.json`, '{}\n', false); // dot-file: skipped by both
    if (p % 5 === 0) {
      // A nested .gitignore, as real packages have.
      put(`${pkg}/.gitignore`, 'dist/\n*.generated.ts\n', false);
      put(`${pkg}/dist/index.js`, 'module.exports = 1;\n', false);
      put(`${pkg}/src/schema.generated.ts`, 'export {};\n', false);
    }
    for (const area of ['src', 'src', 'src', 'test', 'lib']) {
      const base = `${pkg}/${area}/${random.pick(WORDS)}`;
      folders.push(base);
      for (let s = random.int(0, 3); s > 0; s -= 1) {
        const sub = `${base}/${random.pick(WORDS)}`;
        folders.push(sub);
        if (random() < 0.4) folders.push(`${sub}/${random.pick(WORDS)}`);
      }
    }
  }
  const seen = new Set(visible);
  for (let i = 0; visible.length < VISIBLE_FILES; i += 1) {
    const folder = random.pick(folders);
    const rel = `${folder}/${random.pick(WORDS)}${i}${random.pick(EXT_BAG)}`;
    if (seen.has(rel)) continue;
    seen.add(rel);
    put(rel, content(random, rel, i), true);
    if (i % 400 === 0) put(`${folder}/debug-${i}.log`, 'ignored log\n', false);
  }
  for (let i = 0; i < BUILD_FILES; i += 1) put(`build/${random.pick(['js', 'css', 'maps', 'assets/img'])}/chunk-${i}.js`, `/* build ${i} */\n`, false);
  for (let i = 0; i < 150; i += 1) put(`node_modules/dep-${i % 15}/file${i}.js`, 'module.exports = {};\n', false);
  for (let i = 0; i < 50; i += 1) put(`coverage/lcov-report/f${i}.html`, '<html></html>\n', false);
  visible.sort();
  writeFileSync(MARKER, JSON.stringify({ version: VERSION, files: visible.length, list: visible }));
  return visible;
}

function fixture() {
  if (existsSync(MARKER) && existsSync(TREE)) {
    const marker = JSON.parse(readFileSync(MARKER, 'utf8'));
    if (marker.version === VERSION && marker.files === VISIBLE_FILES) return { expected: marker.list, generated: false };
  }
  return { expected: generate(), generated: true };
}

function diffNote(label, a, b) {
  const setB = new Set(b);
  const extra = a.filter((p) => !setB.has(p));
  return extra.length ? `${label}: ${extra.length} (e.g. ${extra.slice(0, 3).join(', ')})` : '';
}

export async function run() {
  const started = Date.now();
  const { expected, generated } = fixture();
  const generatedMs = Date.now() - started;
  const lists = {};
  const cases = [
    {
      name: 'codeward',
      command: NODE,
      args: [CLI, '-C', TREE, '--json', 'tree', '--max-entries', '1000000'],
      check: (r) => {
        const { envelope, error } = parseEnvelope(r);
        if (error) return error;
        const entries = envelope.data?.entries;
        if (!Array.isArray(entries)) return 'data.entries is not an array';
        if (envelope.data.truncated) return 'tree says truncated with --max-entries 1000000';
        lists.codeward = entries.filter((e) => e.type === 'file').map((e) => e.path);
        return undefined;
      },
    },
    {
      name: 'rg',
      command: rgPath,
      args: RG_ARGS,
      cwd: TREE,
      check: (r) => {
        if (r.status !== 0) return `exit ${r.status}`;
        lists.rg = r.stdout.split('\n').filter(Boolean).map((p) => p.replace(/^\.\//, ''));
        return undefined;
      },
    },
  ];
  // Size the number of rounds to the machine: ~25 s of codeward at most, between 5 and 15 rounds.
  const probe = alternate(cases, { runs: 1, warmup: 0 });
  const name = `listing: tree of ${expected.length} files vs rg --files`;
  if (probe.errors.codeward || probe.errors.rg) return [errorRow(name, probe.errors.codeward ?? probe.errors.rg)];
  const runs = Math.max(5, Math.min(15, Math.floor(25_000 / probe.samples.codeward[0])));
  const { samples, errors } = alternate(cases, { runs, warmup: 1 });
  if (errors.codeward || errors.rg) return [errorRow(name, errors.codeward ?? errors.rg)];

  const warnings = [];
  if (lists.codeward.length !== lists.rg.length) warnings.push(`file counts differ: codeward ${lists.codeward.length}, rg ${lists.rg.length}`);
  const missing = [diffNote('only in rg', lists.rg, lists.codeward), diffNote('only in codeward', lists.codeward, lists.rg)].filter(Boolean);
  if (missing.length) warnings.push(...missing);
  if (lists.rg.length !== expected.length) warnings.push(`rg lists ${lists.rg.length} files, the generator expected ${expected.length}`);
  if (warnings.length) warnings.unshift('LISTINGS DIFFER (result cannot pass)');
  for (const warning of warnings) console.warn(`  WARNING (listing): ${warning}`);

  const codeward = median(samples.codeward);
  const baseline = median(samples.rg);
  return [
    row({
      name,
      unit: 'ms',
      codeward,
      baseline,
      target: `≤ ${TARGET}× (info)`,
      // Both must list the same files; a listing that differs cannot pass, whatever its speed.
      pass: warnings.length === 0 && codeward / baseline <= TARGET,
      note: [`${runs} runs; fixture ${generated ? `generated in ${generatedMs} ms` : 'reused'}`, ...warnings].join('; '),
      samples,
    }),
  ];
}
