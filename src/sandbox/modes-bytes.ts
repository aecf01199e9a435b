import { lstatSync } from 'node:fs';
import { bytePath, holdsBelow, isFaithful, setAside, setAsideMessage } from './byte-names.js';
import { byParts, spellBelow } from './byte-held.js';

type Folder = { path: string; rel: string };

// The after-run walk's names that are not UTF-8 (byte-names.ts' rule; red team R40-a2: decoded, `x\xff` and everything
// below `d\xfe` named nothing, and a setuid file and a FIFO `.gitignore` stayed). Each is set aside to its UTF-8 spelling
// when it, or anything below it, is what the walk acts on; then judged under that name. One warning each.

const RISKY = 0o4000 | 0o2000 | 0o002;

// What the walk acts on: changed at or after `since`, and a file or folder with a risky bit, or anything else but a link.
function acted(path: Buffer, since: number): boolean {
  const stats = lstatSync(path, { throwIfNoEntry: false });
  if (!stats || stats.isSymbolicLink() || stats.ctimeMs < since) return false;
  return !(stats.isFile() || stats.isDirectory()) || (stats.mode & RISKY) !== 0;
}

// The node walk's entry `raw` of the folder held as `held` (`rel` its relative path): its new name, or undefined when it
// holds nothing to act on (left as it is) or could not be renamed (said).
export function spellHeld(held: string, rel: string, raw: Buffer, since: number, warnings: string[]): string | undefined {
  const lossy = rel === '' ? raw.toString('utf8') : `${rel}/${raw.toString('utf8')}`;
  if (!holdsBelow(bytePath(held, raw), lossy, (_rel, path) => acted(path, since))) return undefined;
  try {
    const name = setAside(held, raw);
    warnings.push(setAsideMessage(rel, raw, name, 'what the run left changed'));
    return name;
  } catch (error) {
    warnings.push(`${lossy} has a name that is not UTF-8 and could not be renamed (${(error as Error).message}): what the run left in it was not checked; check it`);
    return undefined;
  }
}

// `sub` (bytes, below `start`) as a string that names it: each part that is not UTF-8 is set aside to its spelling
// through held descriptors (byte-held.ts: a folder swapped for a link after find listed it is not followed; `start.id`:
// the folder the walk began with). `renamed`: what this walk already renamed, by the lossy path to it. undefined when
// one could not be (said).
export function spell(start: Folder & { id?: string }, sub: Buffer, renamed: Map<string, string>, warnings: string[]): string | undefined {
  if (isFaithful(sub)) return sub.toString('utf8');
  const key = (parts: readonly string[], raw: Buffer): string => `${parts.join('/')}/${raw.toString('utf8')}:${raw.toString('hex')}`;
  const told = (parts: readonly string[], raw: Buffer, name: string): void => {
    renamed.set(key(parts, raw), name);
    const below = parts.length + 1 < byParts(sub).length;
    warnings.push(setAsideMessage([start.rel, ...parts].filter(Boolean).join('/'), raw, name, below ? 'what the run left changed below it' : 'what the run left changed'));
  };
  try {
    return spellBelow(start.path, sub, told, (parts, raw) => renamed.get(key(parts, raw)), (stats) => start.id === undefined || `${stats.dev}:${stats.ino}` === start.id);
  } catch (error) {
    warnings.push(`${[start.rel, sub.toString('utf8')].filter(Boolean).join('/')} has a name that is not UTF-8 and could not be renamed (${(error as Error).message}): what the run left in it was not checked; check it`);
    return undefined;
  }
}
