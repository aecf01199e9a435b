import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Engine } from '../../src/engine/engine.js';
import type { Envelope } from '../../src/engine/envelope.js';
import { engineFor, removeDir, tempDir, writeFiles } from '../helpers/fixture.js';

// A small project per language with what makes references hard: a parameter and a local that shadow the
// name, a same-name definition in a file that does not import it, aliases, namespace imports, re-exports,
// comments and strings that hold the name, and members reached through this/self or another object.
const FILES: Record<string, string> = {
  'src/greet.ts': '// greet says hello\nexport function greet(who: string): string {\n  return `hi ${who}`;\n}\nexport class Greeter {\n  name = "x";\n  hello(): string {\n    return greet(this.name) + this.hello.length;\n  }\n}\nfunction other(greet: number): number {\n  return greet + 1;\n}\nexport const all = { greet };\n',
  'src/main.ts': "import { greet, Greeter } from './greet.js';\nimport * as g from './greet';\nimport { greet as hi } from './index.js';\nconst s: string = greet('a') + g.greet('b') + hi('c');\nconst t = new Greeter().hello();\nfunction inner(): number { const greet = 1; return greet; }\nconsole.log(s, t, inner(), 'greet');\n",
  'src/index.ts': "export { greet } from './greet.js';\n",
  'src/unrelated.ts': 'export function greet(): number { return 2; }\n',
  'pkg/__init__.py': 'from .core import parse\n',
  'pkg/core.py': 'def parse(text):\n    """parse text"""\n    return [t for t in text]\n\n\nclass Parser:\n    def run(self, text):\n        return parse(text) + self.run2()\n\n    def run2(self):\n        parse = 1\n        return parse\n',
  'use.py': 'import pkg\nfrom pkg.core import parse as p\nfrom pkg import parse\nimport pkg.core\nprint(parse("x"), pkg.parse("y"), pkg.core.parse("z"), p)\n\n\ndef shadow(parse):\n    return parse\n',
  'other.py': 'def parse():\n    return 1\n',
  'go/lib/lib.go': 'package lib\n\nfunc Sum(a, b int) int {\n\treturn a + b\n}\n',
  'go/lib/more.go': 'package lib\n\nfunc Twice(a int) int {\n\treturn Sum(a, a)\n}\n',
  'go/main.go': 'package main\n\nimport "example.com/m/go/lib"\n\nfunc main() {\n\tSum := 1\n\t_ = lib.Sum(Sum, 2)\n}\n',
};

let root: string;
let engine: Engine | undefined;
beforeEach(async () => {
  root = await tempDir('codeward-refs-');
  await writeFiles(root, FILES);
});
afterEach(async () => {
  await engine?.close();
  engine = undefined;
  await removeDir(root);
});

const run = async (cmd: string, args: Record<string, unknown>): Promise<Envelope> => (engine ??= await engineFor(root)).run({ cmd, args });
interface Hit { path: string; line: number; column: number; label: string; definition?: boolean }
const hits = async (args: Record<string, unknown>): Promise<Hit[]> => {
  const result = await run('references', args);
  expect(result.ok, JSON.stringify(result)).toBe(true);
  return (result as unknown as { data: { references: Hit[] } }).data.references;
};
const where = (list: Hit[]): string[] => list.map((hit) => `${hit.path}:${hit.line}:${hit.column} ${hit.definition ? 'definition' : hit.label}`);

describe('references', () => {
  it('TypeScript: the definition first, scopes resolved, imports (named, namespace, re-export) imported, the rest textual', async () => {
    expect(where(await hits({ file: 'src/greet.ts', symbol: 'greet' }))).toEqual([
      'src/greet.ts:2:17 definition',
      'src/greet.ts:8:12 resolved',
      'src/greet.ts:14:22 resolved',
      'src/index.ts:1:10 imported',
      'src/main.ts:1:10 imported',
      'src/main.ts:3:10 imported',
      'src/main.ts:4:19 imported',
      'src/main.ts:4:34 imported',
      'src/unrelated.ts:1:17 textual',
    ]);
  });

  it('the shadowing parameter and local are never hits; comments and strings only with --textual', async () => {
    const plain = where(await hits({ file: 'src/greet.ts', symbol: 'greet' }));
    expect(plain.some((hit) => hit.startsWith('src/greet.ts:11:') || hit.startsWith('src/greet.ts:12:') || hit.startsWith('src/main.ts:6:'))).toBe(false);
    const textual = where(await hits({ file: 'src/greet.ts', symbol: 'greet', textual: true }));
    expect(textual).toContain('src/greet.ts:1:1 textual');
    expect(textual).toContain('src/main.ts:7:29 textual');
  });

  it('a method: this.hello resolved, a call on another object textual, and every label explained', async () => {
    const result = await run('references', { file: 'src/greet.ts', symbol: 'Greeter/hello' });
    expect(where((result as unknown as { data: { references: Hit[] } }).data.references)).toEqual(['src/greet.ts:7:3 definition', 'src/greet.ts:8:36 resolved', 'src/main.ts:5:25 textual']);
    expect(result).toMatchObject({ data: { counts: { resolved: 2, imported: 0, textual: 1 }, labels: { textual: expect.stringContaining('not a language server') } } });
  });

  it('Python: relative, absolute, aliased, package re-export and module attribute imports; a shadowing local and parameter are not hits', async () => {
    expect(where(await hits({ file: 'pkg/core.py', symbol: 'parse' }))).toEqual([
      'pkg/core.py:1:5 definition',
      'pkg/core.py:8:16 resolved',
      'other.py:1:5 textual',
      'pkg/__init__.py:1:19 imported',
      'use.py:2:22 imported',
      'use.py:3:17 imported',
      'use.py:5:7 imported',
      'use.py:5:23 imported',
      'use.py:5:44 imported',
    ]);
  });

  it('Go: the same package resolved, pkg.Sum imported, a local Sum in the importer is not the function', async () => {
    expect(where(await hits({ file: 'go/lib/lib.go', symbol: 'Sum' }))).toEqual(['go/lib/lib.go:3:6 definition', 'go/lib/more.go:4:9 resolved', 'go/main.go:7:10 imported']);
  });

  it('paged: --max-results cuts and names the next offset; an ambiguous name lists its candidates (C221)', async () => {
    const result = await run('references', { file: 'src/greet.ts', symbol: 'greet', maxResults: 2 });
    expect(result).toMatchObject({ ok: true, data: { total: 9, nextOffset: 2, truncated: true } });
    const next = await run('references', { file: 'src/greet.ts', symbol: 'greet', maxResults: 2, offset: 8 });
    expect(next).toMatchObject({ ok: true, data: { nextOffset: null, references: [{ path: 'src/unrelated.ts' }] } });
    await writeFiles(root, { 'm.py': 'class A:\n    def run(self):\n        return 1\n\n\nclass B:\n    def run(self):\n        return 2\n' });
    expect(await run('references', { file: 'm.py', symbol: 'run' })).toMatchObject({ ok: false, error: { code: 'C221' }, data: { candidates: [{ namePath: 'A/run' }, { namePath: 'B/run' }] } });
  });
});
