// Red team round 24, R24-12 FRICTION, the class (src/permissions/home-sources-computed.ts): the whole work tree is
// obeyed because of a home start-up file only when one of its lines COMPUTES what it loads from the workspace (a
// load — `.`/source/eval/exec, a shell or interpreter, a program's load call or load path, a computed command word,
// an alias or function body that does one of these — whose argument is only known at run time, and which names the
// workspace, directly or through variables). A line that merely names the project (cd, CDPATH, an export nothing
// loads from, tmux's `-c`, VS Code's repositories) obeys nothing of it; a named file is obeyed itself. The `free`
// rows fail on the old code (every one asked, C241); the `asks` rows are the computed loads R12-9b's rule was
// for, which must keep asking (they held on the old code too).
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { removeDir, tempDir } from '../helpers/fixture.js';
import { homeWritten } from './home-write.js';

let base: string;
beforeAll(async () => {
  base = await tempDir('r24-computed-');
});
afterAll(async () => {
  await removeDir(base);
});

const RC: Record<string, string> = { bash: '.bashrc', zsh: '.zshrc', fish: '.config/fish/config.fish', tmux: '.tmux.conf', vim: '.vimrc', nvim: '.config/nvim/init.lua', code: '.config/Code/User/settings.json', ssh: '.ssh/config' };
const WORKSPACE = { 'tools/t': '#!/bin/sh\n', 'env.sh': 'X=1\n', 'rc.d/a.sh': 'Y=1\n' };

// The answer to writing `file` under --yes with the workspace at ~/proj and the start-up file of `kind` holding `text`.
const written = (kind: string, text: string, file = 'src/a.ts'): Promise<string> =>
  homeWritten(base, { files: { [RC[kind]!]: `${text}\n` } }, file, 'export const a = 2;\n', { inHome: true, workspace: WORKSPACE });

describe('R24-12: a start-up file line that names the project without loading from it leaves the tree free', () => {
  test.each([
    ['bash', "alias p='cd ~/proj'"],
    ['bash', 'work() { cd ~/proj && git status; }'],
    ['bash', 'work() {\n  cd ~/proj || return\n  git pull --rebase\n}'],
    ['bash', 'cdp() { cd ~/proj/"$1"; }'],
    ['bash', 'export CDPATH=.:~/proj'],
    ['bash', 'export PROJ=~/proj'],
    ['bash', 'export PROJ="$HOME/proj"\nalias p="cd $PROJ"'],
    ['bash', "alias s='cd ~/proj/src && ls'"],
    // A cd into the project inside a function holds to the function's end: the shell's own computed loads after it are free.
    ['bash', 'work() {\n  cd ~/proj || return\n  git status\n}\neval "$(dircolors -b)"\nsource <(kubectl completion bash 2>/dev/null)'],
    ['bash', 'export NVM_DIR="$HOME/.nvm"\n[ -s "$NVM_DIR/nvm.sh" ] && \\. "$NVM_DIR/nvm.sh"\nalias p="cd ~/proj"'],
    ['fish', 'function work\n  cd ~/proj\n  git status\nend\nsource (starship init fish | psub)'],
    ['zsh', 'hash -d p=~/proj'],
    ['zsh', "alias p='cd ~/proj'\nexport PROJ=$HOME/proj"],
    ['fish', "alias p 'cd ~/proj'"],
    ['fish', 'set -gx PROJ ~/proj\nabbr -a p cd ~/proj'],
    ['tmux', 'new-session -s p -c ~/proj'],
    ['tmux', 'bind P new-window -c ~/proj'],
    ['vim', 'cd ~/proj'],
    ['vim', "let g:proj = '~/proj'"],
    ['nvim', 'vim.cmd("cd ~/proj")'],
    ['code', '{"git.scanRepositories": ["~/proj"]}'],
    ['code', '{"terminal.integrated.cwd": "~/proj", "git.defaultCloneDirectory": "~/proj"}'],
  ])('%s: %j -> src/a.ts free under --yes', async (kind, text) => {
    expect(await written(kind, text)).toBe('ok');
  }, 60_000);
});

describe('R24-12: an alias or function that runs a named workspace file obeys that file', () => {
  test.each([
    ['bash', "alias t='~/proj/tools/t'", 'tools/t'],
    ['bash', 'work() { . ~/proj/env.sh; }', 'env.sh'],
    ['fish', "alias t '~/proj/tools/t'", 'tools/t'],
    ['zsh', 'alias -g T=~/proj/tools/t', 'tools/t'],
  ])('%s: %j -> %s asks (C241)', async (kind, text, file) => {
    expect(await written(kind, text, file)).toBe('C241');
  }, 60_000);

  test('bash: `alias t=\'~/proj/tools/t\'` leaves src/a.ts free', async () => {
    expect(await written('bash', "alias t='~/proj/tools/t'")).toBe('ok');
  }, 60_000);
});

describe('R12-9b kept: a line that computes what it loads from the workspace obeys the whole tree', () => {
  test.each([
    ['bash', '. "$(find ~/proj -name x.sh)"'],
    ['bash', 'source $(ls ~/proj/*.sh)'],
    ['bash', 'for f in ~/proj/rc.d/*; do . "$f"; done'],
    ['bash', 'for f in ~/proj/rc.d/*\ndo\n  . "$f"\ndone'],
    ['bash', 'P=~/proj\n. "$(find $P -name x.sh)"'],
    ['bash', 'export PROJ=~/proj\nD=$PROJ/rc.d\nfor f in $(ls $D); do source "$D/$f"; done'],
    ['bash', 'eval "$(cat ~/proj/rc.d/*.sh)"'],
    ['bash', `alias w='. "$(find ~/proj -name env.sh)"'`],
    ['bash', 'work() { source "$(ls ~/proj/rc.d/*.sh | head -1)"; }'],
    ['bash', 'while read -r f; do . "$f"; done < <(find ~/proj -name "*.sh")'],
    ['bash', 'while read -r f; do\n  . "$f"\ndone < <(find ~/proj -name "*.sh")'],
    ['bash', 'mapfile -t F < <(ls ~/proj/rc.d/*.sh)\nfor f in "${F[@]}"; do . "$f"; done'],
    ['bash', '. ~/proj/$(hostname).sh'],
    ['bash', 'bash "$(find ~/proj -name run.sh)"'],
    ['bash', '$(find ~/proj -name tool) --init'],
    ['bash', 'T=$(find ~/proj -name tool)\n"$T" --init'],
    ['bash', 'eval "$(find ~ -name env.sh -path "*proj*" -exec cat {} +)"'],
    ['zsh', 'for f in ~/proj/rc.d/*.sh; do source $f; done'],
    ['zsh', 'fpath=(~/proj/rc.d $fpath)\nautoload -Uz ${fpath[1]}/*(:t)'],
    ['fish', 'source (find ~/proj -name x.fish | head -1)'],
    ['fish', 'for f in ~/proj/rc.d/*.fish; source $f; end'],
    ['fish', 'set -gx P ~/proj\nsource (ls $P/*.fish)'],
    ['tmux', 'run-shell "$(find ~/proj -name x.sh)"'],
    ['tmux', 'source-file ~/proj/rc.d/*.conf'],
    ['vim', "for f in glob('~/proj/rc.d/*.vim', 0, 1) | exe 'source' f | endfor"],
    ['vim', "exe 'source ' . expand('~/proj') . '/rc.d/' . hostname() . '.vim'"],
    ['vim', "let &rtp .= ',' . expand('~/proj')"],
    ['nvim', 'for _, f in ipairs(vim.fn.glob("~/proj/rc.d/*.lua", 0, 1)) do dofile(f) end'],
    ['code', '{"terminal.integrated.profiles.linux": {"p": {"path": "bash", "args": ["-c", "source $(find ~/proj -name x.sh); exec bash"]}}}'],
    ['ssh', 'Match exec "sh $(ls ~/proj/rc.d/*.sh)"'],
    // A load after a cd into the project, in the cd's block: its relative name is the project's.
    ['bash', 'work() {\n  cd ~/proj || return\n  source "$(ls rc.d/*.sh | head -1)"\n}'],
    ['fish', 'function work\n  cd ~/proj\n  for f in rc.d/*.fish\n    source $f\n  end\nend'],
    ['vim', "function! Work()\n  cd ~/proj\n  exe 'source' glob('rc.d/*.vim')\nendfunction"],
    // A folder given to a plug-in manager or a load path: the manager computes which of its files run.
    ['zsh', 'zinit load ~/proj'],
    ['zsh', 'zmodule ~/proj'],
    ['zsh', 'antigen bundle ~/proj/rc.d --no-local-clone'],
    ['vim', "Plug '~/proj'"],
    ['nvim', 'require("lazy").setup({ { dir = "~/proj" } })'],
    ['bash', 'P=~/proj\nzplug "$P", from:local'],
    // A variable set some other way than NAME=value, from a line naming the project (friction27's left).
    ['bash', `printf -v F '%s/rc.d/a.sh' ~/proj\n. "$F"`],
    ['bash', 'eval "F=~/proj/rc.d/a.sh"\n. "$F"'],
    ['bash', ': "${F:=~/proj/rc.d/a.sh}"\n. "$F"'],
    ['bash', 'P=~/proj/rc.d/a.sh\ndeclare -n F=P\n. "$F"'],
  ])('%s: %j -> src/a.ts asks (C241)', async (kind, text) => {
    expect(await written(kind, text)).toBe('C241');
  }, 60_000);
});
