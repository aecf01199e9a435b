import { describe, expect, it } from 'vitest';
import { replaceBytes } from '../../src/edit/byte-replace.js';
import { applySearchReplace } from '../../src/edit/search-replace.js';
import { decodeText, encodeText } from '../../src/files/text.js';
import { prng } from '../helpers/random.js';

// What the text path writes for the same call, or the error code it throws.
function slowPath(bytes: Uint8Array, search: string, replace: string, all: boolean): { bytes: Buffer; replacements: number; lines: number[] } | string {
  const doc = decodeText(bytes);
  try {
    const result = applySearchReplace(doc.text, search, replace, { all });
    return { bytes: Buffer.from(encodeText(result.text, doc)), replacements: result.replacements, lines: result.lines };
  } catch (error) {
    return (error as { code: string }).code;
  }
}

const PIECES = ['alpha', 'beta', 'x = 1;', '  indented', '\t', ' ', 'é', '“quoted”', '日本', 'a', 'aa', '\r\n', '\n', '\r', '\u00ff'];

function randomFile(random: ReturnType<typeof prng>): Uint8Array {
  const parts: string[] = [];
  for (let i = random.int(40); i > 0; i -= 1) parts.push(random.pick(PIECES));
  const text = parts.join('');
  const latin1 = random.chance(0.2) && !/[\u0100-\uffff]/.test(text);
  const body = Buffer.from(text, latin1 ? 'latin1' : 'utf8');
  return random.chance(0.15) && !latin1 ? Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), body]) : body;
}

describe('the byte fast path of search/replace', () => {
  it('writes exactly what the text path writes, whenever it takes the call (2,000 random files)', () => {
    const random = prng(0xb17e5);
    let taken = 0;
    for (let round = 0; round < 2000; round += 1) {
      const bytes = randomFile(random);
      const search = random.pick(['alpha', 'beta', 'a', 'aa', 'x = 1;', 'indented', '\tbeta', 'é', 'alpha\n', 'nothing']);
      const replace = random.pick(['ALPHA', '', 'b', 'y = 2;', 'ü', 'two\nlines', 'alpha']);
      const all = random.chance(0.3);
      const fast = replaceBytes(bytes, search, replace, all);
      if (!fast) continue;
      taken += 1;
      const slow = slowPath(bytes, search, replace, all);
      expect(typeof slow, `round ${round}: the text path failed with ${String(slow)}`).toBe('object');
      const expected = slow as Exclude<typeof slow, string>;
      expect(fast.bytes.equals(expected.bytes), `round ${round}: ${JSON.stringify([Buffer.from(bytes).toString('latin1'), search, replace, all])}`).toBe(true);
      expect([fast.replacements, fast.lines]).toEqual([expected.replacements, expected.lines]);
    }
    expect(taken).toBeGreaterThan(300);
  });

  it('leaves every other call to the text path', () => {
    const file = Buffer.from('one\r\ntwo two\r\nthree\r\n');
    expect(replaceBytes(file, 'four', 'x', false)).toBeUndefined(); // not found: the text path explains (C220)
    expect(replaceBytes(file, 'two', 'x', false)).toBeUndefined(); // ambiguous: C221 with lines
    expect(replaceBytes(file, 'one\n', 'x', false)).toBeUndefined(); // line breaks: EOL adaptation
    expect(replaceBytes(file, 'three', 'drei\n', false)).toBeUndefined();
    expect(replaceBytes(file, 'one', 'één', false)).toBeUndefined(); // non-ASCII: encoding matters
    expect(replaceBytes(file, 'one', 'one', false)).toBeUndefined(); // identical: the text path's note
    expect(replaceBytes(file, '', 'x', false)).toBeUndefined();
  });

  it('keeps CRLF, a BOM and Latin-1 bytes around the match untouched', () => {
    const latin1 = Buffer.concat([Buffer.from('caf\xe9 = 1;\r\n', 'latin1'), Buffer.from('x = 1;\r\n')]);
    expect(replaceBytes(latin1, 'x = 1;', 'x = 2;', false)!.bytes.toString('latin1')).toBe('caf\xe9 = 1;\r\nx = 2;\r\n');
    const bom = Buffer.from('\ufeffkey: old\n', 'utf8');
    const result = replaceBytes(bom, 'old', 'new', false)!;
    expect(result.bytes.toString('utf8')).toBe('\ufeffkey: new\n');
    expect(result.lines).toEqual([1]);
  });

  it('patches one line of a 50 MB file without decoding it', () => {
    const line = 'INFO request handled in 12 ms\n';
    const big = Buffer.alloc(50 * 1024 * 1024, line);
    const marker = Buffer.from('"checkout-v1"\n');
    marker.copy(big, 25 * 1024 * 1024);
    const started = performance.now();
    const result = replaceBytes(big, '"checkout-v1"', '"checkout-v2"', false);
    const elapsed = performance.now() - started;
    expect(result?.replacements).toBe(1);
    expect(result!.bytes.length).toBe(big.length);
    expect(elapsed).toBeLessThan(10_000); // a guard against pathological work only, not a speed measure
  });
});
