// Red team round 22b, R22b-5 (the link part): the home scan listed `~/.config` only, so with codeward's environment
// moving the config home (`XDG_CONFIG_HOME=~/xdg`, or a folder outside the home) the dotfiles link `~/xdg/nvim ->
// WS/nv` was never looked at, and the write of nv/init.lua (nvim runs it at every start) went through under --yes.
// The moved folder is listed as the home folder it stands for (obeyed-home-links.ts movedFolders), and a change of
// the variable is part of the kept key (a kept answer of the other value is not used).
import { execFileSync } from 'node:child_process';
import { mkdir, symlink } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { removeDir, runCli, tempDir, writeFiles } from '../helpers/fixture.js';

let base: string;
let count = 0;
beforeAll(async () => {
  base = await tempDir('r22b-xdg-');
});
afterAll(async () => {
  await removeDir(base);
});

// A workspace and a home; `folder` (`@H@` the home, else below base) holds `name -> WS/nv`.
async function layout(folder: string, name = 'nvim'): Promise<{ top: string; home: string; dir: string }> {
  const top = join(base, `w${++count}`), home = join(base, `h${count}`);
  const dir = folder.replace('@H@', home).replace('@B@', join(base, `o${count}`));
  await writeFiles(top, { 'src/a.ts': '1\n' });
  await writeFiles(home, { '.keep': '' });
  execFileSync('git', ['init', '-q', top]);
  await mkdir(dir, { recursive: true });
  await symlink(join(top, 'nv'), join(dir, name));
  return { top, home, dir };
}
const write = (top: string, home: string, env: Record<string, string>, file = 'nv/init.lua'): string => {
  const result = runCli(['--json', '-C', top, 'write', '--path', file, '--content', 'os.execute("id")\n'], { env: { HOME: home, CODEWARD_NO_SERVE: '1', ...env } });
  return result.json.ok ? 'ok' : result.json.error?.code ?? result.stdout;
};

describe('R22b-5: folders codeward\'s environment moves are listed for links', () => {
  test('XDG_CONFIG_HOME=~/xdg, ~/xdg/nvim -> WS/nv: writing nv/init.lua asks', async () => {
    const { top, home, dir } = await layout('@H@/xdg');
    expect(write(top, home, { XDG_CONFIG_HOME: dir })).toBe('C241');
  }, 60_000);

  test('XDG_CONFIG_HOME outside the home, a link four levels down: asks', async () => {
    const { top, home, dir } = await layout('@B@/nvim/lua/custom/plugins', 'x.lua');
    expect(write(top, home, { XDG_CONFIG_HOME: dir.replace(/\/nvim\/lua\/custom\/plugins$/, '') }, 'nv/y.lua')).toBe('C241');
  }, 60_000);

  test('XDG_DATA_HOME=~/data, ~/data/nvim/site/pack/p/start/x -> WS/nv: writing nv/plugin/x.lua asks', async () => {
    const { top, home, dir } = await layout('@H@/data/nvim/site/pack/p/start', 'x');
    expect(write(top, home, { XDG_DATA_HOME: join(home, 'data') }, 'nv/plugin/x.lua')).toBe('C241');
    void dir;
  }, 60_000);

  test('the kept answer follows the variable: the same home without it writes, with it asks', async () => {
    const { top, home, dir } = await layout('@H@/xdg');
    const state = join(base, `state${count}`);
    expect(write(top, home, { CODEWARD_STATE_DIR: state })).toBe('ok');
    expect(write(top, home, { CODEWARD_STATE_DIR: state, XDG_CONFIG_HOME: dir })).toBe('C241');
  }, 60_000);

  test('~/.config itself is still listed when XDG_CONFIG_HOME moves it (programs that ignore it read it)', async () => {
    const { top, home } = await layout('@H@/.config', 'helix');
    expect(write(top, home, { XDG_CONFIG_HOME: join(home, 'xdg') }, 'nv/config.toml')).toBe('C241');
  }, 60_000);

  test('control: ordinary source writes stay free with a moved config home', async () => {
    const { top, home, dir } = await layout('@H@/xdg');
    expect(write(top, home, { XDG_CONFIG_HOME: dir }, 'src/b.ts')).toBe('ok');
  }, 60_000);
});
