// 4. Patch one line of a 50 MiB file: the whole `codeward patch` process against `cp` of the same file, and
// the in-process engine.run time (with and without the staleness stamp taken after the write).
// Run directly with --inproc it is the child that measures the library in a fresh process.
import { closeSync, existsSync, openSync, readFileSync, readSync, statSync, writeFileSync, writeSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { performance } from 'node:perf_hooks';
import { CLEAN_ENV, CLI, FIXTURES, LIBRARY, MiB, NODE, alternate, ensureDir, errorRow, median, parseEnvelope, prng, row, timed } from './lib.mjs';

const DIR = join(FIXTURES, 'patch');
const FILE = 'big50.txt';
const PATH = join(DIR, FILE);
const COPY = join(DIR, 'copy.txt');
const MARKER = join(DIR, 'big50.json');
// codeward's state (commit journals, lock files) for these runs, never the user's cache.
const STATE = join(FIXTURES, 'state');
const VERSION = 1;
const SIZE = 50 * MiB;
const RUNS = 8; // rounds; each round patches forward and back once
const IN_PROCESS_RUNS = 10;
const TARGET = 3.0;

// The one line the patch changes (unique in the file), in both states; same length, so offsets stay valid.
const BEFORE = 'config: feature_flag = "checkout-v1" // the line the benchmark patches';
const AFTER = 'config: feature_flag = "checkout-v2" // the line the benchmark patches';
const SEARCH = ['"checkout-v1"', '"checkout-v2"'];

// Deterministic text of exactly SIZE bytes, ~90-byte log-like lines, BEFORE as a line near the middle.
function generate() {
  const random = prng(0x5a7c);
  const words = ['alpha', 'bravo', 'charlie', 'delta', 'echo', 'foxtrot', 'golf', 'hotel', 'india', 'juliet'];
  const fd = openSync(PATH, 'w');
  let written = 0;
  let offset = -1;
  let n = 0;
  try {
    const parts = [];
    let pending = 0;
    const flush = () => {
      writeSync(fd, Buffer.from(parts.join(''), 'latin1'));
      written += pending;
      parts.length = 0;
      pending = 0;
    };
    while (written + pending < SIZE) {
      n += 1;
      let line;
      if (offset < 0 && written + pending >= SIZE / 2) {
        offset = written + pending;
        line = `${BEFORE}\n`;
      } else {
        line = `${String(n).padStart(9, '0')} ${random.pick(words)}.${random.pick(words)} value=${random.int(0, 1e9)} status=${random.pick(['ok', 'ok', 'retry', 'fail'])} note=${random.pick(words)}-${random.int(0, 9999)}\n`;
      }
      const room = SIZE - (written + pending);
      if (line.length > room) line = `${'.'.repeat(room - 1)}\n`;
      parts.push(line);
      pending += line.length;
      if (pending > 4 * MiB) flush();
    }
    flush();
  } finally {
    closeSync(fd);
  }
  const sha256 = createHash('sha256').update(readFileSync(PATH)).digest('hex');
  writeFileSync(MARKER, JSON.stringify({ version: VERSION, size: SIZE, offset, sha256 }));
}

function bytesAt(path, offset, length) {
  const fd = openSync(path, 'r');
  try {
    const buf = Buffer.alloc(length);
    readSync(fd, buf, 0, length, offset);
    return buf.toString('latin1');
  } finally {
    closeSync(fd);
  }
}

function marker() {
  return existsSync(MARKER) ? JSON.parse(readFileSync(MARKER, 'utf8')) : undefined;
}

// Reuses big50.txt when its size, marker and content hash are right (a run killed mid-way may have left it
// patched: that is detected by the hash); otherwise writes it again.
function fixture() {
  ensureDir(DIR);
  ensureDir(STATE);
  const started = performance.now();
  const fresh = () => {
    const m = marker();
    return m?.version === VERSION && existsSync(PATH) && statSync(PATH).size === SIZE
      && createHash('sha256').update(readFileSync(PATH)).digest('hex') === m.sha256 && bytesAt(PATH, m.offset, BEFORE.length) === BEFORE;
  };
  if (fresh()) return { ...marker(), generatedMs: 0 };
  generate();
  if (!fresh()) throw new Error(`${FILE} generator wrote a file that does not match its marker`);
  return { ...marker(), generatedMs: performance.now() - started };
}

// The patch call that turns state `from` (0: BEFORE, 1: AFTER) into the other one.
const patchArgs = (from) => ({ file: FILE, search: SEARCH[from], replace: SEARCH[1 - from] });

// Checks that the file now holds `line` at `offset` and still has SIZE bytes.
function checkFile(offset, line) {
  const size = statSync(PATH).size;
  if (size !== SIZE) return `${FILE} is ${size} bytes after the patch, not ${SIZE}`;
  const got = bytesAt(PATH, offset, line.length);
  return got === line ? undefined : `${FILE} holds ${JSON.stringify(got)} at the patched line, not ${JSON.stringify(line)}`;
}

// Child mode: time engine.run(patch) in a fresh process, alternating forward and back.
async function inProcess() {
  const { offset } = marker();
  const { createEngine } = await import(pathToFileURL(LIBRARY).href);
  const env = { ...process.env, CODEWARD_STATE_DIR: STATE };
  const measure = async (engine) => {
    const samples = [];
    for (let i = 0; i < IN_PROCESS_RUNS + 2; i += 1) {
      const from = i % 2;
      const start = performance.now();
      const envelope = await engine.run({ cmd: 'patch', args: patchArgs(from) });
      const ms = performance.now() - start;
      if (!envelope.ok) throw new Error(`engine.run(patch) failed: ${JSON.stringify(envelope.error)}`);
      if (envelope.data.replacements !== 1) throw new Error(`patch reports ${envelope.data.replacements} replacements, not 1`);
      const problem = checkFile(offset, from === 0 ? AFTER : BEFORE);
      if (problem) throw new Error(problem);
      if (i >= 2) samples.push(ms);
    }
    return samples;
  };
  const full = await measure(await createEngine({ workspace: DIR, env }));
  // The same calls without the post-write staleness stamp (a SHA-256 of the whole new file), to show its share.
  const unstamped = await measure(await createEngine({ workspace: DIR, env, hooks: { afterRun: () => undefined } }));
  process.stdout.write(JSON.stringify({ full, unstamped }));
}

export async function run() {
  const { offset, sha256, generatedMs } = fixture();
  const note = generatedMs ? `${FILE} generated in ${Math.round(generatedMs)} ms` : `${FILE} reused`;
  const rows = [];
  const saved = CLEAN_ENV.CODEWARD_STATE_DIR;
  CLEAN_ENV.CODEWARD_STATE_DIR = STATE;
  try {
    // (a) Whole processes: codeward patch (forward, then back) against cp of the same file.
    const cliCase = (name, from) => ({
      name,
      command: NODE,
      args: [CLI, '-C', DIR, '--json', '--yes', 'patch', '--file', FILE, '--search', SEARCH[from], '--replace', SEARCH[1 - from]],
      cwd: DIR,
      check: (r) => {
        const { envelope, error } = parseEnvelope(r);
        if (error) return error;
        if (envelope.data?.replacements !== 1) return `replacements ${envelope.data?.replacements}, not 1`;
        return checkFile(offset, from === 0 ? AFTER : BEFORE);
      },
    });
    const cpCase = (name) => ({
      name,
      command: 'cp',
      args: [FILE, COPY],
      cwd: DIR,
      check: (r) => (r.status !== 0 ? `cp exit ${r.status}` : statSync(COPY).size === SIZE ? undefined : 'cp wrote a copy of the wrong size'),
    });
    // cp with an fsync (dd conv=fsync), for a durability-matched comparison in the note.
    const syncCase = {
      name: 'cpsync',
      command: 'dd',
      args: [`if=${FILE}`, `of=${COPY}`, 'bs=4M', 'conv=fsync', 'status=none'],
      cwd: DIR,
      check: (r) => (r.status !== 0 ? `dd exit ${r.status}` : statSync(COPY).size === SIZE ? undefined : 'dd wrote a copy of the wrong size'),
    };
    const { samples, errors } = alternate([cliCase('forward', 0), cpCase('cp'), cliCase('back', 1), cpCase('cp2'), syncCase], { runs: RUNS, warmup: 1 });
    const name = 'patch 50 MiB: process patch of one line vs cp';
    const error = errors.forward ?? errors.back ?? errors.cp ?? errors.cp2 ?? errors.cpsync;
    if (error) rows.push(errorRow(name, error));
    else {
      const codeward = [...samples.forward, ...samples.back];
      const cp = [...samples.cp, ...samples.cp2];
      const c = median(codeward);
      const b = median(cp);
      // Forward and back leave the file as generated: prove it byte for byte.
      const intact = createHash('sha256').update(readFileSync(PATH)).digest('hex') === sha256;
      if (!intact) rows.push(errorRow(name, `${FILE} differs from the generated file after forward+back patches`));
      else {
        const small = timed(NODE, [CLI, '-C', DIR, '--json', 'read', '--file', 'big50.json']);
        const startup = parseEnvelope(small).error ? NaN : small.ms;
        rows.push(row({
          name, unit: 'ms', codeward: c, baseline: b, target: `≤ ${TARGET}×`, pass: c / b <= TARGET,
          note: `${note}; includes node start-up (one small read ≈ ${startup.toFixed(0)} ms), the .bak (a hard link to the old file, no bytes copied) and one fsync'd atomic write of 50 MiB; cp does not fsync: against dd conv=fsync (${median(samples.cpsync).toFixed(1)} ms) the ratio is ${(c / median(samples.cpsync)).toFixed(2)}×`,
          samples: { codeward, cp, cpsync: samples.cpsync },
        }));
      }
    }

    // (b) In-process, in a fresh child.
    const child = timed(NODE, [new URL(import.meta.url).pathname, '--inproc'], { cwd: DIR });
    const inName = `patch 50 MiB: in-process engine.run (median of ${IN_PROCESS_RUNS})`;
    if (child.status !== 0) rows.push(errorRow(inName, (child.stderr || child.stdout).trim().split('\n').slice(-3).join(' | ')));
    else {
      const result = JSON.parse(child.stdout);
      const full = median(result.full);
      const unstamped = median(result.unstamped);
      const cp = rows[0]?.baseline ?? undefined;
      rows.push(row({
        name: inName, unit: 'ms', codeward: full, ...(cp ? { baseline: cp } : {}), target: 'info',
        note: `baseline = cp (whole process); without the staleness hooks (a SHA-256 of the file before the patch and of the new file after it, as a racy stamp cannot use the fast path) ${unstamped.toFixed(1)} ms`,
        samples: { codeward: result.full, unstamped: result.unstamped },
      }));
    }
  } finally {
    if (saved === undefined) delete CLEAN_ENV.CODEWARD_STATE_DIR;
    else CLEAN_ENV.CODEWARD_STATE_DIR = saved;
  }
  return rows;
}

if (process.argv[2] === '--inproc') {
  inProcess().catch((error) => {
    process.stderr.write(`${error.stack ?? error}\n`);
    process.exitCode = 1;
  });
}
