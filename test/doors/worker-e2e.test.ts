import { spawn } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { workerCommand } from '../../src/doors/worker/cli.js';
import { CLI, removeDir, tempDir, writeFiles } from '../helpers/fixture.js';
import { EngineDouble, type Frame } from './worker-engine-double.js';

const IDS = ['coder::read-file', 'coder::search', 'coder::update-file', 'coder::create-file', 'coder::delete-file', 'coder::list-folder', 'coder::tree'];

let root: string;
let engine: EngineDouble;
beforeEach(async () => {
  root = await tempDir('codeward-worker-e2e-');
  await writeFiles(root, { 'base/a.txt': 'alpha\nbeta\n', 'base/.env': 'KEY=1\n' });
  await writeFile(join(root, 'config.yaml'), `base_path: ${join(root, 'base')}\nnon_accessible_globs: ["**/.env"]\ndefault_write_action: allow\n`);
  engine = await EngineDouble.start();
});
afterEach(async () => {
  await engine.close();
  await removeDir(root);
});

const registered = (frames: readonly Frame[], from = 0): string[] =>
  frames.slice(from).filter((frame) => frame.type === 'registerfunction').map((frame) => String(frame.id));

describe('codeward worker against an engine double (real iii-sdk)', () => {
  it('registers the 7 functions, answers invocations, reports errors, and exits 0 on SIGTERM', async () => {
    const child = spawn(process.execPath, [CLI, 'worker', '--config', join(root, 'config.yaml')], {
      cwd: root,
      env: { ...process.env, III_URL: engine.url },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    const exited = new Promise<number | null>((done) => child.on('exit', (code) => done(code)));
    try {
      await engine.until(() => (registered(engine.frames).length >= 7 ? true : undefined));
      expect(registered(engine.frames).sort()).toEqual([...IDS].sort());
      const readFrame = engine.frames.find((frame) => frame.type === 'registerfunction' && frame.id === 'coder::read-file')!;
      expect(readFrame.description).toMatch(/read/i);
      expect(readFrame.request_format).toMatchObject({ type: 'object', required: ['path'] });

      const ok = await engine.invoke('coder::read-file', { path: 'a.txt' }, 'i1');
      expect(ok.function_id).toBe('coder::read-file');
      expect(ok.error).toBeUndefined();
      expect(ok.result).toMatchObject({ path: 'a.txt', content: 'alpha\nbeta\n', is_utf8: true, size: 11, mode: expect.any(Number), mtime: expect.any(Number) });

      const denied = await engine.invoke('coder::read-file', { path: '.env' }, 'i2');
      expect(denied.result).toBeUndefined();
      expect(denied.error.code).toBe('invocation_failed');
      expect(JSON.parse(denied.error.message)).toEqual({ code: 'C211', message: 'path is non-accessible per config: .env' });

      const absolute = await engine.invoke('coder::read-file', { path: '/etc/passwd' }, 'i3');
      expect(JSON.parse(absolute.error.message)).toEqual({ code: 'C210', message: 'path must be relative to base_path: /etc/passwd' });

      // A payload that does not deserialize is invocation_failed without a C2xx code (as the original's serde error).
      const malformed = await engine.invoke('coder::read-file', { nope: 1 }, 'i4');
      expect(malformed.error.code).toBe('invocation_failed');
      expect(malformed.error.message).toContain('missing field `path`');

      const created = await engine.invoke('coder::create-file', { files: [{ path: 'n.txt', content: 'x' }, { path: '.env', content: 'y' }] }, 'i5');
      expect(created.result).toEqual({ results: [
        { path: 'n.txt', success: true, bytes_written: 1 },
        { path: '.env', success: false, bytes_written: 0, error: '{"code":"C211","message":"path is non-accessible per config: .env"}' },
      ] });

      child.kill('SIGTERM');
      const started = Date.now();
      expect(await exited).toBe(0);
      expect(Date.now() - started).toBeLessThan(15_000); // a worker that ignores SIGTERM never exits
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
    }
    expect(stderr).toContain('coder worker');
  });

  it('takes --url over III_URL, reconnects after the engine drops it, and stops cleanly in-process', async () => {
    const out: string[] = [];
    const io = { stdout: { write: (t: string) => out.push(t) }, stderr: { write: (t: string) => out.push(t) }, env: { III_URL: 'ws://127.0.0.1:1' }, cwd: root };
    let stop!: () => void;
    const stopSignal = new Promise<void>((done) => {
      stop = done;
    });
    const running = workerCommand(['--url', engine.url, '--config', join(root, 'config.yaml')], io, { stopSignal });
    await engine.until(() => (registered(engine.frames).length >= 7 ? true : undefined));
    const before = engine.frames.length;
    engine.dropConnection();
    // The SDK reconnects with backoff (1 s first) and registers every function again.
    await engine.until(() => (registered(engine.frames, before).length >= 7 ? true : undefined), 15_000);
    expect(engine.connections).toBe(2);
    const listed = await engine.invoke('coder::list-folder', {}, 'r1');
    expect(listed.result).toMatchObject({ path: '.', total: 2, page: 1, page_size: 100, has_more: false });
    stop();
    expect(await running).toBe(0);
  });
});
