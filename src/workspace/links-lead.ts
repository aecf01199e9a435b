import { readlinkSync, realpathSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { lstatQuiet } from '../files/stat-quiet.js';

// Where `path` leads once every symlink on the way is followed, also when the end does not exist: a
// missing tail keeps its names below the real path of what exists, and a dangling link is followed by
// its text. Red team round 6 R6-7: a link judged by its target's NAME (`a -> b`, inside) passed although
// `b` was itself a link out of the workspace (`b -> ~/.bashrc`, or dangling to `~/.profile`).
const MAX_HOPS = 40;

export function whereLinksLead(path: string, hops = 0): string {
  try {
    return realpathSync.native(path);
  } catch {
    // missing, dangling, or a loop: below
  }
  const parent = dirname(path);
  if (parent === path || hops >= MAX_HOPS) return path;
  const realParent = whereLinksLead(parent, hops + 1);
  const here = join(realParent, basename(path));
  let text: string;
  try {
    if (lstatQuiet(here)?.isSymbolicLink() !== true) return here;
    text = readlinkSync(here);
  } catch {
    return here;
  }
  return whereLinksLead(resolve(realParent, text), hops + 1);
}
