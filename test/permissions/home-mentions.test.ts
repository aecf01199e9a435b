// Red team R22b-7, the class (src/permissions/home-mentions.ts): any home configuration file that names a
// workspace path makes that path obeyed (found by one ripgrep run over the home's dot-files and dot-folders),
// but records (histories, recent lists, editor state, caches) do not, the workspace's own folder named alone
// makes nothing obeyed, and a mention obeys only itself, never the whole work tree. Past a bound: the whole
// workspace, naming it. Kept between processes on stamps that see a changed file.
import { MAX_FILE_BYTES } from '../../src/permissions/home-mention-text.js';
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { homeMentions } from '../../src/permissions/home-mentions.js';
import { stillLooked } from '../../src/permissions/home-links.js';
import { homeLoads, obeyedHomeLinks } from '../../src/permissions/obeyed-home-links.js';
import { homeLinkObeyed } from '../../src/permissions/home-link-obeyed.js';
import { FolderListings } from '../../src/workspace/listings.js';
import { removeDir, tempDir, writeFiles } from '../helpers/fixture.js';

let base: string;
let count = 0;
beforeAll(async () => {
  base = await tempDir('cw-home-mentions-');
});
afterAll(() => removeDir(base));

// A home below `base/hN` and a workspace `~/code/wsN` (so `~/` spellings apply); `@WS@` stands for its path.
async function layout(files: Record<string, string>): Promise<{ home: string; root: string }> {
  const home = join(base, `h${++count}`), root = join(home, 'code', `ws${count}`);
  await writeFiles(root, { 'src/a.ts': '1\n' });
  await writeFiles(home, { '.keep': '', ...Object.fromEntries(Object.entries(files).map(([at, text]) => [at, text.replaceAll('@WS@', root).replaceAll('@REL@', `code/ws${count}`)])) });
  return { home, root };
}

const obeyed = (links: Parameters<typeof homeLinkObeyed>[1], path: string): boolean => homeLinkObeyed(path, links) !== undefined;

describe('a home configuration file naming a workspace path', () => {
  it('each spelling (absolute, ~/, $HOME/, ${HOME}/, %h/) names the path, and only it', async () => {
    const { home, root } = await layout({
      '.config/newprog/config.ini': 'run = @WS@/tools/a.sh\n',
      '.config/other/x.conf': 'cmd ~/@REL@/tools/b.sh\n',
      '.newrc': 'hook="$HOME/@REL@/tools/c.sh"\nhook2=${HOME}/@REL@/tools/d.sh\n',
      '.local/share/prog/unit': 'ExecStart=%h/@REL@/tools/e.sh\n',
    });
    const { links } = homeMentions(home, [root]);
    for (const file of ['tools/a.sh', 'tools/b.sh', 'tools/c.sh', 'tools/d.sh', 'tools/e.sh']) expect(obeyed(links, file), file).toBe(true);
    expect(homeLinkObeyed('tools/a.sh', links)?.why).toContain('~/.config/newprog/config.ini loads tools/a.sh');
    expect(obeyed(links, 'src/a.ts')).toBe(false);
    // Not the whole work tree (that rule is for start-up files, which compute what they load).
    expect(homeLoads(links, [])).toEqual([]);
  });

  it('a run-time part (a glob, a variable) names the folder before it: everything below is obeyed', async () => {
    const { home, root } = await layout({ '.config/wm/init.lua': 'for f in io.popen("ls @WS@/plugins/*.lua") do dofile(f) end\n' });
    const { links } = homeMentions(home, [root]);
    expect(obeyed(links, 'plugins/x.lua')).toBe(true);
    expect(obeyed(links, 'plugins/deep/y.lua')).toBe(true);
    expect(obeyed(links, 'src/a.ts')).toBe(false);
  });

  it('a config reached through a stow link is searched where it lies, and named by its home path', async () => {
    const { home, root } = await layout({});
    await writeFiles(join(base, `dots${count}`), { 'kitty/kitty.conf': `shell ${root}/tools/sh\n` });
    mkdirSync(join(home, '.config'), { recursive: true });
    symlinkSync(join(base, `dots${count}`, 'kitty'), join(home, '.config', 'kitty'));
    const { links } = homeMentions(home, [root]);
    expect(homeLinkObeyed('tools/sh', links)?.why).toContain('~/.config/kitty/kitty.conf loads tools/sh');
  });

  it('FRICTION: records naming workspace files make nothing obeyed', async () => {
    const { home, root } = await layout({
      '.bash_history': 'vim @WS@/src/a.ts\n',
      '.zsh_history': ': 1:0;vim @WS@/src/a.ts\n',
      '.python_history': 'open("@WS@/src/a.ts")\n',
      '.viminfo': '> @WS@/src/a.ts\n',
      '.local/share/recently-used.xbel': '<bookmark href="file://@WS@/src/a.ts"/>\n',
      '.local/state/nvim/log': '@WS@/src/a.ts\n',
      '.cache/clangd/index': '@WS@/src/a.ts\n',
      '.config/Code/User/workspaceStorage/abc/workspace.json': '{"folder":"file://@WS@/src"}\n',
      '.config/Code/User/globalStorage/storage.json': '{"lastKnownMenubarData":"@WS@/src/a.ts"}\n',
      '.config/Code/User/History/-1a2b/entries.json': '{"resource":"file://@WS@/src/a.ts"}\n',
      '.config/Code/Backups/workspaces.json': '{"folders":["file://@WS@/src/a.ts"]}\n',
      '.config/Code/logs/x/main.log': '@WS@/src/a.ts\n',
      '.config/JetBrains/IU2024/options/recentProjects.xml': '<entry key="@WS@/src/a.ts"/>\n',
      '.local/share/zoxide/db.zo': '@WS@/src\n',
      '.config/google-chrome/Default/Sessions/Session_1': '@WS@/src/a.ts\n',
      '.config/prog/state.db': '@WS@/src/a.ts\n',
      // The workspace's own folder named alone: a registration, not a program to run.
      '.gitconfig': '[safe]\n\tdirectory = @WS@\n[includeIf "gitdir:@WS@/"]\n\tpath = ~/.gitconfig-work\n',
      '.rustup/settings.toml': '[overrides]\n"@WS@" = "nightly"\n',
    });
    await writeFiles(home, { '.config/prog/bin.dat': Buffer.from(`\0\0${root}/src/a.ts\0`).toString('latin1') });
    const { links } = homeMentions(home, [root]);
    expect(links).toEqual([]);
  });

  it('a path that merely ends in the workspace path (another tree) is not the workspace', async () => {
    const { home, root } = await layout({});
    await writeFiles(home, { '.config/mirror/conf': `source /mnt/backup${root}/tools/x.sh\n` });
    expect(homeMentions(home, [root]).links).toEqual([]);
  });

  it('a text file past the size cap fails closed for the whole workspace, naming it', async () => {
    const { home, root } = await layout({});
    await writeFiles(home, { '.config/big/conf.txt': 'x\n'.repeat(MAX_FILE_BYTES / 2 + 10) });
    const { links } = homeMentions(home, [root]);
    const whole = links.find((link) => link.rel === '');
    expect(whole?.note).toContain('~/.config/big/conf.txt is larger than');
    expect(obeyed(links, 'src/a.ts')).toBe(true);
  });

  it('the workspace inside a dot-folder is not searched as the home\'s (it names its own paths freely)', async () => {
    const home = join(base, `h${++count}`), root = join(home, '.config', 'nvim');
    await writeFiles(root, { 'init.lua': `dofile("${root}/lua/x.lua")\n` });
    await writeFiles(home, { '.config/other/conf': `run ${root}/tools/y.sh\n` });
    const { links } = homeMentions(home, [root]);
    expect(obeyed(links, 'tools/y.sh')).toBe(true);
    expect(obeyed(links, 'lua/x.lua')).toBe(false);
  });
});

describe('kept between processes', () => {
  beforeEach(() => {
    const now = Date.now();
    vi.spyOn(Date, 'now').mockReturnValue(now + 10_000);
  });
  afterEach(() => vi.restoreAllMocks());

  it('sees a configuration file changed in place, and one added in a new folder', async () => {
    const { home, root } = await layout({ '.config/prog/conf': 'theme = dark\n' });
    const kept = join(base, `state${count}`, 'home-scan.json');
    const call = () => obeyedHomeLinks([root], home, new FolderListings(kept));
    expect(call().some((link) => link.rel === 'tools/p.sh')).toBe(false);
    writeFileSync(join(home, '.config/prog/conf'), `theme = dark\ncmd = ${root}/tools/p.sh\n`);
    expect(call().some((link) => link.rel === 'tools/p.sh')).toBe(true);
    await writeFiles(home, { '.config/newer/deep/conf': `cmd = ${root}/tools/q.sh\n` });
    expect(call().some((link) => link.rel === 'tools/q.sh')).toBe(true);
  });

  // perf38: a folder skipped as a record but searched for its top configuration files (`.ccache/ccache.conf`) was kept
  // under its configuration names, then rechecked against all its names: the answer never held, and every write
  // gate (the `--sandbox off` run's too) walked and searched the whole home again (one ripgrep spawn per call).
  it('an unchanged home with a record folder holding a configuration is answered from what was kept', async () => {
    const { home, root } = await layout({ '.ccache/ccache.conf': 'max_size = 5G\n', '.ccache/0/stats': '1\n', '.config/prog/conf': 'theme = dark\n' });
    const { looked } = homeMentions(home, [root]);
    expect(stillLooked([...looked])).toBe(true);
    await writeFiles(home, { '.ccache/other.conf': `run = ${root}/tools/r.sh\n` });
    expect(stillLooked([...looked])).toBe(false);
    await writeFiles(home, { '.ccache/1/stats': '2\n' });
    expect(stillLooked([...homeMentions(home, [root]).looked])).toBe(true);
  });
});
