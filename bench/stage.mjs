// 13. Staged exec and test (issue 27): what staging a sandboxed command's writes in an overlay and
// applying them as one checkpoint costs, against the same sandboxed call writing in place (--no-stage).
// One engine (sandbox workspace-write) runs each call staged and in place alternately:
// - `exec true` (target: staged − in place ≤ 15 ms);
// - `npm ci --offline` of a mid-size project (this repository's package.json and lock: ~300 packages,
//   ~16 000 files) from the local npm cache (target ≤ 1.3×); node_modules is removed (in place, by the
//   benchmark) before every run;
// - `test` of a project whose run writes coverage (a few hundred files; info).
// Run directly with --inproc it is the child that measures.
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { performance } from 'node:perf_hooks';
import { CLEAN_ENV, CLI, FIXTURES, LIBRARY, MiB, NODE, ROOT, errorRow, median, row } from './lib.mjs';

const DIR = join(FIXTURES, 'stage');
const EXEC_WORKSPACE = join(DIR, 'exec');
const NPM_PROJECT = join(DIR, 'npm');
const COVERAGE_PROJECT = join(DIR, 'coverage');
const HOME = join(DIR, 'home');
const STATE = join(DIR, 'state');
const EXEC_RUNS = 30;
const EXEC_WARMUP = 5;
const NPM_RUNS = Number(process.env.BENCH_STAGE_NPM_RUNS ?? 2);
const COVERAGE_RUNS = 5;
const COVERAGE_FILES = 300;
const EXEC_TARGET_MS = 15;
const NPM_TARGET = 1.3;
const EXEC_NAME = `stage: exec true, staged − in place (median of ${EXEC_RUNS})`;
const NPM_NAME = `stage: npm ci --offline (~300 packages), staged / in place (median of ${NPM_RUNS})`;
const COVERAGE_NAME = `stage: test writing ${COVERAGE_FILES} coverage files, staged / in place (median of ${COVERAGE_RUNS})`;

async function timedRun(engine, call, what) {
  const t0 = performance.now();
  const envelope = await engine.run(call);
  const ms = performance.now() - t0;
  if (!envelope || envelope.ok !== true || envelope.data?.exitCode !== 0) throw new Error(`${what} failed: ${JSON.stringify(envelope?.error ?? envelope?.data?.stderr ?? envelope).slice(0, 400)}`);
  return { ms, envelope };
}

// Runs `call` staged and in place alternately; `reset` runs before each call (not timed).
async function alternate(engine, call, rounds, warmup, what, reset = () => undefined, check = () => undefined) {
  const samples = { staged: [], inPlace: [] };
  for (let round = 0; round < warmup + rounds; round += 1) {
    for (const stage of [true, false]) {
      reset();
      const { ms, envelope } = await timedRun(engine, { ...call, args: { ...call.args, stage } }, `${what} (${stage ? 'staged' : 'in place'})`);
      if (stage && !envelope.data.changes) throw new Error(`${what}: not staged (${envelope.data.inPlace ?? 'no reason'})`);
      check(envelope, stage);
      if (round >= warmup) samples[stage ? 'staged' : 'inPlace'].push(ms);
    }
  }
  return samples;
}

async function inProcess() {
  const { createEngine } = await import(pathToFileURL(LIBRARY).href);
  const open = (workspace) => createEngine({ workspace, sandbox: { mode: 'workspace-write' } });
  const execEngine = await open(EXEC_WORKSPACE);
  const status = await execEngine.sandbox.status();
  if (!status.backend) {
    await execEngine.close();
    process.stdout.write(JSON.stringify({ unavailable: status.reason ?? 'no sandbox backend' }));
    return;
  }
  const loadBefore = loadavg()[0];
  const exec = await alternate(execEngine, { cmd: 'exec', args: { cmd: 'true' } }, EXEC_RUNS, EXEC_WARMUP, 'exec true');
  await execEngine.close();

  const coverageEngine = await open(COVERAGE_PROJECT);
  const coverageCmd = `rm -rf coverage && mkdir -p coverage/src && for i in $(seq 1 ${COVERAGE_FILES}); do echo "{\\"file\\":$i}" > coverage/src/f$i.json; done && echo "1 passed"`;
  const coverage = await alternate(coverageEngine, { cmd: 'test', args: { cmd: coverageCmd } }, COVERAGE_RUNS, 1, 'test with coverage');
  await coverageEngine.close();

  const npmEngine = await open(NPM_PROJECT);
  const cache = process.env.BENCH_NPM_CACHE;
  const npm = await alternate(
    npmEngine,
    { cmd: 'exec', args: { cmd: `npm ci --offline --ignore-scripts --no-audit --no-fund --cache '${cache}'`, timeout: 3600 } },
    NPM_RUNS,
    0,
    'npm ci',
    () => rmSync(join(NPM_PROJECT, 'node_modules'), { recursive: true, force: true }),
    (envelope, stage) => {
      if (stage && envelope.data.changes.created < 1000) throw new Error(`npm ci staged only ${envelope.data.changes.created} files`);
    },
  );
  const files = (await npmEngine.run({ cmd: 'exec', args: { cmd: 'find node_modules -type f | wc -l', stage: false } })).data?.stdout?.trim();
  await npmEngine.close();
  const load = `1-min load average ${loadBefore.toFixed(1)} at the start, ${loadavg()[0].toFixed(1)} at the end (${cpus().length} cores)`;
  process.stdout.write(JSON.stringify({ backend: status.backend, exec, npm, coverage, files, load }));
}

function writeProjects(cache) {
  rmSync(DIR, { recursive: true, force: true });
  for (const dir of [EXEC_WORKSPACE, NPM_PROJECT, COVERAGE_PROJECT, HOME, STATE]) mkdirSync(dir, { recursive: true });
  spawnSync('git', ['init', '-q'], { cwd: EXEC_WORKSPACE });
  for (const name of ['package.json', 'package-lock.json']) copyFileSync(join(ROOT, name), join(NPM_PROJECT, name));
  // npm writes its cache as it installs: the cache folder is writable in the sandbox (a trusted setting).
  mkdirSync(join(NPM_PROJECT, '.codeward'));
  writeFileSync(join(NPM_PROJECT, '.codeward', 'config.json'), `${JSON.stringify({ sandboxWritable: [cache] })}\n`);
  const trust = spawnSync(NODE, [CLI, '-C', NPM_PROJECT, 'trust'], { env: { ...CLEAN_ENV, HOME, CODEWARD_STATE_DIR: STATE }, encoding: 'utf8' });
  if (trust.status !== 0) throw new Error(`codeward trust failed: ${trust.stderr}`);
  writeFileSync(join(COVERAGE_PROJECT, 'package.json'), '{"name":"coverage","private":true}\n');
}

const ratioRow = (name, samples, target, note) => {
  const staged = median(samples.staged);
  const inPlace = median(samples.inPlace);
  return row({ name, unit: 'ms', codeward: staged, baseline: inPlace, ratio: staged / inPlace, ...(target ? { target: `≤ ${target}×`, pass: staged / inPlace <= target } : {}), note, samples });
};

export async function run() {
  const cache = spawnSync('npm', ['config', 'get', 'cache'], { encoding: 'utf8' }).stdout.trim();
  try {
    writeProjects(cache);
  } catch (error) {
    return [errorRow(EXEC_NAME, String(error))];
  }
  const child = spawnSync(NODE, [new URL(import.meta.url).pathname, '--inproc'], {
    cwd: ROOT,
    env: { ...CLEAN_ENV, HOME, CODEWARD_STATE_DIR: STATE, BENCH_NPM_CACHE: cache },
    encoding: 'utf8',
    maxBuffer: 64 * MiB,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  if (child.error) return [errorRow(EXEC_NAME, String(child.error))];
  if (child.status !== 0) return [errorRow(EXEC_NAME, (child.stderr || child.stdout).trim().split('\n').slice(-3).join(' | '))];
  const result = JSON.parse(child.stdout);
  if (result.unavailable) return [row({ name: 'stage: no OS sandbox here', unit: 'ms', codeward: null, note: `nothing measured: ${result.unavailable}` })];
  const staged = median(result.exec.staged);
  const inPlace = median(result.exec.inPlace);
  return [
    row({
      name: EXEC_NAME,
      unit: 'ms',
      codeward: staged - inPlace,
      baseline: inPlace,
      ratio: staged / inPlace,
      target: `≤ ${EXEC_TARGET_MS} ms`,
      pass: staged - inPlace <= EXEC_TARGET_MS,
      note: `codeward = staging overhead per exec (staged median ${staged.toFixed(2)} ms − in place ${inPlace.toFixed(2)} ms, both in ${result.backend.kind}); ${EXEC_WARMUP} warm-up calls each; ${result.load}`,
      samples: result.exec,
    }),
    ratioRow(NPM_NAME, result.npm, NPM_TARGET, `${result.files} files in node_modules, applied as one checkpoint step (created files: renamed from the upper folder, no blobs)`),
    ratioRow(COVERAGE_NAME, result.coverage, undefined, 'test --cmd that rewrites coverage/ each run (the staged run removes the previous files as one step with the new ones)'),
  ];
}

if (process.argv[2] === '--inproc') {
  inProcess().catch((error) => {
    process.stderr.write(`${error.stack ?? error}\n`);
    process.exit(1);
  });
}

