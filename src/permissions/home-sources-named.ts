import type { Loaded } from './home-sources-expand.js';
import { unquoted } from './home-sources-unquote.js';

// Every home path a start-up text NAMES, whatever the statement (red team round 11, R11-9: `trap '. X' EXIT`,
// `PROMPT_COMMAND=". X"`, vim's `exe "source " . expand("X")`, ~/.npmrc `script-shell=X`, .psqlrc `\i X`,
// `source ~/d/$(hostname).sh` were each a new spelling the load parsers did not know, and the file ran at the
// next shell, npm run or editor start). A parser per statement is a list the next round extends; a start-up
// file naming a path is reason enough to obey that path. So, besides what the kind's parser loads, every
// word starting `~/`, `$HOME/`, `${HOME}/` or `%h/` is a named path (absolute paths too, in the programs' own start-up
// files), judged as the file the start-up file loads: obeyed, not read further. A part only known at run time
// (`$(hostname)`, `$f`, a glob) makes the folder before it named whole.

// `%h` is systemd's spelling of the home folder in a unit file.
const HOME_WORD = /(?:~|\$HOME|\$\{HOME\}|%h)(\/[^\s'"`;|&<>():,=]*)/g;
const ABSOLUTE_WORD = /(?<![\w.~}$/-])(\/(?:[\w.@+-]+\/)+[\w.@+-]*)/g;
const RUN_TIME = /[$*?[`]/;

const named = (path: string): Loaded => {
  const at = path.search(RUN_TIME);
  if (at < 0) return { path: path.replace(/\/+$/, '') || '/' };
  const folder = path.slice(0, path.lastIndexOf('/', at) + 1);
  return { path: folder.replace(/\/+$/, '') || '/', folder: true };
};

// The paths `source` names below the home folder `home` (and absolute ones when `absolute`), as Loaded entries.
// Whole-line comments (`#` shell/ssh/tmux/npmrc, `"` vim, `--` lua, `;` ini) name nothing.
const COMMENT_LINE = /^\s*(?:#|"|--|;).*$/gm;

export function namedPaths(source: string, home: string, absolute = false): Loaded[] {
  // Each line as the shell reads its words (red team R26-2: `~/'proj'/x.sh`), and as written (a quote may be the
  // program's own syntax: a vim comment, a JSON string).
  const stripped = source.replace(COMMENT_LINE, '');
  const text = `${stripped}\n${stripped.split('\n').map(unquoted).join('\n')}`;
  const out: Loaded[] = [];
  for (const match of text.matchAll(HOME_WORD)) {
    const rest = (match[1] ?? '').replace(/[.)\]}]+$/, '');
    if (rest.length > 1) out.push(named(`${home}${rest}`));
  }
  if (absolute) for (const match of text.matchAll(ABSOLUTE_WORD)) out.push(named(match[1]!.replace(/\.+$/, '')));
  return out.filter((loaded) => loaded.path !== '/' && loaded.path !== home);
}
