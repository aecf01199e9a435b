// A string table kept as the UTF-8 bytes of all its strings and where each ends, a string decoded only
// when asked for (and then kept). A saved repo map graph holds ~300 k strings (names, name paths,
// signatures) of which a one-changed-file call reads a few thousand: a new process that made them all
// into strings spent more collecting them than on the rest of its graph.
export class PackedStrings {
  readonly #decoded = new Map<number, string>();

  // `ends[i]`: the byte offset where string i ends (it starts where string i - 1 ends).
  constructor(readonly bytes: Buffer, readonly ends: Int32Array) {}

  static of(strings: readonly string[]): PackedStrings {
    const ends = new Int32Array(strings.length);
    let total = 0;
    strings.forEach((text, at) => (ends[at] = total += Buffer.byteLength(text)));
    const bytes = Buffer.allocUnsafe(total);
    strings.forEach((text, at) => bytes.write(text, at === 0 ? 0 : ends[at - 1]!));
    return new PackedStrings(bytes, ends);
  }

  get length(): number {
    return this.ends.length;
  }

  // How many strings were decoded so far (tests observe that a reader decodes only what it shows).
  get decoded(): number {
    return this.#decoded.size;
  }

  toArray(): string[] {
    return Array.from({ length: this.length }, (_, at) => this.at(at));
  }

  at(index: number): string {
    let text = this.#decoded.get(index);
    if (text === undefined) {
      if (index < 0 || index >= this.ends.length) return '';
      text = this.bytes.toString('utf8', index === 0 ? 0 : this.ends[index - 1]!, this.ends[index]!);
      this.#decoded.set(index, text);
    }
    return text;
  }
}

// A string table: the strings, or packed.
export type Strings = readonly string[] | PackedStrings;

export const stringAt = (strings: Strings, index: number): string => (strings instanceof PackedStrings ? strings.at(index) : strings[index] ?? '');
