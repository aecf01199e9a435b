import { posix } from 'node:path';
import { isFolderChange, readCd } from '../shell/cd-operand.js';
import { shCommands } from '../shell/sh-tokens.js';
import { commandFolders } from './wrapper-folders.js';

// The CDPATH a hook script has set so far (`export CDPATH=tools`, `CDPATH=tools;`; undefined: none, null: a value
// only known at run time), and why a `cd` of it cannot be followed (the walk then fails closed).
export interface CdState {
  cdpath?: string | null;
  unknown?: string;
}

const DECLARES = new Set(['export', 'readonly', 'declare', 'typeset', 'local']);
const MAX_DEPTH = 4;

// The folders a line's later words run in, in the line's order: a `cd`/`pushd` operand, and the folder a wrapper
// starts its command in (`env -iC D`, `sudo -D D`, `unshare -wD`, `nsenter --wd=D`: the one table and reader of it,
// wrapper-folders.ts), also inside a command string (`sh -c 'cd D && ..'`). One only known at run time (`nsenter -w`
// alone, `find -execdir`) is not a base: what runs there is read from the bases known (as `cd "$D"` is).
// A `cd`'s operand as the one cd reader reads it (shell/cd-operand.ts, R30-3: `cd -P tools`, `cd -- tools`, `pushd -n
// tools`, `builtin cd -L tools`; CDPATH set on the line, by the command's prefix or earlier in the script, in `cd`:
// every folder it may look in; one only known at run time is `cd.unknown`, the caller fails closed). One list per
// move, in the line's order: the folders one move may reach, each from the folders before it.
export function movedTo(command: string, cd: CdState, depth = 0): string[][] {
  if (depth > MAX_DEPTH) return [];
  return shCommands(command).flatMap((part) => {
    const words = part.map((word) => word.text);
    setsCdPath(words, cd);
    const cds = words.flatMap((word, i) => {
      const own = isFolderChange(word) ? words.slice(0, i).findLast((each) => each.startsWith('CDPATH=')) : undefined;
      const read = isFolderChange(word) ? readCd(words.slice(i), own === undefined ? cd.cdpath : own.slice('CDPATH='.length)) : undefined;
      if (read?.kind === 'unknown') cd.unknown ??= read.why;
      return read?.kind === 'folder' ? [read.bases.map((base) => (base === '' ? read.operand : posix.join(base, read.operand)))] : [];
    });
    const started = commandFolders(words).flatMap((found) => (found.folder === undefined ? [] : [[found.folder]]));
    return [...cds, ...started, ...words.filter((word) => /[\s;&|]/.test(word)).flatMap((word) => movedTo(word, cd, depth + 1))];
  });
}

// `CDPATH=x` alone (a shell variable cd reads), `export CDPATH=x`, `declare -x CDPATH=x`; `unset CDPATH`.
function setsCdPath(words: readonly string[], cd: CdState): void {
  const assignsOnly = words.every((word) => /^[A-Za-z_]\w*\+?=/.test(word));
  if (!assignsOnly && !DECLARES.has(words[0]!)) {
    if (words[0] === 'unset' && words.includes('CDPATH')) delete cd.cdpath;
    return;
  }
  const value = words.findLast((word) => word.startsWith('CDPATH='))?.slice('CDPATH='.length);
  if (value !== undefined) cd.cdpath = /[$`]/.test(value) ? null : value;
}
