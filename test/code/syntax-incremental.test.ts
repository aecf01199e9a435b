import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CodeParsers } from '../../src/code/parsers.js';
import { problemsOf } from '../../src/code/syntax-check.js';
import { SyntaxTreeCache } from '../../src/code/syntax-tree-cache.js';
import type { Engine } from '../../src/engine/engine.js';
import { engineFor, removeDir, tempDir } from '../helpers/fixture.js';
import { prng } from '../helpers/random.js';

// The syntax check reparses an edited file incrementally from the tree of its text before the edit. A
// wrong edit description (code units vs bytes, rows, columns) would give a tree that differs from a full
// parse: a missed error or a false alarm. Random edits, multi-byte text included, must give exactly the
// problems a full parse gives, and an engine's second and third edits of a file must still be refused
// when they break it.
const parsers = new CodeParsers();
const SOURCE = [
  "// héllo wörld 😀 — a comment with multi-byte text",
  'export class Greeter<T> {',
  '  private readonly names = new Map<string, T>();',
  '  greet(who: string): string {',
  '    const emoji = "👋";',
  '    return `${emoji} hello ${who}`;',
  '  }',
  '}',
  'export function add(a: number, b: number): number {',
  '  return a + b;',
  '}',
  '',
].join('\n');
const PIECES = ['(', ')', '{', '}', ';', 'é', '😀', '\n', 'const x = 1;', '"', '`', ' ', 'if (a) {', '<T>', ','];

describe('incremental reparse', () => {
  it('random edits: the problems equal a full parse of the same text, edit after edit', async () => {
    const { parser } = await parsers.load('typescript');
    const rng = prng(30);
    const random = (): number => rng.next();
    for (let trial = 0; trial < 12; trial++) {
      const cache = new SyntaxTreeCache();
      let text = SOURCE;
      cache.problems(parser, 'a.ts', text);
      for (let step = 0; step < 15; step++) {
        const at = Math.floor(random() * (text.length + 1));
        const cut = Math.floor(random() * 6);
        const piece = random() < 0.3 ? '' : PIECES[Math.floor(random() * PIECES.length)]!;
        // Never split a surrogate pair: the edit would not be text.
        const safe = (index: number): number => (/[\uDC00-\uDFFF]/.test(text[index] ?? '') ? index + 1 : index);
        const start = safe(at);
        const end = safe(Math.min(text.length, start + cut));
        const next = text.slice(0, start) + piece + text.slice(end);
        const incremental = cache.problems(parser, 'a.ts', next, text);
        expect(incremental, `trial ${trial} step ${step}`).toEqual(problemsOf(parser, next));
        text = next;
      }
    }
  });
});

let root: string;
let engine: Engine | undefined;
beforeEach(async () => {
  root = await tempDir();
  await writeFile(join(root, 'app.ts'), SOURCE);
});
afterEach(async () => {
  await engine?.close();
  engine = undefined;
  await removeDir(root);
});

describe('successive edits through one engine (the trees kept between calls)', () => {
  it('attacker: clean edits first, then one that breaks the file after the multi-byte text is refused', async () => {
    engine = await engineFor(root);
    for (const [search, replace] of [['a + b', 'a - b'], ['hello', 'héllo 😀'], ['a - b', 'a * b']] as const) {
      const done = await engine.run({ cmd: 'patch', args: { file: 'app.ts', search, replace } });
      expect(done.ok, JSON.stringify(done)).toBe(true);
    }
    const before = await readFile(join(root, 'app.ts'), 'utf8');
    const broken = await engine.run({ cmd: 'patch', args: { file: 'app.ts', search: 'return a * b;', replace: 'return (a * b;' } });
    expect(broken.ok).toBe(false);
    expect(JSON.stringify(broken)).toContain('C225');
    expect(await readFile(join(root, 'app.ts'), 'utf8')).toBe(before);
    // The same file edited back to valid text after a refused edit is accepted.
    const fixed = await engine.run({ cmd: 'patch', args: { file: 'app.ts', search: 'a * b', replace: 'a + b' } });
    expect(fixed.ok, JSON.stringify(fixed)).toBe(true);
  });
});
