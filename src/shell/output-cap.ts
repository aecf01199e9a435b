// Captures one output stream of a process in bounded memory: the first half of the budget as it
// arrives, the last half in a ring buffer, everything in between only counted. Memory stays flat
// however many gigabytes pass through.
export class OutputCap {
  private readonly head: Buffer;
  private headLength = 0;
  private readonly tail: Buffer;
  // Next write position in the ring, and how many bytes of it hold data.
  private tailStart = 0;
  private tailLength = 0;
  private total = 0;

  constructor(maxBytes: number) {
    const headMax = Math.ceil(maxBytes / 2);
    this.head = Buffer.alloc(headMax);
    this.tail = Buffer.alloc(maxBytes - headMax);
  }

  get totalBytes(): number {
    return this.total;
  }

  // Bytes that were dropped from the middle.
  get elidedBytes(): number {
    return this.total - this.headLength - this.tailLength;
  }

  push(chunk: Uint8Array): void {
    this.total += chunk.length;
    let rest = chunk;
    if (this.headLength < this.head.length) {
      const taken = Math.min(rest.length, this.head.length - this.headLength);
      this.head.set(rest.subarray(0, taken), this.headLength);
      this.headLength += taken;
      rest = rest.subarray(taken);
    }
    if (rest.length > 0) this.pushTail(rest);
  }

  private pushTail(bytes: Uint8Array): void {
    const size = this.tail.length;
    if (size === 0) return;
    const kept = bytes.length > size ? bytes.subarray(bytes.length - size) : bytes;
    const first = Math.min(kept.length, size - this.tailStart);
    this.tail.set(kept.subarray(0, first), this.tailStart);
    this.tail.set(kept.subarray(first), 0);
    this.tailStart = (this.tailStart + kept.length) % size;
    this.tailLength = Math.min(size, this.tailLength + kept.length);
  }

  private tailBytes(): Buffer {
    if (this.tailLength < this.tail.length) return this.tail.subarray(0, this.tailLength);
    return Buffer.concat([this.tail.subarray(this.tailStart), this.tail.subarray(0, this.tailStart)]);
  }

  // The text kept, decoded as UTF-8; when bytes were elided, a marker line stands for them and a
  // character cut in two at either edge is dropped rather than shown as U+FFFD.
  text(): string {
    const head = this.head.subarray(0, this.headLength);
    const tail = this.tailBytes();
    const elided = this.elidedBytes;
    if (elided === 0) return Buffer.concat([head, tail]).toString('utf8');
    const headEnd = completeEnd(head);
    const tailStart = completeStart(tail);
    const dropped = elided + (head.length - headEnd) + tailStart;
    return `${head.subarray(0, headEnd).toString('utf8')}\n… [${dropped} bytes elided] …\n${tail.subarray(tailStart).toString('utf8')}`;
  }
}

// Length of `bytes` without a UTF-8 sequence that was cut off at the end.
function completeEnd(bytes: Uint8Array): number {
  for (let back = 1; back <= Math.min(4, bytes.length); back += 1) {
    const byte = bytes[bytes.length - back]!;
    if ((byte & 0xc0) === 0x80) continue; // continuation byte: keep looking for the lead
    const needed = byte >= 0xf0 ? 4 : byte >= 0xe0 ? 3 : byte >= 0xc0 ? 2 : 1;
    return needed > back ? bytes.length - back : bytes.length;
  }
  return bytes.length;
}

// Offset of the first byte that is not the continuation of a sequence cut off at the start.
function completeStart(bytes: Uint8Array): number {
  let start = 0;
  while (start < Math.min(3, bytes.length) && (bytes[start]! & 0xc0) === 0x80) start += 1;
  return start;
}
