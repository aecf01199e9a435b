// Red team round 19, R19-16 and R19-12 (issue 26): a shipped `.npmrc` (`script-shell`, `node-options`, a
// `globalconfig` file), `.yarnrc.yml` (`yarnPath`, `plugins`), `.yarnrc` (`yarn-path`), pnpm's `pnpmfile`,
// `bunfig.toml` (`preload`) name programs the person's next plain `npm test` / `yarn` / `bun test` runs; with no
// hook, what they named was free. Now the files are read at every depth and above the workspace
// (src/permissions/pkg-config-obeyed.ts, the key table pkg-config-keys.ts) and what they name asks; a key not
// modelled naming a path, or a file that does not parse, obeys the whole work tree. Through the real binary
// under --yes, as the red team ran it.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pkgConfigLoads } from '../../src/permissions/pkg-config-obeyed.js';
import { removeDir, runCli, tempDir, writeFiles } from '../helpers/fixture.js';
import { cliWritten } from './cli-write.js';

let base: string;
beforeAll(async () => {
  base = await tempDir('cw-pkgconf-obeyed-');
});
afterAll(async () => removeDir(base));

const written = (files: Record<string, string>, file: string, sub?: string): Promise<string> => cliWritten(base, files, file, sub);
const pkg = { 'package.json': '{"name":"w","scripts":{"test":"node t.js"}}' };

describe('R19-16 / R19-12: what package-manager configuration names is obeyed without a hook', () => {
  it.each([
    ['.npmrc script-shell (R19-16)', { '.npmrc': 'script-shell=./scripts/evil\n' }, 'scripts/evil'],
    ['.npmrc node-options --require (R19-16)', { '.npmrc': 'node-options=--require ./tools/x.js\n' }, 'tools/x.js'],
    ['.npmrc globalconfig: the file itself', { '.npmrc': 'globalconfig=./u.npmrc\n' }, 'u.npmrc'],
    ['.npmrc globalconfig: what that file names', { '.npmrc': 'globalconfig=./u.npmrc\n', 'u.npmrc': 'script-shell=tools/sh\n' }, 'tools/sh'],
    ['.npmrc userconfig -> node-options', { '.npmrc': 'userconfig=conf/u\n', 'conf/u': 'node-options="--import ./tools/i.mjs"\n' }, 'conf/tools/i.mjs'],
    ['.npmrc prefix (a folder)', { '.npmrc': 'prefix=./gl\n' }, 'gl/bin/x'],
    // R20-6: npm's ini ends an unquoted value at `;` or `#` (engine/npm-ini.ts); quoted keys and values are JSON.
    ['.npmrc script-shell with a `;` comment (R20-6)', { '.npmrc': 'script-shell=scripts/evil ; keep it portable\n' }, 'scripts/evil'],
    ['.npmrc script-shell with a `#` comment (R20-6)', { '.npmrc': 'script-shell = scripts/evil # c\n' }, 'scripts/evil'],
    ['.npmrc a quoted key, a JSON-quoted value', { '.npmrc': '"script-shell" = "scripts/e\\u0076il"\n' }, 'scripts/evil'],
    ['.npmrc node-options with a comment', { '.npmrc': 'node-options=--require ./tools/x.js ; note\n' }, 'tools/x.js'],
    ['.npmrc onload-script', { '.npmrc': 'onload-script=tools/o.js\n' }, 'tools/o.js'],
    ['a nested pkg/.npmrc (relative to pkg)', { 'pkg/.npmrc': 'script-shell=tools/sh\n' }, 'pkg/tools/sh'],
    ['.npmrc pnpmfile (R19-12)', { '.npmrc': 'pnpmfile=tools/pf.cjs\n' }, 'tools/pf.cjs'],
    ['.npmrc global-pnpmfile (R19-12)', { '.npmrc': 'global-pnpmfile=tools/gpf.cjs\n' }, 'tools/gpf.cjs'],
    ['.yarnrc.yml yarnPath (R19-12)', { '.yarnrc.yml': 'yarnPath: tools/y.cjs\n' }, 'tools/y.cjs'],
    ['.yarnrc.yml yarnPath ./', { '.yarnrc.yml': 'yarnPath: "./tools/y.cjs"\n' }, 'tools/y.cjs'],
    ['.yarnrc.yml plugins path objects', { '.yarnrc.yml': 'plugins:\n  - path: tools/p.cjs\n    spec: "@yarnpkg/plugin-x"\n' }, 'tools/p.cjs'],
    ['.yarnrc.yml plugins strings', { '.yarnrc.yml': 'plugins:\n  - tools/p.cjs\n' }, 'tools/p.cjs'],
    ['.yarnrc.yml injectEnvironmentFiles', { '.yarnrc.yml': 'injectEnvironmentFiles:\n  - conf/env\n' }, 'conf/env'],
    ['.yarnrc yarn-path quoted', { '.yarnrc': 'yarn-path "tools/y.js"\n' }, 'tools/y.js'],
    ['.yarnrc yarn-path bare', { '.yarnrc': 'yarn-path tools/y.js\n' }, 'tools/y.js'],
    ['.yarnrc a scoped flag (--install.modules-folder)', { '.yarnrc': '--install.modules-folder "nm"\n' }, 'nm/x/index.js'],
    ['pnpm-workspace.yaml pnpmfile', { 'pnpm-workspace.yaml': 'packages:\n  - "packages/*"\npnpmfile: tools/pf.cjs\n' }, 'tools/pf.cjs'],
    ['pnpm-workspace.yaml nodeOptions', { 'pnpm-workspace.yaml': 'nodeOptions: "--require ./tools/r.cjs"\n' }, 'tools/r.cjs'],
    ['bunfig.toml preload', { 'bunfig.toml': 'preload = ["./tools/p.ts"]\n' }, 'tools/p.ts'],
    ['bunfig.toml [test] preload', { 'bunfig.toml': '[test]\npreload = ["./tools/setup.ts"]\n' }, 'tools/setup.ts'],
    ['bunfig.toml [run] shell', { 'bunfig.toml': '[run]\nshell = "tools/sh"\n' }, 'tools/sh'],
  ])('%s: what it names asks', async (_name, files, file) => {
    expect(await written({ ...pkg, ...files }, file)).toBe('C241');
  });

  it('a subfolder workspace: the enclosing folder\'s .npmrc is read', async () => {
    expect(await written({ '.npmrc': 'script-shell=sub/tools/sh\n' }, 'tools/sh', 'sub')).toBe('C241');
  });

  it('a key not modelled naming a path, a path known at run time, a file that does not parse: the whole work tree', async () => {
    expect(await written({ ...pkg, '.npmrc': 'some-new-key=./tools/z\n' }, 'src/a.ts')).toBe('C241');
    expect(await written({ ...pkg, '.npmrc': 'script-shell=${TOOLS}/sh\n' }, 'src/a.ts')).toBe('C241');
    expect(await written({ ...pkg, '.yarnrc.yml': 'yarnPath: [\n' }, 'src/a.ts')).toBe('C241');
    expect(await written({ ...pkg, 'bunfig.toml': '[run\n' }, 'src/a.ts')).toBe('C241');
  });

  it('ordinary files keep ordinary writes free', async () => {
    const files = {
      ...pkg,
      '.npmrc': 'registry=https://registry.npmjs.org/\n@acme:registry=https://npm.acme.dev/\n//npm.acme.dev/:_authToken=${NPM_TOKEN}\nsave-exact=true\nengine-strict=true\n',
      '.yarnrc.yml': 'nodeLinker: node-modules\nenableGlobalCache: true\nnpmRegistryServer: "https://registry.yarnpkg.com"\nplugins:\n  - spec: "@yarnpkg/plugin-workspace-tools"\n',
      'pnpm-workspace.yaml': 'packages:\n  - "packages/*"\n  - "apps/**"\nonlyBuiltDependencies:\n  - esbuild\n  - "@swc/core"\ncatalog:\n  react: ^18.2.0\n',
      'bunfig.toml': '[install]\nexact = true\nregistry = "https://registry.npmjs.org"\n[test]\ncoverage = true\n',
      '.yarnrc': 'registry "https://registry.yarnpkg.com"\n',
    };
    expect(await written(files, 'src/a.ts')).toBe('ok');
    expect(await written(files, 'packages/x/src/b.ts')).toBe('ok');
  });
});

describe('the person\'s ~/.npmrc and ~/.yarnrc.yml (a workspace in the home folder: the folders above are read)', () => {
  it('their ordinary settings ask nothing; a program they name in the workspace asks', async () => {
    const home = join(base, 'home-global'), proj = join(home, 'proj');
    await writeFiles(proj, { 'src/a.ts': '1\n' });
    const write = async (files: Record<string, string>, file: string): Promise<string> => {
      await writeFiles(home, files);
      const result = runCli(['--json', '-C', proj, 'write', '--path', file, '--content', 'x\n'], { env: { HOME: home } });
      return result.json.ok ? 'ok' : result.json.error?.code ?? result.stdout;
    };
    const npmrc = 'prefix=${HOME}/.npm-global\ncache=~/.npm\nlogs-dir=~/.npm/_logs\ninit-module=~/.npm-init.js\n//registry.npmjs.org/:_authToken=${NPM_TOKEN}\nfund=false\n';
    expect(await write({ '.npmrc': npmrc, '.yarnrc.yml': 'enableTelemetry: false\ncacheFolder: ~/.yarn/cache\n' }, 'src/a.ts')).toBe('ok');
    expect(await write({ '.npmrc': `${npmrc}script-shell=\${HOME}/proj/tools/sh\n` }, 'tools/sh')).toBe('C241');
  });
});

describe('pkgConfigLoads', () => {
  it('a bare preload name is a module node resolves from the file\'s folder', () => {
    expect(pkgConfigLoads('preload = ["bun-plugin-x"]\n', new Map(), '/w/bunfig.toml')).toEqual([{ path: 'bun-plugin-x', module: { spec: 'bun-plugin-x', from: '/w' } }]);
  });
  it('globalconfig is read in turn as an .npmrc', () => {
    expect(pkgConfigLoads('globalconfig=./u.npmrc\n', new Map(), '/w/.npmrc')).toEqual([{ path: './u.npmrc', kind: 'pkgconf' }]);
  });
  it('an unknown key naming a path is named in the reason', () => {
    const [loaded] = pkgConfigLoads('some-new-key=./tools/z\n', new Map(), '/w/.npmrc');
    expect(loaded?.why).toContain('some-new-key');
  });
});
