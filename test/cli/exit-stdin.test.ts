// Issue 28 through the real binary: exec and test pass their process's exit status through, search says "none"
// with exit 1 (rg's convention), and `--content -` / `--diff -` read standard input.
import { spawnSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CLI, removeDir, runCli, tempDir, writeFiles, type CliResult } from '../helpers/fixture.js';

let root: string;
let home: string;
let state: string;
beforeEach(async () => {
  root = await tempDir('cw-exitin-');
  home = await tempDir('cw-exitin-home-');
  state = await tempDir('cw-exitin-state-');
});
afterEach(async () => {
  for (const dir of [root, home, state]) await removeDir(dir);
});

const env = (): Record<string, string> => ({ HOME: home, CODEWARD_STATE_DIR: state });
const cw = (args: readonly string[]): CliResult => runCli(['-C', root, ...args], { env: env() });
// The binary with `input` on its standard input.
function piped(args: readonly string[], input: string): CliResult {
  const result = spawnSync(process.execPath, [CLI, '--yes', '-C', root, ...args], { env: { ...process.env, ...env() }, input, encoding: 'utf8' });
  return { status: result.status ?? -1, stdout: result.stdout, stderr: result.stderr, json: { ok: false, cmd: '' } };
}
const text = (path: string): Promise<string> => readFile(join(root, path), 'utf8');

describe('exit status', () => {
  it('exec exits with the status of the process it ran; the JSON envelope stays C253 with the output', () => {
    const three = cw(['exec', '--cmd', 'echo out; exit 3']);
    expect([three.status, three.stdout]).toEqual([3, 'out\n[exit 3]\n']);
    const json = cw(['--json', 'exec', '--cmd', 'exit 42']);
    expect(json.status).toBe(42);
    expect(json.json).toMatchObject({ ok: false, cmd: 'exec', error: { code: 'C253' }, data: { exitCode: 42 } });
    expect(cw(['exec', '--cmd', 'true']).status).toBe(0);
  });

  it('test exits with the status of the runner it ran (C253 in the envelope), 0 when the tests pass', async () => {
    await writeFiles(root, { 'fails.js': 'console.log("not ok 1 adds"); process.exit(7);\n', 'passes.js': 'console.log("ok 1 adds");\n' });
    const failing = cw(['--json', 'test', '--cmd', 'node fails.js']);
    expect(failing.status).toBe(7);
    expect(failing.json).toMatchObject({ ok: false, cmd: 'test', error: { code: 'C253' }, data: { exitCode: 7 } });
    expect(cw(['test', '--cmd', 'node fails.js']).status).toBe(7);
    expect(cw(['test', '--cmd', 'node passes.js']).status).toBe(0);
    // Refused before it runs: codeward's own status, not a runner's.
    expect(cw(['test', '--dir', 'nope']).status).toBe(1);
  });

  it('an exec refused before it runs keeps codeward\'s own status (usage 2, failure 1)', () => {
    expect(cw(['exec', '--cmd', 'true', '--timeout', 'x']).status).toBe(2);
    expect(cw(['exec', '--cmd', 'true', '--dir', 'nope']).status).toBe(1);
  });

  it('search: 0 when it found something, 1 when it found nothing (ok envelope, as rg), 2 for bad arguments', async () => {
    await writeFiles(root, { 'a.txt': 'hello\n' });
    expect(cw(['search', '--term', 'hello']).status).toBe(0);
    const none = cw(['--json', 'search', '--term', 'absent-word']);
    expect([none.status, none.json.ok, none.json.data.total]).toEqual([1, true, 0]);
    expect(cw(['search', '--term', '']).status).toBe(2);
  });
});

describe('--content - and --diff - read standard input', () => {
  it('write --content - takes stdin byte for byte, even text that looks like a flag', async () => {
    const content = '--not-a-flag\n  "quoted" “typographic”\n';
    expect(piped(['write', '--file', 'a.txt', '--content', '-'], content).status).toBe(0);
    expect(await text('a.txt')).toBe(content);
    expect(piped(['write', '--file', 'b.txt', '--content=-'], 'joined\n').status).toBe(0);
    expect(await text('b.txt')).toBe('joined\n');
  });

  it('patch --diff - applies a diff piped from another program', async () => {
    await writeFiles(root, { 'a.txt': 'one\ntwo\n' });
    const diff = '--- a/a.txt\n+++ b/a.txt\n@@ -1,2 +1,2 @@\n one\n-two\n+TWO\n';
    const result = piped(['patch', '--diff', '-'], diff);
    expect([result.status, result.stderr]).toEqual([0, '']);
    expect(await text('a.txt')).toBe('one\nTWO\n');
  });

  it('two flags reading stdin are a usage error; a JSON call keeps "-" as its one-character content', async () => {
    expect(piped(['write', '--file', 'a.txt', '--content', '-', '--diff', '-'], 'x').status).toBe(2);
    expect(piped(['{"cmd":"write","args":{"file":"dash.txt","content":"-"}}'], 'ignored').status).toBe(0);
    expect(await text('dash.txt')).toBe('-');
  });
});
