import { lstatSync } from 'node:fs';
import { bytePath, holdsBelow, isFaithful, setAside, setAsideMessage } from './byte-names.js';

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
// (`renamed`: what this walk already renamed, by the lossy path to it). undefined when one could not be.
export function spell(start: Folder, sub: Buffer, renamed: Map<string, string>, warnings: string[]): string | undefined {
  if (isFaithful(sub)) return sub.toString('utf8');
  const parts: string[] = [];
  let at = 0;
  for (const raw of byParts(sub)) {
    at += raw.length + 1;
    const key = `${parts.join('/')}/${raw.toString('utf8')}:${raw.toString('hex')}`;
    let name = isFaithful(raw) ? raw.toString('utf8') : renamed.get(key);
    if (name === undefined) {
      const folder = [start.path, ...parts].join('/');
      const rel = [start.rel, ...parts].filter(Boolean).join('/');
      try {
        name = setAside(folder, raw);
        warnings.push(setAsideMessage(rel, raw, name, at < sub.length ? 'what the run left changed below it' : 'what the run left changed'));
      } catch (error) {
        warnings.push(`${[rel, raw.toString('utf8')].filter(Boolean).join('/')} has a name that is not UTF-8 and could not be renamed (${(error as Error).message}): what the run left in it was not checked; check it`);
        return undefined;
      }
      renamed.set(key, name);
    }
    parts.push(name);
  }
  return parts.join('/');
}

function byParts(sub: Buffer): Buffer[] {
  const parts: Buffer[] = [];
  for (let at = 0, end = sub.indexOf(0x2f); at <= sub.length; at = end + 1, end = sub.indexOf(0x2f, at)) {
    parts.push(sub.subarray(at, end < 0 ? sub.length : end));
    if (end < 0) break;
  }
  return parts;
}

