// Issue 31: a cold read-only call loads no Node built-in it never uses. node:child_process (~4 ms of CPU to
// load) came with the permission policy's tracked-secret check (sandbox/tracked-secrets.ts), which read, list
// and tree load without starting any process; it now loads on the first run (sandbox/spawn-sync.ts). A loader
// hook writes process.moduleLoadList at exit. exec must load it (so the record is not empty by accident).
// Nor node:tty (it loads node:net, ~3 ms): the bin asks whether stdin is a terminal by fstat first, and
// imports node:tty only for a character device that is not /dev/null; under a real terminal it does.
// No timing is asserted.
import { spawnSync } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLI, removeDir, runCli, tempDir, writeFiles } from '../helpers/fixture.js';

const HOOK = `import { writeFileSync } from 'node:fs';
process.on('exit', () => writeFileSync(process.env.CODEWARD_TEST_BUILTINS, process.moduleLoadList.join('\\n')));
`;

describe('a cold read-only call loads no node:child_process', () => {
  let base: string;
  let root: string;
  let hook: string;
  beforeAll(async () => {
    base = await tempDir();
    root = join(base, 'ws');
    await writeFiles(root, { 'small.txt': 'hello\n', 'src/a.ts': 'export const a = 1;\n' });
    hook = join(base, 'hook.mjs');
    await writeFile(hook, HOOK);
  });
  afterAll(() => removeDir(base));

  // The built-in modules one real cold call of the built binary loaded.
  function builtins(args: readonly string[]): string[] {
    const record = join(base, 'builtins');
    rmSync(record, { force: true });
    const run = runCli(['--json', '-C', root, ...args], { env: { NODE_OPTIONS: `--import ${hook}`, CODEWARD_TEST_BUILTINS: record, CODEWARD_NO_SERVE: '1' } });
    expect(run.json.ok, run.stderr).toBe(true);
    return readFileSync(record, 'utf8').split('\n').filter((line) => line.startsWith('NativeModule ')).map((line) => line.slice('NativeModule '.length));
  }

  it.each([
    ['read', ['read', '--file', 'small.txt']],
    ['list', ['list']],
    ['tree', ['tree']],
  ])('%s', (_, args) => {
    const loaded = builtins(args);
    expect(loaded).toContain('fs');
    expect(loaded).not.toContain('child_process');
    // stdin is /dev/null here (runCli), stdout a pipe: no terminal anywhere, so no node:tty.
    expect(loaded).not.toContain('tty');
    // Nor node:v8 (~2 ms): the bin sets V8's compiler flags when tree-sitter is about to load, and these
    // calls parse nothing.
    expect(loaded).not.toContain('v8');
  });

  it('a cold call with a pipe on stdin loads no node:tty either', () => {
    const record = join(base, 'builtins-pipe');
    const run = spawnSync(process.execPath, [CLI, '--json', '-C', root, 'read', '--file', 'small.txt'], { input: '', encoding: 'utf8', env: { ...process.env, NODE_OPTIONS: `--import ${hook}`, CODEWARD_TEST_BUILTINS: record, CODEWARD_NO_SERVE: '1' } });
    expect(JSON.parse(run.stdout).ok, run.stderr).toBe(true);
    expect(readFileSync(record, 'utf8').split('\n')).not.toContain('NativeModule tty');
  });

  // util-linux's script(1) gives the call a pseudo-terminal on stdin and stdout: the bin still sees one.
  it.runIf(spawnSync('script', ['--version']).status === 0)('under a terminal the bin does ask node:tty', () => {
    const record = join(base, 'builtins-tty');
    rmSync(record, { force: true });
    const line = [process.execPath, CLI, '--json', '-C', root, 'read', '--file', 'small.txt'].map((word) => `'${word}'`).join(' ');
    const run = spawnSync('script', ['-qec', line, '/dev/null'], { encoding: 'utf8', env: { ...process.env, NODE_OPTIONS: `--import ${hook}`, CODEWARD_TEST_BUILTINS: record, CODEWARD_NO_SERVE: '1' } });
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toContain('"ok":true');
    expect(readFileSync(record, 'utf8').split('\n')).toContain('NativeModule tty');
  });

  it('exec does load it, and node:v8 when its shell line is parsed by tree-sitter (shell syntax; plain words are not)', () => {
    const loaded = builtins(['--sandbox', 'off', 'exec', '--cmd', 'true && true']);
    expect(loaded).toContain('child_process');
    expect(loaded).toContain('v8');
    expect(builtins(['--sandbox', 'off', 'exec', '--cmd', 'true'])).toContain('child_process');
  });
});
