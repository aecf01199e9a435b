// Red team round 28, R28-9 (HIGH: a user's deny rule not met): npm reads its options with nopt, which expands any
// unambiguous abbreviation (`--prefi` is `--prefix`; `--pre`/`--pref` are ambiguous and refused). The script readers
// know `--prefix`, `-C`, `--prefix=`, `-w`, `--workspace(s)`: with `--deny '@coder exec git push*'`,
// `npm --prefi sub run g` ("g": "git push origin main" in sub/package.json) runs the denied line under --yes (it
// got as far as "failed to push some refs to 'origin'"). Held: 33 other spellings (`env -Csub`, `npm --prefix`,
// `-C`, `run-script`/`rum`/`urn`, `-w`, `-ws`, `--workspace=`, pnpm -r/-F/-C, yarn workspace(s)/--cwd, lerna, turbo,
// nx, bun --cwd/--filter, corepack). The same abbreviation in a hook line: R28-5.
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { removeDir, runCli, tempDir, writeFiles } from '../helpers/fixture.js';

let base: string;
let count = 0;
beforeAll(async () => {
  base = await tempDir('rt28-npmabbrev-');
});
afterAll(async () => {
  await removeDir(base);
});

async function code(line: string): Promise<string> {
  const top = join(base, `w${++count}`), home = join(base, `h${count}`);
  await writeFiles(top, { 'package.json': '{"name":"root","scripts":{"g":"echo root"}}', 'sub/package.json': '{"name":"sub","scripts":{"g":"git push origin main"}}' });
  await writeFiles(home, { '.keep': '' });
  execFileSync('git', ['init', '-q', top]);
  const result = runCli(['--json', '--deny', '@coder exec git push*', '-C', top, 'exec', '--cmd', line], { env: { HOME: home, CODEWARD_NO_SERVE: '1' }, yes: true });
  return result.json.ok ? 'ran' : result.json.error?.code ?? result.stdout;
}

describe('R28-9 HIGH: `npm --prefi DIR run g` runs a script line the user denied', () => {
  test.each(['npm --prefi sub run g', 'npm run g --prefi=sub'])('`%s` is denied (C240)', async (line) => {
    expect(await code(line)).toBe('C240');
  }, 120_000);
});

describe('control (held)', () => {
  test('`npm --prefix sub run g` is denied', async () => {
    expect(await code('npm --prefix sub run g')).toBe('C240');
  }, 120_000);
});
