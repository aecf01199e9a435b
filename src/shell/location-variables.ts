// Variables that say WHERE a program keeps what it reads and writes: its configuration, credentials, state,
// caches, install folders, its repository (round 28 LEFT: `GIT_CONFIG=~/.gitconfig git config k v`,
// `GIT_DIR=~/other/.git git config core.hooksPath x`, `GIT_WORK_TREE=~ git checkout -- .bashrc`,
// `CARGO_HOME=~ cargo login`, `XDG_CONFIG_HOME=~/.config tool config set`, `HOME=~ tool config set`). With no OS
// sandbox such a value outside the workspace moves the program's writes there whatever its words say, so the
// unconfined judge (permissions/unconfined-env.ts) reads the command's environment (SimpleCommand.env: prefix
// assignments, exports earlier on the line, `env NAME=VALUE`, an enclosing command's) for these names.
// A class, not a list of tools: the conventional suffixes every ecosystem uses for a location (`*_HOME`,
// `*_DIR`, `*_ROOT`, `*_PREFIX`, `*_CONFIG*`, `*RC`, `*_CACHE`), XDG's folders, HOME, and the names that follow no
// convention (git's, Go's, KUBECONFIG, pip's). Search lists (`PATH`, `PYTHONPATH`) name what is read, not where
// anything is written: they are not here.

const SUFFIX = /_(?:HOME|DIR|DIRS|DIRECTORY|DIRECTORIES|ROOT|PREFIX|BASE|CONFIG|CONFIGS|CONFIGPATH|CONFIG_FILE|CONFIG_DIR|CONFIG_HOME|CONFIG_PATH|CONFIG_FILES|USERCONFIG|GLOBALCONFIG|RC|RCFILE|CACHE|FILE|LOCATION|STORE|TREE|TARGET|BIN)$/i;
const NAMED = new Set([
  'HOME',
  'ZDOTDIR',
  'GOPATH',
  'GOBIN',
  'GOENV',
  'GOMODCACHE',
  'GOCACHE',
  'KUBECONFIG',
  'CONDARC',
  'PYTHONUSERBASE',
  'PIPX_BIN_DIR',
  'PYPIRC',
  'NETRC',
  'GIT_CONFIG',
  'GIT_CONFIG_GLOBAL',
  'GIT_CONFIG_SYSTEM',
  'GIT_WORK_TREE',
  'GIT_INDEX_FILE',
  'GIT_OBJECT_DIRECTORY',
  'GIT_ALTERNATE_OBJECT_DIRECTORIES',
  'GIT_COMMON_DIR',
  'GNUPGHOME',
  'CARGO_HOME',
  'RUSTUP_HOME',
]);

// Whether a program reads `name` as the place of its files (npm reads its `npm_config_*` in either case).
export const isLocationVariable = (name: string): boolean => NAMED.has(name) || /^XDG_\w+$/.test(name) || SUFFIX.test(name);
