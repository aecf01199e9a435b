import { resolve } from 'node:path';
import { userEnvPlaces } from '../engine/config-user.js';
import { relativeOf } from './obeyed-env-where.js';
import type { EnvLoadGlob } from './obeyed-env-where.js';

// Tool homes and start-up files that codeward's OWN environment puts in the workspace (red team R22b-4:
// `CARGO_HOME=$W/ch` left `ch/config.toml`, whose build.rustc-wrapper the person's next cargo runs, writable;
// so were RUSTUP_HOME's toolchains, GRADLE_USER_HOME's init scripts, IPYTHONDIR's startup folder, npm's global
// config under NPM_CONFIG_PREFIX, RIPGREP_CONFIG_PATH, PSQLRC, R_PROFILE_USER, IRBRC, SCREENRC, WGETRC ...).
// obeyed-env.ts's table stays for what is not a plain path (PATH's programs by name, PYTHONPATH's
// sitecustomize, NODE_OPTIONS' modules). Everything else is one rule, as for an env file's exports
// (obeyed-env-values.ts, R13-12): a variable whose value (or an entry of a list, an option's operand) is an
// absolute path strictly INSIDE the workspace makes that path obeyed, file or whole folder; which variables a
// program reads is not ours to list. Two lists only narrow it, never widen it:
// - HOMES: tool homes whose tools write there in ordinary work (caches, downloads): only the subpaths that
//   run or configure code are obeyed (cargo's config and bin, not its registry).
// - PLACES: variables naming a place that is not configuration or code the person runs: where the shell or npm
//   stands (PWD, INIT_CWD, npm_config_local_prefix), temporary folders, build outputs and caches written by
//   every test run (CARGO_TARGET_DIR, GOCACHE: free as `target/` and `node_modules` are), a virtual environment
//   (VIRTUAL_ENV: `.venv` stays a free build folder; the catalogue's venv rows protect its activate scripts and
//   interpreter), a project's own code folders (CLASSPATH, CPATH: as PYTHONPATH/PERL5LIB, every edit would ask).
// The workspace root and the folders above it are never obeyed by this rule (`ROOT=$W` names the project).
// The person's way out (the lead's friction decision): `envPlaces` in their own ~/.codeward/config.json names the
// variables that are places (a dev container's PROJECT_SRC=$W/src made every source write ask, --yes or not). Only
// the generic rule yields to it: a tool home of HOMES and the loader table (obeyed-env.ts) keep their rows, and a
// repository's config cannot set it (config-schema.ts USER_ONLY_KEYS). The question names the variable and the fix.

// Subpaths (picomatch, relative to each folder the variable names) that run or configure code.
const HOMES: Readonly<Record<string, readonly string[]>> = {
  // cargo: its config (build.rustc-wrapper, target runners, aliases), credentials, installed programs, the env
  // script rustup's installer has the shell profile source; not registry/ or git/ (downloaded sources, like node_modules).
  CARGO_HOME: ['config.toml', 'config', 'credentials', 'credentials.toml', 'bin/**', 'env', 'env.*'],
  // rustup: every toolchain (a linked one, `rustup toolchain link`, is the entry itself), its programs (the proxies
  // run them), libraries (rustc's driver, codegen backends, std's proc-macro support) and shell completions (etc/),
  // zsh's completions; its settings (the default toolchain, overrides). Not share/doc or share/man: ~2,900 of a
  // toolchain's ~2,950 folders, walked on every call when codeward's environment names a RUSTUP_HOME outside the home
  // (env-home-links.ts: the official Rust container images set RUSTUP_HOME=/usr/local/rustup).
  RUSTUP_HOME: ['toolchains/*', 'toolchains/*/bin/**', 'toolchains/*/lib/**', 'toolchains/*/libexec/**', 'toolchains/*/etc/**', 'toolchains/*/share/zsh/**', 'settings.toml', 'update-hashes/**'],
  // gradle: init scripts (every build runs them), its properties (org.gradle.jvmargs: -javaagent), the wrapper's
  // distributions and provisioned JDKs (run as they are); not caches/ or daemon/.
  GRADLE_USER_HOME: ['init.d/**', 'init.gradle', 'init.gradle.kts', 'gradle.properties', 'wrapper/dists/**', 'jdks/**'],
  // maven's user folder (the wrapper's MAVEN_USER_HOME): settings, extensions, the wrapper's distributions; not repository/.
  MAVEN_USER_HOME: ['settings.xml', 'settings-security.xml', 'toolchains.xml', 'extensions.xml', 'wrapper/**'],
  // go: `go install`'s programs (bin/, usually on PATH); pkg/ is the module cache (like node_modules) and go build's.
  GOPATH: ['bin/**'],
  // rubygems and bundler: installed programs and rubygems' plug-ins (loaded by every `gem`); not the gems themselves.
  GEM_HOME: ['bin/**', 'plugins/**', 'gems/*/lib/rubygems_plugin.rb'],
  GEM_PATH: ['bin/**', 'plugins/**', 'gems/*/lib/rubygems_plugin.rb'],
  BUNDLE_PATH: ['bin/**', 'ruby/*/bin/**', 'ruby/*/plugins/**', 'ruby/*/gems/*/lib/rubygems_plugin.rb'],
  // dotnet's home for its own files: global tools and their config, NuGet's config; not .nuget/packages.
  DOTNET_CLI_HOME: ['.dotnet/**', '.nuget/NuGet/**'],
  // bun: its programs and global packages; not install/cache.
  BUN_INSTALL: ['bin/**', 'install/global/**', 'bunfig.toml', '.bunfig.toml'],
  // pnpm: global programs sit in PNPM_HOME itself, global packages and node versions below it; not store/.
  PNPM_HOME: ['*', 'global/**', 'nodejs/**', '.tools/**', 'bin/**'],
  // npm's cache: npx runs the packages of _npx; _cacache is content-addressed and checked.
  npm_config_cache: ['_npx/**'],
  // Red team R24-2: places whose own files a program obeys. ccache reads its cache folder's ccache.conf
  // (compiler_check, prefix_command run commands); not the cached objects.
  CCACHE_DIR: ['ccache.conf'],
  // A conda environment (`conda activate ./env`): the scripts activation sources, its programs (first on PATH once
  // active), conda's settings there; not the installed packages (like node_modules).
  CONDA_PREFIX: ['etc/conda/activate.d/**', 'etc/conda/deactivate.d/**', 'bin/**', 'Scripts/**', '.condarc', 'condarc', 'condarc.d/**'],
  // virtualenvwrapper: its hooks (sourced at every shell start and (de)activation) and each environment's programs
  // and per-environment hooks (bin/postactivate ...).
  WORKON_HOME: ['initialize', 'pre*', 'post*', 'get_env_details', '*/bin/**'],
  // bash-completion's user folders (a `:` list): every interactive bash sources the matching file of completions/
  // when a command is completed (red team R24-8).
  BASH_COMPLETION_USER_DIR: ['completions/**'],
};

// Variables naming a place that is not configuration or code a program runs (see the header), exact names.
const PLACES: ReadonlySet<string> = new Set([
  'PWD', 'OLDPWD', 'INIT_CWD', 'HOME', 'npm_config_local_prefix', 'TMPDIR', 'TMP', 'TEMP', 'TEMPDIR',
  'VIRTUAL_ENV', 'UV_PROJECT_ENVIRONMENT', 'POETRY_VIRTUALENVS_PATH',
  'CARGO_TARGET_DIR', 'GOCACHE', 'GOMODCACHE', 'GOTMPDIR', 'PYTHONPYCACHEPREFIX', 'COVERAGE_FILE',
  'PIP_CACHE_DIR', 'UV_CACHE_DIR', 'YARN_CACHE_FOLDER', 'BUN_INSTALL_CACHE_DIR', 'NUGET_PACKAGES', 'DENO_DIR', 'SCCACHE_DIR',
  // Downloaded programs a project's tests run, installed as node_modules is (free as it is), terraform's own folder.
  'PLAYWRIGHT_BROWSERS_PATH', 'CYPRESS_CACHE_FOLDER', 'PUPPETEER_CACHE_DIR', 'TF_DATA_DIR', 'TF_PLUGIN_CACHE_DIR',
  'CLASSPATH', 'CPATH', 'C_INCLUDE_PATH', 'CPLUS_INCLUDE_PATH', 'LIBRARY_PATH', 'PKG_CONFIG_PATH',
  // Caches, runtime files and records (the home scans skip ~/.cache and ~/.local/state alike: home-mention-rules.ts);
  // a state folder codeward keeps there is guarded by its own rule (stage-own-state).
  'XDG_CACHE_HOME', 'XDG_RUNTIME_DIR', 'XDG_STATE_HOME', 'HF_HOME', 'HF_DATASETS_CACHE', 'TRANSFORMERS_CACHE', 'TORCH_HOME',
]);

// npm describes the package it runs (npm_package_json, npm_package_config_*: read from the workspace's own
// package.json) and the script (npm_lifecycle_*).
const PLACE_PREFIXES = ['npm_package_', 'npm_lifecycle_'];

// Case as npm reads its variables (NPM_CONFIG_CACHE is npm_config_cache).
export const homeOf = (name: string): readonly string[] | undefined => HOMES[name] ?? (/^npm_config_/i.test(name) ? HOMES[`npm_config_${name.slice(11).toLowerCase()}`] : undefined);
const isPlace = (name: string): boolean => PLACES.has(name) || (/^npm_config_/i.test(name) && PLACES.has(`npm_config_${name.slice(11).toLowerCase()}`)) || PLACE_PREFIXES.some((prefix) => name.startsWith(prefix));

// A value's words (obeyed-env-values.ts' split: path lists, `--opt=X`, `-javaagent:X`, shell operators); the
// absolute ones, `~/...`, and `./x` / `../x` (taken from the folder codeward was started in, as the sandbox's
// home-secret-vars.ts does: `CARGO_HOME=./ch`); a bare relative name means nothing without a program's folder.
const WORDS = /[\s:=,;|&()<>`]+/;
// maven's local repository named in its options (CI: `MAVEN_OPTS=-Dmaven.repo.local=$PWD/.m2/repository`) is a
// download cache as GOMODCACHE is: not a path the rule obeys.
export const pathWords = (value: string): string[] =>
  value.replace(/-Dmaven\.repo\.local=\S*/g, ' ').split(WORDS).map((raw) => raw.replace(/\\?["']/g, '')).filter((word) => (word.startsWith('/') && !word.startsWith('//')) || word === '~' || word.startsWith('~/') || /^\.\.?\//.test(word));

// A variable naming a path strictly inside the workspace (`rel`, workspace-relative; `word` as its value spells it).
export interface EnvHome {
  readonly name: string;
  readonly word: string;
  readonly rel: string;
  // The tool home's obeyed subpaths (HOMES); absent: the generic rule (the whole path).
  readonly home?: readonly string[];
}

// A variable's row in obeyed-env.ts's table: 'whole' (the table judges its whole value), 'command' (a command
// variable: its program is the table's, its other paths this rule's), or none.
export type EnvRow = (name: string) => 'whole' | 'command' | undefined;

// Every variable of `env` (codeward's environment) not judged whole by the table (`row`) naming a path strictly
// inside the workspace; `places`: the person's envPlaces, left out of the generic rule (a variable of a named row,
// a tool home's, yarn's or the table's command rows, never is).
export function envHomes(roots: readonly string[], env: Readonly<Record<string, string | undefined>>, row: EnvRow, cwd = process.cwd(), places: readonly string[] = []): EnvHome[] {
  const found: EnvHome[] = [];
  for (const [name, value] of Object.entries(env)) {
    if (value === undefined || value === '' || row(name) === 'whole' || isPlace(name)) continue;
    const home = homeOf(name);
    if (home === undefined && row(name) === undefined && name !== 'YARN_RC_FILENAME' && places.includes(name)) continue;
    for (const word of pathWords(value)) {
      const at = relativeOf(word.startsWith('.') ? resolve(cwd, word) : word, roots, env['HOME']);
      if (at !== undefined && at.rel !== '') found.push({ name, word, rel: at.rel, ...(home ? { home } : {}) });
    }
  }
  return found;
}

// Why a variable's path is obeyed by the generic rule, and the way out (envPlaces).
export const genericWhy = (name: string, word: string): string =>
  `${word} is obeyed because $${name} names it (an unknown tool may read it); if it is just a place, add "${name}" to envPlaces in ~/.codeward/config.json`;

// The obeyed patterns of every variable of `env` (codeward's environment) not judged whole by the table (`row`),
// naming a path strictly inside the workspace. `places`: the person's envPlaces (their own config, read at each
// call: config-user.ts).
export function envHomeGlobs(roots: readonly string[], env: Readonly<Record<string, string | undefined>>, row: EnvRow, cwd = process.cwd(), places: readonly string[] = userEnvPlaces(env['HOME'])): EnvLoadGlob[] {
  const globs: EnvLoadGlob[] = [];
  for (const [name, value] of Object.entries(env)) {
    // yarn reads a relative YARN_RC_FILENAME in the project's folder and every folder above it.
    if (name === 'YARN_RC_FILENAME' && value !== undefined && value !== '' && row(name) !== 'whole' && !value.includes('/')) globs.push({ glob: `**/${value}`, why: `YARN_RC_FILENAME names ${value}: yarn reads it as its configuration (its yarnPath runs)` });
  }
  for (const { name, word, rel, home } of envHomes(roots, env, row, cwd, places)) {
    const why = home ? `${name} names ${word}: the tool runs or obeys these files of its home` : genericWhy(name, word);
    for (const glob of home ? home.map((sub) => `${rel}/${sub}`) : [rel, `${rel}/**`]) globs.push({ glob, why });
  }
  return globs;
}
