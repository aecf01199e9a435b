// A saved graph's name → id map, made only when something asks for it. A new process that patches one
// changed file into the saved graph asks for a few hundred names (the file's definitions and references:
// idsOf below, for patchShape) out of the ~70-150 k a 20 k-file repository defines; making the whole Map cost
// it ~20 ms of CPU and the garbage of 150 k entries. Anything that wants the whole map gets it (built once).
import type { IndexedFile } from './index/code-index.js';
import { keyOf, MAP_KINDS, type GraphShape } from './repo-map-graph.js';

export class LazyIds implements ReadonlyMap<string, number> {
  #map: Map<string, number> | undefined;

  constructor(readonly names: readonly string[]) {}

  // Whether the whole map has been made (a batch lookup then uses it).
  get built(): boolean {
    return this.#map !== undefined;
  }

  #all(): Map<string, number> {
    this.#map ??= new Map(this.names.map((name, id) => [name, id]));
    return this.#map;
  }

  // The ids of `wanted` (the names defined: absent ones are not), by one walk of the names unless the
  // whole map was made (a graph's names are distinct: the walk stops once each wanted one is found).
  some(wanted: ReadonlySet<string>): Map<string, number> {
    if (this.#map !== undefined) return new Map([...wanted].flatMap((name) => (this.#map!.has(name) ? [[name, this.#map!.get(name)!] as const] : [])));
    const found = new Map<string, number>();
    for (let id = 0; id < this.names.length && found.size < wanted.size; id++) {
      const name = this.names[id]!;
      if (wanted.has(name)) found.set(name, id);
    }
    return found;
  }

  get size(): number {
    return this.names.length;
  }

  get(key: string): number | undefined {
    return this.#all().get(key);
  }

  has(key: string): boolean {
    return this.#all().has(key);
  }

  forEach(callback: (value: number, key: string, map: ReadonlyMap<string, number>) => void, thisArg?: unknown): void {
    this.#all().forEach((value, key) => callback.call(thisArg, value, key, this));
  }

  entries(): MapIterator<[string, number]> {
    return this.#all().entries();
  }

  keys(): MapIterator<string> {
    return this.#all().keys();
  }

  values(): MapIterator<number> {
    return this.#all().values();
  }

  [Symbol.iterator](): MapIterator<[string, number]> {
    return this.#all()[Symbol.iterator]();
  }
}

// The ids of the names the changed files define and refer to: a saved graph's map is made only for them
// (LazyIds), a built one's is the map itself.
export function idsOf(shape: GraphShape, files: readonly IndexedFile[], changed: readonly number[]): ReadonlyMap<string, number> {
  if (!(shape.ids instanceof LazyIds) || shape.ids.built) return shape.ids;
  const wanted = new Set<string>();
  for (const file of changed) {
    const { symbols, references } = files[file]!.entry;
    for (const symbol of symbols ?? []) if (MAP_KINDS.has(symbol.kind)) wanted.add(keyOf(symbol));
    for (const name of references ?? []) wanted.add(name);
  }
  return shape.ids.some(wanted);
}
