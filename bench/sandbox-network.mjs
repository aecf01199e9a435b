// The network-on sandbox (red team R16-3): what the seccomp filter that keeps the host's unix sockets out
// (src/sandbox/seccomp.ts, bwrap --seccomp) costs per exec. In one fresh process, two engines from dist/index.js
// (workspace-write with the network on and off) run `exec true` alternately in a git repository; then
// 200,000 stat() calls in python (every system call passes the filter) with the network on and off.
// Run directly with --inproc it is the child that measures.
import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { performance } from 'node:perf_hooks';
import { CLEAN_ENV, FIXTURES, LIBRARY, MiB, NODE, ROOT, errorRow, median, row } from './lib.mjs';

const DIR = join(FIXTURES, 'sandbox-network');
const WORKSPACE = join(DIR, 'exec');
const RUNS = 30;
const WARMUP = 5;
const TARGET_MS = 5;
const EXEC_NAME = `sandbox network: exec true, network on (seccomp filter) − off (median of ${RUNS})`;
const SYSCALL_NAME = 'sandbox network: 200,000 stat() calls in python, network on − off (median of 5)';
const STATS = 'import os, time\nt = time.perf_counter()\nfor _ in range(200000): os.stat("/")\nprint((time.perf_counter() - t) * 1000)\n';

async function sample(engine, call) {
  const t0 = performance.now();
  const envelope = await engine.run(call);
  if (envelope?.ok !== true || envelope.data?.exitCode !== 0) throw new Error(`exec failed: ${JSON.stringify(envelope?.error ?? envelope).slice(0, 400)}`);
  return { ms: performance.now() - t0, stdout: envelope.data.stdout };
}

async function inProcess() {
  const { createEngine } = await import(pathToFileURL(LIBRARY).href);
  const on = await createEngine({ workspace: WORKSPACE, sandbox: { mode: 'workspace-write', network: true } });
  const off = await createEngine({ workspace: WORKSPACE, sandbox: { mode: 'workspace-write', network: false } });
  const status = await on.sandbox.status();
  const result = { backend: status.backend, exec: { on: [], off: [] }, syscalls: { on: [], off: [] } };
  if (status.backend?.kind === 'bwrap') {
    for (let round = 0; round < WARMUP + RUNS; round += 1) {
      const a = await sample(on, { cmd: 'exec', args: { cmd: 'true' } });
      const b = await sample(off, { cmd: 'exec', args: { cmd: 'true' } });
      if (round < WARMUP) continue;
      result.exec.on.push(a.ms);
      result.exec.off.push(b.ms);
    }
    if (spawnSync('python3', ['-c', '0']).status === 0) {
      for (let round = 0; round < 6; round += 1) {
        const a = await sample(on, { cmd: 'exec', args: { cmd: 'python3 stats.py' } });
        const b = await sample(off, { cmd: 'exec', args: { cmd: 'python3 stats.py' } });
        if (round < 1) continue;
        result.syscalls.on.push(Number(a.stdout));
        result.syscalls.off.push(Number(b.stdout));
      }
    }
  }
  await on.close();
  await off.close();
  process.stdout.write(JSON.stringify(result));
}

export async function run() {
  rmSync(DIR, { recursive: true, force: true });
  for (const dir of [WORKSPACE, join(DIR, 'home'), join(DIR, 'state')]) mkdirSync(dir, { recursive: true });
  spawnSync('git', ['init', '-q'], { cwd: WORKSPACE });
  writeFileSync(join(WORKSPACE, 'stats.py'), STATS);
  const env = { ...CLEAN_ENV, HOME: join(DIR, 'home'), CODEWARD_STATE_DIR: join(DIR, 'state') };
  const child = spawnSync(NODE, [new URL(import.meta.url).pathname, '--inproc'], { cwd: ROOT, env, encoding: 'utf8', maxBuffer: 64 * MiB });
  if (child.error || child.status !== 0) return [errorRow(EXEC_NAME, String(child.error ?? (child.stderr || child.stdout).trim().split('\n').slice(-3).join(' | ')))];
  const result = JSON.parse(child.stdout);
  if (result.backend?.kind !== 'bwrap') return [row({ name: 'sandbox network: no bwrap here', unit: 'ms', codeward: null, note: 'nothing measured: the filter is bwrap\'s' })];
  const [on, off] = [median(result.exec.on), median(result.exec.off)];
  const rows = [row({ name: EXEC_NAME, unit: 'ms', codeward: on - off, baseline: off, ratio: on / off, target: `≤ ${TARGET_MS} ms`, pass: on - off <= TARGET_MS, note: `on ${on.toFixed(2)} ms − off ${off.toFixed(2)} ms (off also makes a network namespace, on binds the resolver's file); ${WARMUP} warm-up calls each`, samples: result.exec })];
  if (result.syscalls.on.length > 0) {
    const [a, b] = [median(result.syscalls.on), median(result.syscalls.off)];
    rows.push(row({ name: SYSCALL_NAME, unit: 'ms', codeward: a, baseline: b, ratio: a / b, note: 'info: every system call of a run with the network on passes the 27-instruction filter', samples: result.syscalls }));
  }
  return rows;
}

if (process.argv[2] === '--inproc') {
  inProcess().catch((error) => {
    process.stderr.write(`${error.stack ?? error}\n`);
    process.exit(1);
  });
}
