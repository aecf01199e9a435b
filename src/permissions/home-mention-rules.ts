// Which home files the generic mention rule (home-mentions.ts, red team R22b-7) does not search: RECORDS, not
// configuration. A program writes them about what the person did (histories, recent-file lists, editor state,
// caches, sessions, backups, logs, databases), and reads them back as data: a shell history or VS Code's
// workspaceStorage naming src/a.ts does not make anything run src/a.ts, and counting them would make the very
// files the person edits ask (FRICTION). And content an installer downloaded (package stores, toolchains,
// plug-in checkouts): written from a download, never by the person, it names no workspace of theirs; skipped
// for cost (a realistic home's ~100 k files there; rg and the kept stamps would pay for each on every call).
// One list for the walk (home-mention-walk.ts) and ripgrep's globs (home-mention-search.ts), so both see the same
// files. Skipping is the lenient direction only for files the person writes: none of these is a configuration.

// Names (any depth, files and folders, case-insensitive globs): records by what they are called.
export const RECORD_NAMES: readonly string[] = [
  '*histor*', '*recent*', '*cache*', '*backup*', '*storage*', '*trash*', '*crash*', '*thumbnail*', '*undo*', '*swap*',
  '*.xbel', '*.log', 'log', 'logs', 'sessions', 'current session', 'last session', 'current tabs', 'last tabs',
  '*.shada', 'shada', '*viminfo*', '.lesshst', '.wget-hsts', 'zoxide', 'autojump', '.z', '.fasd', '.fasd-init-*',
  // Databases (sqlite, LevelDB), lock files: programs' records, binary besides.
  // JSON Lines and temporary folders: transcripts of agent sessions (~/.claude/projects/*/*.jsonl), event logs.
  '*.jsonl', 'tmp', 'temp',
  '*.sqlite', '*.sqlite3', '*.db', '*.db-journal', '*.db-wal', '*.db-shm', '*.ldb', 'LOCK', 'LOG.old', 'MANIFEST-*', '*.lock', '*.pid',
  // Installed content anywhere: a package's files, compiled Python, git's object store of a plug-in checkout.
  'node_modules', 'site-packages', 'dist-packages', '__pycache__', '.git',
];

// Home-relative folders: the XDG state and cache folders (records by their place), and the package stores,
// toolchains and plug-in checkouts of the common installers.
export const RECORD_PATHS: readonly string[] = [
  '.cache', '.local/state', '.cargo/registry', '.cargo/git', '.rustup/toolchains', '.rustup/downloads', '.rustup/tmp', '.rustup/update-hashes',
  '.npm', '.m2/repository', '.gradle/caches', '.gradle/wrapper', '.gradle/daemon', '.gradle/native', '.nvm/versions', '.pyenv/versions',
  '.rbenv/versions', '.sdkman/candidates', '.local/share/nvim/lazy', '.local/share/nvim/site', '.local/share/nvim/mason', '.vscode/extensions',
  '.vscode-server', '.cursor/extensions', '.local/share/Steam', '.local/share/flatpak', '.local/share/containers', '.var', '.local/lib', '.local/share/pnpm',
  // Version managers' own checkouts, plug-ins and generated shims (pyenv alone ships ~1,500 build definitions).
  '.pyenv/plugins', '.pyenv/shims', '.pyenv/libexec', '.pyenv/test', '.pyenv/src', '.pyenv/completions', '.pyenv/man', '.pyenv/.github',
  '.rbenv/plugins', '.rbenv/shims', '.rbenv/libexec', '.nodenv/versions', '.nodenv/plugins', '.nodenv/shims', '.goenv/versions', '.goenv/plugins',
  '.asdf/installs', '.asdf/plugins', '.asdf/shims', '.asdf/downloads', '.nvm/test', '.sdkman/tmp', '.sdkman/archives',
  '.oh-my-zsh/plugins', '.oh-my-zsh/themes', '.oh-my-zsh/lib', '.oh-my-zsh/tools', '.oh-my-zsh/cache',
  // Other installers' stores (red team R24-15: ~/.opam's 210,000 files made every call fail closed).
  '.conda/pkgs', '.nuget/packages', '.opam/default', '.opam/download-cache', '.opam/repo', '.julia/packages', '.julia/artifacts',
  '.julia/compiled', '.julia/registries', '.stack/programs', '.stack/snapshots', '.stack/indices', '.ghcup/ghc', '.ghcup/cache', '.ghcup/tmp',
  '.platformio/packages', '.platformio/platforms', '.espressif/tools', '.espressif/dist', '.arduino15/packages', '.arduino15/staging',
  '.gem/ruby', '.gem/specs', '.local/share/uv', '.local/share/virtualenvs', '.cursor-server', '.windsurf-server', '.vscode-insiders/extensions',
  '.vscode-oss/extensions', '.dotnet/tools/.store', '.bun/install', '.deno', '.local/share/fnm', '.volta/tools',
  // Browser profiles: the browser's own records (extensions' bundles, history, sessions), not configuration.
  '.config/google-chrome', '.config/chromium', '.config/BraveSoftware', '.config/microsoft-edge', '.mozilla',
];

// Whether the entry `name` at the home-relative path `rel` (undefined: outside the home, a link's target) is skipped.
// A configuration's name is never a record's, whatever a record word it holds (red team R24-14: ccache.conf,
// containers' storage.conf): home-mention-walk.ts also reads those at the top of a folder skipped by its name.
export function isRecord(name: string, rel: string | undefined, isName: (name: string) => boolean): boolean {
  return (isName(name) && !isConfigName(name)) || (rel !== undefined && RECORD_PATHS.includes(rel));
}

// A file named like a configuration: `*.conf`, `*.toml`, `*rc` ... (a record is named by what it holds, not so;
// JSON is both: VS Code's globalStorage/storage.json is a record).
const CONFIG_NAME = /(?:\.(?:conf|cfg|cnf|ini|toml|ya?ml|rc|config|properties|env|sh|bash|zsh|fish|py|rb|pl|lua|vim|el|js|mjs|cjs|ts)|rc|^config|^settings)$/i;
export const isConfigName = (name: string): boolean => CONFIG_NAME.test(name);

// The name test: one expression for the globs (only `*` in them).
// A constant (no `g` flag: no state between tests).
const RECORD_RE = new RegExp(`^(?:${RECORD_NAMES.map((glob) => glob.split('*').map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&')).join('.*')).join('|')})$`, 'is');
export const recordNameTest = (): ((name: string) => boolean) => (name) => RECORD_RE.test(name);

// The same as ripgrep's exclusions (its globs: a name without `/` at any depth, a path with one from its folder).
export function recordGlobs(more: readonly string[]): string[] {
  return [...RECORD_NAMES.flatMap((name) => ['--iglob', `!${name}`]), ...[...RECORD_PATHS, ...more].flatMap((path) => ['--glob', `!/${path}`])];
}
