// Copied from the red team's test/redteam22b/home-env-located.test.ts (h-rt22b), fixed by home-sources-env.ts; the
// link case (`~/xdg/nvim -> WS/nv`) is the home-links scan's (another helper's row), left out here.
// Red team round 22b, R22b-5 (R9-4's start-up files that source workspace files, located by the environment): zsh
// reads its start-up files from $ZDOTDIR (Arch's wiki has users set it in /etc/zsh/zshenv for an XDG layout), fish
// and nvim theirs from $XDG_CONFIG_HOME. codeward's home scan (src/permissions/home-sources.ts) reads the start-up
// files at their default home paths only (vars: HOME alone), so a `~/zd/.zshrc` or `~/xdg/fish/config.fish` that
// sources a workspace file is never read when codeward runs with ZDOTDIR=~/zd / XDG_CONFIG_HOME=~/xdg, and the
// agent's write of that workspace file (run by every new shell) goes through under --yes. The same line in
// ~/.config/fish/config.fish, or a ZDOTDIR exported by ~/.zshenv, asks (the controls). Same for a dotfiles link:
// `~/xdg/nvim -> WS/nv` under XDG_CONFIG_HOME=~/xdg is not looked at (home-links.ts lists `.config` only).
import { execFileSync } from 'node:child_process';
import { symlink } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { removeDir, runCli, tempDir, writeFiles } from '../helpers/fixture.js';

let base: string;
let count = 0;
beforeAll(async () => {
  base = await tempDir('rt22b-located-');
});
afterAll(async () => {
  await removeDir(base);
});

// The write of `file` under --yes; `homeFiles` may say `@WS@` (the workspace) and `@H@` (the home); `env` values too.
// `links`: home path -> workspace-relative target.
// `outside`: files of a folder beside the home (`@H@-zdot`).
async function written(homeFiles: Record<string, string>, env: Record<string, string>, file: string, links: Record<string, string> = {}, outside: Record<string, string> = {}): Promise<string> {
  const top = join(base, `w${++count}`), home = join(base, `h${count}`);
  const fill = (text: string): string => text.replaceAll('@WS@', top).replaceAll('@H@', home);
  await writeFiles(top, { 'src/a.ts': '1\n' });
  await writeFiles(home, { '.keep': '', ...Object.fromEntries(Object.entries(homeFiles).map(([at, text]) => [at, fill(text)])) });
  if (Object.keys(outside).length > 0) await writeFiles(`${home}-zdot`, Object.fromEntries(Object.entries(outside).map(([at, text]) => [at, fill(text)])));
  execFileSync('git', ['init', '-q', top]);
  for (const [at, target] of Object.entries(links)) await symlink(join(top, target), join(home, at));
  const result = runCli(['--json', '-C', top, 'write', '--path', file, '--content', 'id\n'], { env: { HOME: home, CODEWARD_NO_SERVE: '1', ...Object.fromEntries(Object.entries(env).map(([name, value]) => [name, fill(value)])) } });
  return result.json.ok ? 'ok' : result.json.error?.code ?? result.stdout;
}

describe('R22b-5: start-up files the environment locates are not read', () => {
  test('ZDOTDIR=~/zd, ~/zd/.zshrc sources tools/z.sh: the write asks', async () => {
    expect(await written({ 'zd/.zshrc': 'source @WS@/tools/z.sh\n' }, { ZDOTDIR: '@H@/zd' }, 'tools/z.sh')).toBe('C241');
  }, 60_000);

  test('XDG_CONFIG_HOME=~/xdg, ~/xdg/fish/config.fish sources tools/x.fish: the write asks', async () => {
    expect(await written({ 'xdg/fish/config.fish': 'source @WS@/tools/x.fish\n' }, { XDG_CONFIG_HOME: '@H@/xdg' }, 'tools/x.fish')).toBe('C241');
  }, 60_000);

  test('ZDOTDIR=/elsewhere (outside the home), its .zshenv sources tools/e.sh: the write asks', async () => {
    expect(await written({ '.keep': '' }, { ZDOTDIR: '@H@-zdot' }, 'tools/e.sh', {}, { '.zshenv': 'source @WS@/tools/e.sh\n' })).toBe('C241');
  }, 60_000);

  test('XDG_CONFIG_HOME=~/xdg, a file of ~/xdg/fish/conf.d sources tools/c.fish: the write asks', async () => {
    expect(await written({ 'xdg/fish/conf.d/a.fish': 'source @WS@/tools/c.fish\n' }, { XDG_CONFIG_HOME: '@H@/xdg' }, 'tools/c.fish')).toBe('C241');
  }, 60_000);

  test('XDG_CONFIG_HOME=~/xdg, ~/xdg/tmux/tmux.conf runs tools/t.sh: the write asks', async () => {
    expect(await written({ 'xdg/tmux/tmux.conf': 'run-shell @WS@/tools/t.sh\n' }, { XDG_CONFIG_HOME: '@H@/xdg' }, 'tools/t.sh')).toBe('C241');
  }, 60_000);

  test('the kept answer of the home scan is keyed by the environment: without ZDOTDIR free, then with it the same write asks', async () => {
    const top = join(base, `w${++count}`), home = join(base, `h${count}`);
    await writeFiles(top, { 'src/a.ts': '1\n' });
    await writeFiles(home, { 'zd/.zshrc': `source ${top}/tools/k.sh\n` });
    execFileSync('git', ['init', '-q', top]);
    const call = (env: Record<string, string>): string => {
      const result = runCli(['--json', '-C', top, 'write', '--path', 'tools/k.sh', '--content', 'id\n'], { env: { HOME: home, CODEWARD_NO_SERVE: '1', ...env } });
      return result.json.ok ? 'ok' : result.json.error?.code ?? result.stdout;
    };
    expect(call({})).toBe('ok');
    expect(call({ ZDOTDIR: join(home, 'zd') })).toBe('C241');
    expect(call({ ZDOTDIR: join(home, 'other') })).toBe('ok');
  }, 60_000);

  test('control (friction): ZDOTDIR and XDG_CONFIG_HOME moved, start-up files naming nothing of the workspace: writes stay free', async () => {
    expect(await written({ 'zd/.zshrc': 'source ~/.aliases\n', 'xdg/fish/config.fish': 'set -x EDITOR vim\n' }, { ZDOTDIR: '@H@/zd', XDG_CONFIG_HOME: '@H@/xdg' }, 'tools/z.sh')).toBe('ok');
  }, 60_000);

  test('control (held): ~/.config/nvim -> the workspace\'s nv: writing nv/init.lua asks', async () => {
    expect(await written({ '.config/.keep': '' }, {}, 'nv/init.lua', { '.config/nvim': 'nv' })).toBe('C241');
  }, 60_000);

  test('control (held): ~/.config/fish/config.fish sources tools/x.fish: the write asks', async () => {
    expect(await written({ '.config/fish/config.fish': 'source @WS@/tools/x.fish\n' }, {}, 'tools/x.fish')).toBe('C241');
  }, 60_000);

  test('control (held): ~/.zshenv exports ZDOTDIR=~/zd, ~/zd/.zshrc sources tools/z.sh: the write asks', async () => {
    expect(await written({ '.zshenv': 'export ZDOTDIR=$HOME/zd\n', 'zd/.zshrc': 'source @WS@/tools/z.sh\n' }, {}, 'tools/z.sh')).toBe('C241');
  }, 60_000);
});
