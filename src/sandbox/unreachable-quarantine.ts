// Red team R27-4 at the right depth (issue 26, git30): each loose object no ref, reflog or index reaches is
// MOVED (one rename, the same file system) from the object folder into `<git common folder>/codeward-unreachable/
// objects`, an object folder of the same layout that the repository's `objects/info/alternates` names. The
// person's git outside still finds every such object there (`git fsck --lost-found`, a dropped stash recovered,
// `git show <id>`), while the sandbox view hides that one folder: ONE mount whatever the count, where masking
// each object cost bwrap ~940 ms at 512 (bench/unreachable-objects.mjs). git inside keeps reading and writing
// the real object folder in place. The quarantine's path keeps `objects/??/…` so the read tool
// (workspace/reader-hidden.ts) and the gate (permissions/readonly-git-objects.ts) treat it as an object store.
//
// Every name written under the git folder is checked not to be a link first (a planted
// `codeward-unreachable -> ../../public` would move a secret into view); the quarantine itself is hidden from
// every sandboxed process, so no concurrent run can swap it.
import { lstatSync, mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { readGitMetadataOr } from '../git/config-read.js';
import { listBeneath } from '../workspace/own-read-sync.js';

// The folder hidden in the sandbox, and the object folder inside it.
export const QUARANTINE = 'codeward-unreachable';
export const quarantineOf = (commonDir: string): string => join(commonDir, QUARANTINE, 'objects');
// The line in objects/info/alternates (relative to the objects folder: it moves with the repository).
export const ALTERNATE_LINE = `../${QUARANTINE}/objects`;

// Names read per folder at most (a folder of objects holds a few thousand before git packs them).
const MAX_NAMES = 200_000;

// The names in `folder` below the real git folder `top`, through the jail's handles (workspace/own-read-sync.ts):
// 'link' when it is a link or lies under one (never followed: `.git/objects -> /elsewhere` is refused), [] when missing.
export function namesBelow(top: string, folder: string): { name: string; kind: string }[] | 'link' | 'over' {
  const listed = listBeneath(top, folder, MAX_NAMES);
  if (listed === 'link' || listed === undefined) return listed ?? [];
  return listed.over ? 'over' : [...listed.entries];
}

type Kind = 'dir' | 'file' | 'link' | 'other' | 'missing';

function kindOf(path: string): Kind {
  try {
    const stats = lstatSync(path, { throwIfNoEntry: false });
    if (!stats) return 'missing';
    return stats.isSymbolicLink() ? 'link' : stats.isDirectory() ? 'dir' : stats.isFile() ? 'file' : 'other';
  } catch {
    return 'other';
  }
}

// A real folder at `path` (made when missing), never a link: false when something else holds the name.
function ownFolder(path: string): boolean {
  if (kindOf(path) === 'missing') {
    try {
      mkdirSync(path, { mode: 0o755 });
    } catch {
      // Made meanwhile (another codeward), or not makeable: judged below.
    }
  }
  return kindOf(path) === 'dir';
}

// objects/info/alternates names the quarantine (added before any object moves: git outside never misses one).
function namedInAlternates(objects: string): string | undefined {
  const info = join(objects, 'info');
  if (!ownFolder(info)) return `${info} is not a folder`;
  const file = join(info, 'alternates');
  const kind = kindOf(file);
  if (kind !== 'missing' && kind !== 'file') return `${file} is not a regular file`;
  const read = kind === 'missing' ? { text: '' } : readGitMetadataOr(file);
  if (typeof read !== 'object') return `${file} could not be read (${read})`;
  const lines = read.text.split('\n').map((line) => line.trim());
  if (lines.includes(ALTERNATE_LINE)) return undefined;
  // A new file renamed over the old (a link planted meanwhile is replaced, never followed).
  const temporary = join(info, `.alternates.codeward-${process.pid}`);
  try {
    writeFileSync(temporary, `${read.text}${read.text === '' || read.text.endsWith('\n') ? '' : '\n'}${ALTERNATE_LINE}\n`, { flag: 'wx', mode: 0o644 });
    renameSync(temporary, file);
  } catch (error) {
    rmSync(temporary, { force: true });
    return `${file} could not be written (${(error as NodeJS.ErrnoException).code ?? String(error)})`;
  }
  return undefined;
}

// Moves the loose objects `ids` and the packs `packs` (file names without extension, in objects/pack) of the
// real common git folder `commonDir` into the quarantine. Returns why it could not (the caller hides the git
// folders then), undefined when every one is out of the object folder.
export function quarantine(commonDir: string, ids: readonly string[], packs: readonly string[] = []): string | undefined {
  if (ids.length === 0 && packs.length === 0) return undefined;
  const objects = join(commonDir, 'objects');
  const target = quarantineOf(commonDir);
  if (kindOf(objects) !== 'dir') return `${objects} is not a folder`;
  if (!ownFolder(dirname(target)) || !ownFolder(target)) return `${target} is not a folder codeward made (a link or a file holds the name)`;
  const named = namedInAlternates(objects);
  if (named) return named;
  const moves: [string, string][] = ids.map((id) => [join(id.slice(0, 2), id.slice(2)), id.slice(0, 2)]);
  if (packs.length > 0) {
    if (kindOf(join(objects, 'pack')) !== 'dir') return `${objects}/pack is not a folder`;
    const names = namesBelow(commonDir, join(objects, 'pack'));
    if (typeof names === 'string') return `${objects}/pack cannot be listed`;
    // The index first: git stops using the pack here at once (its reachable objects are in a pack of their own).
    for (const base of packs) {
      const files = names.map(({ name }) => name).filter((name) => name.startsWith(`${base}.`)).sort((a, b) => Number(b.endsWith('.idx')) - Number(a.endsWith('.idx')));
      moves.push(...files.map((name): [string, string] => [join('pack', name), 'pack']));
    }
  }
  for (const [from, folder] of moves) {
    if (kindOf(join(objects, folder)) !== 'dir') continue;
    if (!ownFolder(join(target, folder))) return `${join(target, folder)} is not a folder codeward made`;
    try {
      renameSync(join(objects, from), join(target, from));
    } catch (error) {
      // Gone meanwhile (pruned, or moved by another codeward): nothing left to hide.
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') continue;
      return `an unreachable object could not be moved out of ${objects} (${(error as NodeJS.ErrnoException).code ?? String(error)})`;
    }
  }
  return undefined;
}
