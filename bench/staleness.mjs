// 6. The staleness fast path: StalenessTracker.check() on a file that did not change since it was read
// (mtime and size equal, stamp trusted; one synchronous stat), against a plain fs.promises.stat of the same
// file in the same loop (what the check cost when it awaited that stat).
// Run directly with --inproc it is the child that measures the library in a fresh process.
import { existsSync, mkdirSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { performance } from 'node:perf_hooks';
import { FIXTURES, LIBRARY, NODE, errorRow, median, row, timed } from './lib.mjs';

const DIR = join(FIXTURES, 'staleness');
const FILE = join(DIR, 'module.ts');
const CALLS = 10_000;
const WARMUP = 2_000;
const TARGET_US = 20;
// A settled mtime well in the past: the stamp taken now is not "racy", so check() may trust mtime and size.
const SETTLED = new Date('2024-01-02T03:04:05.678Z');

// 64 KiB of code: big enough that hashing it (the slow path) would show, small enough to be a typical file.
function text() {
  const lines = [];
  for (let i = 0; lines.join('\n').length < 64 * 1024; i += 1) lines.push(`export const value${i} = ${(i * 7919) % 100_003}; // line ${i}`);
  return `${lines.join('\n')}\n`;
}

function percentile(values, p) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

// Child mode: warm up, then CALLS rounds of (check, stat), each call timed on its own.
async function inProcess() {
  mkdirSync(DIR, { recursive: true });
  const content = text();
  if (!existsSync(FILE) || readFileSync(FILE, 'utf8') !== content) writeFileSync(FILE, content);
  utimesSync(FILE, SETTLED, SETTLED);
  const { StalenessTracker } = await import(pathToFileURL(LIBRARY).href);
  if (typeof StalenessTracker !== 'function') throw new Error('dist/index.js does not export StalenessTracker');
  const tracker = new StalenessTracker();
  await tracker.recordRead(FILE);
  const expectFast = (result) => {
    if (result.stale !== false || result.reason !== 'mtime and size unchanged') {
      throw new Error(`check() did not take the fast path: ${JSON.stringify(result)}`);
    }
  };
  for (let i = 0; i < WARMUP; i += 1) {
    expectFast(await tracker.check(FILE));
    await stat(FILE);
  }
  const check = new Float64Array(CALLS);
  const plain = new Float64Array(CALLS);
  for (let i = 0; i < CALLS; i += 1) {
    const t0 = performance.now();
    const result = await tracker.check(FILE);
    const t1 = performance.now();
    const st = await stat(FILE);
    const t2 = performance.now();
    expectFast(result);
    if (st.size !== content.length) throw new Error('stat saw the wrong size');
    check[i] = (t1 - t0) * 1000;
    plain[i] = (t2 - t1) * 1000;
  }
  // The check must still see a real change (the benchmark measures a working tracker, not a constant).
  writeFileSync(FILE, `${content}// edited\n`);
  const changed = await tracker.check(FILE);
  writeFileSync(FILE, content);
  utimesSync(FILE, SETTLED, SETTLED);
  if (changed.stale !== true || !/modified externally/.test(changed.reason)) throw new Error(`check() missed an edit: ${JSON.stringify(changed)}`);
  process.stdout.write(JSON.stringify({ check: [...check], stat: [...plain] }));
}

export async function run() {
  const child = timed(NODE, [new URL(import.meta.url).pathname, '--inproc']);
  const name = `staleness: check() fast path, unchanged file (median of ${CALLS.toLocaleString('en')})`;
  if (child.status !== 0) return [errorRow(name, (child.stderr || child.stdout).trim().split('\n').slice(-3).join(' | '))];
  const result = JSON.parse(child.stdout);
  const c = median(result.check);
  const s = median(result.stat);
  return [row({
    name,
    unit: 'µs',
    codeward: c,
    baseline: s,
    target: `≤ ${TARGET_US} µs`,
    pass: c <= TARGET_US,
    note: `baseline = fs.promises.stat of the same file in the same loop (check() does one statSync); p99 check ${percentile(result.check, 99).toFixed(1)} µs, stat ${percentile(result.stat, 99).toFixed(1)} µs`,
  })];
}

if (process.argv[2] === '--inproc') {
  inProcess().catch((error) => {
    process.stderr.write(`${error.stack ?? error}\n`);
    process.exitCode = 1;
  });
}
