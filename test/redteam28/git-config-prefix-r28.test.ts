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
import { describe, expect, test } from 'vitest';
import { unconfinedRuns } from '../helpers/unconfined-runs.js';

const runs = unconfinedRuns('rt28-gitcfg-');

// `line` may name the home folder as `../HOME` (relative to the workspace); `yes`: run with --yes.
async function run(line: string, yes = true): Promise<{ code: string; wrote: boolean }> {
  const place = await runs.place();
  const code = runs.exec(place, line.replace('../HOME', `../h${place.n}`), { yes });
  const local = execFileSync('git', ['config', '--file', join(place.top, '.git/config'), '--list'], { encoding: 'utf8' });
  return { code, wrote: existsSync(join(place.home, '.gitconfig')) || /hookspath|pager/i.test(local) };
}

describe('R28-7 CRITICAL: `git config --glo` (a prefix of --global) writes ~/.gitconfig under --yes', () => {
  test.each(["git config --glo core.pager 'touch /tmp/rt28-pwn'", 'git config --glob core.editor x', 'git config --gl core.fsmonitor x'])('`%s` asks and writes nothing', async (line) => {
    expect(await run(line)).toEqual({ code: 'C241', wrote: false });
  }, 120_000);
});

// Held back by the red team's rows, found by cfg30: the same class (git config's options read by exact words).
describe('R28-7 variants: every spelling git config reads as --global / --file, and options after the key', () => {
  test.each([
    'git config --replace-all --glo core.pager x',
    'git config set --glo core.pager x',
    'git config --fi=../HOME/.gitconfig core.pager x',
    'git config -f ../HOME/.gitconfig core.pager x',
    "git -c alias.k='config --glo' k core.pager x",
  ])('`%s` asks under --yes and writes nothing', async (line) => {
    expect(await run(line)).toEqual({ code: 'C241', wrote: false });
  }, 120_000);
  // git 2.39 stops reading options at the first operand: `--get` after KEY VALUE is a value-pattern and the
  // line SETS the key. It was read as a read-only `git config --get`: it ran without --yes.
  test.each(['git config --global core.hooksPath hooks --get', 'git config core.hooksPath hooks --get', 'git config core.pager x --list'])(
    '`%s` is no read-only command (asks without --yes, writes nothing)',
    async (line) => {
      expect(await run(line, false)).toEqual({ code: 'C241', wrote: false });
    },
    120_000,
  );
  test.each(['git config --gl --get core.pager', 'git config --global --get-regexp alias', 'git config --glo core.pager'])('`%s` still reads without a question', async (line) => {
    expect((await run(line, false)).code).not.toBe('C241');
  }, 120_000);
});

describe('control (held)', () => {
  test('`git config --global core.pager x` asks', async () => {
    expect(await run('git config --global core.pager x')).toEqual({ code: 'C241', wrote: false });
  }, 120_000);
});
