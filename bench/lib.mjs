// Shared helpers of the benchmark suite: paths, process timing, statistics, peak RSS, PRNG, a warm engine.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';

export const ROOT = fileURLToPath(new URL('..', import.meta.url));
export const FIXTURES = join(ROOT, 'bench', '.fixtures');
// The benchmarks run a snapshot of dist/ (copied right after the build by run.mjs) so a rebuild running in
// parallel cannot swap or delete the code under measurement. It resolves node_modules from ROOT as dist/ does.
export const DIST = join(ROOT, 'dist');
export const SNAPSHOT = join(FIXTURES, 'dist');
export const CLI = join(SNAPSHOT, 'bin', 'codeward.js');
export const LIBRARY = join(SNAPSHOT, 'index.js');
export const NODE = process.execPath;
export const MiB = 1024 * 1024;

export function ensureDir(dir) {
  mkdirSync(dir, { recursive: true });
  return dir;
}

// Environment for every measured process: no user config that could change behaviour.
export const CLEAN_ENV = Object.fromEntries(
  Object.entries(process.env).filter(([key]) => !['RIPGREP_CONFIG_PATH', 'NODE_OPTIONS', 'CODEWARD_SESSION'].includes(key)),
);

// Runs one process to completion and returns its wall time (ms) and output.
export function timed(command, args, options = {}) {
  const start = performance.now();
  const result = spawnSync(command, args, {
    cwd: options.cwd ?? ROOT,
    env: options.env ?? CLEAN_ENV,
    encoding: 'utf8',
    maxBuffer: 1024 * MiB,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const ms = performance.now() - start;
  if (result.error) throw result.error;
  return { ms, status: result.status, signal: result.signal, stdout: result.stdout, stderr: result.stderr };
}

// Runs each case in turn, `runs` rounds after `warmup` rounds, so machine noise hits every case alike.
// A case is { name, command, args, cwd?, env?, check(result) -> string|undefined (an error message) }.
// Every run is checked; a wrong output stops the measurement of that case with an error.
export function alternate(cases, { runs, warmup = 2 }) {
  const samples = Object.fromEntries(cases.map((c) => [c.name, []]));
  const errors = {};
  for (let round = 0; round < warmup + runs; round += 1) {
    for (const c of cases) {
      if (errors[c.name]) continue;
      const result = timed(c.command, c.args, { cwd: c.cwd, env: c.env });
      const problem = c.check ? c.check(result) : result.status === 0 ? undefined : `exit ${result.status}`;
      if (problem) {
        errors[c.name] = `${problem}${result.stderr ? ` — stderr: ${result.stderr.trim().slice(0, 400)}` : ''}`;
        continue;
      }
      if (round >= warmup) samples[c.name].push(result.ms);
    }
  }
  return { samples, errors };
}

export function median(values) {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

export function round(value, digits = 2) {
  return Number.isFinite(value) ? Number(value.toFixed(digits)) : null;
}

// Peak resident set size (KiB) of one process: GNU time when present, else a preload in Node processes.
const GNU_TIME = ['/usr/bin/time', '/bin/time'].find((path) => existsSync(path) && spawnSync(path, ['-f', '%M', 'true']).status === 0);
const RSS_PRELOAD = `data:text/javascript,import fs from 'node:fs';process.on('exit',()=>fs.writeSync(2,'\\nMAXRSS '+process.resourceUsage().maxRSS+'\\n'))`;

export const rssMethod = GNU_TIME ? `${GNU_TIME} -f %M` : 'process.resourceUsage().maxRSS (--import preload)';

export function peakRssKiB(command, args, options = {}) {
  let result;
  if (GNU_TIME) {
    result = timed(GNU_TIME, ['-f', 'MAXRSS %M', command, ...args], options);
  } else if (command === NODE) {
    result = timed(NODE, [`--import=${RSS_PRELOAD}`, ...args], options);
  } else {
    return { kib: NaN, result: undefined };
  }
  const match = /MAXRSS (\d+)\s*$/.exec(result.stderr);
  return { kib: match ? Number(match[1]) : NaN, result };
}

// Small deterministic PRNG (mulberry32) so fixtures are identical on every machine.
export function prng(seed) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  next.int = (min, max) => min + Math.floor(next() * (max - min + 1));
  next.pick = (list) => list[Math.floor(next() * list.length)];
  return next;
}

// Parses the --json envelope of a finished CLI process; returns { envelope } or { error }.
export function parseEnvelope({ stdout, status }) {
  try {
    const envelope = JSON.parse(stdout);
    if (!envelope || typeof envelope !== 'object') return { error: 'stdout is not a JSON object' };
    if (envelope.ok !== true) return { error: `exit ${status}, envelope not ok: ${JSON.stringify(envelope.error ?? envelope).slice(0, 300)}` };
    if (status !== 0) return { error: `exit ${status} with an ok envelope` };
    return { envelope };
  } catch (error) {
    return { error: `exit ${status}; stdout is not one JSON envelope (${error.message}): ${String(stdout).slice(0, 200)}` };
  }
}

// A result row of the summary table. `pass`: true, false, or null (informational, no target).
export function row({ name, unit, codeward, baseline, ratio, target, pass, note, samples }) {
  return {
    name,
    unit,
    codeward: round(codeward),
    baseline: baseline === undefined ? null : round(baseline),
    ratio: ratio === undefined ? (baseline ? round(codeward / baseline) : null) : round(ratio),
    target: target ?? 'info',
    pass: pass ?? null,
    ...(note ? { note } : {}),
    ...(samples ? { samples: Object.fromEntries(Object.entries(samples).map(([k, v]) => [k, v.map((x) => round(x))])) } : {}),
  };
}

// A row for a benchmark whose output was wrong or that could not run: it posts no number and fails.
export function errorRow(name, message) {
  return { name, unit: '', codeward: null, baseline: null, ratio: null, target: '', pass: false, error: message };
}

// The arguments of an A/B bench of two builds (bench/startup-ab.mjs, bench/startup-cpu.mjs):
// --before DIST (required), --after DIST (default dist), --rounds N (default 15), and call names.
export function abArgs(argv, script) {
  const value = (flag, fallback) => (argv.includes(flag) ? argv[argv.indexOf(flag) + 1] : fallback);
  const values = new Set(['--before', '--after', '--rounds'].flatMap((flag) => (argv.includes(flag) ? [argv.indexOf(flag) + 1] : [])));
  const names = argv.filter((word, index) => !word.startsWith('--') && !values.has(index));
  const before = value('--before', undefined);
  if (!before) throw new Error(`${script}: --before <dist folder> is required`);
  return { names, builds: { before: resolve(before), after: resolve(value('--after', DIST)) }, rounds: Number(value('--rounds', 15)) };
}

// Starts `codeward serve` on `dir` (node `cli`, environment `env`) and resolves with the process once it listens.
export function startServe(cli, dir, env, idleMinutes = 5) {
  const server = spawn(NODE, [cli, '-C', dir, 'serve', '--idle-minutes', String(idleMinutes)], { env, stdio: ['ignore', 'ignore', 'pipe'] });
  return new Promise((done, refuse) => {
    let stderr = '';
    server.stderr.on('data', (chunk) => {
      stderr += chunk;
      if (stderr.includes(' on ')) done(server);
    });
    server.once('exit', (code) => refuse(new Error(`codeward serve exited ${code}: ${stderr}`)));
  });
}

// A `codeward serve` process's CPU so far in ms: every thread's run time (ns precision, /proc/PID/task/*/schedstat);
// what a call handed to it costs the server is the difference around the call.
export function serverCpu(pid) {
  let ns = 0;
  for (const task of readdirSync(`/proc/${pid}/task`)) {
    try {
      ns += Number(readFileSync(`/proc/${pid}/task/${task}/schedstat`, 'utf8').split(' ')[0]);
    } catch {
      // a thread that ended
    }
  }
  return ns / 1e6;
}

// Wall and CPU (user+sys of the call and every process it waited for) of each case { name, args, env } run by node in
// `cwd`, `rounds` rounds after one warm-up, the order of the cases reversed every other round (an A/B of two builds
// interleaved call by call: bench/closed-walk-ab.mjs, bench/after-run-walk.mjs). A non-zero exit stops the bench.
export async function interleavedCpu(cases, rounds, cwd) {
  const { cpuSampler } = await import('./cpu-sample.mjs');
  const sampler = cpuSampler();
  const samples = Object.fromEntries(cases.map((each) => [each.name, { wall: [], cpu: [] }]));
  try {
    for (let turn = 0; turn <= rounds; turn += 1) {
      for (const each of turn % 2 ? [...cases].reverse() : cases) {
        const { status, wall, cpu } = await sampler.sample(NODE, each.args, cwd, each.env);
        if (status !== 0) throw new Error(`${each.name}: exit ${status}`);
        if (turn === 0) continue;
        samples[each.name].wall.push(wall);
        samples[each.name].cpu.push(cpu);
      }
    }
  } finally {
    sampler.close();
  }
  return samples;
}

// The value after `--name` on the command line (an A/B bench's `--before`, `--rounds`), or `fallback`.
export function cliOption(name, fallback) {
  const index = process.argv.indexOf(name, 2);
  return index === -1 ? fallback : process.argv[index + 1];
}
