// Issue 26: with --sandbox off, an install's destination is computed from every input the installer reads,
// not only the line's options: the configuration files it reads in the workspace and the user's home (yarn 1's
// `.yarnrc`, yarn 2+'s `.yarnrc.yml`, npm's and pnpm's `.npmrc`, pip's pip.conf and PIP_CONFIG_FILE), cargo's
// `--config`, `go env -w`, and the engine's own environment (variables exported before codeward started, which
// the commands it runs inherit). A destination not proven inside needs a person (C241 under --yes); each row
// has an inside control that still runs. The programs are stubs (unconfined-stubs.ts): nothing installs.
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { installStubs } from './unconfined-stubs.js';

const { box, asks, runs, run } = installStubs(['npm', 'pnpm', 'yarn', 'pip', 'cargo', 'go', 'gem', 'uv']);

interface Row {
  // Files to write: a path relative to the workspace, or `~/…` in the user's home.
  readonly files?: Readonly<Record<string, string>>;
  // The engine's environment (`@` is the workspace root, `~` the home).
  readonly env?: Readonly<Record<string, string>>;
  readonly line: string;
}

async function setUp(row: Row): Promise<void> {
  const { root, home } = box();
  vi.stubEnv('HOME', home);
  // npx and `npm run` (which may start this test) export the user's npmrc: the test's home's instead.
  vi.stubEnv('npm_config_userconfig', join(home, '.npmrc'));
  for (const [name, value] of Object.entries(row.env ?? {})) vi.stubEnv(name, value.replace(/^@/, root).replace(/^~/, home));
  for (const [name, text] of Object.entries(row.files ?? {})) {
    const path = name.startsWith('~/') ? join(home, name.slice(2)) : join(root, name);
    await mkdir(dirname(path), { recursive: true });
    await writeFile(path, text);
  }
}

const OUTSIDE: readonly [string, Row, RegExp][] = [
  ['yarn 1 .yarnrc global', { files: { '.yarnrc': 'global true\n' }, line: 'yarn add x' }, /\.yarnrc global true/],
  ['yarn 1 .yarnrc prefix', { files: { '.yarnrc': 'prefix "/tmp/cw-none"\n' }, line: 'yarn add x' }, /\.yarnrc prefix/],
  ['yarn 1 .yarnrc scoped modules folder', { files: { '.yarnrc': '--install.modules-folder /tmp/cw-none\n' }, line: 'yarn install' }, /modules-folder/],
  ['yarn 1 ~/.yarnrc global-folder', { files: { '~/.yarnrc': 'global-folder /tmp/cw-none\n' }, line: 'yarn add x' }, /global-folder/],
  ['yarn 2+ .yarnrc.yml globalFolder', { files: { '.yarnrc.yml': 'globalFolder: /tmp/cw-none\n' }, line: 'yarn add x' }, /globalFolder: \/tmp\/cw-none/],
  // npm takes `global=true` / `location=global` from the project's .npmrc as if on the line (checked with npm 11).
  ['the project\'s .npmrc global=true', { files: { '.npmrc': 'global=true\n' }, line: 'npm i x' }, /installs into the global folder or a folder outside \(.*\.npmrc global=true\)/],
  ['the project\'s .npmrc location = "global", after a comment', { files: { '.npmrc': '; comment\nlocation = "global"\n' }, line: 'npm i x' }, /\.npmrc location=global\)/],
  ['the project\'s .npmrc global=true for pnpm', { files: { '.npmrc': 'global=true\n' }, line: 'pnpm add x' }, /\.npmrc global=true\)/],
  ['the user\'s ~/.npmrc global=true', { files: { '~/.npmrc': 'global=true\n' }, line: 'npm i x' }, /\.npmrc global=true/],
  ['a .npmrc naming another user config', { files: { '.npmrc': 'userconfig=/tmp/cw-none/rc\n' }, line: 'npm i x' }, /userconfig=/],
  ['--userconfig FILE on the line', { files: { rc: 'global=true\n' }, line: 'npm i --userconfig ./rc x' }, /rc global=true/],
  ['pnpm .npmrc modules-dir', { files: { '.npmrc': 'modules-dir=/tmp/cw-none\n' }, line: 'pnpm add x' }, /modules-dir=\/tmp\/cw-none/],
  ['the engine\'s npm_config_userconfig', { files: { '~/elsewhere.rc': 'location=global\n' }, env: { npm_config_userconfig: '~/elsewhere.rc' }, line: 'npm i x' }, /elsewhere\.rc location=global/],
  ['the engine\'s npm_config_global', { env: { npm_config_global: 'true' }, line: 'npm i x' }, /--global/],
  ['the engine\'s NPM_CONFIG_LOCATION', { env: { NPM_CONFIG_LOCATION: 'global' }, line: 'npm i x' }, /--global/],
  ['the engine\'s PIP_TARGET', { env: { PIP_TARGET: '/tmp/cw-none' }, line: 'pip install x' }, /PIP_TARGET \/tmp\/cw-none/],
  ['the engine\'s PIP_USER', { env: { PIP_USER: '1' }, line: '.venv/bin/pip install x' }, /--user/],
  ['the user\'s pip.conf target', { files: { '~/.config/pip/pip.conf': '[install]\ntarget = /tmp/cw-none\n' }, line: '.venv/bin/pip install x' }, /pip\.conf target=\/tmp\/cw-none/],
  ['the user\'s legacy ~/.pip/pip.conf user', { files: { '~/.pip/pip.conf': '[global]\nuser = true\n' }, line: '.venv/bin/pip install x' }, /pip\.conf user=true/],
  ['the workspace venv\'s pip.conf prefix', { files: { '.venv/pip.conf': '[install]\nprefix=/tmp/cw-none\n' }, line: '.venv/bin/pip install x' }, /\.venv\/pip\.conf prefix=/],
  ['PIP_CONFIG_FILE on the line', { files: { 'pc.ini': '[install]\nroot = /tmp/cw-none\n' }, line: 'PIP_CONFIG_FILE=pc.ini .venv/bin/pip install x' }, /pc\.ini root=/],
  ['the engine\'s PIP_CONFIG_FILE', { files: { '~/p.conf': '[install]\ntarget = /tmp/cw-none\n' }, env: { PIP_CONFIG_FILE: '~/p.conf' }, line: '.venv/bin/pip install x' }, /p\.conf target=/],
  ['cargo --config over CARGO_INSTALL_ROOT', { line: 'CARGO_INSTALL_ROOT=./r cargo install --config install.root="/tmp/cw-none" x' }, /--config install\.root=/],
  ['cargo --config FILE', { line: 'CARGO_INSTALL_ROOT=./r cargo --config ./c.toml install x' }, /--config \.\/c\.toml/],
  ['go env -w', { line: 'go env -w GOBIN=/tmp/cw-none' }, /go env -w changes the user's go configuration/],
  // h-global leftovers: gem's, go's and uv's own configuration files.
  ['the user\'s ~/.gemrc gem: --user-install', { files: { '~/.gemrc': '---\ngem: --no-document --user-install\n' }, line: 'gem install -i vendor x' }, /--user-install changes the user's gem folder \(its configuration gives --user-install\)/],
  ['~/.gemrc install: --bindir outside', { files: { '~/.gemrc': 'install: "--bindir /tmp/cw-none"\n' }, line: 'gem install -i vendor x' }, /--bindir \/tmp\/cw-none/],
  ['~/.gemrc :gemhome: outside', { files: { '~/.gemrc': ':gemhome: /tmp/cw-none\n' }, env: { GEM_HOME: '@/gems' }, line: 'gem install x' }, /\.gemrc :gemhome: \/tmp\/cw-none/],
  ['GEMRC naming a file with --install-dir outside', { files: { 'g.rc': 'gem: --install-dir /tmp/cw-none\n' }, env: { GEMRC: '@/g.rc', GEM_HOME: '@/gems' }, line: 'gem install x' }, /--install-dir \/tmp\/cw-none/],
  ['the go env file\'s GOBIN with a GOPATH inside', { files: { '~/.config/go/env': 'GOFLAGS=-mod=mod\nGOBIN=/tmp/cw-none\n' }, env: { GOPATH: '@/gp', XDG_CONFIG_HOME: '~/.config' }, line: 'go install ./...' }, /the go env file sets GOBIN=\/tmp\/cw-none/],
  ['GOENV naming a file whose GOPATH is outside', { files: { 'goenv': 'GOPATH=/tmp/cw-none\n' }, env: { GOENV: '@/goenv' }, line: 'go install ./...' }, /GOPATH=\/tmp\/cw-none/],
  ['uv.toml [pip] target', { files: { 'uv.toml': '[pip]\ntarget = "/tmp/cw-none"\n' }, line: 'uv pip install x' }, /uv\.toml target="\/tmp\/cw-none"/],
  ['pyproject.toml [tool.uv.pip] system', { files: { 'pyproject.toml': '[project]\nname = "p"\n[tool.uv.pip]\nsystem = true\n' }, line: 'uv pip install x' }, /pyproject\.toml system=true/],
  // The same table as an inline table, dotted keys or quoted keys (parsed as TOML, not line by line).
  ['pyproject.toml [tool.uv] pip = { target = ... } (an inline table)', { files: { 'pyproject.toml': '[tool.uv]\npip = { target = "/tmp/cw-none" }\n' }, line: 'uv pip install x' }, /pyproject\.toml target="\/tmp\/cw-none"/],
  ['pyproject.toml [tool] uv.pip.system = true (dotted keys)', { files: { 'pyproject.toml': '[tool]\nuv.pip.system = true\n' }, line: 'uv pip install x' }, /pyproject\.toml system=true/],
  ['uv.toml "pip"."prefix" (quoted dotted key)', { files: { 'uv.toml': '"pip"."prefix" = "/tmp/cw-none"\n' }, line: 'uv pip install x' }, /uv\.toml prefix="\/tmp\/cw-none"/],
  ['uv.toml that is not TOML', { files: { 'uv.toml': '[pip\ntarget = "/tmp/cw-none"\n' }, line: 'uv pip install x' }, /uv\.toml \(not TOML codeward can read\)/],
  ['the user\'s uv.toml [pip] prefix', { files: { '~/.config/uv/uv.toml': '[pip]\nprefix = "/tmp/cw-none"\n' }, env: { XDG_CONFIG_HOME: '~/.config' }, line: 'uv pip install x' }, /uv\.toml prefix=/],
];

const INSIDE: readonly [string, Row][] = [
  ['yarn 1 .yarnrc registry and a modules folder inside', { files: { '.yarnrc': 'registry "https://registry.example/"\n--modules-folder ./vendor\nglobal false\n' }, line: 'yarn add x' }],
  ['yarn 2+ .yarnrc.yml folders inside', { files: { '.yarnrc.yml': 'globalFolder: ./.yarn/global\nnodeLinker: node-modules\n' }, line: 'yarn add x' }],
  ['the project\'s .npmrc with a registry only and global=false', { files: { '.npmrc': 'registry=https://registry.example/\nglobal=false\n' }, line: 'npm i x' }],
  ['~/.npmrc with a registry only', { files: { '~/.npmrc': 'registry=https://registry.example/\nprefix=/usr/local\n' }, line: 'npm i x' }],
  ['--userconfig naming a file with a registry only', { files: { rc: 'registry=https://registry.example/\n' }, line: 'npm i --userconfig ./rc x' }],
  ['pnpm .npmrc modules-dir inside', { files: { '.npmrc': 'modules-dir=./nm\n' }, line: 'pnpm add x' }],
  // `npm run` and npx export these to what they start (codeward among them): npm's local folder is not moved.
  ['the engine\'s npm_config_prefix, set by npm run', { env: { npm_config_prefix: '/usr', npm_config_global: '', npm_config_userconfig: '~/.npmrc' }, line: 'npm i x' }],
  ['the engine\'s PIP_TARGET inside', { env: { PIP_TARGET: '@/vendor' }, line: 'pip install x' }],
  ['pip.conf with an index only', { files: { '~/.config/pip/pip.conf': '[global]\nindex-url = https://pypi.example/simple\n', '.venv/pip.conf': '[install]\ntarget = ./vendor\n' }, line: '.venv/bin/pip install x' }],
  ['PIP_CONFIG_FILE=/dev/null', { files: { '~/.config/pip/pip.conf': '[install]\ntarget = /tmp/cw-none\n' }, env: { PIP_CONFIG_FILE: '/dev/null' }, line: '.venv/bin/pip install x' }],
  ['cargo --root inside with CARGO_INSTALL_ROOT outside', { env: { CARGO_INSTALL_ROOT: '/tmp/cw-none' }, line: 'cargo install --root ./r x' }],
  ['the engine\'s CARGO_INSTALL_ROOT inside', { env: { CARGO_INSTALL_ROOT: '@/r' }, line: 'cargo install x' }],
  ['the engine\'s GOPATH inside', { env: { GOPATH: '@/gp' }, line: 'go install ./...' }],
  ['gem --install-dir inside beats the engine\'s GEM_HOME', { env: { GEM_HOME: '/tmp/cw-none' }, line: 'gem install -i vendor x' }],
  ['the engine\'s GEM_HOME inside', { env: { GEM_HOME: '@/gems' }, line: 'gem install x' }],
  ['~/.gemrc with sources and --no-document only', { files: { '~/.gemrc': '---\n:sources:\n- https://rubygems.example/\ngem: --no-document\nupdate: --user-install\n' }, line: 'gem install -i vendor x' }],
  ['gem --norc reads no ~/.gemrc', { files: { '~/.gemrc': 'gem: --user-install\n' }, line: 'gem --norc install -i vendor x' }],
  ['GOENV=off reads no go env file', { files: { '~/.config/go/env': 'GOBIN=/tmp/cw-none\n' }, env: { GOPATH: '@/gp', GOENV: 'off', XDG_CONFIG_HOME: '~/.config' }, line: 'go install ./...' }],
  // pip reads [global] and its command's section: a [download] or [freeze] key is not an install's.
  ['pip.conf keys of other commands\' sections', { files: { '~/.config/pip/pip.conf': '[download]\nprefix = /tmp/cw-none\n[freeze]\nuser = true\n[install]\nno-compile = true\n' }, env: { XDG_CONFIG_HOME: '~/.config' }, line: '.venv/bin/pip install x' }],
  ['uv.toml with a python version and a target inside; a [tool.uv] key that is not pip\'s', { files: { 'uv.toml': '[pip]\ntarget = "vendor"\npython = "3.12"\n', 'pyproject.toml': '[tool.uv]\ntarget = "/tmp/cw-none"\n' }, line: 'uv pip install x' }],
  ['pyproject.toml [tool.uv] pip inline table with a target inside', { files: { 'pyproject.toml': '[tool.uv]\npip = { target = "vendor", system = false }\n' }, line: 'uv pip install x' }],
  // A cache is not an install destination (unconfined-install-npmrc.ts).
  ['yarn cache folders outside', { files: { '.yarnrc': 'cache-folder /tmp/cw-none\n', '.yarnrc.yml': 'cacheFolder: /tmp/cw-none\n' }, line: 'yarn add x' }],
];

describe('--sandbox off: an install sent outside by configuration or the engine\'s environment needs a person', () => {
  it.each(OUTSIDE)('%s: --yes is C241 naming the input; nothing ran', async (_name, row, why) => {
    await setUp(row);
    await asks(row.line, why);
  });

  it.each(INSIDE)('%s: runs under --yes', async (_name, row) => {
    await setUp(row);
    await runs(row.line);
  });

  // R41-b4 (asg57): go obeys the file GOENV names (GOFLAGS=-toolexec=...): a line pointing it anywhere asks (this
  // row ran before, as an install inside).
  it('go env -w with GOENV inside: --yes is C241', async () => {
    await setUp({ line: 'GOENV=./goenv go env -w GOFLAGS=-mod=mod' });
    expect(await run('GOENV=./goenv go env -w GOFLAGS=-mod=mod')).toMatch(/^C241 /);
  });
});
