// Red team R14b-5: with --sandbox off, programs that install outside the workspace by default (`npm i -g .`,
// `pip install .`, `cargo install --path .`, `go install`, `gem install`, `make install`) ran under --yes:
// their words name no outside path, so nothing stopped them writing the user's global folders and PATH. They
// now need a person (C241 under --yes, a question under an allow rule) saying they install outside; a folder
// option or variable naming a folder inside keeps them free. The programs are stubs first on PATH (each
// records that it ran), so the old code's failure writes nothing outside. In-process engine.
import { describe, expect, it } from 'vitest';
import type { ApprovalRequest } from '../../src/permissions/types.js';
import { installStubs } from './unconfined-stubs.js';

const { run, asks, runs } = installStubs(['npm', 'pnpm', 'yarn', 'bun', 'pip', 'pip3', 'python3', 'uv', 'pipx', 'cargo', 'go', 'gem', 'make', 'cmake', 'ninja', 'brew', 'poetry', 'bundle', 'deno', 'dotnet', 'composer']);

const OUTSIDE = [
  'npm i -g .',
  'npm install --global',
  'npm --silent install -g x',
  'npm install --location=global x',
  'npm link',
  'pnpm add -g x',
  'pnpm link --global',
  'yarn global add x',
  'bun add -g x',
  'pip install .',
  'pip3 install --user x',
  'python3 -m pip install -e .',
  'pip install -t /var/tmp/none x',
  'uv pip install --system x',
  'uv tool install x',
  'pipx install .',
  'cargo install --path .',
  'cargo install --root /opt/none x',
  'go install ./...',
  'GOBIN=$X go install ./...',
  'gem install x',
  'gem install --user-install -i vendor x',
  'make install',
  'make -j4 install-strip',
  'nice make install',
  'make install DESTDIR=$D',
  'ninja -C build install',
  'cmake --install build',
  'cd sub && make uninstall',
  'npm_config_global=true npm i x',
  'npm i x --global=true',
  // A program with no row: `install` is judged as installing outside (fail closed).
  'brew install x',
  'poetry install',
  'bundle install',
  'deno install -n x x.ts',
  'dotnet tool install -g x',
];

describe('--sandbox off: a program that installs outside the workspace needs a person', () => {
  it.each(OUTSIDE)('--yes %j: C241 saying it installs outside; nothing ran', (line) => asks(line, /installs outside the workspace/));

  it('an allow rule does not approve it: a person is asked why', async () => {
    const asked: ApprovalRequest[] = [];
    expect(await run('npm i -g .', asked)).toMatch(/^C24/);
    expect(asked).toHaveLength(1);
    expect(asked[0]!.reason).toMatch(/installs outside the workspace \(npm install --global installs into the global folder\).*turn the OS sandbox on/);
  });
});

describe('--sandbox off: installs kept inside the workspace run', () => {
  it.each([
    'npm install',
    'npm i x',
    'npm link ../other',
    'pnpm add x',
    'yarn add x',
    '.venv/bin/pip install .',
    'pip install -t vendor x',
    'pip install --target=./vendor x',
    'uv pip install x',
    'pip download x',
    'cargo install --root ./tools x',
    'CARGO_INSTALL_ROOT=$PWD/tools cargo install x',
    'GOBIN=$PWD/bin go install ./...',
    'gem install -i vendor x',
    'make install DESTDIR=$PWD/stage',
    'make install PREFIX=./out',
    'DESTDIR=./stage make install',
    'make',
    'make test',
    'go build ./...',
    'cargo build',
    'composer install',
    'npm i x --global=false',
    'poetry run pytest',
  ])('--yes %j runs', (line) => runs(line));

  it.each(['mkdir install', 'echo install'])('--yes %j (a file named install, not a subcommand) runs', async (line) => {
    expect(await run(line)).toBe('ran');
  });
});
