// The user's home files that a program later runs or obeys (a login shell, the desktop session, systemd,
// git, ssh, an editor, a REPL): the one list, used by the write gate (obeyed.ts, when the workspace is the
// home folder or holds it, red team H-C: `codeward -C ~ --yes write --file .bashrc` wrote unasked) and by
// the sandbox (sandbox/lists.ts binds them read-only when the home folder is writable). Paths relative to
// the home folder; a folder protects everything beneath it. Only there: a project's own `bin/` or
// `.profile` is not a home file.

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

const LOWER = [...HOME_PROTECTED, ...HOME_PROTECTED_FILES].map((path) => path.toLowerCase());

// The home entry `rel` (relative to the home folder, `/` separated, normalised) falls under, or undefined.
export function homeObeyed(rel: string): string | undefined {
  const lower = rel.toLowerCase();
  const at = LOWER.findIndex((path) => lower === path || lower.startsWith(`${path}/`));
  return at < 0 ? undefined : [...HOME_PROTECTED, ...HOME_PROTECTED_FILES][at];
}
