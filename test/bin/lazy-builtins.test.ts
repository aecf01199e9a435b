// Issue 31: a cold read-only call loads no Node built-in it never uses. node:child_process (~4 ms of CPU to
// load) came with the permission policy's tracked-secret check (sandbox/tracked-secrets.ts), which read, list
// and tree load without starting any process; it now loads on the first run (sandbox/spawn-sync.ts). A loader
// hook writes process.moduleLoadList at exit. exec must load it (so the record is not empty by accident).
// No timing is asserted.
import { readFileSync, rmSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { removeDir, runCli, tempDir, writeFiles } from '../helpers/fixture.js';

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
  });

  it('exec does load it', () => {
    expect(builtins(['--sandbox', 'off', 'exec', '--cmd', 'true'])).toContain('child_process');
  });
});
