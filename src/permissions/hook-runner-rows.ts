// The rows of four runners an ordinary project's commit hook runs (issue 26, red team F1-F4): `cargo test|fmt|clippy`,
// `golangci-lint run`, `next build`, `mypy src`. Like go's row (hook-toolchains.ts): the sub-commands and options
// each models (anything else is a runner codeward does not model: the whole tree is obeyed), the file kinds it
// reads at any depth, the options naming a file it obeys. What their build and configuration files make them run
// beyond the project's sources is read by hook-runner-parts.ts (one reader per runner).
import type { Toolchain } from './hook-toolchain-row.js';

const HELP = ['-h', '--help', '-V', '--version'];

// cargo's options that name no code: package and target selection, profiles, output, the lock file's use.
const CARGO_FLAGS = [
  ...HELP, '-q', '--quiet', '-v', '-vv', '--verbose', '--release', '-r', '--all', '--workspace', '--all-targets', '--all-features', '--no-default-features',
  '--lib', '--bins', '--tests', '--benches', '--examples', '--doc', '--no-run', '--no-fail-fast', '--fail-fast', '--locked', '--frozen', '--offline', '--check',
  '--keep-going', '--future-incompat-report', '--ignore-rust-version', '--timings', '--fix', '--allow-dirty', '--allow-staged', '--allow-no-vcs', '--no-deps',
  '--open', '--document-private-items', '--emit=*', '--color=*', '--message-format=*', '--features=*', '--package=*', '--profile=*', '--target=*', '--jobs=*',
  '--exclude=*', '--bin=*', '--test=*', '--bench=*', '--example=*', '--test-threads=*',
];

export const RUNNER_ROWS: Readonly<Record<string, Toolchain>> = {
  // The Cargo book ("Configuration", "Build Scripts", "Cargo Targets": proc-macro) and rustup's "Overrides": the
  // manifests, the lock file, build scripts, config files at every level (runner, linker, rustc-wrapper, alias,
  // env), the toolchain file. The build output (target/: a test binary cargo runs as it stands when fresh) is
  // obeyed by the reader. `cargo xtask` (an alias of `run -p xtask`) and any other sub-command: not modelled.
  cargo: {
    obeyed: ['Cargo.toml', 'Cargo.lock', 'build.rs', '.cargo/config', '.cargo/config.toml', 'rust-toolchain', 'rust-toolchain.toml', '.config/nextest.toml'],
    subcommands: ['test', 'build', 'check', 'clippy', 'fmt', 'run', 'bench', 'doc', 'nextest'],
    flags: CARGO_FLAGS,
    valued: ['--color', '--message-format', '--features', '-F', '--package', '-p', '--profile', '--target', '--jobs', '-j', '--exclude', '--bin', '--test', '--bench', '--example', '--test-threads'],
    places: ['--manifest-path', '--target-dir'],
    operands: 'packages',
    before: /^\+[\w.-]+$/,
    // cargo-deny's own row (hook-runner-rows-more.ts).
    delegates: { deny: 'cargo-deny' },
  },
  // golangci-lint's docs ("Configuration File": found in the working folder and every parent; "Go Plugin System":
  // `custom.<name>.path` is a .so it loads; "Module Plugin System": `.custom-gcl.yml`, read by `golangci-lint
  // custom` only, which is not modelled). It loads packages through go (go.mod's toolchain line).
  'golangci-lint': {
    obeyed: ['.golangci.yml', '.golangci.yaml', '.golangci.toml', '.golangci.json', '.custom-gcl.yml', '.custom-gcl.yaml', 'go.mod', 'go.work', 'go.work.sum', 'go.sum', 'vendor/modules.txt'],
    subcommands: ['run', 'fmt', 'version', 'linters', 'formatters', 'help'],
    flags: [...HELP, '-v', '--verbose', '--fix', '--fast', '--fast-only', '--new', '--no-config', '--allow-parallel-runners', '--allow-serial-runners', '--show-stats', '--print-resources-usage', '--whole-files', '--diff', '--color=*', '--timeout=*', '--new-from-rev=*', '--new-from-patch=*', '--out-format=*', '--build-tags=*', '--concurrency=*', '--max-issues-per-linter=*', '--max-same-issues=*', '--enable=*', '--disable=*', '--presets=*', '--enable-only=*', '--default=*', '--tests', '--tests=*', '--path-prefix=*', '--path-mode=*', '--modules-download-mode=*', '--uniq-by-line', '--sort-results', '--issues-exit-code=*', '--output.text.path=*', '--output.json.path=*'],
    valued: ['--color', '--timeout', '--new-from-rev', '--new-from-patch', '--out-format', '--build-tags', '--concurrency', '-j', '--max-issues-per-linter', '--max-same-issues', '--enable', '-E', '--disable', '-D', '--presets', '-p', '--enable-only', '--default', '--path-prefix', '--path-mode', '--modules-download-mode', '--issues-exit-code', '--output.text.path', '--output.json.path'],
    places: ['-c', '--config'],
    operands: 'packages',
  },
  // mypy's docs ("The mypy configuration file": mypy.ini, .mypy.ini, pyproject.toml, setup.cfg; `plugins` are
  // imported and run, a `.py` path relative to the configuration file; `python_executable` is run to find its
  // packages). mypy does not run the code it checks; stubs are read, not run.
  mypy: {
    obeyed: ['mypy.ini', '.mypy.ini'],
    flags: [
      ...HELP, '--strict', '--pretty', '-v', '--verbose', '--no-site-packages', '--no-silence-site-packages', '--explicit-package-bases', '--namespace-packages', '--no-namespace-packages',
      '--ignore-missing-imports', '--follow-untyped-imports', '--check-untyped-defs', '--local-partial-types', '--extra-checks', '--scripts-are-modules', '--incremental', '--no-incremental',
      '--sqlite-cache', '--fast-module-lookup', '--error-summary', '--no-error-summary', '--soft-error-limit=*', '--python-version=*', '--platform=*', '--follow-imports=*', '--exclude=*',
      '--enable-error-code=*', '--disable-error-code=*', '--cache-dir=*', '--always-true=*', '--always-false=*',
      // Checks switched on or off (`--warn-unused-ignores`, `--no-implicit-reexport`, `--disallow-untyped-defs` ...).
      /^--(?:no-)?(?:warn|disallow|strict|allow|implicit|show|hide|color|check|ignore|force|skip|local|strict-equality|extra)-[\w-]+$/,
    ],
    valued: ['-p', '--package', '-m', '--module', '-c', '--command', '--python-version', '--platform', '--follow-imports', '--exclude', '--enable-error-code', '--disable-error-code', '--cache-dir', '--always-true', '--always-false', '--soft-error-limit'],
    places: ['--config-file', '--python-executable'],
  },
  // Next.js's docs ("next CLI": `next build [directory]`; "next.config.js", "PostCSS", "Babel", "ESLint": the build
  // lints unless `--no-lint`). The build compiles AND runs the app's code (server components, generateStaticParams,
  // getStaticProps render at build time): that code is the project's source, the README's documented limit, like a
  // test runner's test files; the configuration and what it loads are obeyed (hook-runner-next.ts).
  next: {
    obeyed: [],
    subcommands: ['build', 'info', 'telemetry'],
    flags: [...HELP, '--no-lint', '--debug', '-d', '--profile', '--turbo', '--turbopack', '--webpack', '--no-mangling', '--experimental-app-only', '--debug-prerender', '--experimental-debug-memory-usage', '--experimental-build-mode=*'],
    valued: ['--experimental-build-mode'],
    operands: 'project',
    // next-lint's own row (hook-runner-rows-more.ts, red team 18 F4).
    delegates: { lint: 'next-lint' },
  },
};
