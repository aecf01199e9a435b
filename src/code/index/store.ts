// The index on disk: in the workspace's state folder (never in the project), one compact shard per slice
// of paths (shard-format.ts), so a changed file rewrites one shard and a query loads only the shards of
// the files it asks about, rebuilding only the entries it asks for. A shard that does not parse is an
// empty one (the files are parsed again); writes are a temp file renamed into place, so a reader sees the
// old shard or the new one.
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { IndexEntry } from './entry.js';
import { entryOf, readShard, writeShard, type Row } from './shard-format.js';

const SHARDS = 64;
// Bumped when the entry's shape, the extraction or the file format changes: old caches are then ignored.
const FORMAT = 2;

// A loaded shard: the rows as read (rebuilt on demand) and the entries rebuilt or set since.
interface Shard {
  readonly strings: readonly string[];
  readonly rows: Map<string, Row>;
  readonly entries: Map<string, IndexEntry>;
}

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
    const known = shard.entries.get(rel);
    if (known !== undefined) return known;
    const row = shard.rows.get(rel);
    if (row === undefined) return undefined;
    const entry = entryOf(shard.strings, row);
    shard.entries.set(rel, entry);
    return entry;
  }

  async set(rel: string, entry: IndexEntry): Promise<void> {
    const number = shardOf(rel);
    (await this.#load(number)).entries.set(rel, entry);
    this.#dirty.add(number);
  }

  // Writes the shards changed since the last save.
  async save(): Promise<void> {
    if (this.#dirty.size === 0) return;
    await mkdir(this.#dir, { recursive: true, mode: 0o700 });
    const dirty = [...this.#dirty];
    this.#dirty.clear();
    await Promise.all(dirty.map(async (number) => {
      const shard = await this.#load(number);
      const all = new Map<string, IndexEntry>();
      for (const [rel, row] of shard.rows) all.set(rel, shard.entries.get(rel) ?? entryOf(shard.strings, row));
      for (const [rel, entry] of shard.entries) all.set(rel, entry);
      const path = join(this.#dir, `${number}.json`);
      const temp = `${path}.${process.pid}.${Date.now()}.tmp`;
      await writeFile(temp, JSON.stringify(writeShard(all)), { mode: 0o600 });
      await rename(temp, path);
    }));
  }

  #load(number: number): Promise<Shard> {
    let shard = this.#shards.get(number);
    if (shard === undefined) {
      shard = readFile(join(this.#dir, `${number}.json`), 'utf8')
        .then((text) => readShard(JSON.parse(text)))
        .catch(() => readShard(null))
        .then(({ strings, rows }) => ({ strings, rows, entries: new Map<string, IndexEntry>() }));
      this.#shards.set(number, shard);
    }
    return shard;
  }
}
