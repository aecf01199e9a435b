import { cdPathFolder, physicalCd, readParsedCd } from '../shell/cd-operand.js';
import { isFolder } from '../workspace/kernel-place.js';
import { folderWord, type FolderWordLike } from '../shell/folder-word.js';
import { Beneath } from '../workspace/beneath.js';
import type { SimpleCommand } from './types.js';
import { startedFolders } from './wrapper-folders.js';

// The folders each command of a line may run in, as its own `cd`/`pushd` and `env -C` say (red team R25-9: `cd sub
// && npm run g` runs sub's script, not the call folder's). A literal folder adds itself to the folders in play and
// keeps the earlier ones (a subshell's `(cd sub && x); y` or a `popd` returns: every candidate is judged, never
// fewer). A folder only known at run time, the home (`cd` alone, `~`), `-` or one out of the workspace: `lost` says
// which, and a runner after it cannot be read (the caller asks under a rule).
export interface LineFolders {
  readonly dirs: readonly string[];
  readonly lost?: string;
}

export function lineFolders(commands: readonly SimpleCommand[], runDir: string, root: string): Map<SimpleCommand, LineFolders> {
  const jail = new Beneath(root);
  const out = new Map<SimpleCommand, LineFolders>();
  let dirs: string[] = [runDir];
  let lost: string | undefined;
  // The word read by the one folder-word reading (shell/folder-word.ts: a glob expanded, `~+`/`$PWD` the current
  // folder, a value only known at run time lost; R29-2).
  // `physical`: a program's chdir (env -C, sudo -D) or `cd -P`: the kernel's place (R43-b2); bash's own `cd` is logical,
  // but where its lexical folder is not there bash chdirs to the word as written: the kernel's place is read too.
  const physicalShell = physicalCd(commands);
  const move = (target: FolderWordLike | string, from: readonly string[], physical = true): string[] | undefined => {
    const value = typeof target === 'string' ? target : target.value;
    if ((typeof target === 'string' || target.dynamic !== true) && (value === '' || value === '-' || (value.startsWith('~') && !/^~\+(?:\/|$)/.test(value)))) return undefined;
    const moved: string[] = [];
    for (const dir of from) {
      const read = folderWord(target, dir, physical);
      if (read.unknown !== undefined || read.folders.some((each) => each.startsWith('~'))) return undefined;
      moved.push(...read.folders);
      if (physical || read.folders.every((each) => isFolder(each))) continue;
      const kernel = folderWord(target, dir, true);
      if (kernel.unknown !== undefined) return undefined;
      moved.push(...kernel.folders);
    }
    return moved.every((dir) => jail.contains(dir)) ? moved : undefined;
  };
  // A cd's word from each CDPATH folder (`''`: the folder itself) of each folder in play; any lost: all lost.
  const moveEach = (word: FolderWordLike, bases: readonly string[], from: readonly string[], physical: boolean): string[] | undefined => {
    const all: string[] = [];
    for (const base of bases) {
      const found = move(word, from.map((dir) => cdPathFolder(dir, base)), physical);
      if (found === undefined) return undefined;
      all.push(...found);
    }
    return all;
  };
  for (const command of commands) {
    // The operand and the CDPATH folders as the one cd reader finds them (shell/cd-operand.ts, R30-3).
    // `popd`, `pushd +1`: a folder the line pushed (among `dirs`; a shell starts with an empty stack).
    const read = readParsedCd(command);
    if (read !== undefined) {
      const word = read.kind === 'folder' ? command.words[read.at] : undefined;
      const moved = read.kind === 'stack' ? [] : word === undefined || read.kind !== 'folder' ? undefined : moveEach(word, read.bases, dirs, read.physical || physicalShell);
      if (moved === undefined) lost ??= `\`${command.text.trim()}\` moves to a folder only known at run time or out of the workspace`;
      else dirs = [...new Set([...dirs, ...moved])];
      out.set(command, { dirs, ...(lost === undefined ? {} : { lost }) });
      continue;
    }
    // `env -C DIR`, `sudo -D DIR`, `unshare -w DIR`, `nsenter --wd=DIR` (wrapper-folders.ts, the same table the
    // immune paths read): the command they start runs in DIR, chained outermost first; `find .. -execdir CMD` runs
    // CMD in the folder of each match (R26-6), `nsenter -w` alone in the target's: only known at run time.
    let here: string[] | undefined = dirs;
    for (const started of startedFolders(command.text)) {
      const folder = started.folder;
      here = folder === undefined || here === undefined ? undefined : move(folder, here);
    }
    const why = here === undefined ? `\`${command.text.trim()}\` runs its command in a folder only known at run time or out of the workspace` : lost;
    out.set(command, { dirs: here ?? dirs, ...(why === undefined ? {} : { lost: why }) });
  }
  return out;
}
