import { resolve } from 'node:path';
import { Beneath } from '../workspace/beneath.js';
import type { SimpleCommand } from './types.js';

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
// `env -C DIR`, `sudo -D DIR`, `unshare -w DIR`, `nsenter --wd=DIR`: the command they start runs in DIR.
const ENV_CHDIR = /(?:^|[\s;&|(])(?:env\s+(?:\S+\s+)*?(?:-C\s*|--chdir[=\s]+)|sudo\s+(?:\S+\s+)*?(?:-D\s*|--chdir[=\s]+)|unshare\s+(?:\S+\s+)*?(?:-w\s*|--wd[=\s]+)|nsenter\s+(?:\S+\s+)*?(?:-w\s*|--wd[=\s]+))(['"]?)([^\s'"]+)\1/;
// `find ... -execdir CMD` / `-okdir`: CMD runs in the folder of each file find matches (R26-6).
const EXECDIR = /(?:^|\s)-(?:execdir|okdir)(?:\s|$)/;

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
    if (command.wrappers.includes('find') && EXECDIR.test(command.text)) {
      out.set(command, { dirs, lost: lost ?? `\`${command.text.trim()}\` runs its command in the folder of each file it finds` });
      continue;
    }
    const chdir = ENV_CHDIR.exec(command.text);
    const here = chdir === null ? dirs : move(chdir[2]!, /[$`]/.test(chdir[2]!), dirs);
    const why = here === undefined ? `\`${command.text.trim()}\` runs in a folder only known at run time or out of the workspace` : lost;
    out.set(command, { dirs: here ?? dirs, ...(why === undefined ? {} : { lost: why }) });
  }
  return out;
}
