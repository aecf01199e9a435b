import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Query, type Node } from 'web-tree-sitter';
import { CodeParsers } from '../../src/code/parsers.js';
import { LANGUAGES, languageOf, type LanguageId } from '../../src/code/languages.js';
import { withoutDocCaptures } from '../../src/code/tags-source.js';

const ROOT = join(import.meta.dirname, '..', '..');
const require = createRequire(join(ROOT, 'package.json'));

// The grammar's own tags query text, as shipped (doc captures and all).
const shippedTags = (id: LanguageId): string => LANGUAGES.find((language) => language.id === id)!.tags.map((file) => readFileSync(require.resolve(file), 'utf8')).join('\n');

// What outline.ts takes from a query's matches: each distinct definition (kind, node, name) in the order
// first matched, and the referenced names. Same sequences: the same outline and references.
function found(query: Query, root: Node): { definitions: string[]; references: string[] } {
  const definitions: string[] = [];
  const seen = new Set<string>();
  const references = new Set<string>();
  for (const match of query.matches(root)) {
    const definition = match.captures.find((capture) => capture.name.startsWith('definition.'));
    const name = match.captures.find((capture) => capture.name === 'name');
    if (name === undefined) continue;
    if (definition === undefined) {
      if (match.captures.some((capture) => capture.name.startsWith('reference.'))) references.add(`${name.node.startIndex}:${name.node.text}`);
      continue;
    }
    const key = `${definition.name} ${definition.node.startIndex}-${definition.node.endIndex} ${name.node.startIndex}:${name.node.text}`;
    if (!seen.has(key)) definitions.push(key);
    seen.add(key);
  }
  return { definitions, references: [...references].sort() };
}

function sourceFiles(dir: string, pattern: RegExp, limit: number, out: string[] = []): string[] {
  for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
    if (out.length >= limit) break;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) sourceFiles(path, pattern, limit, out);
    else if (pattern.test(entry.name)) out.push(path);
  }
  return out;
}

// Definitions with doc comments before them (one, several, none, a blank line between), in the languages
// whose tags query captures @doc.
const DOCUMENTED: Record<string, { file: string; text: string }> = {
  go: {
    file: 'a.go',
    text: 'package a\n\n// Greet says hello.\n// Twice.\nfunc Greet(who string) string { return who }\n\nfunc Plain() {}\n\n// T is a type.\ntype T struct{}\n\n// Name names it.\n\n// Really.\nfunc (t T) Name() string { return Greet("t") }\n',
  },
  ruby: {
    file: 'a.rb',
    text: "# A greeter.\n# Polite.\nclass Greeter\n  # Says hello.\n  def greet(who)\n    helper(who)\n  end\n\n  def helper(who) = who\nend\n\n# Tools.\nmodule Tools\n  # Once.\n  def self.run; end\nend\n",
  },
  javascript: {
    file: 'a.js',
    text: '/** Greets. */\n// twice\nexport function greet(who) { return who; }\n\nclass A {\n  /** m */\n  m() { return greet(1); }\n  constructor() {}\n}\n// f\nconst f = () => 1;\n/* g */ var g = function () {};\nmodule.exports = { h: () => 2 };\n',
  },
};

describe('tags queries without their doc captures', () => {
  const parsers = new CodeParsers();

  it('removes every @doc capture and directive and nothing else', () => {
    for (const language of LANGUAGES) {
      const shipped = shippedTags(language.id);
      const stripped = withoutDocCaptures(shipped);
      expect(stripped).not.toContain('@doc');
      // Only doc text went: every capture of the patterns (predicates and directives aside) is still there as often.
      const captures = (text: string) => (text.replace(/\(#[^()]*\)/g, '').match(/@[\w.]+/g) ?? []).filter((capture) => capture !== '@doc').sort();
      expect(captures(stripped)).toEqual(captures(shipped));
    }
  });

  for (const language of LANGUAGES) {
    it(`${language.id}: the compiled tags query has no doc capture`, async () => {
      const loaded = await parsers.load(language.id);
      expect((await loaded.tags()).captureNames).not.toContain('doc');
    });
  }

  it('finds the same definitions and references as the shipped queries, on real and documented files', async () => {
    const files: { file: string; text: string }[] = [
      ...sourceFiles(join(ROOT, 'src'), /\.ts$/, 250).map((path) => ({ file: path, text: readFileSync(path, 'utf8') })),
      ...sourceFiles(join(ROOT, 'node_modules', 'zod'), /\.(?:c?js|d\.ts)$/, 120).map((path) => ({ file: path, text: readFileSync(path, 'utf8') })),
      ...sourceFiles(join(ROOT, 'node_modules', 'flatted'), /\.go$/, 5).map((path) => ({ file: path, text: readFileSync(path, 'utf8') })),
      ...Object.values(DOCUMENTED),
    ];
    const shipped = new Map<LanguageId, Query>();
    let definitions = 0;
    const languages = new Set<LanguageId>();
    for (const { file, text } of files) {
      const parsed = await parsers.parseFile(file, text);
      if (parsed === undefined) continue;
      try {
        const id = languageOf(file)!.id;
        languages.add(id);
        let original = shipped.get(id);
        if (original === undefined) shipped.set(id, (original = new Query(parsed.loaded.language, shippedTags(id))));
        const ours = found(await parsed.loaded.tags(), parsed.tree.rootNode);
        expect({ file, ...ours }).toEqual({ file, ...found(original, parsed.tree.rootNode) });
        definitions += ours.definitions.length;
      } finally {
        parsed.tree.delete();
      }
    }
    expect([...languages].sort()).toEqual(['go', 'javascript', 'ruby', 'typescript']);
    expect(definitions).toBeGreaterThan(1000);
  }, 120_000);
});
