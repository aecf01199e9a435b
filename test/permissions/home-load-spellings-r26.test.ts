// Red team round 26 on friction27 (home-sources-computed.ts: a start-up line that only NAMES the project obeys that
// path only; the whole tree only for a load whose argument is computed AND names the workspace). Workspace at ~/proj,
// a write under --yes of the file the start-up file really loads at the next shell start:
// - R26-1: a loop over a glob WITHOUT a slash after a cd into the workspace (`cd ~/proj/rc.d` then
//   `for f in *.sh; do . ./$f; done`): the loop variable's value `*.sh` is taken as plain (the glob test needs a `/`),
//   so the load is not computed and nothing of rc.d is obeyed;
// - R26-2: a quoted path part after `~/` (`. ~/'proj'/x.sh`; the double-quoted `~/pr"oj"` is held: control);
// - R26-3: fish's autoload folder (`set -p fish_function_path ~/proj/fish`, `set -U fish_function_path ..`) is not a
//   FOLDER_LOADS word (fish_complete_path is held: control);
// - R26-4 (friction27's own LEFT, now proven on the same file): a loader function defined in the start-up file
//   (`myload() { for f in "$1"/*.sh; do . "$f"; done; }` NL `myload ~/proj`): its call only names the project.
// Checked with bash 5.2: `HOME=$PWD bash -c ". ~/'proj'/x.sh; cd ~/proj/rc.d && for f in *.sh; do . ./\$f; done"`
// printed both files' text.
import { rcTable } from './home-rc-rows.js';

const rows = rcTable('rt26-home-', { 'tools/t': '#!/bin/sh\n', 'env.sh': 'X=1\n', 'rc.d/a.sh': 'Y=1\n' });

rows('R26-1..4: a start-up file loads a workspace file the home walk does not obey', 'C241', [
  ['bash', 'cd ~/proj/rc.d && for f in *.sh; do . ./$f; done; cd', 'rc.d/b.sh'],
  ['bash', 'cd ~/proj/rc.d\nfor f in *.sh; do\n  . "./$f"\ndone\ncd', 'rc.d/b.sh'],
  ['bash', ". ~/'proj'/x.sh", 'x.sh'],
  ['bash', ". ~/'proj/x.sh'", 'x.sh'],
  ['fish', 'set -p fish_function_path ~/proj/fish', 'fish/f.fish'],
  ['bash', 'myload() { for f in "$1"/*.sh; do . "$f"; done; }\nmyload ~/proj', 'x.sh'],
  ['bash', 'myload() { for f in "$1"/*; do . "$f"; done; }\nmyload ~/proj/rc.d', 'rc.d/b.sh'],
]);

rows('controls (held)', 'C241', [
  ['bash', '. ~/pr"oj"/x.sh', 'x.sh'],
  ['bash', 'for f in ~/proj/rc.d/*.sh; do . "$f"; done', 'rc.d/b.sh'],
  ['bash', 'cd ~/proj\n. x.sh\ncd', 'x.sh'],
  ['zsh', 'cd ~/proj/rc.d\nfor f in *.sh; do source $f; done\ncd', 'rc.d/b.sh'],
  ['fish', 'set -gx fish_function_path ~/proj/fish $fish_function_path', 'fish/f.fish'],
  ['fish', 'set fish_complete_path ~/proj/fish $fish_complete_path', 'fish/f.fish'],
]);
