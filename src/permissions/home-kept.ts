import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { identityStamp, type FolderListings } from '../workspace/listings.js';
import type { HomeLink } from './home-links.js';

// The home-folder scans' answers (obeyed-home-links.ts: the home paths that resolve into the workspace, what
// the start-up files load there; sandbox/home-secrets.ts: where the home's secrets really are) kept between processes in the owner's `keptFile` (the state folder, which no
// sandboxed process can write: setup.ts gives one only then), so a cold call does not read and parse every
// start-up file again. An answer is used only while every file and folder its scan read or looked into keeps
// its identity, size and times (the caller compares the stamps), exactly as within one process.

export interface KeptLinks {
  readonly stamps: string;
  readonly listed: readonly string[];
  readonly links: readonly HomeLink[];
}

type Entries = Record<string, KeptLinks>;

const FILE_KEY = 'home-kept-file';

const isLink = (value: unknown): value is HomeLink => {
  const link = value as Partial<Record<keyof HomeLink, unknown>> | null;
  return typeof link === 'object' && link !== null && typeof link.rel === 'string' && typeof link.home === 'string'
    && (link.sourced === undefined || typeof link.sourced === 'string') && (link.exact === undefined || typeof link.exact === 'boolean');
};

const isKept = (value: unknown): value is KeptLinks => {
  const kept = value as Partial<Record<keyof KeptLinks, unknown>> | null;
  return typeof kept === 'object' && kept !== null && typeof kept.stamps === 'string' && Array.isArray(kept.listed) && kept.listed.every((path) => typeof path === 'string')
    && Array.isArray(kept.links) && kept.links.every(isLink);
};

// The file's entries, read once per owner (a missing, unreadable or malformed file: none).
function entries(listings: FolderListings): Entries {
  const known = listings.recall<Entries>(FILE_KEY);
  if (known) return known;
  const found: Entries = {};
  try {
    const parsed = JSON.parse(readFileSync(listings.keptFile!, 'utf8')) as { v?: unknown; entries?: unknown };
    if (parsed.v === 1 && parsed.entries && typeof parsed.entries === 'object') {
      for (const [key, value] of Object.entries(parsed.entries)) if (isKept(value)) found[key] = value;
    }
  } catch {
    // Scanned again.
  }
  listings.keep(FILE_KEY, found);
  return found;
}

// What another process kept under `key`, when the owner has a file.
function keptAcross(listings: FolderListings, key: string): KeptLinks | undefined {
  return listings.keptFile === undefined ? undefined : entries(listings)[key];
}

// Keeps `value` under `key` for the next processes too (written atomically; only a cache: a failure is ignored).
function keepAcross(listings: FolderListings, key: string, value: KeptLinks): void {
  const file = listings.keptFile;
  if (file === undefined) return;
  const all = entries(listings);
  all[key] = value;
  const temporary = `${file}.${process.pid}.tmp`;
  try {
    mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
    writeFileSync(temporary, JSON.stringify({ v: 1, entries: all }), { mode: 0o600 });
    renameSync(temporary, file);
  } catch {
    rmSync(temporary, { force: true });
  }
}

const stampsOf = (paths: readonly string[]): string | undefined => {
  const stamps = paths.map(identityStamp);
  return stamps.includes(undefined) ? undefined : stamps.join('|');
};

// `compute`'s links, kept with the owner's listings while every file and folder it read or looked into
// (`listed`) keeps its identity and times (one stat each per call); also across processes when the owner has a
// file. A path changed within the racy window stamps as undefined: then nothing is kept.
export function kept(listings: FolderListings, parts: readonly unknown[], compute: () => { links: HomeLink[]; listed: string[] }): readonly HomeLink[] {
  const key = JSON.stringify(parts);
  const known = listings.recall<KeptLinks>(key) ?? keptAcross(listings, key);
  if (known && stampsOf(known.listed) === known.stamps) {
    listings.keep(key, known);
    return known.links;
  }
  const { links, listed } = compute();
  const stamps = stampsOf(listed);
  if (stamps !== undefined) {
    listings.keep(key, { stamps, listed, links });
    keepAcross(listings, key, { stamps, listed, links });
  }
  return links;
}
