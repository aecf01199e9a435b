// Red team round 26's home rows as classes (home28): R26-1 a glob of any shape in a `for` list after a cd into the
// workspace, R26-2 quote removal of every spelling, R26-3 the shells' autoload paths, R26-4 a loader function's calls,
// R26-9 a PATH folder obeys its programs and what they load, not the whole tree. Workspace at ~/proj; a write under
// --yes of the file the next shell loads (C241: a person decides), or of an ordinary source file (`ok`).
import { rcTable } from './home-rc-rows.js';

const rows = rcTable('home28-', { 'rc.d/a.sh': 'Y=1\n', 'bin/t': '#!/bin/sh\n. "$(dirname "$0")/../lib/common.sh"\n', 'lib/common.sh': 'Z=1\n' });

rows('a start-up file loads what the next shell runs: asks (C241)', 'C241', [
  // R26-1: globs without a slash, of any shape.
  ['bash', 'cd ~/proj/rc.d && for f in a?.sh; do . ./$f; done', 'rc.d/ab.sh'],
  ['bash', 'cd ~/proj/rc.d\nfor f in [ab].sh; do source "$f"; done', 'rc.d/b.sh'],
  ['fish', 'cd ~/proj/rc.d\nfor f in *.fish\n  source $f\nend', 'rc.d/b.fish'],
  // R26-2: quote removal.
  ['bash', ". ~/$'proj'/x.sh", 'x.sh'],
  ['bash', ". ~/$'\\x70roj'/x.sh", 'x.sh'],
  ['bash', '. "$HOME"/proj/x.sh', 'x.sh'],
  ['bash', ". ~/'pr'\"oj\"/x.sh", 'x.sh'],
  ['bash', '. ~/pr\\oj/x.sh', 'x.sh'],
  // R26-3: the shells' autoload paths.
  ['fish', 'set -U fish_function_path ~/proj/fish', 'fish/f.fish'],
  ['fish', 'set -a fish_complete_path ~/proj/fish', 'fish/f.fish'],
  ['zsh', 'module_path+=(~/proj/zmod)', 'zmod/m.so'],
  ['bash', 'export BASH_LOADABLES_PATH=~/proj/lib', 'lib/b.so'],
  ['bash', 'export BASH_COMPLETION_USER_DIR=~/proj/comp', 'comp/completions/x'],
  ['nu', '$env.NU_LIB_DIRS = [~/proj/nu]', 'nu/m.nu'],
  ['pwsh', '$env:PSModulePath = "~/proj/mods:" + $env:PSModulePath', 'mods/M/M.psm1'],
  // R26-4: a loader function's calls, by `$@`, a nested function, fish's `$argv`.
  ['bash', 'loadall() { for d in "$@"; do . "$d"/init.sh; done; }\nloadall ~/proj/rc.d', 'rc.d/init.sh'],
  ['bash', 'one() {\n  . "$1"\n}\nmany() { for f in "$1"/*.sh; do one "$f"; done; }\nmany ~/proj/rc.d', 'rc.d/b.sh'],
  ['fish', 'function myload\n  for f in $argv[1]/*.fish\n    source $f\n  end\nend\nmyload ~/proj/rc.d', 'rc.d/b.fish'],
  // R26-9: a PATH folder's programs and what they load; the workspace's top on PATH.
  ['bash', 'export PATH="$HOME/proj/bin:$PATH"', 'bin/git'],
  ['bash', 'export PATH="$HOME/proj/bin:$PATH"', 'bin/t'],
  ['bash', 'export PATH="$HOME/proj/bin:$PATH"', 'lib/common.sh'],
  ['zsh', 'path=(~/proj/bin $path)', 'bin/git'],
  ['fish', 'fish_add_path ~/proj/bin', 'bin/git'],
  ['fish', 'set -U fish_user_paths ~/proj/bin $fish_user_paths', 'bin/git'],
  ['bash', 'export PATH="$HOME/proj:$PATH"', 'src/a.ts'],
  ['bash', 'export PATH="$HOME/proj/$(hostname)/bin:$PATH"', 'src/a.ts'],
]);

rows('free: what the start-up file does not load', 'ok', [
  ['bash', 'export PATH="$HOME/proj/bin:$PATH"', 'src/a.ts'],
  ['fish', 'set -U fish_user_paths ~/proj/bin $fish_user_paths', 'src/a.ts'],
  ['bash', 'cd ~/proj/rc.d && for f in a b; do echo $f; done; cd', 'src/a.ts'],
  ['bash', 'mkcd() { mkdir -p "$1" && cd "$1"; }\nmkcd ~/proj/tmp', 'src/a.ts'],
  ['bash', "alias p='cd ~/'\"'\"'proj'\"'\"", 'src/a.ts'],
]);
