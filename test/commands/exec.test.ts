import { spawn } from 'node:child_process';
import { symlink } from 'node:fs/promises';
import { setTimeout as delay } from 'node:timers/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Engine } from '../../src/index.js';
import { execCommand } from '../../src/commands/exec.js';
import { killByMarker, marker, pidsWithArg } from '../fixtures/exec-processes.js';
import { CLI, engineFor, removeDir, runCli, tempDir, writeFiles } from '../helpers/fixture.js';

let root: string;
let engine: Engine;
const markers: string[] = [];

beforeEach(async () => {
  root = await tempDir();
  await writeFiles(root, { 'sub/file.txt': 'inside\n', '.env': 'EXEC_DOTENV_PROBE=loaded\n' });
  engine = await engineFor(root);
});
afterEach(async () => {
  for (const used of markers.splice(0)) killByMarker(used);
  await removeDir(root);
});

const exec = (args: Record<string, unknown>, signal?: AbortSignal) => engine.run({ cmd: 'exec', args }, signal ? { signal } : {});

describe('exec', () => {
  it('runs in the workspace root and returns stdout, stderr and the exit code', async () => {
    const envelope = await exec({ cmd: 'pwd; echo oops >&2' });
    expect(envelope).toMatchObject({ ok: true, cmd: 'exec', data: { exitCode: 0, stdout: `${root}\n`, stderr: 'oops\n', timedOut: false } });
    expect(envelope.ok && (envelope.data as { truncated?: unknown }).truncated).toBeUndefined();
    expect(execCommand.format((envelope as unknown as { data: never }).data)).toBe(`${root}\n--- stderr ---\noops\n[exit 0]`);
  });

  it('a non-zero exit is C253 carrying the output, the message names the last stderr line', async () => {
    const envelope = await exec({ cmd: 'echo partial; echo first >&2; echo "the real reason" >&2; exit 3' });
    expect(envelope).toMatchObject({
      ok: false,
      error: { code: 'C253', message: 'exit code 3: the real reason' },
      data: { exitCode: 3, stdout: 'partial\n', stderr: 'first\nthe real reason\n', timedOut: false },
    });
  });

  it('accepts the `command` alias and a positional-style call', async () => {
    expect(await exec({ command: 'echo aliased' })).toMatchObject({ ok: true, data: { stdout: 'aliased\n' } });
    expect(await engine.run(['exec', 'echo positional'])).toMatchObject({ ok: true, data: { stdout: 'positional\n' } });
  });

  it('--dir runs in a subfolder; a file, a missing folder and an escape are refused', async () => {
    expect(await exec({ cmd: 'cat file.txt', dir: 'sub' })).toMatchObject({ ok: true, data: { stdout: 'inside\n' } });
    expect(await exec({ cmd: 'true', dir: 'sub/file.txt' })).toMatchObject({ ok: false, error: { code: 'C210' } });
    expect(await exec({ cmd: 'true', dir: 'nope' })).toMatchObject({ ok: false, error: { code: 'C211' } });
    expect(await exec({ cmd: 'true', dir: '..' })).toMatchObject({ ok: false, error: { code: 'C215' } });
    expect(await exec({ cmd: 'true', dir: '/' })).toMatchObject({ ok: false, error: { code: 'C215' } });
    await symlink('/tmp', join(root, 'out'));
    expect(await exec({ cmd: 'true', dir: 'out' })).toMatchObject({ ok: false, error: { code: 'C215' } });
  });

  it('bad flags are C210 before anything runs', async () => {
    expect(await exec({})).toMatchObject({ ok: false, error: { code: 'C210' } });
    expect(await exec({ cmd: '   ' })).toMatchObject({ ok: false, error: { code: 'C210' } });
    expect(await exec({ cmd: 'true', timeout: 0 })).toMatchObject({ ok: false, error: { code: 'C210' } });
    expect(await exec({ cmd: 'true', timeout: 999_999 })).toMatchObject({ ok: false, error: { code: 'C210' } });
  });

  it('a timeout is C250 with the partial output, and no grandchild survives', async () => {
    const mark = marker();
    markers.push(mark);
    const started = Date.now();
    const envelope = await exec({ cmd: `echo partial; bash -c 'sleep ${mark} & sleep ${mark} & wait'`, timeout: 1 });
    expect(Date.now() - started).toBeLessThan(20_000); // the sleeps run 300 s: the group was killed
    expect(envelope).toMatchObject({
      ok: false,
      error: { code: 'C250', message: 'timed out after 1s; the process group was killed' },
      data: { timedOut: true, exitCode: null, stdout: 'partial\n' },
    });
    expect(pidsWithArg(mark)).toEqual([]);
  });

  it('cancelling the call kills the process group', async () => {
    const mark = marker();
    markers.push(mark);
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 200);
    const envelope = await exec({ cmd: `sleep ${mark}` }, controller.signal);
    expect(envelope).toMatchObject({ ok: false, error: { code: 'C250' }, data: { timedOut: false } });
    expect(pidsWithArg(mark)).toEqual([]);
  });

  it('never loads .env and hides provider keys from the child', async () => {
    process.env['OPENAI_API_KEY'] = 'sk-exec-test';
    try {
      const envelope = await exec({ cmd: 'echo "${EXEC_DOTENV_PROBE:-no-dotenv} ${OPENAI_API_KEY:-no-key}"' });
      expect(envelope).toMatchObject({ ok: true, data: { stdout: 'no-dotenv no-key\n' } });
    } finally {
      delete process.env['OPENAI_API_KEY'];
    }
  });

  it('stdin is closed: cat returns at once', async () => {
    const started = Date.now();
    expect(await exec({ cmd: 'cat' })).toMatchObject({ ok: true, data: { stdout: '' } });
    expect(Date.now() - started).toBeLessThan(20_000); // an open stdin would hold cat until the timeout
  });

  it('large output is elided in the middle and reported', async () => {
    const envelope = await exec({ cmd: 'seq 1 1000000' });
    expect(envelope.ok).toBe(true);
    const data = (envelope as { data: { stdout: string; truncated: { stdout: number; stderr: number } } }).data;
    expect(data.truncated.stdout).toBeGreaterThan(0);
    expect(data.stdout).toMatch(/^1\n2\n[\s\S]*\n… \[\d+ bytes elided\] …\n[\s\S]*\n1000000\n$/);
  });

  it('declares its shell line and folder for the danger classifier', () => {
    expect(execCommand.shell?.({ cmd: 'rm -rf build', dir: 'sub', timeout: 600 })).toEqual({ command: 'rm -rf build', dir: 'sub' });
    expect(execCommand.touches({ cmd: 'x', dir: 'sub', timeout: 600 })).toEqual([{ path: 'sub', access: 'list' }]);
    expect(execCommand.annotations).toEqual({ readOnly: false, destructive: true, idempotent: false });
  });

  it('through the CLI: exit status, envelope and text output', () => {
    const ok = runCli(['-C', root, 'exec', '--cmd', 'echo hé']);
    expect(ok).toMatchObject({ status: 0, stdout: 'hé\n[exit 0]\n' });
    const failed = runCli(['-C', root, '--json', 'exec', '--cmd', 'echo out; exit 7']);
    expect(failed.status).toBe(7); // the process's own status passes through (issue 28)
    expect(failed.json).toMatchObject({ ok: false, error: { code: 'C253', message: 'exit code 7: out' }, data: { exitCode: 7, stdout: 'out\n' } });
    const json = runCli(['-C', root, '--json', '{"cmd":"exec","args":{"command":"echo json"}}']);
    expect(json.json).toMatchObject({ ok: true, data: { stdout: 'json\n' } });
  });

  it.each(['SIGTERM', 'SIGINT'] as const)('codeward killed by %s takes its running command with it', async (signal) => {
    const mark = marker();
    markers.push(mark);
    const cli = spawn(process.execPath, [CLI, '--yes', '-C', root, 'exec', '--cmd', `sleep ${mark} & wait`], { stdio: 'ignore' });
    const closed = new Promise<NodeJS.Signals | null>((resolve) => cli.once('exit', (_code, how) => resolve(how)));
    for (let tries = 0; tries < 100 && pidsWithArg(mark).length === 0; tries += 1) await delay(20);
    expect(pidsWithArg(mark)).toHaveLength(1);
    cli.kill(signal);
    expect(await closed).toBe(signal);
    for (let tries = 0; tries < 50 && pidsWithArg(mark).length > 0; tries += 1) await delay(20);
    expect(pidsWithArg(mark)).toEqual([]);
  });
});
