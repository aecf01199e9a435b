// Red team round 17, R17-6, R17-7, R17-16 (issue 26): mise merges every config file from the folder the person is in
// up to `/`, in each of its own spellings (`mise/config.toml`, `.config/mise/conf.d/*.toml`, `mise.<MISE_ENV>.toml`),
// and asdf's `.tool-versions` (read by mise too) takes `path:DIR`. Only the top folder's usual names were read: a
// nested `pkg/mise.toml`, a conf.d file, `mise/config.toml`, `mise.dev.toml`, a `.tool-versions` path and the
// enclosing repository's files of a subfolder workspace left what they put on PATH or run on `cd` free. Now one list
// (src/permissions/mise-files.ts) is read at every depth and above the workspace, through the same allow-list.
// Through the real binary under --yes, as the red team ran it.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { miseFilesIn, MISE_CATALOGUE } from '../../src/permissions/mise-files.js';
import { miseLoads } from '../../src/permissions/home-sources-mise.js';
import { removeDir, runCli, tempDir, writeFiles } from '../helpers/fixture.js';
import { cliWritten } from './cli-write.js';

let base: string;
beforeAll(async () => {
  base = await tempDir('cw-mise-depth-');
});
afterAll(async () => removeDir(base));

const written = (files: Record<string, string>, file: string, sub?: string): Promise<string> => cliWritten(base, files, file, sub);

const PATH_BIN = '[env]\n_.path = ["bin"]\n';
const HOOK = '[hooks]\nenter = "sh tools/x.sh"\n';

describe('R17-6 / R17-16: every mise config name, at every depth', () => {
  it.each([
    ['pkg/mise.toml (nested: the person cd pkg)', { 'pkg/mise.toml': PATH_BIN }, 'pkg/bin/git'],
    ['.config/mise/conf.d/a.toml', { '.config/mise/conf.d/a.toml': PATH_BIN }, 'bin/git'],
    ['mise/config.toml', { 'mise/config.toml': PATH_BIN }, 'bin/git'],
    ['pkg/mise/config.toml', { 'pkg/mise/config.toml': PATH_BIN }, 'pkg/bin/git'],
    ['pkg/.mise/conf.d/b.toml', { 'pkg/.mise/conf.d/b.toml': PATH_BIN }, 'pkg/bin/git'],
    ['a hook of pkg/mise.toml', { 'pkg/mise.toml': HOOK }, 'pkg/tools/x.sh'],
    ['mise.dev.toml (MISE_ENV=dev)', { 'mise.dev.toml': HOOK }, 'tools/x.sh'],
    ['.mise.staging.local.toml', { '.mise.staging.local.toml': PATH_BIN }, 'bin/git'],
    ['pkg/.config/mise.ci.toml', { 'pkg/.config/mise.ci.toml': PATH_BIN }, 'pkg/bin/git'],
  ])('%s: what it names asks', async (_name, files, file) => {
    expect(await written(files, file)).toBe('C241');
  });

  it('a subfolder workspace: the enclosing repository\'s conf.d file, mise.toml and .envrc are read', async () => {
    expect(await written({ '.config/mise/conf.d/a.toml': '[env]\n_.path = ["sub/bin"]\n' }, 'bin/git', 'sub')).toBe('C241');
    expect(await written({ 'mise.toml': '[env]\n_.path = ["sub/tools"]\n' }, 'tools/git', 'sub')).toBe('C241');
    expect(await written({ '.envrc': 'PATH_add sub/bin\n' }, 'bin/git', 'sub')).toBe('C241');
    // A hook above the workspace is not understood: the whole work tree is obeyed.
    expect(await written({ 'mise.toml': HOOK }, 'src/a.ts', 'sub')).toBe('C241');
  });

  it('ordinary files keep ordinary writes free', async () => {
    const files = { 'mise.toml': '[tools]\nnode = "20"\n', '.tool-versions': 'nodejs 20.1.0\npython 3.12.1 3.11.9 # two\n', 'pkg/mise.dev.toml': '[env]\nA = "1"\n', 'pkg/.config/mise/conf.d/x.toml': '[tools]\ngo = "latest"\n' };
    expect(await written(files, 'src/a.ts')).toBe('ok');
    expect(await written(files, 'pkg/src/b.ts')).toBe('ok');
    expect(await written({ 'mise.toml': '[env]\nA = "1"\n' }, 'src/a.ts', 'sub')).toBe('ok');
  });

  it('a workspace in the home folder: the person\'s global config is read (a hook asks, ordinary settings do not)', async () => {
    const home = join(base, 'home-global'), proj = join(home, 'proj');
    await writeFiles(proj, { 'src/a.ts': '1\n' });
    const write = async (config: string): Promise<string> => {
      await writeFiles(home, { '.config/mise/config.toml': config });
      const result = runCli(['--json', '-C', proj, 'write', '--path', 'src/a.ts', '--content', 'x\n'], { env: { HOME: home } });
      return result.json.ok ? 'ok' : result.json.error?.code ?? result.stdout;
    };
    expect(await write('[settings]\nexperimental = true\nauto_install = false\n[tools]\nnode = "lts"\n')).toBe('ok');
    expect(await write('[hooks]\nenter = "sh ./tools/x.sh"\n')).toBe('C241');
  });

  it('the list: each spelling is found in a folder, and the catalogue names it', async () => {
    const dir = join(base, 'names');
    const names = ['.tool-versions', 'mise.toml', '.mise.toml', 'mise.local.toml', '.mise.local.toml', 'mise.dev.toml', '.mise.dev.toml', 'mise.dev.local.toml', '.rtx.toml', '.config/mise.toml', '.config/mise/config.toml', '.config/mise/mise.toml', '.config/mise/config.dev.toml', '.config/mise/conf.d/a.toml', '.mise/config.toml', '.mise/conf.d/b.toml', 'mise/config.toml', 'mise/config.local.toml', 'mise/conf.d/c.toml'];
    await writeFiles(dir, Object.fromEntries([...names, 'README.md', '.config/other.toml', 'mise/tasks/t.toml'].map((name) => [name, ''])));
    expect(miseFilesIn(dir, []).files.map((path) => path.slice(dir.length + 1)).sort()).toEqual([...names].sort());
    const catalogued = (name: string): boolean => MISE_CATALOGUE.some((pattern) => new RegExp(`(?:^|/)${pattern.replace(/\./g, '\\.').replace(/\*/g, '[^/]*')}(?:/|$)`).test(name));
    for (const name of names) expect(catalogued(name), name).toBe(true);
  });
});

describe('R17-7: .tool-versions goes through the [tools] version row', () => {
  it.each([
    ['node path:./tt', { '.tool-versions': 'node path:./tt\n' }, 'tt/bin/node'],
    ['node path:./tt: another program of the folder', { '.tool-versions': 'node path:./tt\n' }, 'tt/bin/git'],
    ['nested nodejs path:./tt', { 'pkg/.tool-versions': 'nodejs path:./tt\n' }, 'pkg/tt/bin/node'],
    ['the enclosing repository\'s, for a subfolder workspace', { '.tool-versions': 'nodejs path:./sub/tt\n' }, 'tt/bin/node', 'sub'],
    ['ref: (built from source): the whole tree', { '.tool-versions': 'node ref:v20.1.0\n' }, 'src/a.ts'],
    ['a version form not modelled: the whole tree', { '.tool-versions': 'node ./tt\n' }, 'src/a.ts'],
  ])('%s asks', async (_name, files, file, sub?: string) => {
    expect(await written(files, file, sub)).toBe('C241');
  });

  it('the parse: path: as a folder, ref: not understood with a reason', () => {
    expect(miseLoads('nodejs path:tt # mine\n', new Map(), '/w/.tool-versions')).toEqual([{ path: '/w/tt', folder: true }]);
    expect(JSON.stringify(miseLoads('node ref:main\n', new Map(), '/w/.tool-versions'))).toMatch(/\[tools\] node.*version form/);
    expect(JSON.stringify(miseLoads('[tools]\nnode = "ref:main"\n', new Map(), '/w/mise.toml'))).toMatch(/\[tools\] node.*version form/);
  });
});
