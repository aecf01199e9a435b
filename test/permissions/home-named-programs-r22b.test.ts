// Red team round 22b, R22b-7 (R9-4 / R12-9: a home file that names a workspace program): the home scan reads the
// paths named by a fixed table of start-up files (home-sources-parse.ts LOADERS, its `names` row: .npmrc, .emacs,
// VS Code's settings.json, systemd user units, ...). Every other program's configuration under the home is not
// read, though many run a named program at every start: starship's custom modules (every prompt), the terminal's
// shell (alacritty, kitty, ghostty, zellij), helix's shell, the window manager's `exec` lines (i3, sway,
// hyprland: every login), wezterm's and yazi's Lua (`dofile`), VS Code's user tasks with runOn folderOpen, gradle's
// init scripts (`apply from:` on every build), fish's autoloaded functions, the X session's .xsessionrc. A
// workspace file such a config names is written under --yes with no question; the table's own files ask (controls).
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { removeDir, tempDir } from '../helpers/fixture.js';
import { homeWritten } from './home-write.js';

let base: string;
beforeAll(async () => {
  base = await tempDir('rt22b-named-');
});
afterAll(async () => {
  await removeDir(base);
});

// [home file, its text (`@WS@`: the workspace), the workspace file it runs]
const NAMED: readonly (readonly [string, string, string])[] = [
  ['.config/starship.toml', '[custom.x]\ncommand = "@WS@/tools/s.sh"\nwhen = true\n', 'tools/s.sh'],
  ['.config/alacritty/alacritty.toml', '[terminal.shell]\nprogram = "@WS@/tools/sh"\n', 'tools/sh'],
  ['.config/kitty/kitty.conf', 'shell @WS@/tools/sh\n', 'tools/sh'],
  ['.config/ghostty/config', 'command = @WS@/tools/sh\n', 'tools/sh'],
  ['.config/zellij/config.kdl', 'default_shell "@WS@/tools/sh"\n', 'tools/sh'],
  ['.config/helix/config.toml', '[editor]\nshell = ["@WS@/tools/sh"]\n', 'tools/sh'],
  ['.config/i3/config', 'exec @WS@/tools/i3.sh\n', 'tools/i3.sh'],
  ['.config/sway/config', 'exec @WS@/tools/sw.sh\n', 'tools/sw.sh'],
  ['.config/hypr/hyprland.conf', 'exec-once = @WS@/tools/h.sh\n', 'tools/h.sh'],
  ['.config/wezterm/wezterm.lua', 'dofile("@WS@/tools/w.lua")\n', 'tools/w.lua'],
  ['.config/yazi/init.lua', 'dofile("@WS@/tools/y.lua")\n', 'tools/y.lua'],
  ['.config/Code/User/tasks.json', '{"version":"2.0.0","tasks":[{"label":"x","type":"shell","command":"@WS@/tools/t.sh","runOptions":{"runOn":"folderOpen"}}]}\n', 'tools/t.sh'],
  ['.gradle/init.d/x.gradle', 'apply from: "@WS@/tools/g.gradle"\n', 'tools/g.gradle'],
  ['.config/fish/functions/x.fish', 'function x; source @WS@/tools/f.fish; end\n', 'tools/f.fish'],
  ['.xsessionrc', '. @WS@/tools/xs.sh\n', 'tools/xs.sh'],
];

describe('R22b-7: home program configs naming a workspace program', () => {
  test.each(NAMED)('%s names it: writing the workspace file asks', async (file, text, target) => {
    expect(await homeWritten(base, { files: { [file]: text } }, target, 'id\n')).toBe('C241');
  }, 60_000);

  test.each([
    ['.config/fish/conf.d/x.fish', 'source @WS@/tools/c.fish\n', 'tools/c.fish'],
    ['.config/Code/User/settings.json', '{"terminal.integrated.profiles.linux":{"x":{"path":"@WS@/tools/sh"}}}\n', 'tools/sh'],
    ['.config/systemd/user/x.service', '[Service]\nExecStart=@WS@/tools/run.sh\n', 'tools/run.sh'],
  ])('control (held): %s names it: the write asks', async (file, text, target) => {
    expect(await homeWritten(base, { files: { [file]: text } }, target, 'id\n')).toBe('C241');
  }, 60_000);
});

// FRICTION (homenames25): records of what the person did name workspace files; they run nothing, so the files
// they name stay free, and a program's config naming one workspace file makes only that file ask.
describe('R22b-7: records stay free, a mention obeys only itself', () => {
  const records: Record<string, string> = {
    '.bash_history': 'vim @WS@/src/a.ts\n',
    '.viminfo': '> @WS@/src/a.ts\n',
    '.local/share/recently-used.xbel': '<bookmark href="file://@WS@/src/a.ts"/>\n',
    '.config/Code/User/workspaceStorage/abc/workspace.json': '{"folder":"file://@WS@"}\n',
    '.config/Code/User/globalStorage/storage.json': '{"openedPathsList":{"entries":[{"fileUri":"file://@WS@/src/a.ts"}]}}\n',
    '.local/state/nvim/shada/main.shada': '@WS@/src/a.ts\n',
    '.gitconfig': '[safe]\n\tdirectory = @WS@\n',
  };

  test('a home whose records name src/a.ts: writing it stays free', async () => {
    expect(await homeWritten(base, { files: records }, 'src/a.ts', 'export const a = 2;\n')).toBe('ok');
  }, 60_000);

  test('starship naming tools/s.sh: src/a.ts stays free', async () => {
    expect(await homeWritten(base, { files: { ...records, '.config/starship.toml': '[custom.x]\ncommand = "@WS@/tools/s.sh"\n' } }, 'src/a.ts', 'export const a = 2;\n')).toBe('ok');
  }, 60_000);
});
