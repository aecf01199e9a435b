import { describe, expect, it } from 'vitest';
import { adaptNewText, countLines, decodeText, encodeText, type TextDoc } from '../../src/files/text.js';
import { concatBytes, prng } from './helpers.js';

const bytesOf = (...parts: (string | number[])[]): Uint8Array =>
  concatBytes(parts.map((part) => (typeof part === 'string' ? Buffer.from(part, 'utf8') : Uint8Array.from(part))));

function roundTrip(bytes: Uint8Array): TextDoc {
  const doc = decodeText(bytes);
  expect(Buffer.from(encodeText(doc.text, doc)).equals(Buffer.from(bytes))).toBe(true);
  return doc;
}

describe('decodeText / encodeText', () => {
  it('LF file', () => {
    expect(roundTrip(bytesOf('a\nb\n'))).toEqual({ text: 'a\nb\n', bom: false, encoding: 'utf-8', eol: 'lf', finalNewline: true, binary: false });
  });

  it('CRLF file', () => {
    expect(roundTrip(bytesOf('a\r\nb\r\n'))).toMatchObject({ text: 'a\r\nb\r\n', eol: 'crlf', finalNewline: true });
  });

  it('mixed line endings are kept per line', () => {
    expect(roundTrip(bytesOf('a\r\nb\nc\r\n'))).toMatchObject({ eol: 'mixed', text: 'a\r\nb\nc\r\n' });
  });

  it('a lone CR is not a line break', () => {
    expect(roundTrip(bytesOf('a\rb'))).toMatchObject({ eol: 'none', finalNewline: false });
  });

  it('BOM is stripped from the text and recorded', () => {
    const doc = roundTrip(bytesOf([0xef, 0xbb, 0xbf], 'x = 1\n'));
    expect(doc).toMatchObject({ text: 'x = 1\n', bom: true, encoding: 'utf-8' });
    // A second BOM is content and stays in the text.
    expect(roundTrip(bytesOf([0xef, 0xbb, 0xbf, 0xef, 0xbb, 0xbf], 'y'))).toMatchObject({ text: '\uFEFFy', bom: true });
  });

  it('invalid UTF-8 decodes as Latin-1 byte for byte', () => {
    const doc = roundTrip(bytesOf('caf', [0xe9], '\n'));
    expect(doc).toMatchObject({ text: 'caf\u00e9\n', encoding: 'latin1', bom: false });
    expect(roundTrip(bytesOf([0xed, 0xa0, 0x80]))).toMatchObject({ encoding: 'latin1' });
    expect(roundTrip(bytesOf([0xef, 0xbb, 0xbf, 0xff, 0x41]))).toMatchObject({ encoding: 'latin1', bom: true, text: '\u00ffA' });
  });

  it('valid multi-byte UTF-8 stays UTF-8', () => {
    expect(roundTrip(bytesOf('€ 😀 é'))).toMatchObject({ text: '€ 😀 é', encoding: 'utf-8' });
  });

  it('no final newline, empty file', () => {
    expect(roundTrip(bytesOf('a\nb'))).toMatchObject({ finalNewline: false, eol: 'lf' });
    expect(roundTrip(new Uint8Array(0))).toEqual({ text: '', bom: false, encoding: 'utf-8', eol: 'none', finalNewline: false, binary: false });
  });

  it('binary = a NUL in the first 8 KiB', () => {
    expect(decodeText(bytesOf('a', [0], 'b')).binary).toBe(true);
    const late = new Uint8Array(9000).fill(0x61);
    late[8500] = 0;
    expect(decodeText(late).binary).toBe(false);
  });

  it('encodeText refuses what the encoding cannot hold (C210)', () => {
    expect(() => encodeText('\u20ac', { bom: false, encoding: 'latin1' })).toThrow(expect.objectContaining({ code: 'C210' }));
    expect(() => encodeText('a\uD800b', { bom: false, encoding: 'utf-8' })).toThrow(expect.objectContaining({ code: 'C210' }));
    expect([...encodeText('\u0000\u00e9\u00ff', { bom: false, encoding: 'latin1' })]).toEqual([0, 0xe9, 0xff]);
    expect([...encodeText('a', { bom: true, encoding: 'utf-8' })]).toEqual([0xef, 0xbb, 0xbf, 0x61]);
  });

  it('round-trips 1,000 random byte strings exactly', () => {
    const rand = prng(20240611);
    const atoms: number[][] = [[0x0d], [0x0a], [0x0d, 0x0a], [0x61], [0x20], [0xe9], [0xff], [0x80], [0xc3, 0xa9],
      [0xe2, 0x82, 0xac], [0xf0, 0x9f, 0x98, 0x80], [0xef, 0xbb, 0xbf], [0xed, 0xa0, 0x80], [0xc0, 0xaf], [0x7f]];
    let latin1 = 0;
    let utf8 = 0;
    for (let i = 0; i < 1000; i++) {
      const parts: number[] = rand.int(4) === 0 ? [0xef, 0xbb, 0xbf] : [];
      const n = rand.int(40);
      for (let j = 0; j < n; j++) parts.push(...(rand.int(5) === 0 ? [rand.int(256)] : rand.pick(atoms)));
      const doc = roundTrip(Uint8Array.from(parts));
      if (doc.encoding === 'latin1') latin1++;
      else utf8++;
    }
    expect(latin1).toBeGreaterThan(50);
    expect(utf8).toBeGreaterThan(50);
  });
});

describe('adaptNewText', () => {
  const lf = decodeText(bytesOf('a\nb\n'));
  const crlf = decodeText(bytesOf('a\r\nb\r\n'));
  const bom = decodeText(bytesOf([0xef, 0xbb, 0xbf], 'a\n'));
  const latin = decodeText(bytesOf('caf', [0xe9], '\n'));

  it('no existing file: UTF-8, text as is', () => {
    expect(adaptNewText('x\ny\n', undefined)).toEqual({ text: 'x\ny\n', bom: false, encoding: 'utf-8', notes: [] });
    expect(adaptNewText('\uFEFFx', undefined)).toEqual({ text: 'x', bom: true, encoding: 'utf-8', notes: [] });
  });

  it('converts bare LF to CRLF over a CRLF file, but not mixed content or LF files', () => {
    const out = adaptNewText('x\ny\n', crlf);
    expect(out.text).toBe('x\r\ny\r\n');
    expect(out.notes).toEqual(['converted line endings to CRLF to match the existing file']);
    expect(adaptNewText('x\r\ny\n', crlf).text).toBe('x\r\ny\n');
    expect(adaptNewText('x\ny', lf)).toEqual({ text: 'x\ny', bom: false, encoding: 'utf-8', notes: [] });
    expect(adaptNewText('single line', crlf).notes).toEqual([]);
  });

  it('keeps the BOM of the existing file; a leading U+FEFF means BOM', () => {
    expect(adaptNewText('z\n', bom)).toEqual({ text: 'z\n', bom: true, encoding: 'utf-8', notes: ['kept the byte order mark of the existing file'] });
    expect(adaptNewText('\uFEFFz\n', bom)).toEqual({ text: 'z\n', bom: true, encoding: 'utf-8', notes: [] });
    expect(adaptNewText('\uFEFFz\n', lf).bom).toBe(true);
  });

  it('stays Latin-1 when possible, else converts to UTF-8 with a note', () => {
    expect(adaptNewText('d\u00e9j\u00e0\n', latin)).toEqual({ text: 'd\u00e9j\u00e0\n', bom: false, encoding: 'latin1', notes: [] });
    expect(adaptNewText('5 \u20ac\n', latin)).toEqual({ text: '5 \u20ac\n', bom: false, encoding: 'utf-8', notes: ['converted from Latin-1 to UTF-8'] });
  });
});

describe('countLines', () => {
  it.each([['a\nb\n', 2], ['a\nb', 2], ['', 0], ['\n', 1], ['\n\n', 2], ['a', 1], ['a\r\nb\r\n', 2]])('%j has %i lines', (text, n) => {
    expect(countLines(text)).toBe(n);
  });
});
