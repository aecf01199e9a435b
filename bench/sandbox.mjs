// 11. The OS sandbox (bubblewrap): what running exec and test inside it costs. In one fresh process, two
// engines from dist/index.js (sandbox workspace-write and sandbox off) run the same call alternately:
// `exec true` in a git repository (target ≤ 30 ms of overhead per exec) and a small node:test project's `test` (info).
// Run directly with --inproc it is the child that measures.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { performance } from 'node:perf_hooks';
import { CLEAN_ENV, FIXTURES, LIBRARY, MiB, NODE, ROOT, errorRow, median, row } from './lib.mjs';

const DIR = join(FIXTURES, 'sandbox');
const EXEC_WORKSPACE = join(DIR, 'exec');
// 20 000 files in 400 folders and a few secrets: what hiding the non-accessible files costs per exec.
const BIG_WORKSPACE = join(DIR, 'big');
const BIG_FILES = 20_000;
const PROJECT = join(FIXTURES, 'sandbox-project');
const HOME = join(DIR, 'home');
const STATE = join(DIR, 'state');
const EXEC_RUNS = 30;
const EXEC_WARMUP = 5;
const TEST_RUNS = 7;
const TEST_FILES = 3;
const TARGET_MS = 30;
const EXEC_NAME = `sandbox: exec true, workspace-write − off (median of ${EXEC_RUNS})`;
const BIG_NAME = `sandbox: exec true in a ${BIG_FILES}-file workspace, workspace-write − off (median of ${EXEC_RUNS})`;
const TEST_NAME = `sandbox: test, node --test project (${TEST_FILES} files, median of ${TEST_RUNS})`;

// A small node project whose tests pass: `npm test` runs `node --test`.
function writeProject() {
  rmSync(PROJECT, { recursive: true, force: true });
  mkdirSync(join(PROJECT, 'test'), { recursive: true });
  writeFileSync(join(PROJECT, 'package.json'), `${JSON.stringify({ name: 'sandbox-project', version: '1.0.0', private: true, type: 'module', scripts: { test: 'node --test' } }, null, 2)}\n`);
  writeFileSync(join(PROJECT, 'math.js'), 'export const add = (a, b) => a + b;\nexport const mul = (a, b) => a * b;\n');
  for (let index = 1; index <= TEST_FILES; index += 1) {
    writeFileSync(
      join(PROJECT, 'test', `case${index}.test.js`),
      [
        "import { test } from 'node:test';",
        "import assert from 'node:assert/strict';",
        "import { add, mul } from '../math.js';",
        '',
        `test('add ${index}', () => assert.equal(add(${index}, 1), ${index + 1}));`,
        `test('mul ${index}', () => assert.equal(mul(${index}, 3), ${index * 3}));`,
        '',
      ].join('\n'),
    );
  }
}

function writeBig() {
  for (let folder = 0; folder < BIG_FILES / 50; folder += 1) {
    const dir = join(BIG_WORKSPACE, `d${folder % 20}`, `e${Math.floor(folder / 20)}`);
    mkdirSync(dir, { recursive: true });
    for (let file = 0; file < 50; file += 1) writeFileSync(join(dir, `f${file}.js`), 'x\n');
  }
  writeFileSync(join(BIG_WORKSPACE, '.env'), 'SECRET=1\n');
  writeFileSync(join(BIG_WORKSPACE, 'd3', 'e7', 'server.pem'), 'SECRET\n');
  mkdirSync(join(BIG_WORKSPACE, 'd5', 'secrets'));
  spawnSync('git', ['init', '-q'], { cwd: BIG_WORKSPACE });
}

// The problem with an envelope of exec or test, or undefined when it succeeded.
function problemOf(envelope, what) {
  if (!envelope || envelope.ok !== true) return `${what} failed: ${JSON.stringify(envelope?.error ?? envelope).slice(0, 400)}`;
  if (envelope.data?.exitCode !== 0) return `${what} exit code ${envelope.data?.exitCode}`;
  return undefined;
}

async function timedRun(engine, call, what) {
  const t0 = performance.now();
  const envelope = await engine.run(call);
  const ms = performance.now() - t0;
  const problem = problemOf(envelope, what);
  if (problem) throw new Error(problem);
  return { ms, envelope };
}

async function inProcess() {
  const { createEngine } = await import(pathToFileURL(LIBRARY).href);
  const open = (workspace, mode) => createEngine({ workspace, sandbox: { mode } });
  const execOn = await open(EXEC_WORKSPACE, 'workspace-write');
  const status = await execOn.sandbox.status();
  if (!status.backend) {
    await execOn.close();
    process.stdout.write(JSON.stringify({ unavailable: status.reason ?? 'no sandbox backend' }));
    return;
  }

  // exec: check once that the sandbox is real (the home folder, a scratch one below this bench's folder, is hidden
  // inside it: a write there lands in a throw-away tmpfs, never on the host).
  const execOff = await open(EXEC_WORKSPACE, 'off');
  const probe = join(HOME, 'sandbox-probe');
  rmSync(probe, { force: true });
  const touch = { cmd: 'exec', args: { cmd: `touch '${probe}'` } };
  await execOn.run(touch);
  if (existsSync(probe)) throw new Error(`sandboxed exec could write ${probe} outside the workspace`);
  // The control: the path itself is writable (by this process: an `off` engine runs in the write jail, which refuses
  // writes outside the workspace, C253, since round 35), and the `off` engine's exec writes where it may.
  writeFileSync(probe, '');
  if (!existsSync(probe)) throw new Error(`${probe} cannot be written at all: the probe proves nothing`);
  rmSync(probe, { force: true });
  const inside = join(EXEC_WORKSPACE, 'sandbox-probe');
  const unsandboxedTouch = problemOf(await execOff.run({ cmd: 'exec', args: { cmd: `touch '${inside}'` } }), 'unsandboxed exec touch');
  if (unsandboxedTouch || !existsSync(inside)) throw new Error(unsandboxedTouch ?? `unsandboxed exec did not create ${inside}`);
  rmSync(inside, { force: true });

  const exec = { cmd: 'exec', args: { cmd: 'true' } };
  const execSamples = { sandboxed: [], off: [] };
  for (let round = 0; round < EXEC_WARMUP + EXEC_RUNS; round += 1) {
    const on = await timedRun(execOn, exec, 'sandboxed exec true');
    const off = await timedRun(execOff, exec, 'unsandboxed exec true');
    if (round >= EXEC_WARMUP) {
      execSamples.sandboxed.push(on.ms);
      execSamples.off.push(off.ms);
    }
  }
  await execOn.close();
  await execOff.close();

  // The same in a big workspace: the secret-file walk reads only changed folders after the first run.
  const bigOn = await open(BIG_WORKSPACE, 'workspace-write');
  const bigOff = await open(BIG_WORKSPACE, 'off');
  const bigSamples = { sandboxed: [], off: [] };
  for (let round = 0; round < EXEC_WARMUP + EXEC_RUNS; round += 1) {
    const on = await timedRun(bigOn, exec, 'sandboxed exec true (big)');
    const off = await timedRun(bigOff, exec, 'unsandboxed exec true (big)');
    if (round >= EXEC_WARMUP) {
      bigSamples.sandboxed.push(on.ms);
      bigSamples.off.push(off.ms);
    }
  }
  await bigOn.close();
  await bigOff.close();

  // test: the generated project, alternating, one warm-up round (not counted).
  const testOn = await open(PROJECT, 'workspace-write');
  const testOff = await open(PROJECT, 'off');
  const test = { cmd: 'test', args: {} };
  const testSamples = { sandboxed: [], off: [] };
  let runner;
  for (let round = 0; round < 1 + TEST_RUNS; round += 1) {
    const on = await timedRun(testOn, test, 'sandboxed test');
    const off = await timedRun(testOff, test, 'unsandboxed test');
    for (const { envelope } of [on, off]) {
      const passed = envelope.data.summary?.passed;
      if (passed !== TEST_FILES * 2) throw new Error(`test reports ${passed} passed, not ${TEST_FILES * 2}: ${envelope.data.stdout.slice(-300)}`);
    }
    runner = `${on.envelope.data.runner}: ${on.envelope.data.command}`;
    if (round >= 1) {
      testSamples.sandboxed.push(on.ms);
      testSamples.off.push(off.ms);
    }
  }
  await testOn.close();
  await testOff.close();
  process.stdout.write(JSON.stringify({ backend: status.backend, exec: execSamples, big: bigSamples, test: testSamples, runner }));
}

export async function run() {
  rmSync(DIR, { recursive: true, force: true });
  for (const dir of [EXEC_WORKSPACE, HOME, STATE]) mkdirSync(dir, { recursive: true });
  // A git repository, so the measured cost includes guarding its control files and reading its index.
  spawnSync('git', ['init', '-q'], { cwd: EXEC_WORKSPACE });
  writeProject();
  writeBig();
  const child = spawnSync(NODE, [new URL(import.meta.url).pathname, '--inproc'], {
    cwd: ROOT,
    env: { ...CLEAN_ENV, HOME, CODEWARD_STATE_DIR: STATE },
    encoding: 'utf8',
    maxBuffer: 64 * MiB,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  if (child.error) return [errorRow(EXEC_NAME, String(child.error))];
  if (child.status !== 0) return [errorRow(EXEC_NAME, (child.stderr || child.stdout).trim().split('\n').slice(-3).join(' | '))];
  const result = JSON.parse(child.stdout);
  if (result.unavailable) {
    return [row({ name: 'sandbox: no OS sandbox here', unit: 'ms', codeward: null, note: `nothing measured: ${result.unavailable}` })];
  }
  const execOn = median(result.exec.sandboxed);
  const execOff = median(result.exec.off);
  const overhead = execOn - execOff;
  const testOn = median(result.test.sandboxed);
  const testOff = median(result.test.off);
  return [
    row({
      name: EXEC_NAME,
      unit: 'ms',
      codeward: overhead,
      baseline: execOff,
      ratio: execOn / execOff,
      target: `≤ ${TARGET_MS} ms`,
      pass: overhead <= TARGET_MS,
      note: `codeward = overhead per exec (sandboxed median ${execOn.toFixed(2)} ms − unsandboxed ${execOff.toFixed(2)} ms); ratio = sandboxed / unsandboxed; ${result.backend.kind} ${result.backend.path}, ${EXEC_WARMUP} warm-up calls each`,
      samples: result.exec,
    }),
    row({
      name: BIG_NAME,
      unit: 'ms',
      codeward: median(result.big.sandboxed) - median(result.big.off),
      baseline: median(result.big.off),
      ratio: median(result.big.sandboxed) / median(result.big.off),
      target: `≤ ${TARGET_MS} ms`,
      pass: median(result.big.sandboxed) - median(result.big.off) <= TARGET_MS,
      note: `codeward = overhead per exec, including the walk that hides the non-accessible files (3 here; folder scans cached by inode and ctime); ${EXEC_WARMUP} warm-up calls each`,
      samples: result.big,
    }),
    row({
      name: TEST_NAME,
      unit: 'ms',
      codeward: testOn,
      baseline: testOff,
      note: `sandboxed − unsandboxed = ${(testOn - testOff).toFixed(2)} ms per test run (${result.runner}); every run checked (exit 0, ${TEST_FILES * 2} tests passed)`,
      samples: result.test,
    }),
  ];
}

if (process.argv[2] === '--inproc') {
  inProcess().catch((error) => {
    process.stderr.write(`${error.stack ?? error}\n`);
    process.exit(1);
  });
}
