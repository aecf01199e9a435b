// The tags query limited to the patterns a small tree can match (tags-subset.ts, query-patterns.ts): the
// patterns cut from the source are the compiled query's; the subset a tree's census keeps finds the whole
// query's matches, in its order, split the same way into tags and supplement; any subset finds exactly the
// whole query's matches of its patterns; and a call's parsers use a subset for a small changed file, with
// the outline of a parsers instance that never does.
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Query, type Language, type Node, type QueryMatch } from 'web-tree-sitter';
import { CodeParsers } from '../../src/code/parsers.js';
import { OUTLINE_QUERIES } from '../../src/code/outline-queries.js';
import { LANGUAGES, type LanguageId } from '../../src/code/languages.js';
import { withoutDocCaptures } from '../../src/code/tags-source.js';
import { queryPatterns } from '../../src/code/query-patterns.js';
import { TagsSubsets } from '../../src/code/tags-subset.js';
import { outlineOf } from '../../src/code/outline.js';

const require = createRequire(import.meta.url);
const key = (match: QueryMatch): string => match.captures.map((capture) => `${capture.name}@${capture.node.startIndex}-${capture.node.endIndex}`).join(',');
const tagsOf = (id: LanguageId): string => withoutDocCaptures(LANGUAGES.find((spec) => spec.id === id)!.tags.map((file) => readFileSync(require.resolve(file), 'utf8')).join('\n'));

const SAMPLES: Record<string, [string, string]> = {
  javascript: ['a.js', 'export const a = 1;\nvar b = 2;\nclass C { x = 1; constructor() { f(); } m() { new D(); } }\nfunction f() { return a.b(); }\nmodule.exports.g = function () {};\n'],
  typescript: ['a.ts', 'export const a = 1;\ninterface I { m(): void }\nabstract class K { abstract k(): void }\nexport function f(x: I): K { return new K(); }\n'],
  tsx: ['a.tsx', 'export const A = () => <div/>;\ntype T = { a: number };\nenum E { A }\nnamespace N { export const x = 1; }\nclass C { public y: number = 1; constructor() {} }\n'],
  python: ['a.py', 'class C:\n    x = 1\n    def m(self):\n        return f()\n\ndef f():\n    return C()\n'],
  go: ['a.go', 'package a\n\nconst A = 1\nvar B = 2\n\ntype T struct{}\n\nfunc (t T) M() int { return f() }\n\nfunc f() int { return A }\n'],
  rust: ['a.rs', 'const A: i32 = 1;\nstatic B: i32 = 2;\nstruct S;\nimpl S { fn m(&self) -> i32 { f() } }\ntrait T { fn t(&self); }\nmod m { fn g() {} }\nmacro_rules! mm { () => {} }\nfn f() -> i32 { A }\n'],
  java: ['A.java', 'class A { int x; void m() { n(); new B(); } }\ninterface I { void i(); }\n'],
  c: ['a.c', 'struct S { int x; };\ntypedef int T;\nint f(void) { return g(); }\n'],
  cpp: ['a.cpp', 'namespace n { class C { void m(); }; }\nint f() { return g(); }\n'],
  csharp: ['a.cs', 'namespace N { class C { void M() { F(); } } interface I {} }\n'],
  ruby: ['a.rb', 'module M\n  class C\n    def m\n      f()\n    end\n  end\nend\n'],
  php: ['a.php', '<?php\nclass C { function m() { f(); } }\nfunction f() { return new C(); }\n'],
};

// Real files: codeward's code sources and the grammars' own grammar.js, whole and cut to their first lines
// (small trees: the subsets that leave out the most patterns).
function realFiles(): [string, string][] {
  const files: [string, string][] = [];
  const dir = join(import.meta.dirname, '../../src/code');
  for (const name of readdirSync(dir).filter((each) => each.endsWith('.ts'))) files.push([name, readFileSync(join(dir, name), 'utf8')]);
  // Whole files of up to 120 lines (a larger tree keeps nearly every pattern) and the first lines of the others.
  const whole = files.filter(([, text], index) => index % 2 === 0 && text.split('\n').length <= 120);
  for (const grammar of ['javascript', 'typescript/typescript', 'python', 'go', 'rust']) {
    const path = require.resolve(`tree-sitter-${grammar.split('/')[0]}/package.json`).replace(/package\.json$/, `${grammar.includes('/') ? 'typescript/' : ''}grammar.js`);
    files.push([`${grammar.replace('/', '-')}-grammar.js`, readFileSync(path, 'utf8')]);
  }
  const cut = files.filter((_, index) => index % 4 === 0).flatMap(([name, text]) => [6, 40].map((lines): [string, string] => [name, text.split('\n').slice(0, lines).join('\n')]));
  return [...whole, ...cut];
}

interface Loaded { language: Language; whole: Query; tags: string; extra: string; compile: (source: string) => Query }

// Subset queries compiled once per source (many cut files keep the same patterns).
const compiled = new Map<string, Query>();

async function loaded(parsers: CodeParsers, id: LanguageId): Promise<Loaded> {
  const language = await parsers.load(id);
  const extra = OUTLINE_QUERIES[id] ?? '';
  const { query } = await language.withTags(extra);
  const compile = (source: string): Query => {
    const made = compiled.get(`${id}\n${source}`) ?? new Query(language.language, source);
    compiled.set(`${id}\n${source}`, made);
    return made;
  };
  return { language: language.language, whole: query, tags: tagsOf(id), extra, compile };
}

function split(matches: readonly QueryMatch[], tagsPatterns: number): [string[], string[]] {
  return [matches.filter((match) => match.patternIndex < tagsPatterns).map(key), matches.filter((match) => match.patternIndex >= tagsPatterns).map(key)];
}

// The census subset (no size limit) against the whole query; the patterns it left out.
function compareCensus(lang: Loaded, root: Node, wholeTags: number, name: string): number {
  const chosen = new TagsSubsets(lang.language, lang.compile, Infinity).choose(lang.tags, lang.extra, root);
  if (chosen === undefined) return 0;
  expect(split(chosen.query.matches(root), chosen.tagsPatterns), name).toEqual(split(lang.whole.matches(root), wholeTags));
  return lang.whole.patternCount() - chosen.query.patternCount();
}

describe('tags query subsets', () => {
  it('cuts every grammar\'s tags query and supplement into the compiled query\'s patterns', async () => {
    const parsers = new CodeParsers();
    for (const spec of LANGUAGES) {
      const lang = await loaded(parsers, spec.id);
      const source = `${lang.tags}\n${lang.extra}`;
      const patterns = queryPatterns(source);
      expect(patterns.length, spec.id).toBe(lang.whole.patternCount());
      patterns.forEach((pattern, index) => expect(pattern.start, `${spec.id} ${index}`).toBe(lang.whole.startIndexForPattern(index)));
      expect(patterns.some((pattern) => pattern.required.length > 0), spec.id).toBe(true);
    }
  });

  it('finds the whole query\'s matches with the patterns a tree\'s census keeps, on real files and every language', async () => {
    const parsers = new CodeParsers();
    let left = 0;
    for (const [name, text] of [...realFiles(), ...Object.values(SAMPLES)]) {
      const parsed = (await parsers.parseFile(name, text))!;
      try {
        const { tagsPatterns } = await parsed.loaded.withTags(OUTLINE_QUERIES[parsed.spec.id] ?? '');
        left += compareCensus(await loaded(parsers, parsed.spec.id), parsed.tree.rootNode, tagsPatterns, name);
      } finally {
        parsed.tree.delete();
      }
    }
    expect(left).toBeGreaterThan(100);
  });

  it('finds exactly the whole query\'s matches of its patterns with any subset of them', async () => {
    const parsers = new CodeParsers();
    let seed = 7;
    const random = (): number => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
    for (const [name, text] of [['outline.ts', readFileSync(join(import.meta.dirname, '../../src/code/outline.ts'), 'utf8')], SAMPLES['rust']!, SAMPLES['python']!, SAMPLES['go']!]) {
      const parsed = (await parsers.parseFile(name!, text!))!;
      const lang = await loaded(parsers, parsed.spec.id);
      const patterns = queryPatterns(`${lang.tags}\n${lang.extra}`);
      const whole = lang.whole.matches(parsed.tree.rootNode);
      for (let round = 0; round < 6; round++) {
        const kept = patterns.map((_, index) => index).filter(() => random() < 0.5);
        const subset = lang.compile(kept.map((index) => patterns[index]!.text).join('\n'));
        const expected = whole.filter((match) => kept.includes(match.patternIndex)).map(key);
        expect(subset.matches(parsed.tree.rootNode).map(key), `${name} ${kept.join(',')}`).toEqual(expected);
      }
      parsed.tree.delete();
    }
  });

  it('outlines a small file with a subset of the patterns, as a parsers instance without subsets does', async () => {
    // The repo-map bench's changed file: a few exported constants and a new function.
    const small: [string, string] = ['billing.ts', 'export const value4 = 3772; // utils\nexport const value3 = 63060;\nexport function benchAb1(): number { return 1; }\n'];
    for (const [name, text] of [small, ...Object.values(SAMPLES)]) {
      const parsers = new CodeParsers();
      const whole = new CodeParsers(undefined, { subsets: false });
      expect(await outlineOf(parsers, name, text), name).toEqual(await outlineOf(whole, name, text));
    }
    const [parsers, whole] = [new CodeParsers(), new CodeParsers(undefined, { subsets: false })];
    const parsed = (await parsers.parseFile(...small))!;
    const extra = OUTLINE_QUERIES.typescript!;
    const used = (await parsed.loaded.withTags(extra, parsed.tree.rootNode)).query.patternCount();
    parsed.tree.delete();
    expect(used).toBeLessThan((await (await whole.load('typescript')).withTags(extra)).query.patternCount() / 3);
  });
});
