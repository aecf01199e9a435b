// More runner rows an ordinary project's commit hook runs (issue 26, red team 18 FRICTION F1-F4): each one made
// every source write ask under --yes (a program with no row: the whole tree obeyed). Like hook-runner-rows.ts: the
// sub-commands and options each models (anything else: unmodelled, the whole tree is obeyed), the file kinds it
// obeys at any depth (its configuration files), the options naming a file it obeys. What a configuration names
// (plug-ins, code) is read by the runner's reader (hook-runner-parts.ts). None of them runs the code it checks.
import type { Toolchain } from './hook-toolchain-row.js';

const HELP = ['-h', '--help', '-V', '--version'];
const GO_FILES = ['go.mod', 'go.work', 'go.work.sum', 'go.sum', 'vendor/modules.txt'];
const CARGO_FILES = ['Cargo.toml', 'Cargo.lock', '.cargo/config', '.cargo/config.toml', 'rust-toolchain', 'rust-toolchain.toml'];
// pylint's, flake8's and pyright's configuration files (the tools' docs, "Configuration").
const PYLINT_FILES = ['pylintrc', '.pylintrc', 'pylintrc.toml', '.pylintrc.toml', 'pyproject.toml', 'setup.cfg', 'tox.ini'];
const FLAKE8_FILES = ['.flake8', 'setup.cfg', 'tox.ini'];

export const MORE_ROWS: Readonly<Record<string, Toolchain>> = {
  // staticcheck.dev ("Configuration": staticcheck.conf in each package's folder and its parents; the packages are
  // loaded through `go list`, which obeys go.mod's toolchain line). It reads the .go files, it does not run them.
  staticcheck: {
    obeyed: ['staticcheck.conf', ...GO_FILES],
    flags: ['-h', '-help', '--help', '-version', '--version', '-tests', '-tests=*', '-show-ignored', '-checks=*', '-fail=*', '-f=*', '-go=*', '-tags=*', '-matrix', '-merge', '-explain=*', '-list-checks', '-debug.version'],
    valued: ['-checks', '-fail', '-f', '-go', '-tags', '-explain'],
    operands: 'packages',
  },
  // cargo-deny's book ("Config": deny.toml, .deny.toml or .cargo/deny.toml found from the manifest's folder up, or
  // `--config`): licences, bans, advisories and sources checked from `cargo metadata`, which runs no build script
  // and no proc macro. Reached as `cargo deny …` (cargo's row delegates) or `cargo-deny …`.
  'cargo-deny': {
    obeyed: ['deny.toml', '.deny.toml', '.cargo/deny.toml', ...CARGO_FILES],
    subcommands: ['check', 'list', 'fetch'],
    flags: [...HELP, '-q', '--quiet', '-v', '--all-features', '--no-default-features', '--workspace', '--offline', '--locked', '--frozen', '--exclude-dev', '--exclude-unpublished',
      '--hide-inclusion-graph', '--disable-fetch', '-d', '--show-stats', '-s', '--audit-compatible-output', '--allow-git-index', '--features=*', '--exclude=*', '--target=*',
      '--log-level=*', '--format=*', '--color=*', '--graph=*', '--feature-depth=*', '-A*', '-W*', '-D*', '--allow=*', '--warn=*', '--deny=*'],
    valued: ['--features', '--exclude', '-t', '--target', '-L', '--log-level', '-f', '--format', '--color', '--feature-depth', '-A', '--allow', '-W', '--warn', '-D', '--deny', '-g', '--graph'],
    places: ['--manifest-path', '-c', '--config'],
  },
  // Microsoft's pyright ("Configuration": pyrightconfig.json or pyproject.toml [tool.pyright] in the project's
  // folder, `extends` another file; "Import Resolution": `venvPath`/`venv`, else the python found on PATH is run to
  // list its search paths). It parses the sources, it runs none.
  pyright: {
    obeyed: ['pyrightconfig.json', 'pyproject.toml'],
    flags: [...HELP, '--outputjson', '--stats', '--verbose', '--dependencies', '--warnings', '--skipunannotated', '--ignoreexternal', '--threads', '--threads=*', '--level=*', '--pythonversion=*', '--pythonplatform=*', '--verifytypes=*'],
    // `-p`/`--project`: a file or a FOLDER (`-p .`), read by hook-runner-pyright.ts, not obeyed whole.
    valued: ['--level', '--pythonversion', '--pythonplatform', '--verifytypes', '-p', '--project'],
    reads: ['-p', '--project'],
    places: ['--venvpath', '-v', '--typeshedpath', '-t'],
  },
  // pylint's docs ("Configuration": pylintrc/.pylintrc(.toml), pyproject [tool.pylint.*], setup.cfg/tox.ini
  // [pylint.*]; `load-plugins` are modules it imports, `init-hook` Python it runs, `extension-pkg-allow-list`
  // C extensions it loads). astroid parses the sources, it runs none (hook-runner-pylint.ts reads the rest).
  pylint: {
    obeyed: [...PYLINT_FILES, '*.so', '*.pyd'],
    flags: [...HELP, '-E', '--errors-only', '--exit-zero', '--verbose', '-v', '-sn', '-ry', '-rn', '--recursive=*', '--disable=*', '--enable=*', '-d*', '-e*', '--jobs=*', '-j*',
      '--fail-under=*', '--fail-on=*', '--score=*', '-s*', '--reports=*', '-r*', '--ignore=*', '--ignore-patterns=*', '--ignore-paths=*', '--py-version=*', '--max-line-length=*',
      '--persistent=*', '--msg-template=*', '--output-format=*', '-f*', '--clear-cache-post-run=*', '--suggestion-mode=*', '--source-roots=*', '--from-stdin', '--limit-inference-results=*', '--load-plugins=*', '--init-hook=*'],
    valued: ['--disable', '-d', '--enable', '-e', '--jobs', '-j', '--fail-under', '--fail-on', '--score', '-s', '--reports', '-r', '--ignore', '--ignore-patterns', '--ignore-paths', '--py-version', '--max-line-length', '--persistent', '--msg-template', '--output-format', '-f', '--recursive', '--source-roots', '--clear-cache-post-run', '--limit-inference-results', '--load-plugins', '--init-hook'],
    places: ['--rcfile'],
  },
  // flake8's docs ("Configuring Flake8": [flake8] of setup.cfg, tox.ini or .flake8, found from the working folder
  // up, or `--config`/`--append-config`; "Using Local Plugins": [flake8:local-plugins] modules imported with
  // `paths` on the import path). It reads the sources, it runs none.
  flake8: {
    obeyed: FLAKE8_FILES,
    flags: [...HELP, '-q', '--quiet', '-v', '--verbose', '--count', '--statistics', '--show-source', '--no-show-source', '--exit-zero', '--isolated', '--tee', '--benchmark', '--disable-noqa', '--hang-closing', '--doctests',
      '--max-line-length=*', '--max-doc-length=*', '--max-complexity=*', '--indent-size=*', '--select=*', '--extend-select=*', '--ignore=*', '--extend-ignore=*', '--exclude=*', '--extend-exclude=*',
      '--per-file-ignores=*', '--filename=*', '--format=*', '--jobs=*', '-j*', '--output-file=*', '--color=*', '--builtins=*', '--stdin-display-name=*',
      '--enable-extensions=*', '--require-plugins=*'],
    valued: ['--max-line-length', '--max-doc-length', '--max-complexity', '--indent-size', '--select', '--extend-select', '--ignore', '--extend-ignore', '--exclude', '--extend-exclude', '--per-file-ignores', '--filename', '--format', '--jobs', '-j', '--output-file', '--color', '--builtins', '--stdin-display-name', '--enable-extensions', '--require-plugins'],
    places: ['--config', '--append-config'],
  },
  // Biome's docs ("Configure Biome": biome.json / biome.jsonc in the working folder and its parents, nested ones
  // in v2, `extends`; "Linter Plugins": GritQL files named by `plugins`). It runs no JavaScript.
  biome: {
    obeyed: ['biome.json', 'biome.jsonc', '.config/biome.json', '.config/biome.jsonc', '*.grit'],
    subcommands: ['check', 'lint', 'format', 'ci', 'version'],
    flags: [...HELP, '--write', '--fix', '--unsafe', '--apply', '--apply-unsafe', '--staged', '--changed', '--verbose', '--error-on-warnings', '--no-errors-on-unmatched', '--use-server',
      '--since=*', '--reporter=*', '--diagnostic-level=*', '--max-diagnostics=*', '--log-level=*', '--log-kind=*', '--colors=*', '--skip=*', '--only=*', '--files-ignore-unknown=*',
      '--formatter-enabled=*', '--linter-enabled=*', '--assist-enabled=*', '--organize-imports-enabled=*', '--vcs-enabled=*', '--vcs-use-ignore-file=*', '--vcs-client-kind=*',
      '--vcs-default-branch=*', '--indent-style=*', '--indent-width=*', '--line-width=*', '--line-ending=*', '--javascript-formatter-quote-style=*', '--stdin-file-path=*', '--threads=*'],
    // `--config-path`: a file or a FOLDER (`--config-path ../..`), read by hook-runner-biome.ts, not obeyed whole.
    valued: ['--since', '--reporter', '--diagnostic-level', '--max-diagnostics', '--log-level', '--log-kind', '--colors', '--skip', '--only', '--stdin-file-path', '--threads', '--config-path'],
    reads: ['--config-path'],
  },
  // knip's docs ("Configuration": knip.json(c), .knip.json(c), knip.ts/.js, knip.config.ts/.js, package.json
  // `knip`; "Plugins": it LOADS the configuration files of the tools it finds, jiti-run JS/TS: vite, vitest,
  // eslint, jest, next, storybook ...). Those files and what they import are followed (hook-runner-knip.ts).
  knip: {
    obeyed: ['knip.json', 'knip.jsonc', '.knip.json', '.knip.jsonc', 'package.json'],
    flags: [...HELP, '--production', '--strict', '--fix', '--allow-remove-files', '--no-exit-code', '--no-progress', '-n', '--no-gitignore', '--include-entry-exports', '--include-libs', '--isolate-workspaces',
      '--cache', '--debug', '--trace', '--performance', '--dependencies', '--exports', '--files', '--max-issues=*', '--include=*', '--exclude=*', '--workspace=*', '-W*', '--tags=*', '--cache-location=*', '--fix-type=*'],
    valued: ['--max-issues', '--include', '--exclude', '--workspace', '-W', '--tags', '--cache-location', '--fix-type'],
    places: ['-c', '--config', '-t', '--tsConfig'],
  },
  // `next lint` (Next.js's docs, "ESLint"): ESLint with the project's configuration, after loading next.config
  // (its `eslint.dirs`); not `--rulesdir`, `--resolve-plugins-relative-to` or a formatter module.
  'next-lint': {
    obeyed: ['package.json'],
    flags: [...HELP, '--strict', '--fix', '--no-ignore', '--quiet', '--no-inline-config', '--report-unused-disable-directives', '--no-cache', '--error-on-unmatched-pattern'],
    valued: ['-d', '--dir', '--file', '--ext', '--fix-type', '--ignore-path', '--max-warnings', '-o', '--output-file', '--cache-location', '--cache-strategy'],
    operands: 'project',
  },
};
