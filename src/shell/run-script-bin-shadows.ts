import { dirname, join, relative } from 'node:path';
import { listBeneath } from '../workspace/own-read-sync.js';
import type { Beneath } from '../workspace/beneath.js';
import { binShadowIn, binShadowNames } from '../permissions/obeyed-bin-shadows.js';

// Red team R33-4, the reading's side of permissions/obeyed-bin-shadows.ts: a package manager runs a script with the
// package folder's `node_modules/.bin` and every parent's first on PATH (npm's script shell is the bare `sh` looked
// up there), so an existing `node_modules/.bin/sh` (`git`, `node` ...: a program of PATH or a shell) is what runs,
// not the lines shown. Why, naming the file, or undefined. Read through the workspace jail, from `folder` up to the
// workspace root (without a jail, `folder` alone); a `node_modules` or `.bin` that is a link is not followed: why.
export function shadowingBin(folder: string, jail: Beneath | undefined): string | undefined {
  let names: ReadonlySet<string> | undefined;
  for (let dir = folder; ; dir = dirname(dir)) {
    const at = relative(jail?.root ?? folder, dir);
    if (at.startsWith('..')) return undefined;
    const found = binsAt(jail?.root ?? folder, dir);
    const where = join(at, 'node_modules/.bin');
    if (typeof found === 'string') return `${where} ${found}, and a package script runs the programs there before your PATH's`;
    for (const name of found) {
      const shadow = binShadowIn(['node_modules', '.bin', name], (names ??= binShadowNames(jail ? [jail.root] : [], process.env['PATH'] ?? '')));
      if (shadow !== undefined) return `${where}/${shadow} is named like the program \`${shadow}\`, and a package script (its shell \`sh\` too) runs it in that program's place, not the lines shown`;
    }
    if (jail === undefined || dir === jail.root || dirname(dir) === dir) return undefined;
  }
}

// The names in `dir`/node_modules/.bin, or why they are not read (read through the jail at `root`).
function binsAt(root: string, dir: string): readonly string[] | string {
  const listed = listBeneath(root, join(dir, 'node_modules/.bin'), MAX_BINS);
  if (listed === 'link') return 'is reached through a link, whose programs are not read here';
  if (listed?.over === true) return `holds more than ${MAX_BINS} programs, not all read here`;
  return listed?.entries.map((entry) => entry.name) ?? [];
}
const MAX_BINS = 20_000;
