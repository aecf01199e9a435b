// Red team round 29, R29-2 (CRITICAL: an immune-list command run without asking; HIGH: a deny rule not met): R25-9's
// class (`cd sub && npm run g` runs sub/package.json's script) with the folder spelled so that its word is not the
// folder: a glob (`cd su?`, `cd [s]ub`), `$PWD/sub`, `$(echo sub)`, a loop variable, `npm --prefix $PWD/sub`,
// `~+/sub`, `npm --prefix s*`. decide-script-dirs.ts moves to the word's TEXT (root/`su?`, root/`$PWD/sub`: no
// package.json there, so no script lines) instead of calling the folder lost; the script actually run is never
// judged. With "g": "git config --global core.pager CMD" in sub/package.json, `--sandbox off --yes exec "cd su? && npm
// run g"` wrote ~/.gitconfig (seed 004's immune list not asked); with `--deny '@coder exec git push*'` and "g": "git
// push origin main", `npm --prefix $PWD/sub run g` got as far as "failed to push". Held: `cd sub`, `cd -P sub`,
// `cd -- sub`, `pushd sub`, `(cd sub; …)`, `D=sub; cd $D`, `cd {sub,}`, `cd ~+/sub` (immune), npm --prefix/-C/-prefix/
// --prefix=, npm_config_prefix=/NPM_CONFIG_PREFIX=/export/env, `npm run --prefix sub g`, `npm --userconfig`.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { removeDir, runCli, tempDir, writeFiles } from '../helpers/fixture.js';
import { NO_JAIL } from '../helpers/unconfined-runs.js';

let base: string;
let count = 0;
beforeAll(async () => {
  base = await tempDir('rt29-runnerdir-');
});
afterAll(async () => {
  await removeDir(base);
});

async function run(line: string, script: string, args: readonly string[]): Promise<{ code: string; home: string }> {
  const top = join(base, `w${++count}`), home = join(base, `h${count}`);
  await writeFiles(top, { 'package.json': '{"name":"root","scripts":{"g":"echo root"}}', 'sub/package.json': JSON.stringify({ name: 'sub', scripts: { g: script } }) });
  await writeFiles(home, { '.keep': '' });
  execFileSync('git', ['init', '-q', top]);
  const result = runCli(['--json', ...args, '-C', top, 'exec', '--cmd', line], { env: { HOME: home, CODEWARD_NO_SERVE: '1', ...NO_JAIL }, yes: true });
  return { code: result.json.ok ? 'ran' : result.json.error?.code ?? result.stdout, home };
}

const IMMUNE = 'git config --global core.pager "touch /tmp/rt29-pwn"';

describe('R29-2 CRITICAL: an immune script line in a folder spelled by glob/expansion runs under --yes (--sandbox off)', () => {
  test.each(['cd su? && npm run g', 'cd [s]ub && npm run g', 'cd $(echo sub) && npm run g', 'cd $PWD/sub && npm run g', 'for d in sub; do cd $d; npm run g; done'])(
    '`%s` asks and writes no ~/.gitconfig',
    async (line) => {
      const { code, home } = await run(line, IMMUNE, ['--sandbox', 'off']);
      expect({ code, wrote: existsSync(join(home, '.gitconfig')) }).toEqual({ code: 'C241', wrote: false });
    },
    120_000,
  );
});

describe('R29-2 HIGH: the same folders let a denied script line run', () => {
  test.each(['npm --prefix $PWD/sub run g', 'npm --prefix ~+/sub run g', 'npm --prefix s* run g', 'npm -C $PWD/sub run g', 'D=sub; npm --prefix $D run g', 'cd s* && npm run g', 'cd $PWD/sub && npm run g'])(
    '`%s` is denied or asks',
    async (line) => {
      expect(['C240', 'C241']).toContain((await run(line, 'git push origin main', ['--deny', '@coder exec git push*'])).code);
    },
    120_000,
  );
});

describe('control (held)', () => {
  test('`cd sub && npm run g` asks (immune)', async () => {
    expect((await run('cd sub && npm run g', IMMUNE, ['--sandbox', 'off'])).code).toBe('C241');
  }, 120_000);
  test('`npm --prefix sub run g` is denied', async () => {
    expect((await run('npm --prefix sub run g', 'git push origin main', ['--deny', '@coder exec git push*'])).code).toBe('C240');
  }, 120_000);
});
