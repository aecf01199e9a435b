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

const CD_OPTION = /^-[LPe@]+$|^--$/;

export function lineFolders(commands: readonly SimpleCommand[], runDir: string, root: string): Map<SimpleCommand, LineFolders> {
  const jail = new Beneath(root);
  const out = new Map<SimpleCommand, LineFolders>();
  let dirs: string[] = [runDir];
  let lost: string | undefined;
  // The word read by the one folder-word reading (shell/folder-word.ts: a glob expanded, `~+`/`$PWD` the current
  // folder, a value only known at run time lost; R29-2).
  const move = (target: FolderWordLike | string, from: readonly string[]): string[] | undefined => {
    const value = typeof target === 'string' ? target : target.value;
    if ((typeof target === 'string' || target.dynamic !== true) && (value === '' || value === '-' || (value.startsWith('~') && !/^~\+(?:\/|$)/.test(value)))) return undefined;
    const moved: string[] = [];
    for (const dir of from) {
      const read = folderWord(target, dir);
      if (read.unknown !== undefined || read.folders.some((each) => each.startsWith('~'))) return undefined;
      moved.push(...read.folders);
    }
    return moved.every((dir) => jail.contains(dir)) ? moved : undefined;
  };
  for (const command of commands) {
    if (command.name === 'cd' || command.name === 'pushd') {
      const word = command.words.slice(1).find((each) => !CD_OPTION.test(each.value));
      const moved = word === undefined ? undefined : move(word, dirs);
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
