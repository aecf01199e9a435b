// What an ELF names for the kernel and the dynamic loader to load (red team R22-6): its PT_INTERP (the kernel opens
// a relative one from the working folder), its DT_RUNPATH / DT_RPATH folders (`$ORIGIN`, relative ones: from the
// working folder), and the libraries it needs (DT_NEEDED; a name with a slash is a path; DT_AUDIT, DT_DEPAUDIT,
// DT_FILTER, DT_AUXILIARY name libraries too). 32 and 64 bits, both byte orders. Every read is bounded; a header
// cut short, an address no segment maps, a bound hit: `failed`, naming it (the walk then fails closed).

export interface ElfNames {
  readonly interps: readonly string[];
  // Each DT_RUNPATH / DT_RPATH entry, split on `:` (an empty one is the working folder).
  readonly folders: readonly string[];
  readonly needed: readonly string[];
}
export type ElfRead = ElfNames | { readonly failed: string };
// The bytes of the file from `offset`, at most `length` (fewer at its end); undefined when it cannot be read.
export type ByteReader = (offset: number, length: number) => Buffer | undefined;

const MAX_HEADERS = 256;
const MAX_ENTRIES = 4096;
const MAX_NAME = 4096;
const PT_LOAD = 1;
const PT_DYNAMIC = 2;
const PT_INTERP = 3;
const DT_STRTAB = 5;
const FOLDER_TAGS = new Set([15, 29]);
const LIBRARY_TAGS = new Set([1, 0x6ffffefb, 0x6ffffefc, 0x7ffffffd, 0x7fffffff]);

interface Segment {
  readonly type: number;
  readonly offset: number;
  readonly address: number;
  readonly size: number;
}

class Failed extends Error {}

// The numbers of one ELF's byte order and word size.
function numbers(wide: boolean, little: boolean): { u16: (b: Buffer, at: number) => number; u32: (b: Buffer, at: number) => number; word: (b: Buffer, at: number) => number } {
  const u16 = (b: Buffer, at: number): number => (little ? b.readUInt16LE(at) : b.readUInt16BE(at));
  const u32 = (b: Buffer, at: number): number => (little ? b.readUInt32LE(at) : b.readUInt32BE(at));
  const word = (b: Buffer, at: number): number => {
    if (!wide) return u32(b, at);
    const value = little ? b.readBigUInt64LE(at) : b.readBigUInt64BE(at);
    // Past 2^53 no file offset or address is meant: a tag that large is none we read.
    return value > BigInt(Number.MAX_SAFE_INTEGER) ? Number.MAX_SAFE_INTEGER : Number(value);
  };
  return { u16, u32, word };
}

function exactly(read: ByteReader, offset: number, length: number, what: string): Buffer {
  const bytes = read(offset, length);
  if (bytes === undefined || bytes.length < length) throw new Failed(`its ${what} is cut short`);
  return bytes;
}

// The NUL-ended name at `offset`.
function name(read: ByteReader, offset: number, what: string): string {
  const bytes = read(offset, MAX_NAME) ?? Buffer.alloc(0);
  const end = bytes.indexOf(0);
  if (end < 0) throw new Failed(bytes.length < MAX_NAME ? `its ${what} is cut short` : `its ${what} is longer than ${MAX_NAME} bytes`);
  return bytes.subarray(0, end).toString('latin1');
}

export function elfNames(read: ByteReader): ElfRead {
  try {
    return parse(read);
  } catch (error) {
    if (error instanceof Failed) return { failed: error.message };
    // A number past what a Buffer holds (an offset into nowhere): as malformed.
    if (error instanceof RangeError) return { failed: 'its headers are malformed' };
    throw error;
  }
}

function parse(read: ByteReader): ElfNames {
  const head = read(0, 64) ?? Buffer.alloc(0);
  if (head.length < 52 || head.readUInt32BE(0) !== 0x7f454c46 || ![1, 2].includes(head[4]!) || ![1, 2].includes(head[5]!)) throw new Failed('its ELF header is cut short or malformed');
  const wide = head[4] === 2;
  if (wide && head.length < 64) throw new Failed('its ELF header is cut short');
  const { u16, u32, word } = numbers(wide, head[5] === 1);
  const count = u16(head, wide ? 56 : 44);
  if (count === 0) return { interps: [], folders: [], needed: [] };
  if (count > MAX_HEADERS) throw new Failed(`it has more than ${MAX_HEADERS} program headers`);
  const size = u16(head, wide ? 54 : 42);
  if (size < (wide ? 56 : 32)) throw new Failed('its program headers are malformed');
  const table = exactly(read, word(head, wide ? 32 : 28), size * count, 'program header table');
  const segments: Segment[] = [];
  for (let at = 0; at < size * count; at += size) {
    segments.push({ type: u32(table, at), offset: word(table, at + (wide ? 8 : 4)), address: word(table, at + (wide ? 16 : 8)), size: word(table, at + (wide ? 32 : 16)) });
  }
  const interps = segments.filter((one) => one.type === PT_INTERP).map((one) => name(read, one.offset, 'PT_INTERP'));
  const named: { tag: number; value: number }[] = [];
  const tables: number[] = [];
  for (const dynamic of segments.filter((one) => one.type === PT_DYNAMIC)) {
    const entry = wide ? 16 : 8;
    if (dynamic.size > MAX_ENTRIES * entry) throw new Failed(`its dynamic section has more than ${MAX_ENTRIES} entries`);
    const bytes = exactly(read, dynamic.offset, dynamic.size - (dynamic.size % entry), 'dynamic section');
    for (let at = 0; at + entry <= bytes.length; at += entry) {
      const tag = word(bytes, at);
      if (tag === 0) break;
      const value = word(bytes, at + entry / 2);
      if (tag === DT_STRTAB) tables.push(value);
      else if (FOLDER_TAGS.has(tag) || LIBRARY_TAGS.has(tag)) named.push({ tag, value });
    }
  }
  if (named.length === 0) return { interps, folders: [], needed: [] };
  if (tables.length !== 1) throw new Failed(tables.length === 0 ? 'its dynamic section names no string table' : 'its dynamic section names more than one string table');
  const strings = fileOffset(segments, tables[0]!);
  const texts = named.map(({ tag, value }) => ({ tag, text: name(read, strings + value, 'dynamic section name') }));
  return { interps, folders: texts.filter(({ tag }) => FOLDER_TAGS.has(tag)).flatMap(({ text }) => text.split(':')), needed: texts.filter(({ tag }) => LIBRARY_TAGS.has(tag)).map(({ text }) => text) };
}

// Where the loaded address `address` lies in the file (the PT_LOAD segment that maps it).
function fileOffset(segments: readonly Segment[], address: number): number {
  const load = segments.find((one) => one.type === PT_LOAD && one.address <= address && address < one.address + one.size);
  if (load === undefined) throw new Failed('its string table lies in no loaded segment');
  return load.offset + (address - load.address);
}
