// The index on disk: in the workspace's state folder (never in the project), one compact binary shard per
// slice of paths (shard-format.ts), so a changed file rewrites one shard and a query loads only the shards of
// the files it asks about, rebuilding only the entries it asks for. A shard that does not parse is an
// empty one (the files are parsed again); writes are a temp file renamed into place, so a reader sees the
// old shard or the new one. An engine keeps one store per state folder (sharedIndexStore): its shards stay
// loaded between calls and are read again only when their file changed (another process saved it).
import { mkdir, readFile, rename, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { CommandContext } from '../../engine/command.js';
import type { IndexEntry } from './entry.js';
import { entryOf, packEntry, readShard, writeShard, type ShardTable } from './shard-format.js';
import { lastingMemo } from '../lasting-memo.js';

const SHARDS = 64;
// Bumped when the entry's shape, the extraction or the file format changes: old caches are then ignored.
const FORMAT = 4;

// A loaded shard: its table as read or last saved (an entry is rebuilt from its record on demand and not
// kept), and the identity of the file it was read from (or written to): '' when there was none.
interface Shard {
  readonly table: ShardTable;
  readonly seen: string;
}

function shardOf(rel: string): number {
  let hash = 2166136261;
  for (let index = 0; index < rel.length; index++) hash = Math.imul(hash ^ rel.charCodeAt(index), 16777619);
  return (hash >>> 0) % SHARDS;
}

async function identity(path: string): Promise<string> {
  try {
    const stats = await stat(path, { bigint: true });
    return `${stats.dev}:${stats.ino}:${stats.size}:${stats.mtimeNs}`;
  } catch {
    return '';
  }
}

// The folder of the index's files in a state folder (versioned: anything derived from entries lives here too).
export const indexDir = (stateDir: string): string => join(stateDir, 'code-index', `v${FORMAT}`);

export const sharedIndexStore = (ctx: Pick<CommandContext, 'memo' | 'lasting'>, stateDir: string): IndexStore => lastingMemo(ctx, `code-index-store:${stateDir}`, () => new IndexStore(stateDir));

export class IndexStore {
  readonly #dir: string;
  readonly #shards = new Map<number, Promise<Shard>>();
  // The entries set since the last save, by shard: kept apart from the loaded rows, so setting one needs no
  // shard in memory (a bulk index that lets go of the shards it saved does not load them back entry by entry).
  readonly #pending = new Map<number, Map<string, IndexEntry>>();
  #unsaved = 0;

  constructor(stateDir: string) {
    this.#dir = indexDir(stateDir);
  }

  // Forgets every loaded shard whose file changed since it was read or written here (unsaved ones stay).
  async refresh(): Promise<void> {
    await Promise.all([...this.#shards].map(async ([number, loading]) => {
      if (this.#pending.has(number)) return;
      const shard = await loading;
      if ((await identity(this.#path(number))) !== shard.seen && this.#shards.get(number) === loading && !this.#pending.has(number)) this.#shards.delete(number);
    }));
  }

  async get(rel: string): Promise<IndexEntry | undefined> {
    const number = shardOf(rel);
    const known = this.#pending.get(number)?.get(rel);
    if (known !== undefined) return known;
    const shard = await this.#load(number);
    const at = shard.table.rows.get(rel);
    return at === undefined ? undefined : entryOf(shard.table, at);
  }

  // How many entries were set since the last save (a bulk index saves as it goes, so they never pile up).
  get unsaved(): number {
    return this.#unsaved;
  }

  // How many shards are in memory (tests observe a bulk index letting go of the ones it saved).
  get loaded(): number {
    return this.#shards.size;
  }

  async set(rel: string, entry: IndexEntry): Promise<void> {
    const number = shardOf(rel);
    let pending = this.#pending.get(number);
    if (pending === undefined) this.#pending.set(number, (pending = new Map()));
    // Held packed (shard-format.ts packEntry): what the store serves is the entry's data, not the object given.
    pending.set(rel, packEntry(rel, entry));
    this.#unsaved++;
  }

  // Writes the shards changed since the last save, and keeps each in memory as the compact rows written;
  // `release`: keeps none of them (a bulk index between its batches: the next save reads each shard back,
  // one at a time, instead of the whole index so far staying in memory beside the parses).
  async save(options: { release?: boolean } = {}): Promise<void> {
    if (this.#pending.size === 0) return;
    await mkdir(this.#dir, { recursive: true, mode: 0o700 });
    const dirty = [...this.#pending.keys()];
    this.#unsaved = 0;
    // One shard at a time: a cold index dirties them all, and their texts held at once raise the peak memory.
    for (const number of dirty) {
      const pending = this.#pending.get(number);
      if (pending === undefined) continue;
      const loading = this.#load(number);
      const written = new Map(pending);
      const data = writeShard(written, (await loading).table);
      const path = this.#path(number);
      const temp = `${path}.${process.pid}.${Date.now()}.tmp`;
      await writeFile(temp, data, { mode: 0o600 });
      await rename(temp, path);
      const seen = await identity(path);
      if (this.#shards.get(number) === loading) {
        if (options.release === true) this.#shards.delete(number);
        else this.#shards.set(number, Promise.resolve({ table: readShard(data), seen }));
      }
      // An entry set while this shard was written stays (its shard is saved again).
      for (const [rel, entry] of written) if (pending.get(rel) === entry) pending.delete(rel);
      if (pending.size === 0 && this.#pending.get(number) === pending) this.#pending.delete(number);
    }
  }

  // Lets go of every loaded shard that holds no unsaved entry (a bulk index done: an engine's store kept
  // the whole index, ~65 MB on 20 k files, beside whatever the engine did next; a later call loads the
  // shards of the files it asks about).
  release(): void {
    for (const number of [...this.#shards.keys()]) if (!this.#pending.has(number)) this.#shards.delete(number);
  }

  #path(number: number): string {
    return join(this.#dir, `${number}.shard`);
  }

  #load(number: number): Promise<Shard> {
    let shard = this.#shards.get(number);
    if (shard === undefined) {
      const path = this.#path(number);
      shard = identity(path).then(async (seen) => {
        const table = readShard(await readFile(path).catch(() => undefined));
        return { table, seen };
      });
      this.#shards.set(number, shard);
    }
    return shard;
  }
}
