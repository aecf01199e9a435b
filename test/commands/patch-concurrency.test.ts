// Concurrent patches of one file: in one engine (per-file async locks) and across real CLI processes
// (lock files in the shared CODEWARD_STATE_DIR). No update may be lost.
import { spawn } from 'node:child_process';
import { readFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createEngine } from '../../src/index.js';
import { CLI, REPO_ROOT, removeDir, tempDir, writeFiles } from '../helpers/fixture.js';

let root: string;
let state: string;

beforeEach(async () => {
  root = await tempDir('codeward-concurrency-');
  state = await tempDir('codeward-concurrency-state-');
});
afterEach(async () => {
  await removeDir(root);
  await removeDir(state);
});

const marker = (i: number): string => `marker ${String(i).padStart(2, '0')}: todo`;
const done = (i: number): string => `marker ${String(i).padStart(2, '0')}: DONE by ${i}`;
const fileWith = (n: number, each: (i: number) => string): string =>
  ['header', ...Array.from({ length: n }, (_, i) => `${each(i)}\nfiller ${i}`), 'footer', ''].join('\n');

interface Exit {
  code: number | null;
  stdout: string;
  stderr: string;
}

function runCliAsync(args: readonly string[], env: Record<string, string>): Promise<Exit> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CLI, '--yes', ...args], { cwd: REPO_ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

describe('concurrent patches of one file', () => {
  it('20 parallel engine.run patches each replace their own marker: all 20 land', async () => {
    const n = 20;
    await writeFiles(root, { 'shared.txt': fileWith(n, marker) });
    const engine = await createEngine({ workspace: root, env: { ...process.env, CODEWARD_STATE_DIR: state } });
    const results = await Promise.all(
      Array.from({ length: n }, (_, i) => engine.run({ cmd: 'patch', args: { file: 'shared.txt', search: marker(i), replace: done(i) } })),
    );
    for (const [i, result] of results.entries()) expect(result, `call ${i}`).toMatchObject({ ok: true, data: { replacements: 1 } });
    expect(await readFile(join(root, 'shared.txt'), 'utf8')).toBe(fileWith(n, done));
  });

  it('8 parallel CLI processes with one CODEWARD_STATE_DIR each patch their own marker: all 8 land', async () => {
    const n = 8;
    await writeFiles(root, { 'shared.txt': fileWith(n, marker) });
    const exits = await Promise.all(
      Array.from({ length: n }, (_, i) =>
        runCliAsync(['--json', '-C', root, 'patch', '--file', 'shared.txt', '--search', marker(i), '--replace', done(i)], { CODEWARD_STATE_DIR: state }),
      ),
    );
    for (const [i, exit] of exits.entries()) {
      expect(exit.code, `process ${i}: ${exit.stderr}`).toBe(0);
      expect(JSON.parse(exit.stdout)).toMatchObject({ ok: true, data: { replacements: 1 } });
    }
    expect(await readFile(join(root, 'shared.txt'), 'utf8')).toBe(fileWith(n, done));
    // No temp file is left behind next to the edited file.
    // ... and no .bak either: every process recorded its own step in the shared checkpoint store (under
    // its lock), so undoing all 8 steps gives back the original bytes.
    expect((await readdir(root)).sort()).toEqual(['shared.txt']);
    const undo = await runCliAsync(['--json', '-C', root, 'undo', '--steps', String(n)], { CODEWARD_STATE_DIR: state });
    expect(JSON.parse(undo.stdout)).toMatchObject({ ok: true });
    expect(await readFile(join(root, 'shared.txt'), 'utf8')).toBe(fileWith(n, marker));
  });
});
