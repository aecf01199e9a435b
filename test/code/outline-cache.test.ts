// One engine keeps its grammars and the outlines it made (ctx.memo): the same text is answered from the
// cache, a changed text (same size, same name) is parsed again, never served stale.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { OutlineCache } from '../../src/code/outline-cache.js';
import { outlineOf } from '../../src/code/outline.js';
import { CODE_PARSERS, CodeParsers } from '../../src/code/parsers.js';
import { prng } from '../helpers/random.js';
import type { Engine } from '../../src/engine/engine.js';
import { engineFor, removeDir, tempDir, writeFiles } from '../helpers/fixture.js';

let root: string;
let engine: Engine;
beforeEach(async () => {
  root = await tempDir('codeward-outline-cache-');
  await writeFiles(root, { 'a.ts': 'export class Alpha {\n  run(): void {}\n}\n' });
  engine = await engineFor(root);
});
afterEach(async () => {
  await engine.close();
  await removeDir(root);
});

const outline = async (): Promise<{ namePath: string }[]> => {
  const result = await engine.run({ cmd: 'outline', args: { file: 'a.ts' } });
  expect(result.ok, JSON.stringify(result)).toBe(true);
  return (result as { data: { symbols: { namePath: string }[] } }).data.symbols;
};

describe('outline cache', () => {
  it('the same text is served from the engine cache; a same-size edit is outlined again', async () => {
    const first = await outline();
    expect(await outline()).toBe(first);
    await writeFile(join(root, 'a.ts'), 'export class Gamma {\n  run(): void {}\n}\n');
    const changed = await outline();
    expect(changed).not.toBe(first);
    expect(changed.map((symbol) => symbol.namePath)).toEqual(['Gamma']);
    // An edit through codeward (the syntax check parses with the same grammars) and the outline after it.
    expect(await engine.run({ cmd: 'patch', args: { file: 'a.ts', search: 'run(): void {}', replace: 'stop(): void {}' } })).toMatchObject({ ok: true });
    expect(JSON.stringify(await outline())).toContain('Gamma/stop');
  });
});

// A changed text is reparsed from the file's previous tree (issue 30: outline after a change of a 5 k-line
// file, 312 ms with a full parse). The outline must be exactly a full parse's, multi-byte text included.
const SOURCE = [
  '// héllo wörld 😀 — multi-byte text',
  'export class Greeter<T> {',
  '  private readonly names = new Map<string, T>();',
  '  greet(who: string): string {',
  '    return `👋 hello ${who}`;',
  '  }',
  '}',
  'export function add(a: number, b: number): number {',
  '  return a + b;',
  '}',
  'export const limit = 3;',
  '',
].join('\n');
const PIECES = ['(', ')', '{', '}', ';', 'é', '😀', '\n', 'function f() {}\n', 'class K { m() {} }\n', 'const z = 1;\n', ' ', '<T>'];

// An engine context whose grammars are one CodeParsers, with its TypeScript parser's parse spied on.
async function spiedParsers() {
  const parsers = new CodeParsers();
  const memo = new Map<string, unknown>([[CODE_PARSERS, parsers]]);
  const ctx = { memo: <T>(key: string, make: () => T): T => (memo.has(key) ? memo.get(key) : memo.set(key, make()).get(key)) as T };
  const { parser } = await parsers.load('typescript');
  return { ctx, parse: vi.spyOn(parser, 'parse') };
}

describe('outline cache, incremental reparse', () => {
  it('a changed text is parsed from the kept tree and outlined exactly as a full parse outlines it', async () => {
    const { ctx, parse } = await spiedParsers();
    const fresh = new CodeParsers();
    const cache = new OutlineCache();
    const rng = prng(30);
    let text = SOURCE;
    expect(await cache.outline(ctx, '/w/a.ts', 'a.ts', text)).toEqual(await outlineOf(fresh, 'a.ts', text));
    for (let step = 0; step < 40; step++) {
      const safe = (index: number): number => (/[\uDC00-\uDFFF]/.test(text[index] ?? '') ? index + 1 : index);
      const start = safe(Math.floor(rng.next() * (text.length + 1)));
      const end = safe(Math.min(text.length, start + Math.floor(rng.next() * 8)));
      const piece = rng.next() < 0.3 ? '' : PIECES[Math.floor(rng.next() * PIECES.length)]!;
      const next = text.slice(0, start) + piece + text.slice(end);
      parse.mockClear();
      const got = await cache.outline(ctx, '/w/a.ts', 'a.ts', next);
      expect(got, `step ${step}`).toEqual(await outlineOf(fresh, 'a.ts', next));
      if (next !== text) expect(parse.mock.calls[0]?.[1], `step ${step}: parsed from the previous tree`).toBeTruthy();
      text = next;
    }
    parse.mockRestore();
  });
});

describe('outline cache, kept trees', () => {
  it('frees every tree it does not keep: two calls for one file at once, then other files evicting it', async () => {
    const { ctx, parse } = await spiedParsers();
    const cache = new OutlineCache();
    await cache.outline(ctx, '/w/a.ts', 'a.ts', SOURCE);
    const made = parse.mock.results[0]!.value as object;
    const deleted = new Set<unknown>();
    const proto = Object.getPrototypeOf(made) as { delete(this: object): void };
    const realDelete = proto.delete;
    proto.delete = function (this: object): void {
      deleted.add(this);
      realDelete.call(this);
    };
    try {
      await Promise.all([cache.outline(ctx, '/w/a.ts', 'a.ts', `${SOURCE}const b = 2;\n`), cache.outline(ctx, '/w/a.ts', 'a.ts', `${SOURCE}const c = 3;\n`)]);
      for (const name of ['b', 'c', 'd', 'e']) await cache.outline(ctx, `/w/${name}.ts`, `${name}.ts`, `export const ${name} = 1;\n`);
    } finally {
      proto.delete = realDelete;
    }
    const trees = new Set(parse.mock.results.map((result) => result.value as unknown));
    parse.mockRestore();
    // The last four files' trees are kept; every other tree made was freed.
    expect([...trees].filter((tree) => !deleted.has(tree))).toHaveLength(4);
  });
});
