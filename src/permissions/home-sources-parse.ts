import { dotenvAsShell } from './home-sources-dotenv.js';
import { shellLoads } from './home-sources-shell.js';
import { miseLoads } from './home-sources-mise.js';
import { cargoLoads } from './cargo-config-obeyed.js';
import { pkgConfigLoads } from './pkg-config-obeyed.js';
import { golangciLoads } from './golangci-obeyed.js';
import { pixiLoads } from './pixi-obeyed.js';
import { luaLoads, readlineLoads, sshLoads, tmuxLoads, vimLoads } from './home-sources-lines.js';
import type { Loaded, LoaderKind } from './home-sources-expand.js';

// The one table of start-up file kinds and how each names the files it loads (red team R9-4, R10; walked by
// home-sources.ts): where the kind's start-up files are (relative to the home folder; `folders`: every file
// in them; the project files of direnv and mise: home-sources.ts projectItems), what relative names in them are relative to (`home`: the
// folder a login starts in; `file`: the loading file's folder; `.ssh`: ssh resolves a user config's Include
// below ~/.ssh) and the parser (pure: text and the variables known so far -> what it loads, each with its
// own kind, read in turn). A program's git configuration is obeyed-git.ts's.
export interface LoaderRow {
  readonly startup: readonly string[];
  readonly folders?: readonly string[];
  readonly base: readonly ('home' | 'file' | '.ssh')[];
  // `file`: the file read (what `$(dirname "${BASH_SOURCE[0]}")` spells).
  readonly loads: (text: string, vars: Map<string, string>, file: string) => Loaded[];
}

export const LOADERS: Readonly<Record<LoaderKind, LoaderRow>> = {
  // bash, zsh, sh, ksh, fish: `source`, `.`, `eval "$(cat X)"`, `BASH_ENV=X` ... (home-sources-shell.ts).
  shell: {
    // In the order the shells read them (an assignment of one is known in the next: `.zshenv`'s DOTFILES in `.zshrc`).
    startup: ['.zshenv', '.profile', '.bash_profile', '.bash_login', '.zprofile', '.bashrc', '.bash_aliases', '.zshrc', '.zlogin', '.bash_logout', '.zlogout', '.kshrc', '.mkshrc', '.config/fish/config.fish',
      // zsh's start-up files where the common ZDOTDIR (set in /etc/zsh/zshenv) puts them.
      '.config/zsh/.zshenv', '.config/zsh/.zprofile', '.config/zsh/.zshrc', '.config/zsh/.zlogin', '.config/zsh/.zlogout'],
    folders: ['.config/fish/conf.d'],
    base: ['home'],
    loads: (text, vars, file) => shellLoads(text, vars, file),
  },
  // direnv: the workspace's `.envrc` (bash with direnv's stdlib: `source_env`, `dotenv`, `use flake`) and the
  // user's direnvrc and lib folder, which every `.envrc` runs first.
  direnv: {
    startup: ['.direnvrc', '.config/direnv/direnvrc'],
    folders: ['.config/direnv/lib'],
    base: ['file'],
    loads: (text, vars, file) => shellLoads(text, vars, file, true),
  },
  // A dotenv file a `.envrc` (`dotenv`) or mise (`_.file`) loads: KEY=VALUE lines, judged as the assignments they are.
  dotenv: { startup: [], base: ['file'], loads: (text, vars, file) => shellLoads(dotenvAsShell(text), vars, file, true) },
  // mise: a project's config (and asdf's `.tool-versions`) sets variables on `cd` like direnv; what its [env] values
  // name (home-sources-mise.ts). Its files, at every depth and above the workspace: mise-files.ts.
  mise: { startup: [], base: ['file'], loads: miseLoads },
  // cargo and rustup: a project's `.cargo/config*` and `rust-toolchain(.toml)` name programs the person's next
  // plain cargo runs (cargo-config-obeyed.ts; its paths are absolute). Found like mise's files: home-sources.ts.
  cargo: { startup: [], base: ['file'], loads: cargoLoads },
  // npm, pnpm, yarn and bun: a project's `.npmrc`, `.yarnrc(.yml)`, `pnpm-workspace.yaml`, `bunfig.toml` name programs
  // and modules the person's next plain `npm test` / `yarn` / `bun run` runs (pkg-config-obeyed.ts). Found like cargo's.
  pkgconf: { startup: [], base: ['file'], loads: pkgConfigLoads },
  // golangci-lint: a project's `.golangci.*` and `.custom-gcl.yml` name the Go plug-ins the person's next plain
  // `golangci-lint run` loads (golangci-obeyed.ts). Found like cargo's.
  golangci: { startup: [], base: ['file'], loads: golangciLoads },
  // pixi: a manifest's `[activation]` scripts and env, sourced and set by every `pixi run` / `pixi shell`
  // (pixi-obeyed.ts). Found like cargo's.
  pixi: { startup: [], base: ['file'], loads: pixiLoads },
  // ssh: `Include` (globs, recursive), and the scripts Match exec / ProxyCommand / LocalCommand run.
  ssh: { startup: ['.ssh/config'], base: ['.ssh'], loads: sshLoads },
  // vim and neovim's vimscript: `source`, `luafile`, `lua ...`, runtimepath folders.
  vim: { startup: ['.vimrc', '.vim/vimrc', '.gvimrc', '.exrc', '.config/nvim/init.vim'], base: ['home'], loads: vimLoads },
  // neovim's init.lua: `dofile`, `loadfile`, `vim.cmd`, runtimepath appends.
  lua: { startup: ['.config/nvim/init.lua'], base: ['home'], loads: luaLoads },
  // tmux: `source-file` (relative to the server's folder or, in recent tmux, the loading file's), `run-shell`, `if-shell`.
  tmux: { startup: ['.tmux.conf', '.config/tmux/tmux.conf'], base: ['home', 'file'], loads: tmuxLoads },
  // readline (no code, only key bindings and settings): `$include`.
  readline: { startup: ['.inputrc'], base: ['home', 'file'], loads: readlineLoads },
  // Other programs' start-up files: no load statement is parsed, every path they name counts (home-sources-named.ts:
  // npm's script-shell/init-module, R/psql/gdb/lldb/irb/pry/python/ipython start-up code, systemd user units' ExecStart).
  names: {
    startup: ['.npmrc', '.yarnrc', '.yarnrc.yml', '.Rprofile', '.psqlrc', '.gdbinit', '.lldbinit', '.irbrc', '.pryrc', '.pythonrc', '.pythonrc.py', '.sqliterc', '.screenrc', '.xinitrc', '.xprofile', '.ipython/profile_default/ipython_config.py', '.config/gdb/gdbinit',
      // Round 12 (R12-9): emacs's init files (`(load "~/dotfiles/x.el")`), mercurial's hooks, cargo's
      // rustc-wrapper and build scripts, docker's CLI plug-in folders, the editors' user settings (a terminal profile's path).
      '.emacs', '.emacs.el', '.emacs.d/init.el', '.emacs.d/early-init.el', '.config/emacs/init.el', '.config/emacs/early-init.el', '.hgrc', '.config/hg/hgrc',
      '.cargo/config.toml', '.cargo/config', '.docker/config.json', '.config/Code/User/settings.json', '.config/VSCodium/User/settings.json', '.config/Cursor/User/settings.json',
      // Red team R26-3: nushell's and PowerShell's start-up files, for their autoload paths (NU_LIB_DIRS, PSModulePath:
      // home-sources-computed.ts FOLDER_LOADS).
      '.config/nushell/config.nu', '.config/nushell/env.nu', '.config/powershell/Microsoft.PowerShell_profile.ps1', '.config/powershell/profile.ps1'],
    // The session's environment (environment.d's PATH), desktop entries' Exec= lines, autostart, systemd user units.
    folders: ['.config/systemd/user', '.ipython/profile_default/startup', '.config/autostart', '.config/environment.d', '.local/share/applications'],
    base: ['home'],
    loads: () => [],
  },
};

// What one start-up text of `kind` loads.
export function loadsOf(kind: LoaderKind, text: string, vars: Map<string, string>, file = '/dev/null'): Loaded[] {
  return LOADERS[kind].loads(text, vars, file);
}

// What a shell start-up text sources, as paths (the shell row's parser, paths only).
export function sourcedWords(text: string, vars: Map<string, string>): string[] {
  return loadsOf('shell', text, vars).map((loaded) => loaded.path);
}

// Every start-up file of the table (relative to the home folder): the home files whose own text runs.
export const HOME_STARTUP: ReadonlySet<string> = new Set(Object.values(LOADERS).flatMap((row) => row.startup));
