import { describe, expect, it } from 'vitest';
import { OutputCap } from '../../src/shell/output-cap.js';

function capture(maxBytes: number, ...chunks: (string | Buffer)[]): OutputCap {
  const cap = new OutputCap(maxBytes);
  for (const chunk of chunks) cap.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
  return cap;
}

describe('OutputCap', () => {
  it('keeps everything that fits, across chunks', () => {
    const cap = capture(10, 'abc', 'defg', 'hij');
    expect(cap.text()).toBe('abcdefghij');
    expect(cap.elidedBytes).toBe(0);
    expect(cap.totalBytes).toBe(10);
  });

  it('keeps the first and last halves and marks what was elided', () => {
    const cap = capture(6, 'abcdef', 'ghijkl', 'mn');
    expect(cap.text()).toBe('abc\n… [8 bytes elided] …\nlmn');
    expect(cap.elidedBytes).toBe(8);
  });

  it('the ring keeps the true tail whatever the chunk sizes', () => {
    const text = Array.from({ length: 500 }, (_, i) => String.fromCharCode(97 + (i % 26))).join('');
    for (const size of [1, 3, 7, 50, 499]) {
      const chunks: string[] = [];
      for (let i = 0; i < text.length; i += size) chunks.push(text.slice(i, i + size));
      const cap = capture(40, ...chunks);
      expect(cap.text()).toBe(`${text.slice(0, 20)}\n… [460 bytes elided] …\n${text.slice(-20)}`);
    }
  });

  it('never splits a UTF-8 character at the cuts (no U+FFFD)', () => {
    const euro = '€'; // 3 bytes
    for (let offset = 0; offset < 3; offset += 1) {
      const text = 'x'.repeat(offset) + euro.repeat(40);
      const out = capture(16, text).text();
      expect(out).not.toContain('\uFFFD');
      const [head, tail] = out.split(/\n… \[\d+ bytes elided\] …\n/);
      expect(text.startsWith(head!)).toBe(true);
      expect(text.endsWith(tail!)).toBe(true);
      const dropped = Number(/\[(\d+) bytes elided\]/.exec(out)![1]);
      expect(Buffer.byteLength(head!) + Buffer.byteLength(tail!) + dropped).toBe(Buffer.byteLength(text));
    }
  });

  it('handles emoji (4-byte) split across chunks', () => {
    const bytes = Buffer.from('🎉🎉🎉');
    const cap = capture(100, bytes.subarray(0, 2), bytes.subarray(2, 7), bytes.subarray(7));
    expect(cap.text()).toBe('🎉🎉🎉');
  });
});
