// Red team R9-4 / R10 (issue 26): what the user's start-up files load, past the shell's `source X`. The
// workspace is a dotfiles repository; a start-up file of the home (ssh, vim, neovim, tmux, readline, bash's
// other spellings, zsh, direnv) loads a workspace file; the agent wrote that file unasked and the next ssh,
// editor, terminal or shell ran it. One row per kind of the table (home-sources-parse.ts): the named file's
// write asks (C241 under --yes), an unrelated INERT file of the same folder is written (the home loads this
// workspace, so every other file is obeyed: src/permissions/inert-files.ts, test/permissions/whole-tree.test.ts).
import { existsSync, readFileSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createEngine } from '../../src/index.js';
import { homeSourced } from '../../src/permissions/home-sources.js';
import { loadsOf } from '../../src/permissions/home-sources-parse.js';
import { removeDir, tempDir, writeFiles } from '../helpers/fixture.js';

let base: string;
let home: string;
let root: string;

// start-up file (home-relative, or `ws:` for the workspace's) -> its text; the workspace files it loads; an unrelated one.
const ROWS: readonly { kind: string; file: string; text: string; loads: readonly string[]; unrelated: string }[] = [
  { kind: 'ssh Include (glob, recursive) and Match exec', file: '.ssh/config', text: 'Host *\n  ServerAliveInterval 30\nInclude ~/dotfiles/ssh/config.d/*\nMatch exec "~/dotfiles/ssh/check.sh %h"\n  User me\n', loads: ['ssh/config.d/work', 'ssh/config.d/new', 'ssh/more.conf', 'ssh/check.sh'], unrelated: 'ssh/readme.csv' },
  { kind: 'vim source, runtimepath, luafile', file: '.vimrc', text: '" plugins\nsource ~/dotfiles/vim/plugins.vim\nset rtp+=~/dotfiles/vim/rt\nif filereadable(expand("~/x")) | silent! so $HOME/dotfiles/vim/local.vim | endif\nluafile ~/dotfiles/vim/x.lua\n', loads: ['vim/plugins.vim', 'vim/rt/plugin/p.vim', 'vim/local.vim', 'vim/x.lua'], unrelated: 'vim/notes.csv' },
  { kind: 'neovim init.lua dofile, vim.cmd', file: '.config/nvim/init.lua', text: '-- extra\ndofile(os.getenv("HOME") .. "/dotfiles/nvim/extra.lua")\nvim.cmd("source ~/dotfiles/nvim/cmd.vim")\nvim.opt.rtp:append(vim.fn.expand("~/dotfiles/nvim/rt"))\npackage.path = package.path .. ";" .. os.getenv("HOME") .. "/dotfiles/nvim/mods/?.lua"\n', loads: ['nvim/extra.lua', 'nvim/cmd.vim', 'nvim/rt/plugin/a.lua', 'nvim/mods/m.lua'], unrelated: 'nvim/notes.csv' },
  { kind: 'neovim init.vim source', file: '.config/nvim/init.vim', text: 'source ~/dotfiles/nvim/init2.vim\n', loads: ['nvim/init2.vim'], unrelated: 'nvim/other.csv' },
  { kind: 'tmux source-file -q, run-shell', file: '.tmux.conf', text: 'set -g mouse on\nsource-file -q ~/dotfiles/tmux/extra.conf\nbind r source-file ~/dotfiles/tmux/reload.conf\nrun-shell ~/dotfiles/tmux/run.sh\n', loads: ['tmux/extra.conf', 'tmux/reload.conf', 'tmux/run.sh'], unrelated: 'tmux/notes.csv' },
  { kind: 'readline $include', file: '.inputrc', text: 'set editing-mode vi\n$include ~/dotfiles/inputrc.d/keys\n', loads: ['inputrc.d/keys'], unrelated: 'inputrc.d/readme.csv' },
  { kind: 'bash eval/process substitution, BASH_ENV, ENV, PATH, a script run', file: '.bashrc', text: 'eval "$(cat ~/dotfiles/shell/c.sh)"\n. <(cat ~/dotfiles/shell/d.sh)\nsource <(cat "$HOME/dotfiles/shell/e.sh")\nexport BASH_ENV=~/dotfiles/shell/i.sh\nENV=$HOME/dotfiles/shell/env2.sh\nexport PATH="$HOME/dotfiles/tools:$PATH"\n~/dotfiles/shell/motd.sh\npython3 ~/dotfiles/shell/start.py\n', loads: ['shell/c.sh', 'shell/d.sh', 'shell/e.sh', 'shell/i.sh', 'shell/env2.sh', 'tools/new-tool', 'shell/motd.sh', 'shell/start.py'], unrelated: 'shell/other.csv' },
  { kind: 'variables of the environment table (PYTHONSTARTUP, NODE_OPTIONS, LD_PRELOAD, fish PATH), ZSH_CUSTOM', file: '.profile', text: 'export PYTHONSTARTUP=~/dotfiles/py/startup.py\nexport NODE_OPTIONS="--require $HOME/dotfiles/node/r.js"\nLD_PRELOAD=$HOME/dotfiles/lib/x.so\nexport ZSH_CUSTOM=$HOME/dotfiles/omz\n', loads: ['py/startup.py', 'node/r.js', 'lib/x.so', 'omz/plugins/p/p.plugin.zsh'], unrelated: 'py/notes.csv' },
  { kind: 'fish PATH and fish_add_path', file: '.config/fish/conf.d/path.fish', text: 'set -gx PATH $HOME/dotfiles/fbin $PATH\nfish_add_path ~/dotfiles/fbin2\n', loads: ['fbin/x', 'fbin2/y'], unrelated: 'fish-notes.csv' },
  { kind: 'zsh autoload, ZDOTDIR and its default', file: '.zshenv', text: 'export ZDOTDIR=$HOME/.config/zsh\nautoload -U ~/dotfiles/zsh/z3\nDOTZ=~/dotfiles/zsh\n', loads: ['zsh/z3', 'zsh/z1.zsh', 'zsh/z4.zsh'], unrelated: 'zsh/z9.csv' },
  { kind: 'a sourced file spells a path relative to itself', file: '.bash_aliases', text: 'source ~/dotfiles/lib/init.sh\n', loads: ['lib/init.sh', 'lib/rel.sh', 'lib/rel2.sh', 'lib/rel3.sh'], unrelated: 'lib/other.csv' },
  { kind: 'a variable of .zshenv in .zshrc', file: '.zshrc', text: 'source $DOTZ/z4.zsh\n', loads: ['zsh/z4.zsh'], unrelated: 'zsh/z8.csv' },
  { kind: 'direnv .envrc source_env, use flake, dotenv, PATH_add', file: 'ws:.envrc', text: 'source_env scripts/dev-env.sh\nsource_env_if_exists sub\nuse flake\ndotenv config/dev.vars\nPATH_add devbin\n', loads: ['scripts/dev-env.sh', 'sub/.envrc', 'flake.nix', 'flake.lock', 'config/dev.vars', 'devbin/x'], unrelated: 'scripts/other.csv' },
  { kind: 'direnv .envrc below the top (a monorepo package)', file: 'ws:pkgs/a/.envrc', text: 'source_env ../../scripts/pkg-env.sh\nuse flake\n', loads: ['scripts/pkg-env.sh', 'pkgs/a/flake.nix'], unrelated: 'pkgs/a/notes.csv' },
  // Red team round 11, R11-9: spellings no load parser knew; every path a start-up file names counts.
  { kind: 'bash trap, PROMPT_COMMAND, a run-time part, a loop over ls output (named paths)', file: '.bash_login', text: "trap '. ~/dotfiles/shell/tr.sh' EXIT\nPROMPT_COMMAND=\". ~/dotfiles/shell/pc.sh\"\nsource ~/dotfiles/host/$(hostname).sh\nwhile read f; do . \"$f\"; done < <(ls ~/dotfiles/loop/*.sh)\n", loads: ['shell/tr.sh', 'shell/pc.sh', 'host/new.sh', 'loop/new.sh'], unrelated: 'shell/notes.csv' },
  { kind: 'vim exe "source " . expand(...)', file: '.gvimrc', text: 'exe "source " . expand("~/dotfiles/vim/exe.vim")\n', loads: ['vim/exe.vim'], unrelated: 'vim/other.csv' },
  { kind: 'npm script-shell, psql \\i, R source, a systemd user unit (other programs\' start-up files)', file: '.npmrc', text: 'script-shell=~/dotfiles/bin/npmsh\n', loads: ['bin/npmsh', 'sql/init.sql', 'r/init.R', 'svc/run.sh'], unrelated: 'bin/README.csv' },
  // Round 12, R12-9: the dotfiles idioms (a linked start-up file finding its own folder with readlink -f; cd, then
  // a relative name) and other programs' start-up files (emacs load, hg hooks, cargo's rustc-wrapper, a desktop entry).
  { kind: 'cd into the dotfiles then a relative name; a linked start-up file that finds its folder with readlink -f', file: '.mkshrc', text: 'cd ~/dotfiles && . shell/cdrel.sh; cd\n', loads: ['shell/cdrel.sh', 'shell/rl.sh', 'shell/rl2.sh', 'shell/rl3.sh'], unrelated: 'shell/notes2.csv' },
  { kind: 'a project .envrc spells its own folder ($PWD, $(pwd), expand_path, path_add, layout) (R12-16)', file: 'ws:pkgs/b/.envrc', text: 'export PATH=$PWD/tools:$PATH\nexport PYTHONPATH="$(pwd)/py"\nexport BASH_ENV=$(expand_path b.sh)\npath_add PATH more\nlayout python3\n', loads: ['pkgs/b/tools/ls', 'pkgs/b/py/sitecustomize.py', 'pkgs/b/b.sh', 'pkgs/b/more/x', 'pkgs/b/.direnv/python-3.11/bin/python'], unrelated: 'pkgs/b/notes.csv' },
  { kind: 'emacs load, mercurial hooks, cargo rustc-wrapper, a desktop entry', file: '.emacs', text: '(load "~/dotfiles/emacs/x.el")\n', loads: ['emacs/x.el', 'bin/hghook', 'bin/w', 'bin/app'], unrelated: 'emacs/README.csv' },
  { kind: 'direnvrc sources a library', file: '.config/direnv/direnvrc', text: 'source ~/dotfiles/direnv/lib.sh\n', loads: ['direnv/lib.sh'], unrelated: 'direnv/README.csv' },
];

beforeAll(async () => {
  base = await tempDir('cw-home-kinds-');
  home = join(base, 'home');
  root = join(home, 'dotfiles');
  // Each row's start-up file, and what the rows' files load in turn (ssh's Include is recursive; ZDOTDIR's .zshrc spells its default).
  await writeFiles(home, Object.fromEntries(ROWS.map((row) => [row.file.startsWith('ws:') ? `dotfiles/${row.file.slice(3)}` : row.file, row.text])));
  await writeFiles(home, { '.psqlrc': '\\i ~/dotfiles/sql/init.sql\n', '.Rprofile': 'source("~/dotfiles/r/init.R")\n', '.config/systemd/user/x.service': '[Service]\nExecStart=%h/dotfiles/svc/run.sh\n' });
  await writeFiles(home, { 'dotfiles/ssh/config.d/work': 'Include ~/dotfiles/ssh/more.conf\n', '.config/zsh/.zshrc': 'source ${ZDOTDIR:-$HOME}/../../dotfiles/zsh/z1.zsh\n', 'dotfiles/vim/rt/plugin/p.vim': '" p\n' });
  await writeFiles(home, { '.hgrc': '[hooks]\nupdate = ~/dotfiles/bin/hghook\n', '.cargo/config.toml': `[build]\nrustc-wrapper = "${root}/bin/w"\n`, '.local/share/applications/app.desktop': `[Desktop Entry]\nExec=${root}/bin/app %U\n` });
  await writeFiles(root, { kshrc: 'DIR="$(dirname "$(readlink -f "${BASH_SOURCE[0]}")")"\n. "$DIR/shell/rl.sh"\nD2="$(cd "$(dirname "$(readlink "${BASH_SOURCE[0]}")")" && pwd)"\n. "$D2/shell/rl2.sh"\ncd "$(dirname "$(readlink -f ~/.kshrc)")" && . ./shell/rl3.sh\n' });
  symlinkSync(join(root, 'kshrc'), join(home, '.kshrc'));
  await writeFiles(root, { 'lib/init.sh': 'source "$(dirname "${BASH_SOURCE[0]}")/rel.sh"\n. "${BASH_SOURCE%/*}/rel2.sh"\nHERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"\n. "$HERE/rel3.sh"\n' });
});
afterAll(async () => removeDir(base));

describe('the table of start-up file kinds', () => {
  it('each kind\'s parser names what it loads; comments and unknown variables are not followed', () => {
    const vars = (): Map<string, string> => new Map([['HOME', '/h']]);
    expect(loadsOf('ssh', '# Include /no\nInclude=a/b "/h/c d"\nProxyCommand sh ~/p.sh %h\n', vars()).map((l) => l.path)).toEqual(['a/b', '/h/c d', '/h/p.sh']);
    expect(loadsOf('vim', '" source /no\n:so ~/a.vim\nexecute "source" x\n', vars()).map((l) => l.path)).toEqual(['/h/a.vim']);
    expect(loadsOf('lua', '-- dofile("/no")\ndofile(vim.env.UNKNOWN .. "/x")\nloadfile "/h/l.lua"\n', vars()).map((l) => l.path)).toEqual(['/h/l.lua']);
    expect(loadsOf('tmux', '# source-file /no\nif-shell "true" "source-file ~/t.conf"\n', vars()).map((l) => l.path)).toEqual(['/h/t.conf']);
    expect(loadsOf('shell', 'echo ". /no"\nsource $UNKNOWN/x\nbash ~/b.sh arg\n', vars()).map((l) => l.path)).toEqual(['/h/b.sh']);
    expect(loadsOf('ssh', 'include=~/i1\n  INCLUDE ~/i2 ~/i3\n', vars()).map((l) => l.path)).toEqual(['/h/i1', '/h/i2', '/h/i3']);
    expect(loadsOf('lua', 'dofile "/h/a.lua"\nvim.cmd [[source ~/b.vim]]\n', vars()).map((l) => l.path)).toEqual(['/h/a.lua', '/h/b.vim']);
    expect(loadsOf('shell', '{ . ~/g.sh; }\nf() { source ~/f.sh; }\nenv X=1 ~/e.sh\neval "source ~/ev.sh"\n', vars()).map((l) => l.path)).toEqual(['/h/g.sh', '/h/f.sh', '/h/e.sh', '/h/ev.sh']);
    expect(loadsOf('direnv', 'use flake ./nix#dev\nuse nix\n', vars()).map((l) => l.path)).toEqual(['./nix/flake.nix', './nix/flake.lock', 'shell.nix', 'default.nix']);
  });

  it('homeSourced finds every row\'s files, named by the start-up file that loads them', () => {
    const links = homeSourced(home, [root], ['pkgs/a/.envrc', 'pkgs/b/.envrc']).links;
    for (const row of ROWS) {
      for (const rel of row.loads.filter((path) => !/new|x$|a\.lua$|new-tool$/.test(path))) expect(links.find((link) => link.rel === rel || rel.startsWith(`${link.rel}/`)), `${row.kind}: ${rel}`).toBeDefined();
    }
    expect(links.find((link) => link.rel === 'ssh/check.sh')?.sourced).toBe('~/.ssh/config');
    expect(links.find((link) => link.rel === 'flake.nix')?.sourced).toBe('.envrc');
  });
});

describe('a file a start-up file loads asks before it is written (--yes); an unrelated one is written', () => {
  for (const row of ROWS) {
    it(row.kind, async () => {
      vi.stubEnv('HOME', home);
      const engine = await createEngine({ workspace: root, env: { HOME: home }, permissions: { home, yes: true } });
      try {
        for (const file of row.loads) {
          const result = await engine.run({ cmd: 'write', args: { file, content: 'touch /tmp/pwn\n' } });
          expect(result, `${row.kind}: ${file}`).toMatchObject({ ok: false, error: { code: 'C241' } });
        }
        // Nothing written: the files that were there keep their bytes, the others are still missing.
        for (const file of row.loads) expect(existsSync(join(root, file)) ? readFileSync(join(root, file), 'utf8') : 'missing', file).not.toContain('pwn');
        expect(await engine.run({ cmd: 'write', args: { file: row.unrelated, content: 'ordinary\n' } }), row.unrelated).toMatchObject({ ok: true });
      } finally {
        await engine.close();
        vi.unstubAllEnvs();
      }
    });
  }
});
