// The toolchain folders a sandboxed process sees (THREAT-MODEL: "A default-deny sandbox view"). Nothing
// of a home folder exists inside but these, read-only; each entry says what a program finds there and
// why it needs it. Inside every one, the credential catalogue below and the workspace's non-accessible
// globs are hidden (view.ts). The user adds more with `sandboxReadable` (user-settings.ts).
// Top-level entries of / shown read-only (view.ts); a link among them (`/bin` → `usr/bin` on a merged
// /usr) is recreated as the link.
export const SYSTEM_FOLDERS: readonly string[] = ['usr', 'bin', 'sbin', 'lib', 'lib32', 'lib64', 'libx32', 'etc'];
// Of /sys, what runtimes size themselves by (CPU count and cgroup limits: Go, the JVM, cargo, nproc);
// not the firmware, DMI serial numbers or device trees.
export const SYS_SHOWN: readonly string[] = ['/sys/fs/cgroup', '/sys/devices/system/cpu', '/sys/devices/system/node', '/sys/kernel/mm/transparent_hugepage'];

export interface Toolchain {
  // Relative to the home folder, or absolute (a system-wide install).
  readonly paths: readonly string[];
  readonly why: string;
  // Paths relative to each path (`*` for one folder name), hidden besides CREDENTIALS: where this toolchain
  // keeps a credential deeper than `depth`.
  readonly hide?: readonly string[];
  // How deep CREDENTIALS and the non-accessible globs are looked for (view.ts SCAN_DEPTH by default; 1 in
  // a package cache: downloaded packages, no configuration).
  readonly depth?: number;
  // Shown whole (a `bin` folder, a package cache, a library tree, a file): the catalogue above is the
  // only filter. Otherwise only an allow-list is shown inside (view-allow.ts, red team R16-1): each install
  // prefix's PREFIX_PARTS, the folders holding installs, and `shows`.
  readonly whole?: true;
  // Relative paths shown besides (picomatch globs): the manager's shims and default-version files.
  readonly shows?: readonly string[];
}

export const TOOLCHAINS: readonly Toolchain[] = [
  { paths: ['.gitconfig', '.config/git/config', '.config/git/ignore', '.config/git/attributes', '.gitignore_global'], why: 'git: user.name, aliases, ignore and attribute rules (a config line with a token is left out of a copy, git-identity.ts)', whole: true },
  { paths: ['.nvm'], why: 'node versions installed by nvm', hide: ['versions/node/*/etc/npmrc', 'versions/io.js/*/etc/npmrc'], shows: ['nvm.sh', 'nvm-exec', 'alias'] },
  { paths: ['.volta'], why: 'node, npm and yarn installed by volta', hide: ['tools/image/node/*/etc/npmrc'], shows: ['tools/user'] },
  { paths: ['.fnm', '.local/share/fnm'], why: 'node versions installed by fnm', hide: ['node-versions/*/installation/etc/npmrc'], shows: ['aliases'] },
  { paths: ['.nodenv'], why: 'node versions installed by nodenv', hide: ['versions/*/etc/npmrc', 'plugins/*/.git/config'], shows: ['shims', 'version'] },
  { paths: ['.npm-global'], why: 'global npm packages (`npm config set prefix ~/.npm-global`)' },
  { paths: ['.bun/bin', '.deno/bin'], why: 'bun and deno', whole: true },
  { paths: ['.bun/install/cache', '.yarn/berry/cache', '.local/share/pnpm', '.cargo/registry', '.cargo/git', 'go/pkg/mod', '.m2/repository', '.gradle/wrapper/dists', '.nuget/packages'], why: 'package caches and stores: bun, yarn, pnpm (it links node_modules into its store), cargo crates, go modules, maven, gradle distributions, NuGet', depth: 1, whole: true },
  { paths: ['.pyenv'], why: 'python versions and virtualenvs from pyenv (their pip.conf is hidden)', hide: ['versions/*/pip.conf', 'versions/*/envs/*/pip.conf', 'plugins/*/.git/config'], shows: ['shims', 'version', 'pyenv.d'] },
  { paths: ['.local/bin', '.local/lib'], why: '`pip install --user` programs and packages', whole: true },
  { paths: ['.local/pipx', '.local/share/pipx', '.local/share/uv'], why: '`pip install --user` packages, pipx and uv tools and pythons', hide: ['venvs/*/pip.conf', 'tools/*/pip.conf', 'python/*/pip.conf'] },
  { paths: ['.conda', 'miniconda3', 'anaconda3', 'miniforge3', '.pixi/bin'], why: 'conda and pixi environments (.condarc with channel tokens is hidden)', hide: ['envs/*/pip.conf', 'envs/*/.condarc', 'envs/*/etc/npmrc'], shows: ['condabin'] },
  { paths: ['.cargo/bin', '.cargo/config.toml', '.cargo/config', '.rustup'], why: 'rustup toolchains, cargo and its downloaded crates (credentials.toml is not shown; a config.toml where anything looks secret is not shown: no line filter reads TOML for sure)', shows: ['settings.toml'] },
  { paths: ['go/bin', 'sdk'], why: 'go: installed commands, SDKs from `go install golang.org/dl/...`' },
  { paths: ['.sdkman', '.jdks'], why: 'java: JDKs, maven and gradle from sdkman or IntelliJ (~/.m2/settings.xml and ~/.gradle/gradle.properties hold passwords: not shown)' },
  { paths: ['.dotnet'], why: '.NET SDKs and global tools (its corefx folder is the user\'s certificate store, with private keys: hidden)', hide: ['corefx'], shows: ['dotnet', 'host', 'shared', 'sdk', 'sdk-manifests', 'packs', 'templates', 'library-packs', 'tools'] },
  { paths: ['.rbenv'], why: 'ruby from rbenv', hide: ['plugins/*/.git/config'], shows: ['shims', 'version'] },
  { paths: ['.gem'], why: 'gems installed with --user-install (.gem/credentials is hidden)', whole: true },
  { paths: ['.asdf', '.local/share/mise'], why: 'version managers holding any of the above (asdf, mise)', hide: ['installs/*/*/etc/npmrc', 'installs/*/*/pip.conf', 'plugins/*/.git/config'], shows: ['shims', 'asdf.sh', 'asdf.fish'] },
  { paths: ['.proto'], why: 'the proto version manager', shows: ['shims'] },
  { paths: ['.nix-profile'], why: 'the nix profile (links into the nix store)', whole: true },
  { paths: ['.cabal/bin', '.ghcup', '.opam', '.elan', '.juliaup'], why: 'haskell, ocaml, lean and julia toolchains', shows: ['settings.toml', 'juliaup.json'] },
  // System-wide installs outside /usr (CI images, Homebrew on Linux, NixOS).
  { paths: ['/opt/hostedtoolcache', '/opt/conda', '/opt/rh', '/home/linuxbrew/.linuxbrew'], why: 'toolchains installed for all users: CI tool caches, conda, software collections, Homebrew (its opt/ links are what libraries are linked against)', shows: ['opt', 'condabin'] },
  { paths: ['/nix/store', '/nix/var/nix/profiles'], why: 'the nix store (content-addressed, readable by every user) and its profiles', whole: true },
];

// What a toolchain folder may hold that is a credential, hidden inside every shown folder down to its
// depth (deeper places: Toolchain.hide).
export const CREDENTIALS: readonly { readonly glob: string; readonly what: string }[] = [
  { glob: '**/.npmrc', what: 'npm registry tokens (_authToken)' },
  { glob: '**/etc/npmrc', what: 'the global npmrc of a node install ($PREFIX/etc/npmrc: `npm config set -g` writes tokens there)' },
  { glob: '**/pip.conf', what: 'pip index URLs with passwords (a python prefix\'s or a virtualenv\'s site config)' },
  { glob: '**/pip.ini', what: 'the same on Windows-style installs' },
  { glob: '**/.pypirc', what: 'PyPI upload tokens' },
  { glob: '**/.condarc', what: 'conda channel tokens' },
  { glob: '**/uv.toml', what: 'uv index credentials' },
  { glob: '**/credentials', what: 'cargo, gem and cloud CLI tokens (.cargo/credentials, .gem/credentials)' },
  { glob: '**/credentials.toml', what: 'cargo registry tokens' },
  { glob: '**/.git-credentials', what: 'git\'s stored passwords' },
  { glob: '**/.netrc', what: 'machine passwords (curl, git, pip)' },
  { glob: '**/_netrc', what: 'the same, other spelling' },
  { glob: '**/.yarnrc', what: 'yarn 1 registry tokens' },
  { glob: '**/.yarnrc.yml', what: 'yarn berry npmAuthToken' },
  { glob: '**/.bunfig.toml', what: 'bun registry tokens' },
  { glob: '**/[Nn]u[Gg]et.[Cc]onfig', what: 'NuGet feed passwords' },
  { glob: '**/.m2/settings.xml', what: 'maven server passwords' },
  { glob: '**/settings-security.xml', what: 'maven\'s master password' },
  { glob: '**/gradle.properties', what: 'gradle repository passwords and signing keys' },
  { glob: '**/.docker/config.json', what: 'docker registry logins' },
  { glob: '**/auth.json', what: 'composer and other tools\' HTTP logins' },
  { glob: '**/.vault-token', what: 'a HashiCorp Vault token' },
  { glob: '**/id_{rsa,dsa,ecdsa,ed25519}{,_sk}', what: 'ssh private keys' },
  { glob: '**/*.{p12,pfx,jks,keystore}', what: 'certificate stores with private keys' },
  { glob: '**/.git/config', what: 'a cloned toolchain\'s git config (a remote URL with a token, an http extraheader: nvm, pyenv plug-ins; red team R8-9)' },
];

// Where an install prefix (a folder holding `bin`: a node or python version of any version manager, a
// virtualenv, a conda environment, a PATH entry's parent) keeps credentials, relative to it: found at any
// depth of a shown toolchain folder (view.ts prefixSecrets), whatever layout the manager uses.
export const PREFIX_CREDENTIALS: readonly string[] = [
  'etc/npmrc', 'lib/node_modules/npm/npmrc', 'lib/node_modules/npm/.npmrc', '.npmrc', 'pip.conf', 'pip.ini', 'etc/pip.conf', 'etc/xdg/pip/pip.conf',
  '.pypirc', '.condarc', 'condarc', 'etc/condarc', 'uv.toml', 'etc/uv/uv.toml', '.netrc', 'etc/gemrc', '.gem/credentials',
];
// What an install prefix holds besides more prefixes (not entered by that search: the installed
// programs, libraries and package trees, large and holding no configuration of the user's).
export const PREFIX_CONTENT: readonly string[] = ['bin', 'sbin', 'lib', 'lib32', 'lib64', 'libexec', 'include', 'share', 'man', 'doc', 'docs', 'node_modules', 'site-packages', 'pkgs', 'src', 'Lib', 'Scripts', 'conda-meta', 'test', 'tests'];
// Of a PATH folder's parent outside every home (`/opt/go` for `/opt/go/bin`), what is shown: the parts an
// install needs (GOROOT's src, pkg and lib, a JDK's lib), never the rest of that folder. Not its etc/
// (issue 26: a prefix's configuration, where services keep passwords and keys); a JDK's conf/ only in a
// JDK (PREFIX_JDK_SHOWN, when the prefix has the `release` file every JDK ships).
export const PREFIX_SHOWN: readonly string[] = ['lib', 'lib32', 'lib64', 'libexec', 'share', 'include', 'pkg', 'src', 'misc', 'jmods', 'VERSION', 'go.env', 'release'];
export const PREFIX_JDK_SHOWN: readonly string[] = ['conf'];
