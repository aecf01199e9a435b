// Repo map pages already rendered, kept in the index's folder of the state folder (never in the project), so
// a new process (each CLI call is one) asked the same page of the same files serves it without loading the
// index or building the graph. A page is keyed by a hash of every listed file's path and identity stamp (one
// lstat each, as the index's cache check: a changed, added, removed or newly hidden file changes it; a path
// that is not a plain regular file gets no page) and of the question (folder, focus, names, budget, offset). The few most recent pages are kept; the file is written to a temp name and renamed, and
// one that does not parse is no page.
import { nodeCrypto } from '../engine/lazy-crypto.js';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { indexDir } from './index/store.js';

// Bumped when the ranking or the rendering changes (the index's format version is part of the folder).
const VERSION = 1;
const KEPT = 8;

export interface MapQuestion {
  readonly dir: string;
  readonly focus: readonly string[];
  readonly names: readonly string[];
  readonly budget: number;
  readonly offset: number;
}

export interface MapPage {
  readonly map: string;
  readonly tokens: number;
  readonly symbols: number;
  readonly total: number;
  readonly nextOffset: number | null;
  // Files indexed, and the ones skipped with why.
  readonly files: number;
  readonly skipped: { path: string; reason: string }[];
}

// The key of a page: undefined when a file has no stamp (not a plain regular file: the index takes the jail's way).
export function pageKey(files: readonly string[], stamps: readonly (string | undefined)[], question: MapQuestion): string | undefined {
  const hash = nodeCrypto().createHash('sha256').update(JSON.stringify([VERSION, question.dir, question.focus, question.names, question.budget, question.offset]));
  // The same bytes in chunks of many files: an update per file (20 k on the bench) cost a CLI call ~35 ms.
  let chunk = '';
  for (let at = 0; at < files.length; at++) {
    if (stamps[at] === undefined) return undefined;
    chunk += `\0${files[at]!}\0${stamps[at]!}`;
    if (chunk.length >= 65_536) {
      hash.update(chunk);
      chunk = '';
    }
  }
  return hash.update(chunk).digest('hex');
}

const isPage = (value: unknown): value is MapPage => {
  const page = value as Partial<MapPage> | null;
  return typeof page?.map === 'string' && typeof page.tokens === 'number' && typeof page.symbols === 'number' && typeof page.total === 'number'
    && (page.nextOffset === null || typeof page.nextOffset === 'number') && typeof page.files === 'number' && Array.isArray(page.skipped);
};

export class MapPages {
  readonly #path: string;

  constructor(stateDir: string) {
    this.#path = join(indexDir(stateDir), 'repo-map-pages.json');
  }

  async #all(): Promise<[string, MapPage][]> {
    const parsed: unknown = await readFile(this.#path, 'utf8').then((text) => JSON.parse(text) as unknown).catch(() => []);
    return Array.isArray(parsed) ? parsed.filter((each): each is [string, MapPage] => Array.isArray(each) && typeof each[0] === 'string' && isPage(each[1])) : [];
  }

  async get(key: string): Promise<MapPage | undefined> {
    return (await this.#all()).find(([each]) => each === key)?.[1];
  }

  async set(key: string, page: MapPage): Promise<void> {
    const kept = [[key, page], ...(await this.#all()).filter(([each]) => each !== key)].slice(0, KEPT);
    await mkdir(join(this.#path, '..'), { recursive: true, mode: 0o700 });
    const temp = `${this.#path}.${process.pid}.${Date.now()}.tmp`;
    await writeFile(temp, JSON.stringify(kept), { mode: 0o600 });
    await rename(temp, this.#path);
  }
}
