import { resolve } from 'node:path';
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
  const move = (target: string, dynamic: boolean, from: readonly string[]): string[] | undefined => {
    if (dynamic || target === '' || target === '-' || target.startsWith('~')) return undefined;
    const moved = from.map((dir) => resolve(dir, target));
    return moved.every((dir) => jail.contains(dir)) ? moved : undefined;
  };
  for (const command of commands) {
    if (command.name === 'cd' || command.name === 'pushd') {
      const word = command.words.slice(1).find((each) => !CD_OPTION.test(each.value));
      const moved = word === undefined ? undefined : move(word.value, word.dynamic, dirs);
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
      here = folder === undefined || here === undefined ? undefined : move(folder, /[$`]/.test(folder), here);
    }
    const why = here === undefined ? `\`${command.text.trim()}\` runs its command in a folder only known at run time or out of the workspace` : lost;
    out.set(command, { dirs: here ?? dirs, ...(why === undefined ? {} : { lost: why }) });
  }
  return out;
}
