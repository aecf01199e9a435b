import { describe, expect, it } from 'vitest';
import { CodeParsers } from '../../src/code/parsers.js';
import { describeProblems, introducedProblems, problemsOf } from '../../src/code/syntax-check.js';

// Which errors an edit introduced, on real grammars: the attacker's edit hides a new error near an old one,
// or moves an old one; only new errors may be blamed on the edit, and none of them may be missed.
const parsers = new CodeParsers();

async function introduced(file: string, before: string, after: string): Promise<string> {
  const spec = parsers.languageOf(file)!;
  const { parser } = await parsers.load(spec.id);
  return describeProblems(introducedProblems(before, problemsOf(parser, before), after, problemsOf(parser, after)), 10);
}

describe('introduced errors', () => {
  const broken = 'const a = 1;\nconst b = (2;\nconst c = 3;\n';

  it('valid TypeScript, Python, Go, Rust, Java have no problems', async () => {
    for (const [file, text] of [['a.ts', 'export const x: number = 1;\n'], ['a.py', 'def f():\n    return 1\n'], ['a.go', 'package a\n\nfunc F() {}\n'], ['a.rs', 'fn main() {}\n'], ['A.java', 'class A {}\n']] as const) {
      expect(await introduced(file, '', text), file).toBe('');
    }
  });

  it('an old error moved down by lines added above it is not new', async () => {
    expect(await introduced('a.ts', broken, `// note\n// more\n${broken}`)).toBe('');
  });

  it('a new error below an old one is new, with its line and column', async () => {
    expect(await introduced('a.ts', broken, broken.replace('const c = 3;', 'const c = [3;'))).toMatch(/^3:\d+ /);
  });

  it('a new error above an old one is new, and the old one (shifted) is not', async () => {
    const result = await introduced('a.ts', broken, `function f( {\n${broken}`);
    expect(result).toMatch(/^1:\d+ /);
    expect(result).not.toMatch(/; 3:/);
  });

  // (tree-sitter-python reads `def g():\nreturn 1`, a body left unindented, without an error: not caught.)
  it('Python: an unclosed bracket added in a file with an old error elsewhere is new', async () => {
    const before = 'def f(:\n    pass\n\n\ndef g():\n    return 1\n';
    const after = before.replace('    return 1', '    return [1');
    expect(await introduced('a.py', before, after)).not.toBe('');
  });

  it('Go: the same error kind at the same place after an edit elsewhere is old', async () => {
    const before = 'package a\n\nfunc F( {\n}\n\nfunc G() {}\n';
    expect(await introduced('a.go', before, before.replace('func G() {}', 'func G() int { return 1 }'))).toBe('');
  });
});
