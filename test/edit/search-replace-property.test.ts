import { describe, expect, it } from 'vitest';
import { isCodewardError } from '../../src/engine/errors.js';
import { applySearchReplace } from '../../src/edit/search-replace.js';
import { prng } from '../helpers/random.js';


const ALPHABET = ['a', 'b', 'x', ' ', ' ', '\t', 'é', '😀', '漢', '$', '&', '1', '"', '“', '—', '\u00a0', 'e\u0301'];

// The naive reference: a per-character map from the LF view to the raw text, indexOf, splice.
function reference(raw: string, search: string, replace: string): { text: string; rawStart: number; rawEnd: number; line: number } {
  const starts: number[] = [];
  let view = '';
  for (let i = 0; i < raw.length; i++) {
    starts.push(i);
    if (raw[i] === '\r' && raw[i + 1] === '\n') i++;
    view += raw[i];
  }
  const s = search.split('\r\n').join('\n');
  const vs = view.indexOf(s);
  const ve = vs + s.length;
  const rawStart = starts[vs]!;
  const rawEnd = ve < view.length ? starts[ve]! : raw.length;
  const region = raw.slice(rawStart, rawEnd);
  let eol: string;
  if (region.includes('\r\n')) eol = '\r\n';
  else if (region.includes('\n')) eol = '\n';
  else {
    const p = raw.indexOf('\n', rawEnd);
    if (p !== -1) eol = raw[p - 1] === '\r' ? '\r\n' : '\n';
    else {
      const crlf = raw.split('\r\n').length - 1;
      eol = crlf > raw.split('\n').length - 1 - crlf ? '\r\n' : '\n';
    }
  }
  const inserted = replace.split('\r\n').join('\n').split('\n').join(eol);
  return { text: raw.slice(0, rawStart) + inserted + raw.slice(rawEnd), rawStart, rawEnd, line: view.slice(0, vs).split('\n').length };
}

function randomLine(rnd: ReturnType<typeof prng>, max: number): string {
  let line = '';
  for (let n = rnd.int(max); n > 0; n--) line += rnd.pick(ALPHABET);
  return line;
}

const isLow = (s: string, i: number): boolean => i > 0 && i < s.length && s.charCodeAt(i) >= 0xdc00 && s.charCodeAt(i) <= 0xdfff;

describe('applySearchReplace property: agrees with a naive reference and keeps every other byte', () => {
  it('500 random CRLF/LF texts with a unique search', () => {
    const rnd = prng(20240611);
    for (let iter = 0; iter < 500; iter++) {
      const marker = `<M${iter}>`;
      const lines: string[] = [];
      for (let n = rnd.int(12); n >= 0; n--) lines.push(randomLine(rnd, 10));
      lines.splice(rnd.int(lines.length + 1), 0, `${randomLine(rnd, 3)}${marker}${randomLine(rnd, 3)}`);
      const raw = lines.map((line, i) => line + (i === lines.length - 1 && rnd.chance(0.5) ? '' : rnd.pick(['\n', '\r\n']))).join('');
      const view = raw.split('\r\n').join('\n');
      const markerAt = view.indexOf(marker);
      let a = markerAt - rnd.int(Math.min(markerAt, 30) + 1);
      let b = markerAt + marker.length + rnd.int(Math.min(view.length - markerAt - marker.length, 30) + 1);
      if (isLow(view, a)) a--;
      if (isLow(view, b)) b++;
      const search = view.slice(a, b).replace(/\n/g, () => rnd.pick(['\n', '\r\n']));
      const replace = Array.from({ length: rnd.int(4) }, () => randomLine(rnd, 6) + rnd.pick(['$&', '$1', '$$', '', ''])).join(rnd.pick(['\n', '\r\n']));
      const context = JSON.stringify({ iter, raw, search, replace });
      const ref = reference(raw, search, replace);
      const got = applySearchReplace(raw, search, replace);
      expect(got.replacements, context).toBe(1);
      expect(got.lines, context).toEqual([ref.line]);
      if (search.split('\r\n').join('\n') === replace.split('\r\n').join('\n')) {
        expect(got.text, context).toBe(raw);
        continue;
      }
      expect(got.text, context).toBe(ref.text);
      expect(got.text.startsWith(raw.slice(0, ref.rawStart)), context).toBe(true);
      expect(got.text.endsWith(raw.slice(ref.rawEnd)), context).toBe(true);
    }
  });

  it('200 random texts: all replaces every copy and nothing else', () => {
    const rnd = prng(7);
    for (let iter = 0; iter < 200; iter++) {
      const lines: string[] = [];
      let copies = 0;
      for (let n = rnd.int(15) + 1; n > 0; n--) {
        const withMarker = rnd.chance(0.3);
        copies += withMarker ? 1 : 0;
        lines.push(withMarker ? `${randomLine(rnd, 4)}<M>${randomLine(rnd, 4)}` : randomLine(rnd, 8));
      }
      const raw = lines.map((line) => line + rnd.pick(['\n', '\r\n'])).join('');
      const replace = randomLine(rnd, 4);
      if (copies === 0) {
        let code = '';
        try {
          applySearchReplace(raw, '<M>', replace, { all: true });
        } catch (error) {
          code = isCodewardError(error) ? error.code : 'other';
        }
        expect(code).toBe('C220');
        continue;
      }
      const got = applySearchReplace(raw, '<M>', replace, { all: true });
      expect(got.replacements).toBe(copies);
      expect(got.text).toBe(raw.split('<M>').join(replace));
    }
  });
});

describe('applySearchReplace on a 50 MB file', () => {
  // Speed is measured in bench/ (a timing assertion here fails on a loaded CI machine); this checks the result.
  it('edits a 50 MB text, keeping CRLF', () => {
    const line = 'const value = compute(alpha, beta, gamma); // some padding text here\r\n';
    const half = line.repeat(Math.ceil(25_000_000 / line.length));
    const text = `${half}function unique() {\r\n  return 1;\r\n}\r\n${half}`;
    expect(text.length).toBeGreaterThan(50_000_000);
    const r = applySearchReplace(text, 'function unique() {\n  return 1;\n}\n', 'function unique() {\n  return 2;\n}\n');
    expect(r.replacements).toBe(1);
    expect(r.lines).toEqual([half.length / line.length + 1]);
    expect(r.text.length).toBe(text.length);
    expect(r.text.slice(half.length, half.length + 39)).toBe('function unique() {\r\n  return 2;\r\n}\r\nco');
  });
});
