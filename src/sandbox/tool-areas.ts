// The judge an environment from outsidePath (which.ts) carries: whether a PATH folder or a program file lies in an
// area a sandboxed run may write (the workspace, each sandboxWritable folder), by every way a run's writes can reach it.
import { readlinkSync, realpathSync, statSync } from 'node:fs';
import { dirname, join, resolve, sep } from 'node:path';
import { codewardCacheDir } from '../engine/cache-dir.js';
import { linkedInto } from './area-links.js';
import { areaPlaces, mountAliased, type Place } from './mount-aliases.js';
import { readMounts, type Mount } from './mount-info.js';

export interface Areas {
  // One lookup's judge (the mounts are read at most once per judge): whether `path` lies in an area.
  readonly lookup: () => (path: string) => boolean;
  // Whether a program FILE has another name in an area (area-links.ts).
  readonly linked: (file: string) => ReturnType<typeof linkedInto>;
  // What codeward said it skipped or doubted, in order.
  readonly notes: string[];
}

// Every spelling a folder is reached by: each prefix as resolved so far, through each link on the way
// (`/x/link/bin` with link -> /wr/l2 -> /usr: /x/link, /wr/l2, /usr, /usr/bin), the last the folder resolved. A
// missing part is taken as spelled.
function spellings(dir: string): string[] {
  const seen: string[] = [];
  const rest = dir.split(sep).filter((part) => part !== '');
  let done: string = sep;
  for (let hops = 0; rest.length > 0; ) {
    const next = join(done, rest.shift()!);
    seen.push(next);
    let target: string | undefined;
    try {
      target = hops < 40 ? readlinkSync(next) : undefined;
    } catch {
      // Not a link, or missing: taken as spelled.
    }
    if (target === undefined) done = next;
    else {
      hops += 1;
      rest.unshift(...target.split(sep).filter((part) => part !== ''));
      if (target.startsWith(sep)) done = sep;
    }
  }
  return [...seen, done];
}

// Whether a path (a folder, or a program file) lies in one of `list`: by a spelling on its way; by the device:inode of
// its real path (a file's own: a hard link of an area that is a file) or of a folder above it; by a mount whose files
// come from an area (mount-aliases.ts: a bind of an area's folder, an overlay with a layer in an area; red team R44-a4).
// The areas are stat'ed once, on first use; the mounts once per lookup.
export function areasOf(list: readonly string[], env: Readonly<Record<string, string | undefined>>): Areas {
  const resolved = list.map((area) => resolve(area));
  const tops = list.flatMap((area) => [resolve(area), ...spellings(resolve(area)).slice(-1)]);
  const inside = (dir: string): boolean => tops.some((top) => dir === top || dir.startsWith(`${top === sep ? '' : top}${sep}`));
  let ids: Set<string> | undefined;
  const known = (path: string): boolean => (ids ??= new Set(list.map((area) => identity(resolve(area))).filter((id) => id !== undefined))).has(identity(path) ?? '');
  const lookup = (): ((path: string) => boolean) => {
    let mounts: { list: readonly Mount[]; areas: readonly Place[] } | undefined | null;
    const aliased = (path: string): boolean => {
      if (mounts === undefined) {
        const read = readMounts();
        mounts = read === undefined ? null : { list: read, areas: areaPlaces(resolved, read) };
      }
      return mounts !== null && mountAliased(path, mounts.areas, mounts.list);
    };
    return (path) => spellings(path).some(inside) || upFrom(path).some(known) || aliased(path);
  };
  const kept = join(codewardCacheDir({ env }), 'tool-links.json');
  return { lookup, linked: (file) => linkedInto(file, resolved, kept), notes: [] };
}

// device:inode of a file or folder (undefined: missing or unreadable).
function identity(path: string): string | undefined {
  try {
    const stat = statSync(path, { bigint: true });
    return `${stat.dev}:${stat.ino}`;
  } catch {
    return undefined;
  }
}

// The real path of `dir` (or of its nearest existing parent: a run may make the rest) and every folder above it.
function upFrom(dir: string): string[] {
  let real: string | undefined;
  for (let at = resolve(dir); real === undefined; at = dirname(at)) {
    try {
      real = realpathSync(at);
    } catch {
      if (at === sep) return [];
    }
  }
  const folders = [real];
  while (real !== sep) folders.push((real = dirname(real)));
  return folders;
}
