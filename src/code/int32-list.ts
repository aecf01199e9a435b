// A list of 32-bit integers that grows as it is pushed to: the repo map's graph build keeps a few lists of a
// quarter of a million numbers or more (20 k files), which as JS arrays took 8 bytes a number and left a
// garbage copy each time they grew, at the end of a cold index, when its memory peaks.
export class Int32List {
  #values: Int32Array;
  #length = 0;

  constructor(capacity = 1024) {
    this.#values = new Int32Array(Math.max(1, capacity));
  }

  get length(): number {
    return this.#length;
  }

  push(value: number): void {
    if (this.#length === this.#values.length) {
      const grown = new Int32Array(this.#values.length * 2);
      grown.set(this.#values);
      this.#values = grown;
    }
    this.#values[this.#length++] = value;
  }

  at(index: number): number {
    return this.#values[index]!;
  }

  set(index: number, value: number): void {
    this.#values[index] = value;
  }

  // The numbers pushed, a view of the list's own array (changed by a later set; a push may leave it behind).
  view(): Int32Array {
    return this.#values.subarray(0, this.#length);
  }

  // The numbers pushed, as an array of their own.
  done(): Int32Array {
    return this.#values.slice(0, this.#length);
  }
}
