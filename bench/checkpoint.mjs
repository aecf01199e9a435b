// 12. The cost of the checkpoint store (undo): `write` and `patch` of a 1 MiB file through engine.run, with
// the store on (backups: true, the default) and off (backups: false) side by side in one fresh process,
// in pairs (one call each, the order alternating pair by pair) so machine noise hits both alike; the
// ratio is the median of the pairs' on/off ratios, with their p25-p75 spread (the machine is noisy);
// target: the store adds <= 10%. Then the
// store's growth over 1,000 edits of a 1 MiB file: edits that flip between two versions (deduplicated:
// two blobs, whatever the count) and edits that each make new content (bounded by checkpointMaxMB).
// Run directly with --inproc it is the child that measures the library in a fresh process.
import { existsSync, mkdirSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { performance } from 'node:perf_hooks';
import { FIXTURES, LIBRARY, MiB, NODE, errorRow, median, row, timed } from './lib.mjs';

const DIR = join(FIXTURES, 'checkpoint');
const SIZE = MiB;
const RUNS = Number(process.env.CW_BENCH_PAIRS ?? 150); // timed on/off pairs per command (after WARMUP)
const WARMUP = 6;
const EDITS = Number(process.env.CW_BENCH_EDITS ?? 1000);
// The size limit of the growth run with new content every edit (MiB); the default is 500.
const LIMIT_MB = 20;
const TARGET = 1.1;

// The q-quantile (0..1) of `values`, linear between ranks.
function quantile(values, q) {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (sorted.length - 1) * q;
  const low = Math.floor(at);
  return sorted[low] + (sorted[Math.min(low + 1, sorted.length - 1)] - sorted[low]) * (at - low);
}

// SIZE bytes of ~80-byte text lines; `tag` goes into the line the patch changes.
function content(seed) {
  const lines = [];
  let size = 0;
  for (let n = 0; size < SIZE - 200; n += 1) {
    const line = n === 6000 ? `config: flag = "v-${seed}" // the line the benchmark changes\n` : `${String(n).padStart(8, '0')} lorem ipsum dolor sit amet value=${(n * 7919) % 100003} status=ok\n`;
    lines.push(line);
    size += line.length;
  }
  const text = lines.join('');
  return text + '.'.repeat(SIZE - 1 - Buffer.byteLength(text)) + '\n';
}

// Total bytes of the regular files under `dir` (the store: blobs, steps, head).
function bytesUnder(dir) {
  let total = 0;
  if (!existsSync(dir)) return 0;
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) total += statSync(join(entry.parentPath ?? entry.path, entry.name)).size;
  }
  return total;
}

// A fresh workspace `name` (holding edit.txt at version 0) with its own state folder.
function workspace(name) {
  const root = join(DIR, name);
  rmSync(root, { recursive: true, force: true });
  mkdirSync(join(root, 'ws'), { recursive: true });
  mkdirSync(join(root, 'state'), { recursive: true, mode: 0o700 });
  writeFileSync(join(root, 'ws', 'edit.txt'), content(0));
  return { ws: join(root, 'ws'), state: join(root, 'state') };
}

async function engineFor(name, backups, maxMB) {
  const { createEngine } = await import(pathToFileURL(LIBRARY).href);
  const { ws, state } = workspace(name);
  const engine = await createEngine({ workspace: ws, env: { ...process.env, CODEWARD_STATE_DIR: state } });
  // The store's switch and limit, set directly: a project file may not turn backups off (it loosens).
  engine.config = { ...engine.config, backups, ...(maxMB ? { checkpointMaxMB: maxMB } : {}) };
  return { engine, store: join(engine.stateDir, 'checkpoints') };
}

async function call(engine, cmd, args) {
  const envelope = await engine.run({ cmd, args });
  if (!envelope.ok) throw new Error(`${cmd} failed: ${JSON.stringify(envelope.error)}`);
  return envelope;
}

// Child mode: the side-by-side timings and the growth runs; prints one JSON object.
async function inProcess() {
  const versions = [content(0), content(1)];
  const on = await engineFor('on', true);
  const off = await engineFor('off', false);
  const timings = {};
  for (const [cmd, args] of [
    ['write', (i) => ({ file: 'edit.txt', content: versions[(i + 1) % 2] })],
    ['patch', (i) => ({ file: 'edit.txt', search: `"v-${i % 2}"`, replace: `"v-${(i + 1) % 2}"` })],
  ]) {
    const samples = { on: [], off: [] };
    for (let i = 0; i < WARMUP + RUNS; i += 1) {
      for (const [side, { engine }] of i % 2 ? [['off', off], ['on', on]] : [['on', on], ['off', off]]) {
        const start = performance.now();
        await call(engine, cmd, args(i));
        if (i >= WARMUP) samples[side].push(performance.now() - start);
      }
    }
    timings[cmd] = samples;
  }
  // Growth 1: EDITS patches flipping between two versions; the store holds each version once.
  const flip = await engineFor('flip', true);
  for (let i = 0; i < EDITS; i += 1) await call(flip.engine, 'patch', { file: 'edit.txt', search: `"v-${i % 2}"`, replace: `"v-${(i + 1) % 2}"` });
  const flipBytes = bytesUnder(flip.store);
  const flipSteps = existsSync(join(flip.store, 'steps')) ? readdirSync(join(flip.store, 'steps')).length : 0;
  // Growth 2: EDITS patches each making new content, with a LIMIT_MB limit.
  const fresh = await engineFor('fresh', true, LIMIT_MB);
  let peak = 0;
  for (let i = 0; i < EDITS; i += 1) {
    await call(fresh.engine, 'patch', { file: 'edit.txt', search: `"v-${i === 0 ? 0 : i + 1}"`, replace: `"v-${i + 2}"` });
    if (i % 50 === 49) peak = Math.max(peak, bytesUnder(fresh.store));
  }
  const freshBytes = bytesUnder(fresh.store);
  process.stdout.write(JSON.stringify({ timings, flipBytes, flipSteps, freshBytes, peak }));
}

export async function run() {
  mkdirSync(DIR, { recursive: true });
  const child = timed(NODE, [new URL(import.meta.url).pathname, '--inproc'], { cwd: DIR });
  rmSync(DIR, { recursive: true, force: true });
  const name = (cmd) => `checkpoint: ${cmd} 1 MiB, store on vs off (${RUNS} pairs)`;
  if (child.status !== 0) {
    const message = (child.stderr || child.stdout).trim().split('\n').slice(-3).join(' | ');
    return [errorRow(name('write'), message), errorRow(name('patch'), message)];
  }
  const result = JSON.parse(child.stdout);
  const rows = ['write', 'patch'].map((cmd) => {
    const { on, off } = result.timings[cmd];
    const ratios = on.map((value, index) => value / off[index]);
    const ratio = quantile(ratios, 0.5);
    return row({
      name: name(cmd), unit: 'ms', codeward: median(on), baseline: median(off), ratio, target: `≤ ${TARGET}×`, pass: ratio <= TARGET,
      note: `engine.run in one process, store on (codeward) and off (baseline) in ${on.length} pairs, order alternating; `
        + `ratio = median of the pairs' on/off ratios, p25-p75 ${quantile(ratios, 0.25).toFixed(2)}-${quantile(ratios, 0.75).toFixed(2)}`,
      samples: { on, off },
    });
  });
  const mb = (bytes) => `${(bytes / MiB).toFixed(1)} MiB`;
  rows.push(row({
    name: `checkpoint: store size after ${EDITS} edits of a 1 MiB file`, unit: 'MiB', codeward: result.freshBytes / MiB, baseline: LIMIT_MB, target: `≤ limit`, pass: result.peak <= LIMIT_MB * MiB + 50 * SIZE,
    note: `each edit new content, checkpointMaxMB ${LIMIT_MB}: ${result.freshBytes} bytes at the end, ${mb(result.peak)} at most between prunes; `
      + `edits flipping between two versions: ${result.flipBytes} bytes for ${result.flipSteps} steps (each version stored once)`,
  }));
  return rows;
}

if (process.argv[2] === '--inproc') {
  inProcess().catch((error) => {
    process.stderr.write(`${error.stack ?? error}\n`);
    process.exitCode = 1;
  });
}
