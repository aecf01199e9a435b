import { readdirSync, type Dirent } from 'node:fs';
import { join, resolve, sep } from 'node:path';
import picomatch from '../workspace/picomatch.js';
import { UNKNOWN } from './argv.js';

// A path operand with an unquoted glob, with no OS sandbox (red team R15-16: `cp x ul*/`, `touch ul?/i`,
// `echo x > ul*/git`, `mv x ulb*` wrote through `ulb -> /usr/local/bin` under --yes: the operand was judged as
// the literal text `ul*/`, which does not exist). The shell expands it when the command runs, so it is judged
// by every name it can expand to now (expanded against the workspace from the line's folder), AND, because the
// line may create or rename names before that command runs, it fails closed when a folder the glob is matched
// in holds any symlink leading outside (a match or not, hidden names too: `shopt -s dotglob`), or when that
// folder cannot be resolved now (missing, or only known at run time).

export const GLOB = /[*?[]/;
// Names listed per operand; a glob that reaches more is not judged name by name.
const MAX_LISTED = 4096;

// Why the glob `value` taken from `base` may land outside the workspace (`outside` judges one path), undefined
// when every name it can reach lands inside.
export function globOutside(value: string, base: string, outside: (abs: string) => boolean): string | undefined {
  if (value.includes(UNKNOWN) || value.startsWith('~')) return undefined;
  const abs = resolve(base, value);
  const parts = abs.split(sep).filter((part) => part !== '');
  const at = parts.findIndex((part) => GLOB.test(part));
  if (at < 0) return undefined;
  const fixed = `${sep}${parts.slice(0, at).join(sep)}`;
  if (outside(fixed)) return `the folder it is matched in, ${fixed}, is outside the workspace`;
  let level = [fixed];
  let listed = 0;
  for (const part of parts.slice(at)) {
    // A literal part names one entry of each folder, made or not.
    if (!GLOB.test(part)) {
      level = level.map((folder) => join(folder, part));
      continue;
    }
    const next: string[] = [];
    const matches = picomatch(part, { dot: part.startsWith('.'), bash: true });
    for (const folder of level) {
      let entries: Dirent[];
      try {
        entries = readdirSync(folder, { withFileTypes: true });
      } catch (error) {
        // A match that is a file holds no names; a folder missing now may be made by the line first.
        if ((error as NodeJS.ErrnoException).code === 'ENOTDIR') continue;
        return `the folder it is matched in, ${folder}, cannot be listed now (the line may make it)`;
      }
      listed += entries.length;
      if (listed > MAX_LISTED) return `it reaches more than ${MAX_LISTED} names, not judged one by one`;
      const links = entries.filter((entry) => entry.isSymbolicLink() && outside(join(folder, entry.name)));
      const matched = links.find((entry) => matches(entry.name));
      if (matched) return `it expands to ${join(folder, matched.name)}, a link leading outside the workspace`;
      if (links[0]) return `${folder} holds ${links[0].name}, a link leading outside the workspace, which the line may rename to a name it matches`;
      for (const entry of entries) if (matches(entry.name)) next.push(join(folder, entry.name));
    }
    level = next;
  }
  const landed = level.length > 0 ? level.find((path) => outside(path)) : outside(abs) ? abs : undefined;
  return landed === undefined ? undefined : `it may expand to ${landed}, which leads outside the workspace`;
}
