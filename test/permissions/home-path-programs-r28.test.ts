// R28-1 (path30): with `.` (or an empty entry) on PATH in a home start-up file, every file of the workspace that is a
// PROGRAM runs when the person types its name in its folder, whatever the name (home-sources-relpath.ts): judged by
// the file (runnable.ts: its executable bit; a file tool's write by the mode it leaves and, under a command's name,
// by a program's bytes), plus the names of the programs on PATH and git subcommands. Held-back variants of the
// red team's row: a file tool's `create --mode 0755` of a `.sh`, a rewrite of an existing executable (the write keeps
// its mode), a sandboxed `chmod +x` of an existing file, a sandboxed build's executable under any name. Friction:
// ordinary writes (src/x.ts, a Makefile, a non-executable leftover) stay free.
import { execFileSync } from 'node:child_process';
import { chmod } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { removeDir, runCli, tempDir, writeFiles, type CliResult } from '../helpers/fixture.js';

let base: string;
let count = 0;
beforeAll(async () => {
  base = await tempDir('path30-programs-');
});
afterAll(async () => {
  await removeDir(base);
});

// A home with `rc` as its .bashrc, the workspace at ~/proj holding `files` (`executable`: chmod 755), one call.
async function run(rc: string, files: Record<string, string>, executable: readonly string[], args: readonly string[]): Promise<CliResult> {
  const home = join(base, `h${++count}`), top = join(home, 'proj');
  await writeFiles(top, { 'src/a.ts': '1\n', ...files });
  for (const file of executable) await chmod(join(top, file), 0o755);
  execFileSync('git', ['init', '-q', top]);
  await writeFiles(home, { '.bashrc': `${rc}\n` });
  return runCli(['--json', '-C', top, ...args], { env: { HOME: home, CODEWARD_NO_SERVE: '1' }, yes: true });
}
const code = (result: CliResult): string => (result.json.ok ? 'ok' : result.json.error?.code ?? result.stdout);
const DOT = 'export PATH=".:$PATH"';
const applied = (result: CliResult): string[] => (result.json.data?.changes?.files ?? []).map((file: { path: string }) => file.path);

describe('`.` on PATH: a file tool write that leaves a program asks', () => {
  test('create --mode 0755 of a script under any name', async () => {
    const files = JSON.stringify([{ path: 'tools/deploy.sh', content: 'echo hi\n', mode: '0755' }]);
    expect(code(await run(DOT, {}, [], ['create', '--files', files]))).toBe('C241');
  }, 120_000);

  test('a rewrite of an existing executable file (the write keeps its mode)', async () => {
    expect(code(await run(DOT, { 'scripts/run.py': 'print(1)\n' }, ['scripts/run.py'], ['write', '--path', 'scripts/run.py', '--content', 'print(2)\n']))).toBe('C241');
  }, 120_000);

  test('an ELF-less `#!` script under a command name in an empty-entry PATH', async () => {
    expect(code(await run('PATH=$PATH:', {}, [], ['write', '--path', 'deep/er/htop2', '--content', '#!/usr/bin/env python3\n']))).toBe('C241');
  }, 120_000);
});

describe('`.` on PATH: what a sandboxed command leaves is judged by its mode', () => {
  test('a chmod +x of an existing plain file: set aside', async () => {
    const result = await run(DOT, { notes: 'echo hi\n' }, [], ['exec', 'chmod +x notes']);
    expect(result.json.ok).toBe(true);
    expect(applied(result)).not.toContain('notes');
  }, 120_000);

  test('an executable under a name of its own: set aside; a plain file beside it applied', async () => {
    const result = await run(DOT, {}, [], ['exec', 'mkdir -p out && cp /bin/true out/zz-helper && echo x > out/log.txt']);
    expect(result.json.ok).toBe(true);
    expect(applied(result)).not.toContain('out/zz-helper');
    expect(applied(result)).toContain('out/log.txt');
  }, 120_000);
});

describe('friction controls (free)', () => {
  test.each([
    ['src/x.ts', 'export const x = 1;\n'],
    ['Makefile', 'all:\n\ttrue\n'],
    ['src/cli.ts', '#!/usr/bin/env node\nconsole.log(1);\n'],
    ['docs/README', 'plain text\n'],
  ])('`.` on PATH: write %s is free', async (path, content) => {
    expect(code(await run(DOT, {}, [], ['write', '--path', path, '--content', content]))).toBe('ok');
  }, 120_000);

  test('without `.` on PATH an executable leftover is applied', async () => {
    const result = await run('export PATH="$HOME/.local/bin:$PATH"', {}, [], ['exec', 'cp /bin/true zz-helper']);
    expect(applied(result)).toContain('zz-helper');
  }, 120_000);
});
