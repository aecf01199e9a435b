// R22-6: the ELF reader of the hook walk (elf-loads.ts) on ELFs written byte by byte: 32 and 64 bits, both byte
// orders; a header cut short, an address no segment maps, a bound hit fail closed, naming it.
import { describe, expect, it } from 'vitest';
import { elfNames, type ByteReader } from '../../src/permissions/elf-loads.js';

interface Spec {
  readonly wide: boolean;
  readonly little: boolean;
  readonly interp?: string;
  // Dynamic entries: [tag, string] (a string's offset in the table is filled in).
  readonly dynamic: readonly (readonly [number, string])[];
  // Where DT_STRTAB points (default: the table, mapped by the one PT_LOAD).
  readonly strtab?: number;
  readonly headers?: number;
}

const BASE = 0x400000;

// An ELF: header, program headers (PT_LOAD of the whole file, PT_INTERP, PT_DYNAMIC), the interpreter, the
// string table, the dynamic section.
function elf({ wide, little, interp, dynamic, strtab, headers }: Spec): Buffer {
  const head = wide ? 64 : 52;
  const phent = wide ? 56 : 32;
  const strings = Buffer.from(`\0${dynamic.map(([, text]) => `${text}\0`).join('')}`, 'latin1');
  const interpBytes = Buffer.from(`${interp ?? ''}\0`, 'latin1');
  const count = interp === undefined ? 2 : 3;
  const interpAt = head + phent * count;
  const stringsAt = interpAt + interpBytes.length;
  const dynamicAt = stringsAt + strings.length;
  const entry = wide ? 16 : 8;
  const entries = [...dynamic.map(([tag], at) => [tag, 1 + dynamic.slice(0, at).reduce((sum, [, text]) => sum + text.length + 1, 0)] as const), [5, strtab ?? BASE + stringsAt] as const, [0, 0] as const];
  const size = dynamicAt + entries.length * entry;
  const out = Buffer.alloc(size);
  const u16 = (at: number, v: number): number => (little ? out.writeUInt16LE(v, at) : out.writeUInt16BE(v, at));
  const u32 = (at: number, v: number): number => (little ? out.writeUInt32LE(v, at) : out.writeUInt32BE(v, at));
  const word = (at: number, v: number): unknown => (wide ? (little ? out.writeBigUInt64LE(BigInt(v), at) : out.writeBigUInt64BE(BigInt(v), at)) : u32(at, v));
  out.write('\x7fELF', 0, 'latin1');
  out[4] = wide ? 2 : 1;
  out[5] = little ? 1 : 2;
  out[6] = 1;
  u16(16, 2);
  u16(18, 62);
  word(wide ? 32 : 28, head);
  u16(wide ? 54 : 42, phent);
  u16(wide ? 56 : 44, headers ?? count);
  const segment = (index: number, type: number, offset: number, filesz: number): void => {
    const at = head + index * phent;
    u32(at, type);
    word(at + (wide ? 8 : 4), offset);
    word(at + (wide ? 16 : 8), BASE + offset);
    word(at + (wide ? 32 : 16), filesz);
  };
  segment(0, 1, 0, size);
  segment(1, 2, dynamicAt, entries.length * entry);
  if (interp !== undefined) segment(2, 3, interpAt, interpBytes.length);
  interpBytes.copy(out, interpAt);
  strings.copy(out, stringsAt);
  entries.forEach(([tag, value], at) => {
    word(dynamicAt + at * entry, tag);
    word(dynamicAt + at * entry + entry / 2, value);
  });
  return out;
}

const reader = (bytes: Buffer): ByteReader => (offset, length) => bytes.subarray(offset, offset + length);
const LOADS: readonly (readonly [number, string])[] = [[1, 'tools/libx.so'], [1, 'libc.so.6'], [29, '$ORIGIN/../tools:/usr/lib'], [15, 'rel'], [0x6ffffefc, 'audit.so']];

describe('R22-6: elfNames reads what an ELF loads', () => {
  it.each([
    ['64-bit little-endian', true, true],
    ['64-bit big-endian', true, false],
    ['32-bit little-endian', false, true],
    ['32-bit big-endian', false, false],
  ])('%s: the interpreter, the library folders, the libraries', (_name, wide, little) => {
    expect(elfNames(reader(elf({ wide, little, interp: 'tools/ld.so', dynamic: LOADS })))).toEqual({
      interps: ['tools/ld.so'],
      folders: ['$ORIGIN/../tools', '/usr/lib', 'rel'],
      needed: ['tools/libx.so', 'libc.so.6', 'audit.so'],
    });
  });

  it('no program headers: nothing loaded', () => {
    expect(elfNames(reader(elf({ wide: true, little: true, dynamic: [], headers: 0 })))).toEqual({ interps: [], folders: [], needed: [] });
  });

  it.each([
    ['cut short in its program headers', (bytes: Buffer) => bytes.subarray(0, 80), /program header table is cut short/],
    ['cut short in its dynamic section', (bytes: Buffer) => bytes.subarray(0, bytes.length - 4), /dynamic section is cut short/],
    ['not an ELF header', (bytes: Buffer) => Buffer.concat([Buffer.from('\x7fELF\x03'), bytes.subarray(5)]), /ELF header is cut short or malformed/],
  ])('%s: failed, naming it', (_name, cut, why) => {
    expect(elfNames(reader(cut(elf({ wide: true, little: true, interp: 'tools/ld.so', dynamic: LOADS }))))).toEqual({ failed: expect.stringMatching(why) });
  });

  it('a string table no segment maps: failed', () => {
    expect(elfNames(reader(elf({ wide: false, little: true, dynamic: LOADS, strtab: 0x10 })))).toEqual({ failed: 'its string table lies in no loaded segment' });
  });

  it('more program headers than the bound (PN_XNUM too): failed, naming the bound', () => {
    expect(elfNames(reader(elf({ wide: true, little: false, dynamic: LOADS, headers: 0xffff })))).toEqual({ failed: 'it has more than 256 program headers' });
  });

  it('a name with no end within the bound: failed', () => {
    const bytes = elf({ wide: true, little: true, dynamic: [[1, 'x'.repeat(5000)]] });
    expect(elfNames(reader(bytes))).toEqual({ failed: 'its dynamic section name is longer than 4096 bytes' });
  });
});
