// opts31 (issue 26 LEFT from round 28: wrappers whose operand is a command, read with their own getopt rules). A
// value attached to its letter (`stdbuf -oL`, `nice -n5`, `flock -w5`, `taskset -c1`), a cluster ending in a valued
// letter (`script -qc CMD`, `unshare -rw sub`), `env -S'CMD'`: the wrapped command is decided as if written alone, so
// seed 004's immune `rm -rf` asks under --yes (old code: the wrapper's words were read as written, the command behind
// them missed, and it ran).
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { removeDir, runCli, tempDir, writeFiles } from '../helpers/fixture.js';

let base: string;
let count = 0;
beforeAll(async () => {
  base = await tempDir('opts31-wrap-');
});
afterAll(async () => {
  await removeDir(base);
});

async function run(line: string): Promise<{ code: string; kept: boolean }> {
  const top = join(base, `w${++count}`), home = join(base, `h${count}`);
  await writeFiles(top, { 'build/keep.txt': 'x' });
  await writeFiles(home, { '.keep': '' });
  execFileSync('git', ['init', '-q', top]);
  const result = runCli(['--json', '--sandbox', 'off', '-C', top, 'exec', '--cmd', line], { env: { HOME: home, CODEWARD_NO_SERVE: '1' }, yes: true });
  const kept = execFileSync('ls', [join(top, 'build')], { encoding: 'utf8' }).includes('keep.txt');
  return { code: result.json.ok ? 'ran' : result.json.error?.code ?? result.stdout, kept };
}

const LINES = [
  'rm -rf build',
  'stdbuf -oL rm -rf build',
  'stdbuf -oL -eL rm -rf build',
  'nice -n5 rm -rf build',
  'nice -n 5 rm -rf build',
  'flock -w5 /tmp/opts31.lock rm -rf build',
  'flock -xw5 /tmp/opts31.lock rm -rf build',
  'flock /tmp/opts31.lock -c "rm -rf build"',
  "script -qc 'rm -rf build' /dev/null",
  "script -qec 'rm -rf build' /dev/null",
  "env -S'rm -rf build'",
  "env -iS'rm -rf build'",
  'timeout -sKILL 5 rm -rf build',
  'timeout -k5 5 rm -rf build',
  'taskset -c 0 rm -rf build',
  'taskset -ac 0 rm -rf build',
  'taskset 1 rm -rf build',
  'ionice -c3 rm -rf build',
  'ionice -c3 -n7 rm -rf build',
  'chrt -o 0 rm -rf build',
  'setsid -w rm -rf build',
  'setsid -fw rm -rf build',
  'nohup rm -rf build',
];

// The same wrappers before a line the user denied, and before a runner whose script is that line.
async function denied(line: string, script = 'git push origin main'): Promise<string> {
  const top = join(base, `w${++count}`), home = join(base, `h${count}`);
  await writeFiles(top, { 'package.json': JSON.stringify({ name: 'root', scripts: { g: script } }) });
  await writeFiles(home, { '.keep': '' });
  execFileSync('git', ['init', '-q', top]);
  const result = runCli(['--json', '--deny', '@coder exec git push*', '-C', top, 'exec', '--cmd', line], { env: { HOME: home, CODEWARD_NO_SERVE: '1' }, yes: true });
  return result.json.ok ? 'ran' : result.json.error?.code ?? result.stdout;
}

const WRAPPERS = LINES.filter((line) => line !== 'rm -rf build' && !line.includes('"') && !line.includes("'")).map((line) => line.replace(' rm -rf build', ''));
const DENIED = [...WRAPPERS.map((wrapper) => `${wrapper} git push origin main`), ...WRAPPERS.map((wrapper) => `${wrapper} npm run g`),
  "script -qc 'git push origin main' /dev/null", "env -S'git push origin main'", "env -iS'npm run g'", 'flock -w5 /tmp/opts31.lock -c "git push origin main"'];

describe('a wrapped denied command is denied', () => {
  test.each(DENIED)('`%s` is denied (C240)', async (line) => {
    expect(await denied(line)).toBe('C240');
  }, 120_000);
});

describe('a script line that wraps a denied command is denied', () => {
  test.each([...WRAPPERS, "script -qc 'git push origin main' /dev/null", "env -S'git push origin main'"].map((wrapper) => (wrapper.includes('git push') ? wrapper : `${wrapper} git push origin main`)))('`npm run g` with g = `%s` is denied (C240)', async (script) => {
    expect(await denied('npm run g', script)).toBe('C240');
  }, 120_000);
});

describe('a wrapped immune command asks under --yes', () => {
  test.each(LINES)('`%s` is not run', async (line) => {
    const got = await run(line);
    expect(got.code).not.toBe('ran');
    expect(got.kept).toBe(true);
  }, 120_000);
});
