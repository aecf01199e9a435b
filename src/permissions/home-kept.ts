import { keepAcross, keptAcross, stampsOf } from './kept-across.js';
import type { FolderListings } from '../workspace/listings.js';
import { stillLooked, type HomeLink, type Looked } from './home-links.js';

// The home-folder scans' answers (obeyed-home-links.ts: the home paths that resolve into the workspace, what
// the start-up files load there; sandbox/home-secrets.ts: where the home's secrets really are) kept between processes in the owner's `keptFile` (kept-across.ts: the state folder, which no
// sandboxed process can write: setup.ts gives one only then), so a cold call does not read and parse every
// start-up file again. An answer is used only while every file and folder its scan read or looked into keeps
// its identity, size and times (the caller compares the stamps), and every path it looked up on the way finds
// the same (home-links.ts Looked: not the times of the folders looked into, which change with any file added
// beside, such as the home folder's or `/`'s), exactly as within one process.

export interface KeptLinks {
  readonly stamps: string;
  readonly listed: readonly string[];
  readonly looked: readonly (readonly [string, string])[];
  readonly links: readonly HomeLink[];
}

// The file beside the owner's kept file (kept-across.ts).
const FILE = 'home-scan.json';

const isLink = (value: unknown): value is HomeLink => {
  const link = value as Partial<Record<keyof HomeLink, unknown>> | null;
  return typeof link === 'object' && link !== null && typeof link.rel === 'string' && typeof link.home === 'string'
    && (link.sourced === undefined || typeof link.sourced === 'string') && (link.exact === undefined || typeof link.exact === 'boolean') && (link.note === undefined || typeof link.note === 'string')
    && (link.glob === undefined || typeof link.glob === 'string') && (link.mention === undefined || typeof link.mention === 'boolean')
    && (link.names === undefined || (Array.isArray(link.names) && link.names.every((name) => typeof name === 'string'))) && (link.executable === undefined || typeof link.executable === 'boolean');
};

const isKept = (value: unknown): value is KeptLinks => {
  const kept = value as Partial<Record<keyof KeptLinks, unknown>> | null;
  return typeof kept === 'object' && kept !== null && typeof kept.stamps === 'string' && Array.isArray(kept.listed) && kept.listed.every((path) => typeof path === 'string')
    && Array.isArray(kept.looked) && kept.looked.every((pair: unknown) => Array.isArray(pair) && pair.length === 2 && pair.every((part) => typeof part === 'string'))
    && Array.isArray(kept.links) && kept.links.every(isLink);
};

// `compute`'s links, kept with the owner's listings while every file and folder it read (`listed`) keeps its
// identity and times and every path it looked up (`looked`) finds the same (one stat each per call); also across
// processes when the owner has a file. A path read changed within the racy window stamps as undefined: then
// nothing is kept.
export function kept(listings: FolderListings, parts: readonly unknown[], compute: () => { links: HomeLink[]; listed: string[]; looked?: Looked }): readonly HomeLink[] {
  const key = JSON.stringify(parts);
  const known = listings.recall<KeptLinks>(key) ?? keptAcross(listings, FILE, key, isKept);
  if (known && stampsOf(known.listed) === known.stamps && stillLooked(known.looked)) {
    listings.keep(key, known);
    return known.links;
  }
  const { links, listed, looked = new Map<string, string>() } = compute();
  const stamps = stampsOf(listed);
  if (stamps !== undefined) {
    const entry: KeptLinks = { stamps, listed, looked: [...looked], links };
    listings.keep(key, entry);
    keepAcross(listings, FILE, key, entry, isKept);
  }
  return links;
}
