// The outline's tags query and its supplement compiled as one query (parsers.ts withTags: one fixed analysis
// of the grammar instead of two): the joined query's matches of the tags patterns are exactly the tags
// query's, in its order, and the rest exactly the supplement's, on real files (codeward's own sources) and
// on a sample per language that each supplement pattern matches.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { QueryMatch } from 'web-tree-sitter';
import { CodeParsers } from '../../src/code/parsers.js';
import { OUTLINE_QUERIES } from '../../src/code/outline-queries.js';
import type { LanguageId } from '../../src/code/languages.js';

const key = (match: QueryMatch): string => match.captures.map((capture) => `${capture.name}@${capture.node.startIndex}-${capture.node.endIndex}`).join(',');

const SAMPLES: Record<string, [string, string]> = {
  javascript: ['a.js', 'export const a = 1;\nvar b = 2;\nclass C { x = 1; constructor() { f(); } m() { new D(); } }\nfunction f() { return a.b(); }\n'],
  tsx: ['a.tsx', 'export const A = () => <div/>;\ntype T = { a: number };\nenum E { A }\nnamespace N { export const x = 1; }\nclass C { public y: number = 1; constructor() {} }\n'],
  python: ['a.py', 'class C:\n    x = 1\n    def m(self):\n        return f()\n\ndef f():\n    return C()\n'],
  go: ['a.go', 'package a\n\nconst A = 1\nvar B = 2\n\ntype T struct{}\n\nfunc (t T) M() int { return f() }\n\nfunc f() int { return A }\n'],
  rust: ['a.rs', 'const A: i32 = 1;\nstatic B: i32 = 2;\nstruct S;\nimpl S { fn m(&self) -> i32 { f() } }\ntrait T { fn t(&self); }\nfn f() -> i32 { A }\n'],
};

async function compare(parsers: CodeParsers, file: string, text: string): Promise<number> {
  const parsed = (await parsers.parseFile(file, text))!;
  try {
    const extra = OUTLINE_QUERIES[parsed.spec.id as LanguageId]!;
    const { query, tagsPatterns } = await parsed.loaded.withTags(extra);
    const root = parsed.tree.rootNode;
    const joined = query.matches(root);
    expect(joined.filter((match) => match.patternIndex < tagsPatterns).map(key), file).toEqual((await parsed.loaded.tags()).matches(root).map(key));
    expect(joined.filter((match) => match.patternIndex >= tagsPatterns).map(key), file).toEqual((await parsed.loaded.query(extra)).matches(root).map(key));
    return joined.length;
  } finally {
    parsed.tree.delete();
  }
}

describe('outline: the tags query and its supplement as one query', () => {
  it('matches as the two queries apart on codeward\'s own TypeScript sources', async () => {
    const parsers = new CodeParsers();
    const dir = join(import.meta.dirname, '../../src/code');
    let matches = 0;
    for (const name of readdirSync(dir).filter((each) => each.endsWith('.ts'))) matches += await compare(parsers, name, readFileSync(join(dir, name), 'utf8'));
    expect(matches).toBeGreaterThan(1000);
  });

  it('matches as the two queries apart in every language with a supplement, each supplement pattern met', async () => {
    const parsers = new CodeParsers();
    for (const [id, [file, text]] of Object.entries(SAMPLES)) {
      const parsed = (await parsers.parseFile(file, text))!;
      const extra = (await parsed.loaded.query(OUTLINE_QUERIES[id as LanguageId]!)).matches(parsed.tree.rootNode);
      parsed.tree.delete();
      expect(extra.length, id).toBeGreaterThan(0);
      expect(await compare(parsers, file, text), id).toBeGreaterThan(extra.length);
    }
  });
});
