// env31 (round 28 LEFT: an executable written under a new name not seen by its mode). With `.` on PATH in a home
// start-up file (R28-1), any executable file of the workspace is a program the person's shell runs by its name; the
// write gate judges it by its mode, and the file a line is about to write has none yet. Under --sandbox off
// (nothing judges the run after it), `install tools/y.txt y.sh` (0755 by default), `install -t . F`, `cp F
// y.sh && chmod +x y.sh`, `chmod 755 F`, `rsync --chmod=Fu+x F y` left a program in `.` with no question under
// --yes. Their written operands are now judged as programs (immune-exec-modes.ts); `install -m 644`, `chmod
// 644`, `install -d`, a plain cp of a data file, and every one of them with no relative PATH entry still run.
import { execFileSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { modeSetsExec } from '../../src/permissions/immune-exec-modes.js';
import { removeDir, runCli, tempDir, writeFiles } from '../helpers/fixture.js';

let base: string;
let count = 0;
beforeAll(async () => {
  base = await tempDir('cw-exec-modes-');
});
afterAll(async () => removeDir(base));

// The workspace at ~/proj, the home's .bashrc `rc`; the line's result and whether `file` is left executable.
async function run(rc: string, line: string, file: string): Promise<string> {
  const home = join(base, `h${++count}`), top = join(home, 'proj');
  await writeFiles(top, { 'tools/y.txt': 'echo hi\n', 'plain.txt': 'echo hi\n' });
  execFileSync('git', ['init', '-q', top]);
  await writeFiles(home, { '.bashrc': `${rc}\n` });
  const result = runCli(['--json', '-C', top, '--sandbox', 'off', 'exec', '--cmd', line], { env: { HOME: home, CODEWARD_NO_SERVE: '1' }, yes: true });
  const path = join(top, file);
  const executable = existsSync(path) && (statSync(path).mode & 0o111) !== 0;
  return `${result.json.ok ? 'ran' : result.json.error?.code}${executable ? ' +x' : ''}`;
}

const DOT = 'export PATH=".:$PATH"';

describe('with `.` on PATH, a line that leaves a file executable asks (C241) and leaves none', () => {
  test.each([
    ['install tools/y.txt y.sh', 'y.sh'],
    ['install -m 755 tools/y.txt y.sh', 'y.sh'],
    ['install -t . tools/y.txt', 'y.txt'],
    ['cp tools/y.txt y.sh && chmod +x y.sh', 'y.sh'],
    ['chmod 755 plain.txt', 'plain.txt'],
    ['chmod u=rwx,go=rx plain.txt', 'plain.txt'],
    ['rsync --chmod=Fu+x tools/y.txt y', 'y'],
  ])('%s', async (line, file) => {
    expect(await run(DOT, line, file)).toBe('C241');
  }, 120_000);
});

describe('what leaves no executable, or no relative PATH entry: runs', () => {
  test.each([
    [DOT, 'install -m 644 tools/y.txt y.sh', 'ran'],
    [DOT, 'chmod 644 plain.txt', 'ran'],
    [DOT, 'chmod -x plain.txt', 'ran'],
    [DOT, 'cp tools/y.txt y.sh', 'ran'],
    [DOT, 'install -d newdir', 'ran'],
    ['export PATH="$HOME/bin:$PATH"', 'install tools/y.txt y.sh', 'ran +x'],
    ['export PATH="$HOME/bin:$PATH"', 'chmod +x plain.txt', 'ran +x'],
  ])('%s: %s', async (rc, line, expected) => {
    expect(await run(rc, line, line.includes('plain.txt') ? 'plain.txt' : 'y.sh')).toBe(expected);
  }, 120_000);
});

test('modes that set an execute bit', () => {
  expect(['755', '0700', '+x', 'a+rwx', 'u=rwx', 'g+X', 'u+x,g-w', '\u0000', undefined].map(modeSetsExec)).toEqual(Array(9).fill(true));
  expect(['644', '0600', '-x', 'u=rw', 'go-wx', 'g+s', 'a-x,u+w'].map(modeSetsExec)).toEqual(Array(7).fill(false));
});
