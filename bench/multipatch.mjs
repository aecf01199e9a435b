// 5. Multipatch over many files: in-process engine.run({cmd:'multipatch'}) with one edit in each of 100, 300 and
// 1,000 files (all or nothing: a .bak per file, then one journaled commit), and how the time scales.
// Run directly with --inproc it is the child that measures the library in a fresh process.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { open, rename } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { performance } from 'node:perf_hooks';
import { FIXTURES, LIBRARY, NODE, errorRow, median, prng, row, timed } from './lib.mjs';

const DIR = join(FIXTURES, 'multipatch');
// codeward's state (commit journals) for these runs, never the user's cache.
const STATE = join(FIXTURES, 'state');
const SIZES = [100, 300, 1000];
const ROUNDS = 3; // measured rounds per size; each round patches forward and back once
const TARGET_MS = 2000;
const FILES = Math.max(...SIZES);

const pad = (i) => String(i).padStart(4, '0');
const rel = (i) => `src/pkg${pad(Math.floor(i / 100))}/module${pad(i)}.ts`;
// The edited line of file i in each state (unique within its file).
const line = (i, state) => `export const RELEASE_${pad(i)} = '${state === 0 ? 'stable-1' : 'stable-2'}';`;

// ~1.5 KiB of TypeScript per file with the edited line in the middle.
function source(i, random) {
  const body = [`// module ${i}: generated benchmark fixture`, "import { strict as assert } from 'node:assert';", ''];
  for (let k = 0; k < 16; k += 1) body.push(`export function f${k}_${i}(x: number): number { return x * ${random.int(2, 99)} + ${random.int(0, 9999)}; }`);
  body.splice(10, 0, line(i, 0));
  return `${body.join('\n')}\n`;
}

// Written afresh on every run (1,000 small files, a fraction of a second), so a killed run cannot leave
// patched files behind.
function generate() {
  rmSync(DIR, { recursive: true, force: true });
  const random = prng(0x3217);
  const texts = [];
  for (let i = 0; i < FILES; i += 1) {
    const path = join(DIR, rel(i));
    mkdirSync(join(path, '..'), { recursive: true });
    const text = source(i, random);
    writeFileSync(path, text);
    texts.push(text);
  }
  mkdirSync(STATE, { recursive: true });
  return texts;
}

const edits = (count, from) => Array.from({ length: count }, (_, i) => ({ file: rel(i), search: line(i, from), replace: line(i, 1 - from) }));

// Every file the call covered holds the new line; the ones after it are untouched.
function verify(count, state, texts) {
  for (let i = 0; i < Math.min(FILES, count + 5); i += 1) {
    const text = readFileSync(join(DIR, rel(i)), 'utf8');
    const expected = i < count && state === 1 ? texts[i].replace(line(i, 0), line(i, 1)) : texts[i];
    if (text !== expected) return `${rel(i)} does not hold the expected text after patching ${count} files (state ${state})`;
  }
  return undefined;
}

// The durability floor: one atomic write per file (temp file, write, fsync, rename), one file after another,
// as any tool that edits N files durably must at least do. Returns ms.
async function floor(count, texts) {
  const dir = join(DIR, '.floor');
  mkdirSync(dir, { recursive: true });
  const start = performance.now();
  for (let i = 0; i < count; i += 1) {
    const tmp = join(dir, `f${i}.tmp`);
    const handle = await open(tmp, 'w');
    await handle.writeFile(texts[i]);
    await handle.sync();
    await handle.close();
    await rename(tmp, join(dir, `f${i}.ts`));
  }
  return performance.now() - start;
}

// Child mode: one engine, every size, forward and back, timed around engine.run only; the floor alternates.
async function inProcess() {
  const texts = generate();
  const { createEngine } = await import(pathToFileURL(LIBRARY).href);
  const engine = await createEngine({ workspace: DIR, env: { ...process.env, CODEWARD_STATE_DIR: STATE } });
  const results = {};
  const floors = {};
  for (const count of SIZES) {
    const samples = [];
    const floorSamples = [];
    // A warm-up round (forward and back) before the first size only; the engine is warm for the others.
    const warmup = count === SIZES[0] ? 2 : 0;
    for (let i = 0; i < 2 * ROUNDS + warmup; i += 1) {
      const from = i % 2;
      const call = { cmd: 'multipatch', args: { edits: edits(count, from) } };
      const start = performance.now();
      const envelope = await engine.run(call);
      const ms = performance.now() - start;
      if (!envelope.ok) throw new Error(`multipatch of ${count} files failed: ${JSON.stringify(envelope.error).slice(0, 400)}`);
      const files = envelope.data.files;
      if (files.length !== count || files.some((f) => f.edits !== 1)) throw new Error(`multipatch of ${count} files reports ${files.length} files`);
      const problem = verify(count, 1 - from, texts);
      if (problem) throw new Error(problem);
      const floorMs = await floor(count, texts);
      if (i >= warmup) {
        samples.push(ms);
        floorSamples.push(floorMs);
      }
    }
    results[count] = samples;
    floors[count] = floorSamples;
  }
  process.stdout.write(JSON.stringify({ results, floors }));
}

export async function run() {
  const child = timed(NODE, [new URL(import.meta.url).pathname, '--inproc']);
  if (child.status !== 0) {
    return [errorRow('multipatch: in-process engine.run', (child.stderr || child.stdout).trim().split('\n').slice(-3).join(' | '))];
  }
  const { results, floors } = JSON.parse(child.stdout);
  const ms = Object.fromEntries(SIZES.map((n) => [n, median(results[n])]));
  const rows = SIZES.map((n) => row({
    name: `multipatch: ${n} files, one edit each (median of ${results[n].length})`,
    unit: 'ms',
    codeward: ms[n],
    baseline: median(floors[n]),
    ...(n === FILES ? { target: `≤ ${TARGET_MS} ms`, pass: ms[n] <= TARGET_MS } : { target: 'info' }),
    note: `${(ms[n] / n).toFixed(2)} ms per file; baseline = one fsync'd temp-file+rename write per file, in the same run (the durability floor)`,
    samples: { codeward: results[n], floor: floors[n] },
  }));
  const scale = ms[FILES] / ms[SIZES[0]];
  rows.push(row({
    name: `multipatch: time(${FILES}) / time(${SIZES[0]})`,
    unit: '×',
    codeward: scale,
    target: `≈ ${FILES / SIZES[0]} (linear); info`,
    note: `time(${SIZES[1]}) / time(${SIZES[0]}) = ${(ms[SIZES[1]] / ms[SIZES[0]]).toFixed(2)} (linear ≈ ${SIZES[1] / SIZES[0]})`,
  }));
  return rows;
}

if (process.argv[2] === '--inproc') {
  inProcess().catch((error) => {
    process.stderr.write(`${error.stack ?? error}\n`);
    process.exitCode = 1;
  });
}
