import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Engine } from '../../src/engine/engine.js';
import type { Envelope } from '../../src/engine/envelope.js';
import { createEngine } from '../../src/setup.js';
import type { ApprovalRequest } from '../../src/permissions/types.js';
import { flattenSymbols, outlineOf } from '../../src/code/outline.js';
import { CodeParsers } from '../../src/code/parsers.js';
import { replaceRange, symbolRange } from '../../src/code/symbol-edit.js';
import { engineFor, REPO_ROOT, removeDir, tempDir, writeFiles } from '../helpers/fixture.js';

// A corpus with what makes symbol ranges hard: decorators, attributes, annotations, export, trailing `;`,
// doc comments, nesting, CRLF and non-ASCII text before the symbols (byte offsets vs string indices).
const CORPUS: Record<string, string> = {
  'a.ts': '// héllo wörld\n/** Greets. */\n@sealed\nexport class Greeter {\n  @log\n  greet(who: string): string {\n    return `hi ${who}`;\n  }\n  count = 1;\n}\n\nexport const add = (a: number, b: number): number => a + b;\nexport interface Shape { area(): number }\nexport type Id = string;\nexport default function main(): void {}\n',
  'b.tsx': 'export function App(): JSX.Element {\n  return <div>é</div>;\n}\n',
  'c.js': 'const x = 1;\nclass A {\n  m() { return 2; }\n}\nmodule.exports = { A };\nfunction f() {\n  return x;\n}\n',
  'd.py': '"""Módule."""\nimport functools\n\n\n@functools.cache\ndef greet(who):\n    return "hi " + who\n\n\nclass Greeter:\n    """Doc."""\n\n    @staticmethod\n    def make():\n        return Greeter()\n\n    def greet(self, who):\n        if who:\n            return who\n        return None\n',
  'e.go': 'package main\n\n// Greeter greets.\ntype Greeter struct {\n\tName string\n}\n\nfunc (g *Greeter) Greet(who string) string {\n\treturn g.Name + who\n}\n\nfunc main() {}\n',
  'f.rs': '#[derive(Debug)]\npub struct Point { x: i32 }\n\nimpl Point {\n    /// Makes one.\n    pub fn new() -> Self {\n        Point { x: 0 }\n    }\n}\n\nfn main() {}\n',
  'G.java': 'class Greeter {\n  @Override\n  public String toString() {\n    return "g";\n  }\n}\n',
  'h.c': 'int add(int a, int b) {\n  return a + b;\n}\n\nstruct P { int x; };\n',
  'i.cpp': 'class A {\npublic:\n  int m() { return 1; }\n};\n\ntemplate <typename T> T id(T v) { return v; }\n',
  'J.cs': 'class Greeter {\n  [Obsolete]\n  public string Greet(string who) { return who; }\n}\n',
  'k.rb': "class Greeter\n  def greet(who)\n    who\n  end\nend\n",
  'l.php': '<?php\nclass Greeter {\n  public function greet($who) { return $who; }\n}\nfunction f() { return 1; }\n',
  'm.py': 'class A:\n    def run(self):\n        return 1\n\n\nclass B:\n    def run(self):\n        return 2\n',
  'crlf.ts': 'export class C {\r\n  m(): number {\r\n    return 1;\r\n  }\r\n}\r\n',
};

describe('replacing every symbol with its own text changes no byte', () => {
  const parsers = new CodeParsers();
  const check = async (file: string, text: string): Promise<number> => {
    const symbols = flattenSymbols((await outlineOf(parsers, file, text)) ?? []);
    const parsed = (await parsers.parseFile(file, text))!;
    try {
      for (const symbol of symbols) {
        for (const withComments of [false, true]) {
          const range = symbolRange(parsed.tree, text, symbol, withComments);
          expect(replaceRange(text, range, text.slice(range.start, range.end)), `${file} ${symbol.namePath}`).toBe(text);
        }
      }
    } finally {
      parsed.tree.delete();
    }
    return symbols.length;
  };

  for (const [file, text] of Object.entries(CORPUS)) {
    it(`${file}: every symbol`, async () => {
      expect(await check(file, text)).toBeGreaterThan(0);
    });
  }

  it('real files: codeward sources and the Python standard library', async () => {
    const files = [join(REPO_ROOT, 'src/code/outline.ts'), join(REPO_ROOT, 'src/engine/engine.ts'), join(REPO_ROOT, 'src/files/transaction.ts'), '/usr/lib/python3.11/textwrap.py', '/usr/lib/python3.11/json/decoder.py'];
    let total = 0;
    for (const file of files) {
      const text = await readFile(file, 'utf8').catch(() => undefined);
      if (text !== undefined) total += await check(file, text);
    }
    expect(total).toBeGreaterThan(50);
  });
});

let root: string;
let engine: Engine | undefined;
beforeEach(async () => {
  root = await tempDir();
  await writeFiles(root, CORPUS);
});
afterEach(async () => {
  await engine?.close();
  engine = undefined;
  await removeDir(root);
});
afterAll(() => undefined);

const run = async (cmd: string, args: Record<string, unknown>): Promise<Envelope> => (engine ??= await engineFor(root)).run({ cmd, args });
const text = (path: string) => readFile(join(root, path), 'utf8');

describe('the symbol edit commands', () => {
  it('replace-symbol through the command with the symbol\'s own text: changed false, no byte written', async () => {
    const range = 'greet(who: string): string {\n    return `hi ${who}`;\n  }';
    const result = await run('replace-symbol', { file: 'a.ts', symbol: 'Greeter/greet', content: `@log\n  ${range}` });
    expect(result).toMatchObject({ ok: true, data: { symbol: 'Greeter/greet', kind: 'method', changed: false } });
    expect(await text('a.ts')).toBe(CORPUS['a.ts']);
  });

  it('replace-symbol: content written at column 0 is indented to the method, its decorator replaced with it', async () => {
    const result = await run('replace-symbol', { file: 'a.ts', symbol: 'greet', content: 'greet(who: string): string {\n  return who;\n}' });
    expect(result).toMatchObject({ ok: true, data: { changed: true, lines: [5, 8] } });
    expect(await text('a.ts')).toContain('export class Greeter {\n  greet(who: string): string {\n    return who;\n  }\n  count = 1;\n}');
  });

  it('replace-symbol covers export and the trailing ;', async () => {
    await run('replace-symbol', { file: 'a.ts', symbol: 'add', content: 'export const add = (a: number): number => a;' });
    const after = await text('a.ts');
    expect(after).toContain('\nexport const add = (a: number): number => a;\nexport interface Shape');
    expect(after).not.toContain('a + b');
  });

  it('Python: a decorated function is replaced with its decorator; a method body at column 0 is indented', async () => {
    expect((await run('replace-symbol', { file: 'd.py', symbol: 'greet', content: 'def greet(who):\n    return who' })).ok).toBe(true);
    expect(await text('d.py')).toContain('import functools\n\n\ndef greet(who):\n    return who\n\n\nclass Greeter:');
    const top = await run('replace-symbol', { file: 'd.py', symbol: 'Greeter/greet', content: 'def greet(self, who):\n    return who' });
    expect(top.ok).toBe(true);
    expect(await text('d.py')).toContain('    def greet(self, who):\n        return who\n');
  });

  it('an ambiguous name lists every candidate with path:line and edits nothing', async () => {
    const result = await run('delete-symbol', { file: 'm.py', symbol: 'run' });
    expect(result).toMatchObject({ ok: false, error: { code: 'C221' } });
    expect(JSON.stringify(result)).toMatch(/A\/run method \(m\.py:2\).*B\/run method \(m\.py:7\)/);
    expect(await text('m.py')).toBe(CORPUS['m.py']);
  });

  it('delete-symbol takes the decorator, the whole lines and one of the two blank lines; --with-comments its doc comment', async () => {
    expect((await run('delete-symbol', { file: 'd.py', symbol: 'Greeter/make' })).ok).toBe(true);
    expect(await text('d.py')).toContain('class Greeter:\n    """Doc."""\n\n    def greet(self, who):');
    expect((await run('delete-symbol', { file: 'e.go', symbol: 'Greeter', withComments: true })).ok).toBe(true);
    expect(await text('e.go')).toBe('package main\n\nfunc (g *Greeter) Greet(who string) string {\n\treturn g.Name + who\n}\n\nfunc main() {}\n');
  });

  it('Rust: the #[derive] attribute goes with the struct (--kind picks the struct, not its impl)', async () => {
    expect(await run('delete-symbol', { file: 'f.rs', symbol: 'Point' })).toMatchObject({ ok: false, error: { code: 'C221' } });
    expect((await run('delete-symbol', { file: 'f.rs', symbol: 'Point', kind: 'struct' })).ok).toBe(true);
    expect(await text('f.rs')).toMatch(/^impl Point/);
  });

  it('insert-after-symbol and insert-before-symbol add whole lines at the symbol\'s indentation, spaced like the file', async () => {
    expect((await run('insert-after-symbol', { file: 'd.py', symbol: 'Greeter/make', content: 'def other(self):\n    return 1\n' })).ok).toBe(true);
    expect(await text('d.py')).toContain('        return Greeter()\n\n    def other(self):\n        return 1\n\n    def greet(self, who):');
    expect((await run('insert-before-symbol', { file: 'c.js', symbol: 'f', content: 'function g() {\n  return 0;\n}' })).ok).toBe(true);
    expect(await text('c.js')).toContain('module.exports = { A };\nfunction g() {\n  return 0;\n}\nfunction f() {');
  });

  it('CRLF files keep CRLF', async () => {
    expect((await run('replace-symbol', { file: 'crlf.ts', symbol: 'C/m', content: 'm(): number {\n  return 2;\n}' })).ok).toBe(true);
    expect(await text('crlf.ts')).toBe('export class C {\r\n  m(): number {\r\n    return 2;\r\n  }\r\n}\r\n');
  });

  it('a replacement that breaks the file is refused by the syntax check (C225); undo takes a good edit back', async () => {
    const broken = await run('replace-symbol', { file: 'e.go', symbol: 'main', content: 'func main( {}' });
    expect(broken).toMatchObject({ ok: false, error: { code: 'C225' } });
    expect(await text('e.go')).toBe(CORPUS['e.go']);
    expect((await run('replace-symbol', { file: 'e.go', symbol: 'main', content: 'func main() { println(1) }' })).ok).toBe(true);
    expect((await run('undo', {})).ok).toBe(true);
    expect(await text('e.go')).toBe(CORPUS['e.go']);
  });

  it('a file that is not code, a missing symbol: errors that name the fix', async () => {
    await writeFiles(root, { 'n.txt': 'x\n' });
    expect(await run('delete-symbol', { file: 'n.txt', symbol: 'x' })).toMatchObject({ ok: false, error: { code: 'C210' } });
    const missing = await run('delete-symbol', { file: 'a.ts', symbol: 'Greeterr' });
    expect(missing).toMatchObject({ ok: false, error: { code: 'C211' } });
    expect(JSON.stringify(missing)).toMatch(/similar: Greeter/);
  });

  it('the approval question shows the diff the symbol edit writes', async () => {
    const home = await tempDir();
    const asked: ApprovalRequest[] = [];
    engine = await createEngine({ workspace: root, env: { HOME: home }, permissions: { home, approver: async (request) => {
      asked.push(request);
      return 'once';
    } } });
    expect((await engine.run({ cmd: 'delete-symbol', args: { file: 'h.c', symbol: 'add' } })).ok).toBe(true);
    expect(asked).toHaveLength(1);
    expect(asked[0]!.preview!.diff).toContain('-int add(int a, int b) {');
    expect(await text('h.c')).toBe('struct P { int x; };\n');
    await removeDir(home);
  });
});
