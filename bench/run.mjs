// Entry point of `npm run bench`: builds the CLI, runs every benchmark, prints a summary table and writes
// bench/.fixtures/results.json. Informational: exits 0 unless the build fails or --strict sees a FAIL.
// Usage: node bench/run.mjs [--strict] [--no-build] [startup|cold-start|listing|listing-kept|tail|patch|multipatch|staleness|checkpoint|search|policy|mcp|agent|sandbox|sandbox-view|write-jail|sandbox-network|stage|tokens|references|code-intel ...]
import { spawnSync } from 'node:child_process';
import { cpus } from 'node:os';
import { cpSync, existsSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { CLI, DIST, FIXTURES, NODE, ROOT, SNAPSHOT, ensureDir } from './lib.mjs';

const argv = process.argv.slice(2);
const strict = argv.includes('--strict');
const BENCHMARKS = ['startup', 'cold-start', 'listing', 'listing-kept', 'tail', 'patch', 'multipatch', 'staleness', 'checkpoint', 'search', 'policy', 'mcp', 'agent', 'sandbox', 'sandbox-view', 'write-jail', 'sandbox-network', 'stage', 'tokens', 'references', 'code-intel'];
const unknown = argv.filter((arg) => !arg.startsWith('--') && !BENCHMARKS.includes(arg));
if (unknown.length) {
  console.error(`unknown benchmark ${unknown.join(', ')}; choose from ${BENCHMARKS.join(', ')}`);
  process.exit(2);
}
const chosen = argv.filter((arg) => BENCHMARKS.includes(arg));
const selected = chosen.length ? chosen : BENCHMARKS;

if (!argv.includes('--no-build')) {
  console.log('building dist/ (node scripts/build.mjs) ...');
  const build = spawnSync(NODE, [join(ROOT, 'scripts', 'build.mjs')], { cwd: ROOT, stdio: 'inherit' });
  if (build.status !== 0) {
    console.error('bench: the build failed; nothing to measure');
    process.exit(1);
  }
}
if (!existsSync(join(DIST, 'bin', 'codeward.js'))) {
  console.error('bench: dist/bin/codeward.js is missing');
  process.exit(1);
}
rmSync(SNAPSHOT, { recursive: true, force: true });
cpSync(DIST, SNAPSHOT, { recursive: true });
const help = spawnSync(NODE, [CLI, '--help'], { encoding: 'utf8' });
if (help.status !== 0) {
  console.error(`bench: ${CLI} --help exits ${help.status}: ${help.stderr.trim().slice(0, 500)}`);
  process.exit(1);
}

ensureDir(FIXTURES);
const started = Date.now();
const rows = [];
for (const name of selected) {
  const t0 = Date.now();
  process.stdout.write(`running ${name} ...\n`);
  try {
    const module = await import(`./${name}.mjs`);
    rows.push(...(await module.run()));
  } catch (error) {
    rows.push({ name, unit: '', codeward: null, baseline: null, ratio: null, target: '', pass: false, error: error.stack ?? String(error) });
  }
  process.stdout.write(`  done in ${((Date.now() - t0) / 1000).toFixed(1)} s\n`);
}

// Summary table.
const fmt = (value, unit) => (value === null || value === undefined ? '—' : `${value.toFixed(2)} ${unit}`);
const verdict = (r) => (r.error ? 'FAIL (error)' : r.pass === null ? 'info' : r.pass ? 'PASS' : 'FAIL');
const table = [
  ['benchmark', 'codeward', 'baseline', 'ratio', 'target', 'result'],
  ...rows.map((r) => [r.name, fmt(r.codeward, r.unit), fmt(r.baseline, r.unit), r.ratio === null ? '—' : `${r.ratio.toFixed(2)}×`, r.target, verdict(r)]),
];
const widths = table[0].map((_, col) => Math.max(...table.map((line) => line[col].length)));
const line = (cells) => cells.map((cell, col) => (col === 0 || col === 4 ? cell.padEnd(widths[col]) : cell.padStart(widths[col]))).join('  ');
console.log(`\n${line(table[0])}\n${widths.map((w) => '-'.repeat(w)).join('  ')}`);
for (const cells of table.slice(1)) console.log(line(cells));
for (const r of rows) {
  if (r.error) console.log(`\n${r.name}: ERROR ${r.error}`);
  else if (r.note) console.log(`  · ${r.name}: ${r.note}`);
}

const results = {
  date: new Date().toISOString(),
  node: process.version,
  platform: `${process.platform}-${process.arch}`,
  cpus: cpus().length,
  cpuModel: cpus()[0]?.model,
  seconds: Math.round((Date.now() - started) / 100) / 10,
  rows,
};
const out = join(FIXTURES, 'results.json');
writeFileSync(out, `${JSON.stringify(results, null, 2)}\n`);
console.log(`\nresults written to ${out} (${results.seconds} s)`);
const failed = rows.filter((r) => verdict(r).startsWith('FAIL'));
if (strict && failed.length) {
  console.error(`--strict: ${failed.length} benchmark(s) failed`);
  process.exit(1);
}
