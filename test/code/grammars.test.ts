import { describe, expect, it } from 'vitest';
import { CodeParsers } from '../../src/code/parsers.js';
import { LANGUAGES, languageOf } from '../../src/code/languages.js';

// One small definition per language: its tags query must find the name as a definition.
const SAMPLES: Record<string, { file: string; text: string; name: string }> = {
  javascript: { file: 'a.js', text: 'export function greet(who) { return who; }\n', name: 'greet' },
  typescript: { file: 'a.ts', text: 'export class Greeter { greet(who: string): string { return who; } }\n', name: 'Greeter' },
  tsx: { file: 'a.tsx', text: 'export function App(): JSX.Element { return <div />; }\n', name: 'App' },
  python: { file: 'a.py', text: 'def greet(who):\n    return who\n', name: 'greet' },
  go: { file: 'a.go', text: 'package a\n\nfunc Greet(who string) string { return who }\n', name: 'Greet' },
  rust: { file: 'a.rs', text: 'pub fn greet(who: &str) -> &str { who }\n', name: 'greet' },
  java: { file: 'A.java', text: 'class Greeter { String greet(String who) { return who; } }\n', name: 'Greeter' },
  c: { file: 'a.c', text: 'int greet(int who) { return who; }\n', name: 'greet' },
  cpp: { file: 'a.cpp', text: 'class Greeter { public: int greet(int who) { return who; } };\n', name: 'Greeter' },
  csharp: { file: 'A.cs', text: 'class Greeter { string Greet(string who) { return who; } }\n', name: 'Greeter' },
  ruby: { file: 'a.rb', text: "class Greeter\n  def greet(who)\n    who\n  end\nend\n", name: 'Greeter' },
  php: { file: 'a.php', text: '<?php\nfunction greet($who) { return $who; }\n', name: 'greet' },
};

describe('every shipped grammar', () => {
  const parsers = new CodeParsers();

  it('has a sample here', () => {
    expect(Object.keys(SAMPLES).sort()).toEqual(LANGUAGES.map((language) => language.id).sort());
  });

  for (const language of LANGUAGES) {
    it(`${language.id}: loads, parses without errors and its tags query names the definition`, async () => {
      const sample = SAMPLES[language.id]!;
      expect(languageOf(sample.file)?.id).toBe(language.id);
      const parsed = await parsers.parseFile(sample.file, sample.text);
      expect(parsed).toBeDefined();
      expect(parsed!.tree.rootNode.hasError).toBe(false);
      const query = await parsed!.loaded.tags();
      const definitions = query.captures(parsed!.tree.rootNode)
        .filter((capture) => capture.name === 'name')
        .map((capture) => capture.node.text);
      expect(definitions).toContain(sample.name);
    });
  }

  it('reports broken code as an error tree, and a file that is not code as undefined', async () => {
    const broken = await parsers.parseFile('b.ts', 'export function (\n');
    expect(broken!.tree.rootNode.hasError).toBe(true);
    expect(await parsers.parseFile('notes.txt', 'hello')).toBeUndefined();
  });
});
