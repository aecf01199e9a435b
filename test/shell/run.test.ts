import { afterEach, describe, expect, it } from 'vitest';
import { childEnv } from '../../src/shell/env.js';
import { runProcess, type RunOptions } from '../../src/shell/run.js';
import { killByMarker, marker, pidsWithArg } from '../fixtures/exec-processes.js';
import { removeDir, tempDir, writeFiles } from '../helpers/fixture.js';

const markers: string[] = [];
afterEach(() => {
  for (const used of markers.splice(0)) killByMarker(used);
});

function run(command: string, options: Partial<RunOptions> = {}) {
  return runProcess({ command, cwd: process.cwd(), timeoutMs: 20_000, env: childEnv(process.env), ...options });
}

describe('runProcess', () => {
  it('captures stdout and stderr apart, and the exit code', async () => {
    const result = await run('echo out; echo err >&2; exit 3');
    expect(result).toMatchObject({ exitCode: 3, signal: null, stdout: 'out\n', stderr: 'err\n', timedOut: false, cancelled: false, truncated: { stdout: 0, stderr: 0 } });
    expect((await run('true')).exitCode).toBe(0);
    expect((await run('exit 255')).exitCode).toBe(255);
  });

  it('runs through bash (bash syntax works) in the given folder', async () => {
    const root = await tempDir();
    try {
      const result = await run('arr=(a b c); echo "${arr[1]} $(pwd)"', { cwd: root });
      expect(result.stdout).toBe(`b ${root}\n`);
    } finally {
      await removeDir(root);
    }
  });

  it('reports a process killed by a signal', async () => {
    const result = await run('kill -KILL $$');
    expect(result).toMatchObject({ exitCode: null, signal: 'SIGKILL', timedOut: false });
  });

  it('gives the child no stdin: a command reading it gets EOF at once', async () => {
    const started = Date.now();
    const result = await run('cat; read -r line; echo "read:$?"');
    expect(result.stdout).toBe('read:1\n');
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('keeps Unicode intact', async () => {
    const text = 'héllo wörld — 日本語 🎉';
    expect((await run(`printf '%s\\n' '${text}'`)).stdout).toBe(`${text}\n`);
  });

  it('a timeout kills the whole group, grandchildren included, and keeps the partial output', async () => {
    const mark = marker();
    markers.push(mark);
    const started = Date.now();
    const result = await run(`echo before; sleep ${mark} & sleep ${mark} & bash -c 'sleep ${mark}' & wait`, { timeoutMs: 1000 });
    const elapsed = Date.now() - started;
    expect(result.timedOut).toBe(true);
    expect(result.stdout).toBe('before\n');
    expect(elapsed).toBeLessThan(20_000); // the sleeps would run far longer: the group was killed
    expect(pidsWithArg(mark)).toEqual([]);
  });

  it('escalates to SIGKILL when the group ignores SIGTERM', async () => {
    const mark = marker();
    markers.push(mark);
    const started = Date.now();
    const result = await run(`trap '' TERM; bash -c "trap '' TERM; sleep ${mark}" & wait; wait`, { timeoutMs: 500 });
    expect(result.timedOut).toBe(true);
    expect(Date.now() - started).toBeLessThan(5000);
    expect(pidsWithArg(mark)).toEqual([]);
  });

  it('does not hang on a daemon that left the group and keeps stdout open', async () => {
    const mark = marker();
    markers.push(mark);
    const started = Date.now();
    const result = await run(`setsid sleep ${mark} & echo started`, { timeoutMs: 20_000 });
    expect(result).toMatchObject({ exitCode: 0, stdout: 'started\n', timedOut: false });
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it('an abort signal cancels and kills the group', async () => {
    const mark = marker();
    markers.push(mark);
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 300);
    const started = Date.now();
    const result = await run(`sleep ${mark} & wait`, { signal: controller.signal });
    expect(result).toMatchObject({ cancelled: true, timedOut: false, exitCode: null });
    expect(Date.now() - started).toBeLessThan(3000);
    expect(pidsWithArg(mark)).toEqual([]);
  });

  it('an already aborted signal never lets the command run to completion', async () => {
    const result = await run('sleep 5; echo done', { signal: AbortSignal.abort() });
    expect(result.cancelled).toBe(true);
    expect(result.stdout).toBe('');
  });

  it('rejects when the folder does not exist', async () => {
    await expect(run('true', { cwd: '/nonexistent/codeward-folder' })).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('elides the middle of a long output, keeping head and tail', async () => {
    const result = await run('seq 1 100000', { maxOutputBytes: 1000 });
    expect(result.stdout.startsWith('1\n2\n3\n')).toBe(true);
    expect(result.stdout.endsWith('99999\n100000\n')).toBe(true);
    const elided = /\n… \[(\d+) bytes elided\] …\n/.exec(result.stdout);
    expect(elided).not.toBeNull();
    expect(result.truncated.stdout).toBeGreaterThan(500_000);
    expect(result.truncated.stderr).toBe(0);
  });

  it('sees .env nowhere: the child environment is the parent one, filtered', async () => {
    const root = await tempDir();
    try {
      await writeFiles(root, { '.env': 'CODEWARD_DOTENV_PROBE=loaded\n' });
      const result = await run('echo "probe=${CODEWARD_DOTENV_PROBE:-unset}"', { cwd: root });
      expect(result.stdout).toBe('probe=unset\n');
    } finally {
      await removeDir(root);
    }
  });

  it('2 GiB of output completes in flat memory', { timeout: 120_000 }, async () => {
    const gib2 = 2 * 1024 * 1024 * 1024;
    globalThis.gc?.();
    const before = process.memoryUsage().rss;
    let peak = before;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 20);
    const started = performance.now();
    const result = await run(`head -c ${gib2} /dev/zero | tr '\\0' 'a'`, { timeoutMs: 100_000 });
    const seconds = (performance.now() - started) / 1000;
    clearInterval(sampler);
    peak = Math.max(peak, process.memoryUsage().rss);
    const growthMiB = (peak - before) / 1024 / 1024;
    console.log(`2 GiB through runProcess: ${seconds.toFixed(2)} s, peak RSS growth ${growthMiB.toFixed(1)} MiB`);
    expect(result.exitCode).toBe(0);
    expect(result.truncated.stdout).toBe(gib2 - 1024 * 1024);
    expect(result.stdout.length).toBeLessThan(1024 * 1024 + 100);
    expect(result.stdout).toMatch(/^a+\n… \[2146435072 bytes elided\] …\na+$/);
    expect(growthMiB).toBeLessThan(100);
  });
});
