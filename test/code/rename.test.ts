import { execFileSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Engine } from '../../src/engine/engine.js';
import type { Envelope } from '../../src/engine/envelope.js';
import { engineFor, REPO_ROOT, removeDir, tempDir, writeFiles } from '../helpers/fixture.js';

// Real projects: a TypeScript one that tsc compiles and whose test passes, a Python package with unittest.
const TS: Record<string, string> = {
  'tsconfig.json': JSON.stringify({ compilerOptions: { strict: true, target: 'es2022', lib: ['es2022', 'dom'], types: [], skipLibCheck: true, module: 'nodenext', moduleResolution: 'nodenext', outDir: 'out', rootDir: 'src' }, include: ['src'] }),
  'package.json': '{"type":"module"}',
  'src/math.ts': 'export function total(items: number[]): number {\n  let sum = 0;\n  for (const item of items) sum += item;\n  return sum;\n}\n\nexport class Cart {\n  items: number[] = [];\n  add(item: number): this {\n    this.items.push(item);\n    return this;\n  }\n  sum(): number {\n    return total(this.items);\n  }\n}\n',
  'src/index.ts': "export { total } from './math.js';\nexport { Cart } from './math.js';\n",
  'src/app.ts': "import { total } from './index.js';\nimport * as math from './math.js';\n\nexport const shorthand = { total };\nexport function run(): number {\n  return total([1, 2]) + math.total([3]) + shorthand.total([4]) + new math.Cart().add(5).sum();\n}\n",
  'src/test.ts': "import { run } from './app.js';\nif (run() !== 15) throw new Error(`run() is ${run()}`);\nconsole.log('ok');\n",
};

const PY: Record<string, string> = {
  'shop/__init__.py': 'from .prices import net_price\n',
  'shop/prices.py': 'RATE = 0.2\n\n\ndef net_price(gross):\n    """net_price of a gross price."""\n    return gross / (1 + RATE)\n\n\ndef basket(prices):\n    return sum(net_price(p) for p in prices)\n',
  'shop/report.py': 'from . import prices\nfrom .prices import net_price as net\n\n\ndef line(gross):\n    return f"{prices.net_price(gross):.2f} {net(gross):.2f}"\n',
  'tests/__init__.py': '',
  'tests/test_prices.py': 'import unittest\n\nimport shop\nfrom shop.prices import basket, net_price\nfrom shop.report import line\n\n\nclass PricesTest(unittest.TestCase):\n    def test_net(self):\n        self.assertAlmostEqual(net_price(120), 100)\n        self.assertAlmostEqual(shop.net_price(12), 10)\n        self.assertAlmostEqual(basket([12, 24]), 30)\n        self.assertEqual(line(12), "10.00 10.00")\n\n\nif __name__ == "__main__":\n    unittest.main()\n',
};

let root: string;
let engine: Engine | undefined;
beforeEach(async () => {
  root = await tempDir('codeward-rename-');
});
afterEach(async () => {
  await engine?.close();
  engine = undefined;
  await removeDir(root);
});

const run = async (cmd: string, args: Record<string, unknown>): Promise<Envelope> => (engine ??= await engineFor(root)).run({ cmd, args });
const text = (path: string): Promise<string> => readFile(join(root, path), 'utf8');
const tsc = (): void => {
  try {
    execFileSync(process.execPath, [join(REPO_ROOT, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.json'], { cwd: root, stdio: 'pipe' });
  } catch (error) {
    throw new Error(`tsc failed: ${String((error as { stdout?: Buffer }).stdout ?? error)}`, { cause: error });
  }
};
const unittest = (): string => execFileSync('python3', ['-m', 'unittest', 'discover', '-s', 'tests', '-t', '.'], { cwd: root, stdio: 'pipe', encoding: 'utf8', env: { ...process.env, PYTHONDONTWRITEBYTECODE: '1' } });

describe('rename-symbol on real projects', () => {
  it('TypeScript: renamed across a re-export, a namespace import and an object shorthand; tsc compiles and the test passes; one undo takes it back', async () => {
    await writeFiles(root, TS);
    const before = await Promise.all(['src/math.ts', 'src/index.ts', 'src/app.ts'].map(text));
    const result = await run('rename-symbol', { file: 'src/math.ts', symbol: 'total', to: 'grandTotal' });
    expect(result, JSON.stringify(result)).toMatchObject({ ok: true, data: { files: expect.arrayContaining(['src/math.ts', 'src/index.ts', 'src/app.ts']) } });
    expect(await text('src/app.ts')).toContain('export const shorthand = { total: grandTotal };');
    expect(await text('src/app.ts')).toContain('grandTotal([1, 2]) + math.grandTotal([3]) + shorthand.total([4])');
    tsc();
    expect(execFileSync(process.execPath, ['out/test.js'], { cwd: root, encoding: 'utf8' })).toContain('ok');
    expect(await run('undo', {})).toMatchObject({ ok: true });
    expect(await Promise.all(['src/math.ts', 'src/index.ts', 'src/app.ts'].map(text))).toEqual(before);
  });

  it('TypeScript: a method through this and the class name; --dry-run shows the diff and writes nothing', async () => {
    await writeFiles(root, TS);
    const dry = await run('rename-symbol', { file: 'src/math.ts', symbol: 'Cart/add', to: 'put', dryRun: true });
    expect(dry).toMatchObject({ ok: true, data: { dryRun: true, diff: expect.stringContaining('+  put(item: number): this {') } });
    expect(await text('src/math.ts')).toBe(TS['src/math.ts']);
    // `new math.Cart().add(5)` goes through an object: textual, listed and applied only with --textual.
    expect(dry).toMatchObject({ data: { notApplied: [{ path: 'src/app.ts', label: 'textual' }] } });
    expect(await run('rename-symbol', { file: 'src/math.ts', symbol: 'Cart/add', to: 'put', textual: true })).toMatchObject({ ok: true });
    tsc();
    expect(execFileSync(process.execPath, ['out/test.js'], { cwd: root, encoding: 'utf8' })).toContain('ok');
  });

  it('Python: renamed through a package re-export, a module attribute and an alias; its unittest passes', async () => {
    await writeFiles(root, PY);
    expect(unittest.bind(null)).not.toThrow();
    const result = await run('rename-symbol', { file: 'shop/prices.py', symbol: 'net_price', to: 'price_net' });
    expect(result, JSON.stringify(result)).toMatchObject({ ok: true });
    expect(await text('shop/report.py')).toContain('prices.price_net(gross)');
    expect(await text('shop/prices.py')).toContain('"""net_price of a gross price."""');
    expect(() => unittest()).not.toThrow();
  });

  it('refuses a NEW that is no identifier, a reserved word, or one a touched scope already binds or uses; nothing written', async () => {
    await writeFiles(root, { ...PY, ...TS });
    expect(await run('rename-symbol', { file: 'shop/prices.py', symbol: 'net_price', to: 'net-price' })).toMatchObject({ ok: false, error: { code: 'C210' } });
    expect(await run('rename-symbol', { file: 'shop/prices.py', symbol: 'net_price', to: 'class' })).toMatchObject({ ok: false, error: { code: 'C210', message: expect.stringContaining('reserved') } });
    // RATE is module-level in prices.py; sum is a builtin basket() uses; line is defined in report.py.
    for (const to of ['RATE', 'sum', 'line', 'prices']) {
      const result = await run('rename-symbol', { file: 'shop/prices.py', symbol: 'net_price', to });
      expect(result, to).toMatchObject({ ok: false, error: { code: 'C210', message: expect.stringContaining('clashes') } });
    }
    // `items` is a parameter of total: inside the function it would capture nothing it renames, but `sum` would.
    expect(await run('rename-symbol', { file: 'src/math.ts', symbol: 'Cart/add', to: 'sum' })).toMatchObject({ ok: false, error: { code: 'C210' } });
    for (const [file, content] of Object.entries({ ...PY, ...TS })) expect(await text(file)).toBe(content);
  });

  it('--textual also renames the name in comments, in every touched file', async () => {
    await writeFiles(root, { 'a.py': 'def f():\n    return 1\n', 'b.py': 'from a import f\n# f is used below\nprint(f())\n' });
    const result = await run('rename-symbol', { file: 'a.py', symbol: 'f', to: 'g', textual: true });
    expect(result).toMatchObject({ ok: true });
    expect(await text('b.py')).toBe('from a import g\n# g is used below\nprint(g())\n');
  });

  it('a function or class expression named like its variable is one symbol: both names renamed, and the uses its own name binds', async () => {
    const source = "var count = function count(n) {\n  return n > 0 ? count(n - 1) + 1 : 0;\n};\nconst Box = class Box { make() { return new Box(); } };\nconst other = function inner() { return inner; };\nmodule.exports = { total: count(3), box: new Box(), other };\n";
    await writeFiles(root, { 'lib.js': source, 'use.js': "const { count } = require('./lib.js');\n" });
    expect(await run('rename-symbol', { file: 'lib.js', symbol: 'count', to: 'tally' })).toMatchObject({ ok: true });
    expect(await run('rename-symbol', { file: 'lib.js', symbol: 'Box', to: 'Crate' })).toMatchObject({ ok: true });
    // Another own name (`other = function inner`) is its own symbol: renaming the variable leaves it.
    expect(await run('rename-symbol', { file: 'lib.js', symbol: 'other', to: 'second' })).toMatchObject({ ok: true });
    const renamed = await text('lib.js');
    expect(renamed).toBe(source.replace(/\bcount\b/g, 'tally').replace(/\bBox\b/g, 'Crate').replace('const other', 'const second').replace(' other }', ' other: second }'));
    expect(execFileSync(process.execPath, ['-e', "const m = require('./lib.js'); console.log(m.total, m.box.make().constructor.name)"], { cwd: root, encoding: 'utf8' })).toBe('3 Crate\n');
  });
});
