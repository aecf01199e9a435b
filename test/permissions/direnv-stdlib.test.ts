// Red team round 15, R15-22 (issue 26): direnv's stdlib `load_prefix tools` puts tools/bin and tools/sbin first
// on PATH (and tools/lib on LD_LIBRARY_PATH ...) in the person's shell after `cd`; the walk followed PATH_add,
// path_add and some layouts, not it. direnv's stdlib is now an allow-list (src/permissions/home-sources-direnv.ts):
// each function is modeled or known inert; any other stdlib function, `layout`/`use` subject or `direnv_load`
// (runs any command) obeys the whole work tree. The in-process engine under --yes.
import { describe, expect, it } from 'vitest';
import { envBase, writeAnswer, writtenIn } from './env-file-write.js';

const tmp = envBase('cw-direnv-');

describe('R15-22: what a direnv stdlib function puts on a path asks before it is written (--yes)', () => {
  it.each([
    ['load_prefix tools', 'tools/bin/git'],
    ['load_prefix tools', 'tools/sbin/ip'],
    ['load_prefix "$PWD/pfx"', 'pfx/lib/libc.so.6'],
    ['layout go', 'bin/git'],
    ['layout_php', 'vendor/bin/phpunit'],
    ['layout uv', '.venv/bin/python'],
    ['use vim', '.vimrc.local'],
    ['use_vim tools/extra.vim', 'tools/extra.vim'],
    ['MANPATH_add share/man', 'share/man/man1/git.1'],
  ])('%s -> %s', async (line, file) => {
    expect(await writtenIn(tmp.path, { '.envrc': `${line}\n` }, file)).toBe('C241');
  });

  it.each([
    ['direnv_load sh tools/env.sh', 'direnv_load'],
    ['layout anaconda tools/env', 'layout anaconda'],
    ['use guix --manifest=tools/m.scm', 'use guix'],
    ['use devbox', 'use devbox'],
    ['layout_custom', 'layout custom'],
  ])('%s: not understood, src/a.ts asks, the question naming it', async (line, why) => {
    const answer = await writeAnswer(tmp.path, { '.envrc': `${line}\n` }, 'src/a.ts');
    expect(answer.code).toBe('C241');
    expect(answer.message).toContain(why);
  });

  it('the inert functions and known layouts keep the tree free: src/a.ts is written', async () => {
    const envrc = 'strict_env\nwatch_file flake.lock\nsource_up_if_exists\nhas nix && use flake\nlayout node\nuse node\nuse mise\nPATH_rm /opt/old\nlog_status ready\n';
    expect(await writtenIn(tmp.path, { '.envrc': envrc }, 'src/a.ts')).toBe('ok');
  });
});
