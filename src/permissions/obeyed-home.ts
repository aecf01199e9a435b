// The user's home files that a program later runs or obeys (a login shell, the desktop session, systemd,
// git, ssh, an editor, a REPL): the one list, used by the write gate (obeyed.ts, when the workspace is the
// home folder or holds it, red team H-C: `codeward -C ~ --yes write --file .bashrc` wrote unasked) and by
// the sandbox (sandbox/lists.ts binds them read-only when the home folder is writable). Paths relative to
// the home folder; a folder protects everything beneath it. Only there: a project's own `bin/` or
// `.profile` is not a home file. Beyond the list, every other dot-path of the home folder is obeyed too
// unless it is known data (HOME_DATA below).

// Folders: everything a shell, the session or a tool loads from them.
export const HOME_PROTECTED: readonly string[] = [
  '.codeward', '.chatcli', '.config/fish', '.config/git', '.oh-my-zsh', '.ssh', '.gnupg', '.local/bin', 'bin',
  '.config/autostart', '.config/systemd', '.config/environment.d', '.config/pip', '.pip', '.gradle/init.d', '.ipython',
  '.local/share/applications', '.config/nvim', '.vim', '.emacs.d', '.config/emacs', '.config/direnv',
  // Folders on the user's PATH (a later plain command runs what is there).
  '.cargo/bin', 'go/bin', '.deno/bin', '.bun/bin', '.volta/bin', '.npm-global/bin', '.pyenv/shims', '.rbenv/shims', '.sdkman/bin',
];

// Files: shell and session start-up, git and ssh settings, REPL and editor start-up, package-manager configs
// that name programs or run scripts.
export const HOME_PROTECTED_FILES: readonly string[] = [
  '.bashrc', '.bash_profile', '.bash_login', '.bash_logout', '.bash_aliases', '.profile', '.zshrc', '.zshenv', '.zprofile', '.zlogin',
  '.zlogout', '.kshrc', '.mkshrc', '.inputrc', '.gitconfig', '.gitmodules', '.envrc', '.pam_environment',
  '.cargo/config.toml', '.cargo/config', '.cargo/env', '.m2/settings.xml', '.gradle/gradle.properties', '.pythonrc', '.pythonrc.py',
  '.vimrc', '.exrc', '.gvimrc', '.emacs', '.xsessionrc', '.xprofile', '.xinitrc', '.xsession', '.tmux.conf', '.config/tmux/tmux.conf',
  '.npmrc', '.yarnrc', '.yarnrc.yml', '.hgrc', '.config/hg/hgrc', '.direnvrc', '.psqlrc', '.gdbinit', '.lldbinit', '.irbrc', '.pryrc',
  '.Rprofile', '.Renviron', '.ghci', '.octaverc', '.nvm/nvm.sh', '.config/nix/nix.conf', '.mailcap',
];

// Known data of a home folder (red team H5: the list above cannot name every program's settings, so in a
// home workspace the rule is the other way round). Every dot-path of the home folder (and what `.config`,
// `.local/bin`, `.local/share` hold) is something a program obeys unless it is here: content the programs
// that write it check on read or never run (npm's content-addressed cache, whose every entry is verified
// by its sha512; logs; histories, which shells and REPLs show but do not run; the trash; thumbnails).
// Not data: `~/.cache` as a whole (go's build cache is linked into programs, pre-commit, poetry and
// corepack run what they keep there), package-manager stores (built and run later), editor state.
export const HOME_DATA: readonly string[] = [
  '.npm/_cacache', '.npm/_logs', '.cache/thumbnails', '.cache/fontconfig', '.thumbnails', '.local/share/Trash',
  '.local/share/recently-used.xbel', '.bash_history', '.zsh_history', '.python_history', '.node_repl_history', '.psql_history',
  '.mysql_history', '.sqlite_history', '.lesshst', '.wget-hsts', '.local/share/fish/fish_history',
];

// Folders whose entries are each one program's own (`~/.config/starship.toml`, `~/.local/share/nvim`):
// the entry a message names is one level below them.
export const PROGRAM_FOLDERS: readonly string[] = ['.config', '.local/share', '.local/state', '.local/bin', '.local/lib'];

const lower = (paths: readonly string[]) => paths.map((path) => path.toLowerCase());
const LISTED = [...HOME_PROTECTED, ...HOME_PROTECTED_FILES];
const LISTED_LOWER = lower(LISTED);
const DATA_LOWER = lower(HOME_DATA);
const under = (path: string, folder: string) => path === folder || path.startsWith(`${folder}/`);

// Whether `entry` (as homeObeyed returns it) is one of the named start-up files and folders.
export function isHomeListed(entry: string): boolean {
  return LISTED.includes(entry);
}

// The home entry `rel` (relative to the home folder, `/` separated, normalised) falls under, or undefined:
// a listed entry, else the dot-entry (one level below a PROGRAM_FOLDERS folder) of anything not known data.
export function homeObeyed(rel: string): string | undefined {
  const path = rel.toLowerCase();
  const at = LISTED_LOWER.findIndex((entry) => under(path, entry));
  if (at >= 0) return LISTED[at];
  const names = rel.split('/');
  if (!names[0]!.startsWith('.') || names[0] === '.' || names[0] === '..' || DATA_LOWER.some((entry) => under(path, entry))) return undefined;
  const folder = PROGRAM_FOLDERS.find((entry) => path.startsWith(`${entry}/`));
  return folder ? names.slice(0, folder.split('/').length + 1).join('/') : names.slice(0, names[0] === '.local' ? 2 : 1).join('/');
}
