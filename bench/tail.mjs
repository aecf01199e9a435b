// 3. Tail of a 1 GiB log: in-process time and memory growth through the library, peak RSS of the CLI
// process against `node -e 0`, and the whole `codeward read --tail 20` process against `tail -n 20`.
// Run directly with --inproc it is the child that measures the library in a fresh process.
import { closeSync, existsSync, openSync, readFileSync, readSync, statSync, writeFileSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { performance } from 'node:perf_hooks';
import { CLI, FIXTURES, LIBRARY, MiB, NODE, alternate, ensureDir, median, parseEnvelope, peakRssKiB, prng, row, errorRow, rssMethod, timed } from './lib.mjs';

const DATA = join(FIXTURES, 'data');
const LOG = join(DATA, 'big.log');
const MARKER = join(DATA, 'big.log.json');
const VERSION = 1;
const CHUNK = MiB; // one template chunk, repeated with fresh line numbers
const CHUNKS = 1024; // 1 GiB
const BATCH = 16; // chunks per write
const DIGITS = 12; // zero-padded line number that starts every line
const TAIL = 20;
const IN_PROCESS_RUNS = 50;
const TARGET_MS = 50;
const TARGET_GROWTH_MIB = 16;
const TARGET_RSS_OVER_NODE_MIB = 64;

// The 1 MiB template: line bodies (after "<number> ") that fill exactly CHUNK bytes.
function template() {
  const random = prng(0x10c);
  const words = ['items', 'orders', 'users', 'carts', 'invoices', 'sessions', 'reports'];
  const levels = ['INFO', 'INFO', 'INFO', 'INFO', 'DEBUG', 'DEBUG', 'WARN', 'ERROR'];
  const services = ['api', 'worker', 'scheduler', 'auth', 'cache'];
  const bodies = [];
  let total = 0;
  let ms = Date.UTC(2024, 2, 14, 9, 0, 0);
  const message = () => {
    const word = random.pick(words);
    switch (random.int(0, 3)) {
      case 0: return `request method=${random.pick(['GET', 'GET', 'POST', 'PUT', 'DELETE'])} path=/v1/${word}/${random.int(1, 99999)} status=${random.pick([200, 200, 200, 201, 204, 304, 404, 500])} dur_ms=${random.int(1, 900)}`;
      case 1: return `cache ${random.pick(['hit', 'miss'])} key=${word}:${random.int(1, 99999)} ttl=${random.int(10, 3600)}s`;
      case 2: return `job ${word}-sync finished in ${random.int(5, 60000)}ms (${random.int(0, 500)} records)`;
      default: return `user ${random.int(1, 999999)} signed in from 10.${random.int(0, 255)}.${random.int(0, 255)}.${random.int(1, 254)}`;
    }
  };
  for (;;) {
    ms += random.int(0, 40);
    const body = `${new Date(ms).toISOString()} ${random.pick(levels).padEnd(5)} [${random.pick(services)}] ${message()}`;
    const length = DIGITS + 1 + body.length + 1;
    if (total + length > CHUNK - 400) break;
    bodies.push(body);
    total += length;
  }
  // Two padded heartbeat lines fill the chunk to exactly CHUNK bytes.
  const remaining = CHUNK - total;
  for (const length of [remaining >> 1, remaining - (remaining >> 1)]) {
    const head = `${new Date(ms).toISOString()} DEBUG [health] heartbeat pad=`;
    bodies.push(head + '.'.repeat(length - DIGITS - 2 - head.length));
  }
  return bodies;
}

const number = (n) => String(n).padStart(DIGITS, '0');

export function expectedTail(bodies = template(), lines = TAIL) {
  const perChunk = bodies.length;
  const out = [];
  for (let i = perChunk - lines; i < perChunk; i += 1) out.push(`${number((CHUNKS - 1) * perChunk + i + 1)} ${bodies[i]}\n`);
  return out.join('');
}

function generate(bodies) {
  const text = Buffer.from(bodies.map((body) => `${'0'.repeat(DIGITS)} ${body}\n`).join(''), 'latin1');
  if (text.length !== CHUNK) throw new Error(`template is ${text.length} bytes, not ${CHUNK}`);
  const offsets = [];
  for (let at = 0; at < CHUNK; at = text.indexOf(0x0a, at) + 1) offsets.push(at);
  const batch = Buffer.alloc(CHUNK * BATCH);
  const fd = openSync(LOG, 'w');
  try {
    for (let chunk = 0; chunk < CHUNKS; chunk += BATCH) {
      for (let k = 0; k < BATCH; k += 1) {
        const base = k * CHUNK;
        text.copy(batch, base);
        let n = (chunk + k) * offsets.length;
        for (const offset of offsets) {
          n += 1;
          for (let d = DIGITS - 1, v = n; v > 0; d -= 1, v = Math.floor(v / 10)) batch[base + offset + d] = 48 + (v % 10);
        }
      }
      writeSync(fd, batch);
    }
  } finally {
    closeSync(fd);
  }
  writeFileSync(MARKER, JSON.stringify({ version: VERSION, size: CHUNK * CHUNKS, linesPerChunk: offsets.length }));
}

function lastBytes(path, length) {
  const fd = openSync(path, 'r');
  try {
    const buf = Buffer.alloc(length);
    readSync(fd, buf, 0, length, statSync(path).size - length);
    return buf.toString('latin1');
  } finally {
    closeSync(fd);
  }
}

// Reuses big.log when its size, marker and last lines are right; otherwise writes it again.
function fixture() {
  ensureDir(DATA);
  const bodies = template();
  const expected = expectedTail(bodies);
  const fresh = () => existsSync(LOG) && existsSync(MARKER) && statSync(LOG).size === CHUNK * CHUNKS
    && JSON.parse(readFileSync(MARKER, 'utf8')).version === VERSION && lastBytes(LOG, expected.length) === expected;
  const started = performance.now();
  if (!fresh()) {
    generate(bodies);
    if (!fresh()) throw new Error('big.log generator wrote a file whose tail does not match');
    return { expected, generatedMs: performance.now() - started };
  }
  return { expected, generatedMs: 0 };
}

const sameText = (a, b) => a.replace(/\n$/, '') === b.replace(/\n$/, '');

// Child mode: time engine.run(read --tail 20) in a fresh process with --expose-gc.
async function inProcess() {
  const expected = expectedTail();
  const { createEngine } = await import(pathToFileURL(LIBRARY).href);
  if (typeof createEngine !== 'function') throw new Error('dist/index.js does not export createEngine');
  const engine = await createEngine({ workspace: DATA });
  const call = { cmd: 'read', args: { file: 'big.log', tail: TAIL } };
  const once = async () => {
    const start = performance.now();
    const envelope = await engine.run(call);
    const ms = performance.now() - start;
    if (!envelope.ok) throw new Error(`engine.run failed: ${JSON.stringify(envelope.error)}`);
    if (!sameText(envelope.data.content, expected)) throw new Error(`wrong tail; last line: ${JSON.stringify(envelope.data.content.trimEnd().split('\n').pop())}`);
    return ms;
  };
  for (let i = 0; i < 5; i += 1) await once();
  globalThis.gc?.();
  const rssStart = process.memoryUsage().rss;
  let rssMax = rssStart;
  const samples = [];
  for (let i = 0; i < IN_PROCESS_RUNS; i += 1) {
    samples.push(await once());
    rssMax = Math.max(rssMax, process.memoryUsage().rss);
  }
  process.stdout.write(JSON.stringify({ samples, rssStart, rssMax, maxRssKiB: process.resourceUsage().maxRSS }));
}

// Child mode: a numbered tail of the whole 1 GiB log (read's line-counting limit raised over its size, so the
// tail counts every line before it): what line numbers on a tail cost per MB, which sets that limit
// (src/commands/read.ts COUNT_ALL_BYTES).
async function countSpeed() {
  process.env.CODEWARD_READ_COUNT_LINES_MAX_BYTES = String(2 ** 40);
  const { createEngine } = await import(pathToFileURL(LIBRARY).href);
  const engine = await createEngine({ workspace: DATA });
  const samples = [];
  let lines = 0;
  for (let i = 0; i < 4; i += 1) {
    const start = performance.now();
    const envelope = await engine.run({ cmd: 'read', args: { file: 'big.log', tail: TAIL } });
    if (!envelope.ok) throw new Error(JSON.stringify(envelope.error));
    if (envelope.data.totalLines === null) throw new Error('the tail was not numbered');
    lines = envelope.data.totalLines;
    if (i > 0) samples.push(performance.now() - start);
  }
  process.stdout.write(JSON.stringify({ samples, size: statSync(LOG).size, lines }));
}

export async function run() {
  const { expected, generatedMs } = fixture();
  const note = generatedMs ? `big.log generated in ${Math.round(generatedMs)} ms` : 'big.log reused';
  const rows = [];

  // Line counting speed: the cost of line numbers on a tail (read counts files up to 256 MiB).
  const counted = timed(NODE, [new URL(import.meta.url).pathname, '--count'], { cwd: DATA });
  if (counted.status !== 0) rows.push(errorRow('tail: line count of 1 GiB', (counted.stderr || counted.stdout).trim().split('\n').slice(-3).join(' | ')));
  else {
    const result = JSON.parse(counted.stdout);
    const ms = median(result.samples);
    const mbPerS = result.size / 1e6 / (ms / 1000);
    rows.push(row({ name: 'tail 1 GiB: read --tail with line numbers (every line counted; page cache)', unit: 'ms', codeward: ms, note: `${mbPerS.toFixed(0)} MB/s, ${result.lines} lines; a 256 MiB file (read's counting limit) costs ~${(ms / 4).toFixed(0)} ms`, samples: { codeward: result.samples } }));
  }

  // (a) In-process time and memory growth, in a fresh child process.
  const child = timed(NODE, ['--expose-gc', new URL(import.meta.url).pathname, '--inproc'], { cwd: DATA });
  if (child.status !== 0) {
    rows.push(errorRow('tail 1 GiB: in-process engine.run', (child.stderr || child.stdout).trim().split('\n').slice(-3).join(' | ')));
  } else {
    const result = JSON.parse(child.stdout);
    const ms = median(result.samples);
    const growth = (result.rssMax - result.rssStart) / MiB;
    rows.push(row({ name: `tail 1 GiB: in-process read --tail ${TAIL} (median of ${IN_PROCESS_RUNS})`, unit: 'ms', codeward: ms, target: `≤ ${TARGET_MS} ms`, pass: ms <= TARGET_MS, note: `${note}; max ${Math.max(...result.samples).toFixed(2)} ms`, samples: { codeward: result.samples } }));
    rows.push(row({ name: `tail 1 GiB: in-process RSS growth over ${IN_PROCESS_RUNS} tails`, unit: 'MiB', codeward: growth, target: `≤ ${TARGET_GROWTH_MIB} MiB`, pass: growth <= TARGET_GROWTH_MIB, note: `RSS ${(result.rssStart / MiB).toFixed(1)} → ${(result.rssMax / MiB).toFixed(1)} MiB` }));
  }

  // Peak RSS of the whole CLI process against node -e 0 (median of 5 each).
  const cliArgs = [CLI, '-C', DATA, '--json', 'read', '--file', 'big.log', '--tail', String(TAIL)];
  const checkCli = (r) => {
    const { envelope, error } = parseEnvelope(r);
    if (error) return error;
    return sameText(envelope.data?.content ?? '', expected) ? undefined : `wrong tail; last line ${JSON.stringify(String(envelope.data?.content).trimEnd().split('\n').pop())}`;
  };
  const rss = { codeward: [], node: [] };
  let rssError;
  for (let i = 0; i < 5 && !rssError; i += 1) {
    const c = peakRssKiB(NODE, cliArgs, { cwd: DATA });
    rssError = c.result ? checkCli({ ...c.result, stderr: '' }) : 'no way to measure peak RSS';
    rss.codeward.push(c.kib / 1024);
    rss.node.push(peakRssKiB(NODE, ['-e', '0'], { cwd: DATA }).kib / 1024);
  }
  const rssName = 'tail 1 GiB: peak RSS of CLI vs node -e 0';
  if (rssError) rows.push(errorRow(rssName, rssError));
  else {
    const c = median(rss.codeward);
    const b = median(rss.node);
    rows.push(row({ name: rssName, unit: 'MiB', codeward: c, baseline: b, target: `≤ node + ${TARGET_RSS_OVER_NODE_MIB} MiB`, pass: c - b <= TARGET_RSS_OVER_NODE_MIB, note: `measured with ${rssMethod}`, samples: rss }));
  }

  // (b) Whole process against tail(1).
  const { samples, errors } = alternate(
    [
      { name: 'codeward', command: NODE, args: cliArgs, cwd: DATA, check: checkCli },
      // The same-run cold start, so the tail's own cost (process time minus start-up) is visible.
      { name: 'small', command: NODE, args: [CLI, '-C', DATA, '--json', 'read', '--file', 'small.txt'], cwd: DATA, check: (r) => parseEnvelope(r).error },
      { name: 'tail', command: 'tail', args: ['-n', String(TAIL), 'big.log'], cwd: DATA, check: (r) => (r.status !== 0 ? `exit ${r.status}` : r.stdout === expected ? undefined : 'tail(1) output differs from the generator') },
    ],
    { runs: 15, warmup: 2 },
  );
  const name = `tail 1 GiB: process read --tail ${TAIL} vs tail -n ${TAIL}`;
  if (errors.codeward || errors.tail || errors.small) rows.push(errorRow(name, errors.codeward ?? errors.tail ?? errors.small));
  else {
    const own = median(samples.codeward) - median(samples.small);
    rows.push(row({ name, unit: 'ms', codeward: median(samples.codeward), baseline: median(samples.tail), note: `no target (node start-up dominates); minus a same-run \`read --file small.txt\` (${median(samples.small).toFixed(1)} ms) the tail costs ${own.toFixed(1)} ms`, samples }));
  }
  return rows;
}

if (process.argv[2] === '--count') {
  countSpeed().catch((error) => {
    process.stderr.write(`${error.stack ?? error}\n`);
    process.exitCode = 1;
  });
}

if (process.argv[2] === '--inproc') {
  inProcess().catch((error) => {
    process.stderr.write(`${error.stack ?? error}\n`);
    process.exitCode = 1;
  });
}
