// The index on disk: in the workspace's state folder (never in the project), one JSON shard per slice of
// paths, so a changed file rewrites one shard and a query loads only the shards of the files it asks
// about. A shard that does not parse is an empty one (the files are parsed again); writes are a temp
// file renamed into place, so a reader sees the old shard or the new one.
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { IndexEntry } from './entry.js';

const SHARDS = 64;
// Bumped when the entry's shape or the extraction changes: old caches are then ignored.
const FORMAT = 1;

type Shard = Record<string, IndexEntry>;

function shardOf(rel: string): number {
  let hash = 2166136261;
  for (let index = 0; index < rel.length; index++) hash = Math.imul(hash ^ rel.charCodeAt(index), 16777619);
  return (hash >>> 0) % SHARDS;
}

export class IndexStore {
  readonly #dir: string;
  readonly #shards = new Map<number, Promise<Shard>>();
  readonly #dirty = new Set<number>();

  constructor(stateDir: string) {
    this.#dir = join(stateDir, 'code-index', `v${FORMAT}`);
  }

  async get(rel: string): Promise<IndexEntry | undefined> {
    const shard = await this.#load(shardOf(rel));
    return Object.hasOwn(shard, rel) ? shard[rel] : undefined;
  }

  async set(rel: string, entry: IndexEntry): Promise<void> {
    const number = shardOf(rel);
    const shard = await this.#load(number);
    shard[rel] = entry;
    this.#dirty.add(number);
  }

  // Writes the shards changed since the last save.
  async save(): Promise<void> {
    if (this.#dirty.size === 0) return;
    await mkdir(this.#dir, { recursive: true, mode: 0o700 });
    const dirty = [...this.#dirty];
    this.#dirty.clear();
    await Promise.all(dirty.map(async (number) => {
      const path = join(this.#dir, `${number}.json`);
      const temp = `${path}.${process.pid}.${Date.now()}.tmp`;
      await writeFile(temp, JSON.stringify(await this.#load(number)), { mode: 0o600 });
      await rename(temp, path);
    }));
  }

  #load(number: number): Promise<Shard> {
    let shard = this.#shards.get(number);
    if (shard === undefined) {
      shard = readFile(join(this.#dir, `${number}.json`), 'utf8').then(
        (text) => {
          const parsed: unknown = JSON.parse(text);
          return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? Object.assign(Object.create(null) as Shard, parsed) : Object.create(null) as Shard;
        },
        () => Object.create(null) as Shard,
      ).catch(() => Object.create(null) as Shard);
      this.#shards.set(number, shard);
    }
    return shard;
  }
}
