// Red team round 28, R28-7 (CRITICAL: a program later obeyed, planted without approval; `--sandbox off`, or where no
// OS sandbox runs): git's option parser takes any unique prefix of a long option, so `git config --glo core.pager
// CMD` is `--global`. immune-config-verbs.ts tests `args.includes('--global')` (exact word): under --yes the line
// runs and writes ~/.gitconfig; the person's next `git log` in any repository runs CMD (checked: HOME outside /tmp,
// `--sandbox off --yes exec "git config --glo core.pager 'touch /tmp/rt28o/pwn'"`, then `git log` on a terminal
// created the file). `--glob`, `--glo` and `--gl` all pass. Held: `--global`, `--globa --add alias.s '!…'`, `--sys`,
// `--local`, `--worktree`, plain `git config core.pager`, `git -c x=y config --glo`, `--gl alias.st '!…'`.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { removeDir, runCli, tempDir, writeFiles } from '../helpers/fixture.js';

let base: string;
let count = 0;
beforeAll(async () => {
  base = await tempDir('rt28-gitcfg-');
});
afterAll(async () => {
  await removeDir(base);
});

async function run(line: string): Promise<{ code: string; wrote: boolean }> {
  const top = join(base, `w${++count}`), home = join(base, `h${count}`);
  await writeFiles(top, { 'a.txt': 'a\n' });
  await writeFiles(home, { '.keep': '' });
  execFileSync('git', ['init', '-q', top]);
  const result = runCli(['--json', '--sandbox', 'off', '-C', top, 'exec', '--cmd', line], { env: { HOME: home, CODEWARD_NO_SERVE: '1' }, yes: true });
  return { code: result.json.ok ? 'ran' : result.json.error?.code ?? result.stdout, wrote: existsSync(join(home, '.gitconfig')) };
}

describe('R28-7 CRITICAL: `git config --glo` (a prefix of --global) writes ~/.gitconfig under --yes', () => {
  test.each(["git config --glo core.pager 'touch /tmp/rt28-pwn'", 'git config --glob core.editor x', 'git config --gl core.fsmonitor x'])('`%s` asks and writes nothing', async (line) => {
    expect(await run(line)).toEqual({ code: 'C241', wrote: false });
  }, 120_000);
});

describe('control (held)', () => {
  test('`git config --global core.pager x` asks', async () => {
    expect(await run('git config --global core.pager x')).toEqual({ code: 'C241', wrote: false });
  }, 120_000);
});
