// Red team R15-15: with --sandbox off, installs outside the workspace that the installs table missed ran under
// --yes: a global option BEFORE the subcommand (`npm -g i x`, `pnpm -g add x`), npm's abbreviations (`--gl`,
// `--loc=global`), install aliases (`npm it -g x`), a prefix or target outside (`npm i --prefix /tmp/x`, `pip
// install -t /tmp/x`: the temporary folder is not the workspace), and installers with no row (`python3 setup.py
// install`, `easy_install`, `dpkg -i`, `corepack enable`, `gem --norc install`). Each installer's options are now
// read with its own grammar wherever they stand, and an install whose destination is not proven inside the
// workspace needs a person, the reason naming the option. The programs are stubs first on PATH
// (unconfined-stubs.ts): nothing is installed, also by the old code. In-process engine.
import { describe, expect, it } from 'vitest';
import { installStubs } from './unconfined-stubs.js';

const { asks, runs, run } = installStubs(['npm', 'pnpm', 'yarn', 'bun', 'pip', 'python3', 'uv', 'gem', 'easy_install', 'dpkg', 'rpm', 'pacman', 'apk', 'nix-env', 'corepack', 'brew', 'cargo', 'make']);

// [line, what the reason names]
const OUTSIDE: readonly (readonly [string, RegExp])[] = [
  // A global option before the subcommand, and npm's own spellings of it.
  ['npm -g i ./', /npm install --global/],
  ['npm -g install .', /npm install --global/],
  ['npm -g add x', /npm install --global/],
  ['npm --global i x', /npm install --global/],
  ['npm --location=global i x', /npm install --global/],
  ['npm --loc=global i x', /npm install --global/],
  ['npm -L global i x', /npm install --global/],
  ['npm -sg i x', /npm install --global/],
  ['pnpm -g add x', /pnpm add --global/],
  ['yarn --global add x', /yarn add --global/],
  ['bun -g add x', /bun add --global/],
  ['npm i --glob x', /npm install --global/],
  ['npm i --gl x', /npm install --global/],
  ['npm i --g x', /npm install --global/],
  // Install aliases npm resolves.
  ['npm install-test -g x', /npm install-test --global/],
  ['npm it -g x', /npm install-test --global/],
  ['npm cit -g', /npm install-ci-test --global/],
  // A prefix, folder or target outside the workspace (the temporary folder included).
  ['npm i --prefix /tmp/cw-none x', /--prefix \/tmp\/cw-none/],
  ['npm ci --prefix /tmp/cw-none', /--prefix \/tmp\/cw-none/],
  ['npm install-ci-test --prefix /tmp/cw-none', /--prefix \/tmp\/cw-none/],
  ['npm i --prefi=/tmp/cw-none x', /--prefix \/tmp\/cw-none/],
  ['npm -C /tmp/cw-none i x', /--prefix \/tmp\/cw-none/],
  ['npm --prefix /tmp/cw-none run build', /--prefix \/tmp\/cw-none/],
  // npm's own variable is read as the option it is (pm20: npm-config-variables.ts).
  ['npm_config_prefix=/tmp/cw-none npm i x', /--prefix \/tmp\/cw-none/],
  ['pnpm -C /tmp/cw-none add x', /--dir \/tmp\/cw-none/],
  ['yarn --cwd /tmp/cw-none add x', /--cwd \/tmp\/cw-none/],
  ['npm i --userconfig $RC x', /\$RC \(only known at run time\)/],
  ['pip install --prefix /tmp/cw-none x', /--prefix \/tmp\/cw-none/],
  ['pip install --prefix=/tmp/cw-none x', /--prefix \/tmp\/cw-none/],
  ['pip install --root /tmp/cw-none x', /--root \/tmp\/cw-none/],
  ['pip install --root=/tmp/cw-none x', /--root \/tmp\/cw-none/],
  ['pip install --target=/tmp/cw-none x', /--target \/tmp\/cw-none/],
  ['pip install -t /tmp/cw-none x', /--target \/tmp\/cw-none/],
  ['pip install --targ /tmp/cw-none x', /--target \/tmp\/cw-none/],
  ['pip install -t vendor --prefix /tmp/cw-none x', /--prefix \/tmp\/cw-none/],
  ['pip install --python /usr/bin/python3 -t vendor x', /--python \/usr\/bin\/python3/],
  ['pip install --use x', /--user/],
  ['PIP_USER=1 pip install x', /--user/],
  ['VIRTUAL_ENV=$PWD/.venv pip install x', /no workspace environment runs it/],
  ['uv pip install --python /usr/bin/python3 x', /--python \/usr\/bin\/python3/],
  // Installers that had no row.
  ['python3 setup.py install', /setup\.py install/],
  ['python3 setup.py develop', /setup\.py develop/],
  ['python3 setup.py install --root /tmp/cw-none', /--root \/tmp\/cw-none/],
  ['easy_install x', /easy_install/],
  ['dpkg -i x.deb', /dpkg -i/],
  ['dpkg --install x.deb', /dpkg --install/],
  ['rpm -i x.rpm', /rpm/],
  ['pacman -Syu', /pacman -Syu/],
  ['apk add x', /apk add/],
  ['nix-env -i x', /nix-env/],
  ['corepack enable', /corepack enable/],
  ['corepack enable --install-directory /tmp/cw-none', /--install-directory \/tmp\/cw-none/],
  ['corepack npm -g i x', /npm install --global/],
  ['gem --norc install x', /gem install/],
  ['gem --config-file ./g install x', /gem install/],
  ['gem install -i vendor -n /tmp/cw-none x', /--bindir \/tmp\/cw-none/],
  ['brew --verbose --debug install x', /brew install/],
  ['cargo install --root /tmp/cw-none x', /cargo install/],
  ['make install DESTDIR=./stage PREFIX=/tmp/cw-none', /make install/],
];

describe('--sandbox off: an installer\'s options are read wherever they stand; a destination not proven inside needs a person', () => {
  it.each(OUTSIDE)('--yes %j: C241 naming why; nothing ran', (line, why) => asks(line, why));
  // A word in npm's option place only known at run time may be `--prefix`, `-g` or `--script-shell`: the immune
  // list meets it first (dyn20), naming the word.
  it('--yes "npm i $FLAGS x": C241 naming $FLAGS; nothing ran', async () => {
    const out = await run('npm i $FLAGS x');
    expect(out).toMatch(/^C241 /);
    expect(out).toMatch(/\$FLAGS/);
  });
});

describe('--sandbox off: installs and reads proven inside the workspace run', () => {
  it.each([
    'npm i -g --prefix ./tools x',
    'npm --prefix sub i x',
    'npm -C sub i x',
    'npm --no-global i x',
    'npm -g ls',
    'npm run build',
    'pnpm --dir sub add x',
    'pip install --pre -t vendor x',
    'pip install -r sub/a.txt -t vendor',
    'python3 setup.py build',
    'python3 setup.py install --root ./stage',
    '.venv/bin/pip install --prefix .venv x',
    'gem --norc install -i vendor x',
    'corepack enable --install-directory ./bin',
    'dpkg -l',
    'dpkg -L bash',
    'rpm -qa',
    'pacman -Ss x',
    'pacman -Q',
    'apk info',
    'nix-env -q',
  ])('--yes %j runs', (line) => runs(line));
});
