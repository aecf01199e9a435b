// Red team round 22b, R22b-1 (class R21-9, a bound that stops silently): the home scan that finds home paths
// resolving into the workspace (src/permissions/home-links.ts homeLinksInto, kept by home-kept.ts) walks the
// listed home folders at most LINK_DEPTH (3) levels deep and at most MAX_FOLDERS (400) folders over the whole scan,
// and past either bound it returns what it found so far, silently. A home with an ordinary large tree early in the
// list (a real ~/.oh-my-zsh clone: ~350 plugin folders, .git/objects' 256) uses the budget up before ~/.local/bin
// is listed; a link one level deeper than 3 (kickstart.nvim's lua/custom/plugins/*.lua) is never looked at. The
// workspace file such a home link names (a script on PATH, a plugin nvim loads at start) is then written under
// --yes with no question; a sandboxed exec (under --yes) that writes it leaves it in place (the same scan decides what
// it sets aside). Without the padding / one level up, the same write asks and the exec's file is set aside (controls).
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { removeDir, tempDir } from '../helpers/fixture.js';
import { homeRun, homeWritten } from './home-write.js';

let base: string;
beforeAll(async () => {
  base = await tempDir('rt22b-home-');
});
afterAll(async () => {
  await removeDir(base);
});

const plugins = Array.from({ length: 450 }, (_, index) => `.oh-my-zsh/plugins/p${index}`);

describe('R22b-1: the home scan stops silently at its bounds', () => {
  test('~/.local/bin/mytool -> tools/mytool, with a large ~/.oh-my-zsh: the write asks', async () => {
    expect(await homeWritten(base, { folders: plugins, links: { '.local/bin/mytool': 'tools/mytool' } }, 'tools/mytool')).toBe('C241');
  }, 60_000);

  test('~/bin/mytool -> tools/mytool, with a large ~/.oh-my-zsh: the write asks', async () => {
    expect(await homeWritten(base, { folders: plugins, links: { 'bin/mytool': 'tools/mytool' } }, 'tools/mytool')).toBe('C241');
  }, 60_000);

  test('~/.config/nvim/lua/custom/plugins/x.lua -> nv/x.lua (four levels below ~/.config/nvim): the write asks', async () => {
    expect(await homeWritten(base, { links: { '.config/nvim/lua/custom/plugins/x.lua': 'nv/x.lua' } }, 'nv/x.lua', 'os.execute("id")\n')).toBe('C241');
  }, 60_000);

  // What a sandboxed exec leaves behind is judged by the same scan: with the small home the file is set aside.
  const execLeft = async (folders: readonly string[]): Promise<string> => {
    const result = await homeRun(base, { folders, links: { '.local/bin/mytool': 'tools/mytool' } }, { 's.sh': 'mkdir -p tools; printf "#!/bin/sh\\nid\\n" > tools/mytool\n' }, ['exec', '--cmd', 'sh s.sh']);
    if (!result.json.ok) return result.json.error?.code ?? result.stdout;
    return JSON.stringify(result.json.data?.changes ?? {}).includes('"setAside":[{"path":"tools/mytool"') ? 'set aside' : 'left';
  };

  test('a sandboxed exec (under --yes) that writes tools/mytool, with a large ~/.oh-my-zsh: the file is set aside', async () => {
    expect(await execLeft(plugins)).toBe('set aside');
  }, 60_000);

  test('control (held): the same exec with a small home: the file is set aside', async () => {
    expect(await execLeft([])).toBe('set aside');
  }, 60_000);

  test('control (held): ~/.local/bin/mytool -> tools/mytool with a small home asks', async () => {
    expect(await homeWritten(base, { links: { '.local/bin/mytool': 'tools/mytool' } }, 'tools/mytool')).toBe('C241');
  }, 60_000);

  test('control (held): ~/.config/nvim/lua/plugins/x.lua -> nv/x.lua (three levels) asks', async () => {
    expect(await homeWritten(base, { links: { '.config/nvim/lua/plugins/x.lua': 'nv/x.lua' } }, 'nv/x.lua', 'os.execute("id")\n')).toBe('C241');
  }, 60_000);
});
