import { describe, expect, it } from 'vitest';
import { isCodewardError } from '../../src/engine/errors.js';
import { applyLineOps, type LineOp, type LineOpsOptions } from '../../src/edit/line-ops.js';

type Rand = () => number;

// mulberry32: a small seeded PRNG, so every failure reproduces.
function prng(seed: number): Rand {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const int = (rand: Rand, lo: number, hi: number): number => lo + Math.floor(rand() * (hi - lo + 1));
const pick = <T>(rand: Rand, items: readonly T[]): T => items[int(rand, 0, items.length - 1)]!;
const WORDS = ['', 'a', 'b c', 'é', '😀', 'x\ry', 'w\r', '  indent', 'tab\t'];

function randomFile(rand: Rand): string {
  const count = int(rand, 0, 12);
  let text = '';
  for (let i = 0; i < count; i++) text += pick(rand, WORDS) + pick(rand, ['\n', '\r\n']);
  // Sometimes no final newline: a non-empty last line without an ending.
  if (rand() < 0.35) text += `z${pick(rand, WORDS)}`;
  return text;
}

function randomContent(rand: Rand): string {
  const count = int(rand, 0, 3);
  const lines = Array.from({ length: count }, () => pick(rand, WORDS));
  let text = '';
  lines.forEach((line, i) => {
    text += line + (i < count - 1 || rand() < 0.5 ? pick(rand, ['\n', '\r\n']) : '');
  });
  return text;
}

// Random line ops whose covers do not intersect (same-line inserts only when allowed).
function randomOps(rand: Rand, lineCount: number, sameLineInserts: boolean): LineOp[] {
  const ops: LineOp[] = [];
  const covers: Array<{ start: number; end: number; insert: boolean }> = [];
  for (let tries = int(rand, 1, 8); tries > 0; tries--) {
    const kind = lineCount === 0 ? 'insert' : pick(rand, ['insert', 'remove', 'update_lines'] as const);
    const start = int(rand, 1, kind === 'insert' ? lineCount + 1 : lineCount);
    const end = kind === 'insert' ? start : int(rand, start, Math.min(lineCount, start + 3));
    const clash = covers.some((c) => start <= c.end && c.start <= end && !(sameLineInserts && c.insert && kind === 'insert'));
    if (clash) continue;
    covers.push({ start, end, insert: kind === 'insert' });
    if (kind === 'insert') ops.push({ op: 'insert', at_line: start, content: randomContent(rand) });
    else if (kind === 'remove') ops.push({ op: 'remove', from_line: start, to_line: end });
    else ops.push({ op: 'update_lines', from_line: start, to_line: end, content: randomContent(rand) });
  }
  return ops;
}

interface Line { body: string; eol: string }

// The reference: parse into {body, eol}, apply the ops top-down in line order with an index offset, rejoin.
function reference(text: string, ops: readonly LineOp[]): string {
  const lines: Line[] = (text.match(/[^\n]*\n|[^\n]+$/g) ?? []).map((raw) => {
    const eol = raw.endsWith('\r\n') ? '\r\n' : raw.endsWith('\n') ? '\n' : '';
    return { body: raw.slice(0, raw.length - eol.length), eol };
  });
  const original = lines.map((l) => ({ ...l }));
  const neighbourEol = (lineNo: number): string => {
    const at = original[Math.min(lineNo, original.length) - 1];
    if (at !== undefined && at.eol !== '') return at.eol;
    return original[Math.min(lineNo, original.length) - 2]?.eol ?? '\n';
  };
  const content = (text: string, eol: string): Line[] => {
    if (text === '') return [];
    const bodies = text.split('\n');
    if (text.endsWith('\n')) bodies.pop();
    return bodies.map((body) => ({ body: body.replace(/\r+$/, ''), eol }));
  };
  const start = (op: LineOp): number => (op.op === 'insert' ? op.at_line : op.op === 'replace' ? 0 : op.from_line);
  const ordered = ops.map((op, i) => ({ op, i })).sort((a, b) => start(a.op) - start(b.op) || a.i - b.i);
  let offset = 0;
  for (const { op } of ordered) {
    if (op.op === 'insert') {
      const added = content(op.content, neighbourEol(op.at_line));
      lines.splice(op.at_line - 1 + offset, 0, ...added);
      offset += added.length;
    } else if (op.op === 'remove') {
      lines.splice(op.from_line - 1 + offset, op.to_line - op.from_line + 1);
      offset -= op.to_line - op.from_line + 1;
    } else if (op.op === 'update_lines') {
      const added = content(op.content, neighbourEol(op.from_line));
      lines.splice(op.from_line - 1 + offset, op.to_line - op.from_line + 1, ...added);
      offset += added.length - (op.to_line - op.from_line + 1);
    }
  }
  const fallback = neighbourEol(original.length);
  lines.forEach((line, i) => {
    if (i < lines.length - 1 && line.eol === '') line.eol = fallback;
  });
  if (!text.endsWith('\n') && lines.length > 0) lines[lines.length - 1]!.eol = '';
  return lines.map((l) => l.body + l.eol).join('');
}

function shuffled<T>(rand: Rand, items: readonly T[]): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = int(rand, 0, i);
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

const lineCountOf = (text: string): number => (text.match(/[^\n]*\n|[^\n]+$/g) ?? []).length;

describe('line ops: property tests against a top-down reference', () => {
  it('1,000 random files and op sets give the reference result, in any input order', () => {
    const rand = prng(0xc0de);
    for (let iteration = 0; iteration < 1000; iteration++) {
      const text = randomFile(rand);
      const ops = randomOps(rand, lineCountOf(text), false);
      const context = JSON.stringify({ iteration, text, ops });
      const result = applyLineOps(text, ops);
      expect(result.text, context).toBe(reference(text, ops));
      expect(result.applied, context).toBe(ops.length);
      expect(result.lineCount, context).toBe(lineCountOf(result.text));
      expect(applyLineOps(text, shuffled(rand, ops)).text, context).toBe(result.text);
    }
  });

  it('500 random op sets with same-line inserts allowed keep the given order', () => {
    const rand = prng(0xbeef);
    const options: LineOpsOptions = { sameLineInserts: 'in-order' };
    for (let iteration = 0; iteration < 500; iteration++) {
      const text = randomFile(rand);
      const ops = randomOps(rand, lineCountOf(text), true);
      expect(applyLineOps(text, ops, options).text, JSON.stringify({ iteration, text, ops })).toBe(reference(text, ops));
    }
  });

  it('overlap detection agrees with a pairwise check on 1,000 random op pairs and triples', () => {
    const rand = prng(7);
    for (let iteration = 0; iteration < 1000; iteration++) {
      const lineCount = int(rand, 1, 8);
      const ops: LineOp[] = Array.from({ length: int(rand, 2, 3) }, () => {
        const from = int(rand, 1, lineCount);
        return rand() < 0.4
          ? { op: 'insert', at_line: int(rand, 1, lineCount + 1), content: 'x' }
          : { op: 'remove', from_line: from, to_line: int(rand, from, lineCount) };
      });
      const cover = (op: LineOp): [number, number] =>
        op.op === 'insert' ? [op.at_line, op.at_line] : op.op === 'remove' ? [op.from_line, op.to_line] : [0, 0];
      const overlapping = ops.some((a, i) => ops.some((b, j) => i < j && cover(a)[0] <= cover(b)[1] && cover(b)[0] <= cover(a)[1]));
      let threw = false;
      try {
        applyLineOps('l\n'.repeat(lineCount), ops);
      } catch (error) {
        threw = isCodewardError(error) && error.code === 'C210' && /overlap/.test(error.message);
        if (!threw) throw error;
      }
      expect(threw, JSON.stringify(ops)).toBe(overlapping);
    }
  });

  it('literal replace equals split/join on random text', () => {
    const rand = prng(42);
    for (let iteration = 0; iteration < 300; iteration++) {
      const text = randomFile(rand) || 'a';
      const pattern = pick(rand, ['a', 'b c', '\n', '\r\n', 'é', '😀', '.', 'x\ry']);
      const replacement = pick(rand, ['', '$1', '$$', 'Q\nQ']);
      const result = applyLineOps(text, [{ op: 'replace', pattern, replacement, literal: true }]);
      expect(result.text).toBe(text.split(pattern).join(replacement));
    }
  });
});
