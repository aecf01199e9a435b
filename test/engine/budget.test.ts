import { describe, expect, it } from 'vitest';
import { compactValue, fitText, linesOf } from '../../src/engine/budget.js';

describe('fitText', () => {
  it('keeps text that fits as it is', () => {
    expect(fitText('a\nb\n', 10)).toEqual({ text: 'a\nb\n' });
  });

  it('cuts at a line end and counts what it kept', () => {
    const fitted = fitText('one\ntwo\nthree\n', 9);
    expect(fitted.text).toBe('one\ntwo\n');
    expect(fitted.cut).toMatchObject({ totalLines: 3, headLines: 2, tailLines: 0, shownBytes: 8, totalBytes: 14 });
  });

  it('never splits a UTF-8 character inside a line longer than the budget', () => {
    const text = 'é'.repeat(100);
    for (const max of [1, 2, 3, 7, 50]) {
      const fitted = fitText(text, max);
      expect(Buffer.byteLength(fitted.text)).toBeLessThanOrEqual(max);
      expect(fitted.text).toBe('é'.repeat(Math.floor(max / 2)));
      expect(fitted.cut?.headLines).toBe(0);
    }
  });

  it("'ends' keeps the first quarter and the end, whole lines, within the budget", () => {
    const text = Array.from({ length: 1000 }, (_, index) => `line ${index}`).join('\n');
    const fitted = fitText(text, 800, 'ends');
    const [head, tail] = fitted.text.split('\n[…]\n');
    expect(head!.startsWith('line 0\n')).toBe(true);
    expect(tail!.endsWith('line 999')).toBe(true);
    expect(Buffer.byteLength(head!) + Buffer.byteLength(tail!)).toBeLessThanOrEqual(800);
    expect(fitted.cut!.headLines + fitted.cut!.tailLines).toBeLessThan(1000);
    expect(tail!.split('\n')).toHaveLength(fitted.cut!.tailLines);
  });
});

describe('compactValue', () => {
  it('leaves out large values and names their paths, keeping small fields', () => {
    const compact = compactValue({ path: 'a.txt', content: 'x'.repeat(5000), nested: { list: Array(1000).fill(1), n: 3 } }, 1024, 'data');
    expect(compact.value).toEqual({ path: 'a.txt', nested: { n: 3 } });
    expect(compact.omitted).toEqual(['data.content', 'data.nested.list']);
  });
});

describe('linesOf', () => {
  it("names the line total, or, after a process's own output cap, only the lines it kept", () => {
    const plain = fitText('line\n'.repeat(1000), 100, 'ends');
    expect(linesOf(plain.cut!)).toBe('1000 lines');
    const capped = `${'a\n'.repeat(500)}\n… [123456 bytes elided] …\n${'b\n'.repeat(500)}`;
    const fitted = fitText(capped, 200, 'ends');
    expect(fitted.cut!.elidedBytes).toBe(123456);
    expect(linesOf(fitted.cut!)).toMatch(/^the 100\d lines the command's output cap kept \(it had dropped 123456 bytes from the middle; the total line count is unknown\)$/);
  });
});
