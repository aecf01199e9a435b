import { spawn } from 'node:child_process';
import { open, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { performance } from 'node:perf_hooks';
import { join } from 'node:path';
import type { Stats } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createEngine } from '../../src/index.js';
import { CLI, removeDir, runCli, tempDir, writeFiles, type CliResult } from '../helpers/fixture.js';

// What --session shares and what it does not (CONTRACT "The CLI door": --session ID shares read stamps across
// CLI calls with the same ID), and the in-process door (MCP), where one engine shares stamps without a session.

let root: string;
let state: string;
beforeEach(async () => {
  root = await tempDir('cw-session-');
  state = await tempDir('cw-session-state-');
});
afterEach(async () => {
  await removeDir(root);
  await removeDir(state);
});

function cli(args: string[]): CliResult {
  return runCli(args, { cwd: root, env: { CODEWARD_STATE_DIR: state } });
}
const content = (path: string): Promise<string> => readFile(join(root, path), 'utf8');
const statOf = (path: string): Promise<Stats> => stat(join(root, path));
const iso = (ms: number): string => new Date(ms).toISOString();
const reason = (before: Stats, after: Stats): string =>
  `Reason: file modified externally (mtime: ${iso(before.mtimeMs)} -> ${iso(after.mtimeMs)}, size: ${before.size} -> ${after.size})`;
const env = (): Record<string, string | undefined> => ({ ...process.env, CODEWARD_STATE_DIR: state });

describe('CLI calls without --session share nothing', () => {
  it('read, external edit, write in separate processes: no C230 (and the same steps with a session are refused)', async () => {
    await writeFiles(root, { 'a.txt': 'one\n', 'b.txt': 'one\n' });
    expect(cli(['--json', 'read', '--file', 'a.txt']).status).toBe(0);
    expect(cli(['--json', '--session', 'control', 'read', '--file', 'b.txt']).status).toBe(0);
    await writeFile(join(root, 'a.txt'), 'one, edited\n');
    await writeFile(join(root, 'b.txt'), 'one, edited\n');

    const plain = cli(['--json', 'write', '--file', 'a.txt', '--content', 'two\n']);
    expect(plain.json).toMatchObject({ ok: true, cmd: 'write', warnings: [] });
    expect(plain.status).toBe(0);
    expect(await content('a.txt')).toBe('two\n');

    const control = cli(['--json', '--session', 'control', 'write', '--file', 'b.txt', '--content', 'two\n']);
    expect(control.json).toMatchObject({ ok: false, error: { code: 'C230' } });
    expect(await content('b.txt')).toBe('one, edited\n');
  });

  it('read --tail of a 2 GiB (sparse) file is not slowed by stamping it: no SHA-256 of the whole file without a session', async () => {
    const size = 2 * 1024 ** 3;
    const tail = Buffer.from(Array.from({ length: 5000 }, (_, i) => `log line ${i}\n`).join(''));
    const handle = await open(join(root, 'huge.log'), 'w');
    await handle.write(tail, 0, tail.length, size - tail.length);
    await handle.close();
    await writeFiles(root, { 'small.log': tail });
    const timedCli = (file: string): { ms: number; result: CliResult } => {
      const start = performance.now();
      const result = cli(['--json', 'read', '--file', file, '--tail', '2']);
      return { ms: performance.now() - start, result };
    };
    const runs = [timedCli('small.log'), timedCli('huge.log'), timedCli('small.log'), timedCli('huge.log')];
    for (const { result } of runs) {
      expect(result.json).toMatchObject({ ok: true, data: { content: 'log line 4998\nlog line 4999\n' } });
    }
    // Hashing 2 GiB takes seconds; the tail itself reads a few KiB. Best of two, against process start-up noise.
    const small = Math.min(runs[0]!.ms, runs[2]!.ms);
    const huge = Math.min(runs[1]!.ms, runs[3]!.ms);
    expect(huge).toBeLessThan(small + 2500);
  });

  it('no session file is written for calls without --session', async () => {
    await writeFiles(root, { 'a.txt': 'one\n' });
    expect(cli(['--json', 'read', '--file', 'a.txt']).status).toBe(0);
    expect(cli(['--json', 'write', '--file', 'a.txt', '--content', 'x']).status).toBe(0);
    expect(await readdir(state)).not.toContain('sessions');
  });
});

describe('sessions are separate', () => {
  it('two session ids do not share stamps, in either direction', async () => {
    await writeFiles(root, { 'main.go': 'package main\n' });
    const atRead = await statOf('main.go');
    expect(cli(['--json', '--session', 's1', 'read', '--file', 'main.go']).status).toBe(0);
    await writeFile(join(root, 'main.go'), 'package main // IDE\n');

    // s2 never read the file: not stale for it.
    const s2 = cli(['--json', '--session=s2', 'write', '--file', 'main.go', '--content', 'package main // s2\n']);
    expect(s2.json).toMatchObject({ ok: true, warnings: [] });
    const afterS2 = await statOf('main.go');

    // s1's stamp predates both the IDE edit and s2's write: for s1, s2 is an external writer.
    const s1 = cli(['--json', '--session', 's1', 'write', '--file', 'main.go', '--content', 'package main // s1\n']);
    expect(s1.json).toMatchObject({ ok: false, error: { code: 'C230' } });
    expect(s1.json.error!.message.split('\n').slice(0, 2)).toEqual([
      'WARNING: File "main.go" has been modified externally since you last read it.',
      reason(atRead, afterS2),
    ]);
    expect(await content('main.go')).toBe('package main // s2\n');
  });

  it('--session ID and --session=ID, before or after the command, name the same session', async () => {
    await writeFiles(root, { 'a.txt': 'one\n' });
    expect(cli(['read', '--file', 'a.txt', '--session=same']).status).toBe(0);
    await writeFile(join(root, 'a.txt'), 'one, edited\n');
    const result = cli(['--json', 'write', '--file', 'a.txt', '--content', 'x', '--session', 'same']);
    expect(result.json).toMatchObject({ ok: false, error: { code: 'C230' } });
  });

  it('the session state lives in CODEWARD_STATE_DIR, never in the workspace', async () => {
    await writeFiles(root, { 'a.txt': 'one\n' });
    expect(cli(['--json', '--session', 'kept', 'read', '--file', 'a.txt']).status).toBe(0);
    expect(await readdir(root)).toEqual(['a.txt']);
    const sessions = await readdir(join(state, 'sessions'));
    expect(sessions.filter((name) => name.endsWith('.json'))).toHaveLength(1);
    const saved = await readFile(join(state, 'sessions', sessions.find((name) => name.endsWith('.json'))!), 'utf8');
    expect(saved).toContain(join(root, 'a.txt'));
  });
});

describe('an invalid --session', () => {
  it.each([
    ['bad id!'],
    [''],
    ['../x'],
    ['a/b'],
    ['x'.repeat(65)],
  ])('%j is a clear C210 usage error (exit 2), before anything is written', async (id) => {
    await writeFiles(root, { 'a.txt': 'one\n' });
    const message = `--session: "${id}" is not a valid session id (use 1-64 characters from A-Z a-z 0-9 . _ -)`;
    const json = cli(['--json', '--session', id, 'write', '--file', 'a.txt', '--content', 'two\n']);
    expect(json.json).toEqual({ ok: false, cmd: 'write', error: { code: 'C210', message }, warnings: [] });
    expect(json.stderr).toBe('');
    expect(json.status).toBe(2);

    const text = cli(['--session', id, 'write', '--file', 'a.txt', '--content', 'two\n']);
    expect(text.stdout).toBe('');
    expect(text.stderr).toBe(`error C210: ${message}\n`);
    expect(text.status).toBe(2);

    expect(await content('a.txt')).toBe('one\n');
    expect(await readdir(root)).toEqual(['a.txt']);
    expect(await readdir(state)).not.toContain('sessions');
  });

  it('64 characters from the allowed set are accepted', async () => {
    await writeFiles(root, { 'a.txt': 'one\n' });
    const id = `A-z_0.9${'x'.repeat(57)}`;
    expect(id).toHaveLength(64);
    const result = cli(['--json', '--session', id, 'read', '--file', 'a.txt']);
    expect(result.json).toMatchObject({ ok: true });
    expect(result.status).toBe(0);
  });
});

describe('in-process (the MCP door keeps one engine)', () => {
  it('two engine.run calls on one engine share stamps without a session', async () => {
    await writeFiles(root, { 'm.ts': 'export const a = 1;\n' });
    const engine = await createEngine({ workspace: root, env: env() });
    const atRead = await statOf('m.ts');
    expect(await engine.run({ cmd: 'read', args: { file: 'm.ts' } })).toMatchObject({ ok: true });
    await writeFile(join(root, 'm.ts'), 'export const a = 2; // edited\n');
    const edited = await statOf('m.ts');

    const call = { cmd: 'patch', args: { file: 'm.ts', search: 'const a', replace: 'const b' } };
    const refused = await engine.run(call);
    expect(refused).toMatchObject({ ok: false, cmd: 'patch', error: { code: 'C230' } });
    expect(!refused.ok && refused.error.message.split('\n').slice(0, 2)).toEqual([
      'WARNING: File "m.ts" has been modified externally since you last read it.',
      reason(atRead, edited),
    ]);
    expect(await content('m.ts')).toBe('export const a = 2; // edited\n');

    const repeated = await engine.run(call);
    expect(repeated).toMatchObject({ ok: true, cmd: 'patch' });
    expect(repeated.warnings).toHaveLength(1);
    expect(repeated.warnings[0]).toContain(`File "m.ts" had been changed outside codeward since it was last read (${reason(atRead, edited).slice('Reason: '.length)}). The call was repeated, so it went ahead over those changes`);
    expect(await content('m.ts')).toBe('export const b = 2; // edited\n');

    // Our own write re-stamped the file: a later external edit is caught again, a later own edit is not.
    expect(await engine.run({ cmd: 'patch', args: { file: 'm.ts', search: 'b = 2', replace: 'b = 3' } })).toMatchObject({ ok: true, warnings: [] });
    await writeFile(join(root, 'm.ts'), 'export const b = 4; // edited again\n');
    expect(await engine.run({ cmd: 'write', args: { file: 'm.ts', content: 'x' } })).toMatchObject({ ok: false, error: { code: 'C230' } });
    await engine.close();
  });

  it('update through one engine: written files are stamped, so an edit behind the engine is refused once', async () => {
    await writeFiles(root, { 'd.txt': 'one\n' });
    const engine = await createEngine({ workspace: root, env: env() });
    const insert = (line: number, text: string) => engine.run({ cmd: 'update', args: { files: [{ path: 'd.txt', ops: [{ op: 'insert', at_line: line, content: text }] }] } });
    expect(await insert(2, 'two')).toMatchObject({ ok: true, warnings: [] });
    await writeFile(join(root, 'd.txt'), 'ONE\nTWO\n');
    // update is batched: the stale file fails its own entry (the call itself was valid).
    expect(await insert(3, 'three')).toMatchObject({ ok: true, data: { results: [{ path: 'd.txt', success: false, error: { code: 'C230' } }] } });
    expect(await content('d.txt')).toBe('ONE\nTWO\n');
    expect(await insert(3, 'three')).toMatchObject({ ok: true, warnings: [expect.stringContaining('File "d.txt" had been changed outside codeward')] });
    expect(await content('d.txt')).toBe('ONE\nTWO\nthree\n');
    await engine.close();
  });

  it('two engines without a session do not share stamps', async () => {
    await writeFiles(root, { 'm.txt': 'one\n' });
    const first = await createEngine({ workspace: root, env: env() });
    const second = await createEngine({ workspace: root, env: env() });
    expect(await first.run({ cmd: 'read', args: { file: 'm.txt' } })).toMatchObject({ ok: true });
    await writeFile(join(root, 'm.txt'), 'one, edited\n');
    expect(await second.run({ cmd: 'write', args: { file: 'm.txt', content: 'two\n' } })).toMatchObject({ ok: true, warnings: [] });
    expect(await first.run({ cmd: 'write', args: { file: 'm.txt', content: 'three\n' } })).toMatchObject({ ok: false, error: { code: 'C230' } });
    await first.close();
    await second.close();
  });

  it('engines with the same session share stamps through close() and the session file', async () => {
    await writeFiles(root, { 'm.txt': 'one\n' });
    const first = await createEngine({ workspace: root, env: env(), session: 'lib' });
    expect(await first.run({ cmd: 'read', args: { file: 'm.txt' } })).toMatchObject({ ok: true });
    await first.close();
    await writeFile(join(root, 'm.txt'), 'one, edited\n');
    const second = await createEngine({ workspace: root, env: env(), session: 'lib' });
    expect(await second.run({ cmd: 'write', args: { file: 'm.txt', content: 'two\n' } })).toMatchObject({ ok: false, error: { code: 'C230' } });
    await second.close();
    const third = await createEngine({ workspace: root, env: env(), session: 'other' });
    expect(await third.run({ cmd: 'write', args: { file: 'm.txt', content: 'two\n' } })).toMatchObject({ ok: true, warnings: [] });
    await third.close();
  });
});

// Runs the CLI without waiting, so several processes overlap.
function spawnCli(args: string[]): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CLI, '--yes', ...args], { cwd: root, env: { ...process.env, CODEWARD_STATE_DIR: state }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (status) => {
      let json: CliResult['json'] = { ok: false, cmd: '' };
      try {
        json = JSON.parse(stdout);
      } catch {
        // asserted by the caller
      }
      resolve({ status: status ?? -1, stdout, stderr, json });
    });
  });
}

describe('concurrent CLI processes on one file (CONTRACT "Staleness": they serialise, no update is lost)', () => {
  async function parallelInserts(session: string | undefined): Promise<CliResult[]> {
    return Promise.all(
      Array.from({ length: 8 }, (_, i) => {
        const files = JSON.stringify([{ path: 'log.txt', ops: [{ op: 'insert', at_line: 1, content: `line ${i}` }] }]);
        return spawnCli(['--json', ...(session ? ['--session', session] : []), 'update', '--files', files]);
      }),
    );
  }
  async function expectAllLanded(results: CliResult[]): Promise<void> {
    for (const result of results) {
      expect(result.json).toMatchObject({ ok: true, data: { results: [{ path: 'log.txt', success: true }] } });
    }
    const lines = (await content('log.txt')).trimEnd().split('\n');
    expect([...lines].sort()).toEqual([...Array.from({ length: 8 }, (_, i) => `line ${i}`), 'base'].sort());
  }

  // Needs edit commands to re-resolve the file under the lock (the engine jails paths before it locks them;
  // a waiting process would otherwise open a file a finished one replaced, C215 "path changed during access").
  it('8 parallel update calls without a session all land', async () => {
    await writeFiles(root, { 'log.txt': 'base\n' });
    await expectAllLanded(await parallelInserts(undefined));
  });

  // Each process takes what its siblings saved about a file once it holds the file's lock, and saves before
  // releasing it, so a sibling's write never looks external.
  it('8 parallel update calls in one --session that read the file all land', async () => {
    await writeFiles(root, { 'log.txt': 'base\n' });
    expect(cli(['--json', '--session', 'shared', 'read', '--file', 'log.txt']).status).toBe(0);
    await expectAllLanded(await parallelInserts('shared'));
  });
});
