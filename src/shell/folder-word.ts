// The folders a folder word of a line names, as the shell expands it (red team R29-2, R29-8: `cd su?`, `cd [t]ools`,
// `cd tool*`, `cd $(echo tools)`, `cd $PWD/sub`, `~+/sub`, a loop variable, `npm --prefix s*`, `make -C tool?` were
// read as their literal text, root/`su?`, where no package.json or Makefile is, so the runner's lines went unread).
// ONE reading for every reader of a folder word (decide-script-dirs.ts, decide-script-places.ts, the hook walker):
// - a value only known at run time (a part the parse could not evaluate) => `unknown` (the caller fails closed);
// - `~+` is the current folder ($PWD); `$PWD`/`${PWD}` in a text word too;
// - an unquoted glob is expanded against the tree now, folders only: no match leaves the word literal (bash
//   without nullglob), several matches are all named (bash's `cd a*` then fails "too many arguments", `npm
//   --prefix s*` takes the first: naming every one judges more, never less).
import { readdirSync } from 'node:fs';
import { join, resolve, sep } from 'node:path';
import picomatch from '../workspace/picomatch.js';
import { kernelPlace } from '../workspace/kernel-place.js';

export interface FolderWordLike {
  readonly value: string;
  readonly dynamic?: boolean;
  readonly glob?: boolean;
  readonly candidates?: readonly string[];
}

export type FolderWord = { readonly folders: readonly string[]; readonly unknown?: undefined } | { readonly unknown: string; readonly folders?: undefined };

const UNKNOWN = '\u0000';
const GLOB = /[*?[]/;
const MAX_MATCHES = 64;
const DOTDOT = /(?:^|\/)\.\.(?:\/|$)/;

// `word`: a parsed word, or a word's text as written (quotes removed; `$`/backquote = only known at run time).
// `physical`: the folder a program's chdir reaches (env -C, make -C, git -C, `cd -P`): links followed before each
// `..` (workspace/kernel-place.ts, R43-b2); otherwise bash's logical `cd`, read lexically as bash reads it.
export function folderWord(word: FolderWordLike | string, base: string, physical = false): FolderWord {
  const text = typeof word === 'string';
  const values = text ? [word] : word.dynamic === true ? (word.candidates ?? [UNKNOWN]) : [word.value];
  const folders: string[] = [];
  for (const raw of values) {
    const value = raw.replace(/^~\+(?=\/|$)/, '.').replace(/^\$\{?PWD\}?(?=\/|$)/, '.');
    if (value.includes(UNKNOWN) || (text && /[$`]/.test(value)) || /^~-(?:\/|$)/.test(value)) return { unknown: `${text ? word : word.value || 'a word'} is only known at run time` };
    const expands = GLOB.test(value) && (text || word.glob === true || word.dynamic === true);
    // logical: bash's cd without -P canonicalizes `..` on the text (the caller adds the kernel's place where it is not there).
    const place = value.startsWith('~') ? value : physical ? kernelPlace(base, value) : resolve(base, value);
    if (place === undefined || (physical && expands && DOTDOT.test(value))) return { unknown: `${text ? word : word.value} is reached through a part codeward cannot follow` };
    folders.push(...(expands && !value.startsWith('~') ? expand(value, base) : [place]));
    if (folders.length > MAX_MATCHES) return { unknown: `${text ? word : word.value} names more than ${MAX_MATCHES} folders` };
  }
  return { folders: [...new Set(folders)] };
}

// The folders `pattern` (from `base`) matches now, part by part; none: the literal path.
function expand(pattern: string, base: string): string[] {
  // logical: the matches are spelled as written; a physical pattern with `..` is unknown (folderWord).
  const abs = resolve(base, pattern);
  let level: string[] = [sep];
  for (const part of abs.split(sep).filter((each) => each !== '')) {
    if (!GLOB.test(part)) {
      // placed: one name (no `/`, no `..`: `abs` is resolved) under a folder reached.
      level = level.map((folder) => join(folder, part));
      continue;
    }
    const matches = picomatch(part, { dot: part.startsWith('.'), bash: true });
    const next: string[] = [];
    for (const folder of level) {
      try {
        // placed: a name listed in that folder.
        for (const entry of readdirSync(folder, { withFileTypes: true })) if ((entry.isDirectory() || entry.isSymbolicLink()) && matches(entry.name)) next.push(join(folder, entry.name));
      } catch {
        // A folder that cannot be listed holds no match here.
      }
      if (next.length > MAX_MATCHES) break;
    }
    level = next;
    if (level.length === 0) return [abs];
  }
  return level.sort();
}
