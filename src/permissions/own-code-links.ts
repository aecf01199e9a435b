// The links on the way to a path (red team R44-a2, R44-a5): node reaches codeward's code through spellings (the
// workspace's node_modules/codeward, .bin/codeward, pnpm's .pnpm/codeward@V/node_modules/<dep>, a global
// <prefix>/lib/node_modules/codeward into a checkout). Each link met while resolving one is as much codeward's code as
// the real folder it leads to: retargeted, the next `codeward` runs something else.
import { lstatSync, readlinkSync } from 'node:fs';
import { dirname, isAbsolute, join, sep } from 'node:path';

// More links than this on one path: the kernel's own bound (ELOOP); the rest is taken as spelled.
const MAX_HOPS = 40;

// What lstat found at a path: '>' and a link's target, 'missing', or '' (anything else). Shared by the lookups of one walk.
export type LinkCache = Map<string, string>;

export interface Resolved {
  // Each link met, spelled with its parent's real path.
  readonly links: readonly string[];
  // Where the path ends: every existing link followed, a missing tail kept as spelled.
  readonly end: string;
  // Something stands at `end`.
  readonly present: boolean;
}

// `rest` (a relative path) resolved below `base`, a folder that holds no link on its way (a real path).
export function resolveBelow(base: string, rest: string, cache: LinkCache = new Map()): Resolved {
  const links: string[] = [];
  let pending = parts(rest);
  let at = base;
  while (pending.length > 0) {
    const part = pending.shift()!;
    if (part === '..') {
      at = dirname(at);
      continue;
    }
    const next = at === sep ? `${sep}${part}` : `${at}${sep}${part}`;
    const found = entryAt(next, cache);
    if (found === 'missing') return { links, end: join(next, ...pending), present: false };
    if (found === '') {
      at = next;
      continue;
    }
    links.push(next);
    if (links.length > MAX_HOPS) return { links, end: join(next, ...pending), present: false };
    const target = found.slice(1);
    pending = [...parts(target), ...pending];
    if (isAbsolute(target)) at = sep;
  }
  return { links, end: at, present: true };
}

// An absolute path resolved from the root.
export const resolveLinks = (path: string, cache?: LinkCache): Resolved => resolveBelow(sep, path, cache);

// `path` is `root` or below it.
export const inside = (path: string, root: string): boolean => path === root || path.startsWith(`${root === sep ? '' : root}${sep}`);

const parts = (path: string): string[] => path.split(sep).filter((part) => part !== '' && part !== '.');

function entryAt(path: string, cache: LinkCache): string {
  const known = cache.get(path);
  if (known !== undefined) return known;
  let found: string;
  try {
    const stats = lstatSync(path, { throwIfNoEntry: false });
    found = stats === undefined ? 'missing' : stats.isSymbolicLink() ? `>${readlinkSync(path)}` : '';
  } catch {
    found = 'missing';
  }
  cache.set(path, found);
  return found;
}
