import { describe, expect, it } from 'vitest';
import { CodeParsers } from '../../src/code/parsers.js';
import { findByNamePath, flattenSymbols, oneSymbol, outlineOf, type CodeSymbol } from '../../src/code/outline.js';
import { isCodewardError } from '../../src/engine/errors.js';

const parsers = new CodeParsers();

// name path -> "kind startLine-endLine", for every symbol of the file.
async function shape(file: string, text: string): Promise<Record<string, string>> {
  const symbols = await outlineOf(parsers, file, text);
  expect(symbols).toBeDefined();
  return Object.fromEntries(flattenSymbols(symbols!).map((symbol) => [symbol.namePath, `${symbol.kind} ${symbol.startLine}-${symbol.endLine}`]));
}

function only(symbols: readonly CodeSymbol[], namePath: string): CodeSymbol {
  const found = findByNamePath(symbols, namePath, 'exact');
  expect(found).toHaveLength(1);
  return found[0]!;
}

describe('outlineOf', () => {
  it('TypeScript: classes, methods, constructors, fields, interfaces, types, enums, arrow functions in consts, decorators', async () => {
    const text = [
      'import { x } from "y";',             // 1
      '@Component({ a: 1 })',                // 2
      'export class Greeter {',             // 3
      '  private count = 0;',               // 4
      '  constructor(readonly who: string) {}', // 5
      '  @log',                             // 6
      '  greet(): string {',                // 7
      '    return this.who;',               // 8
      '  }',                                // 9
      '}',                                  // 10
      'export interface Named { name: string; hello(): void }', // 11
      'export type Id = string | number;',  // 12
      'enum Colour { Red, Green }',         // 13
      'export const shout = (who: string): string =>', // 14
      '  who.toUpperCase();',               // 15
      'const LIMIT = 10, other = function named() { return 1; };', // 16
      'let counter = 0;',                   // 17
      'export function plain(a: number): number { return a; }', // 18
      'namespace Space { export function inner(): void {} }', // 19
      '',
    ].join('\n');
    expect(await shape('a.ts', text)).toEqual({
      Greeter: 'class 3-10',
      'Greeter/count': 'field 4-4',
      'Greeter/constructor': 'method 5-5',
      'Greeter/greet': 'method 7-9',
      Named: 'interface 11-11',
      'Named/hello': 'method 11-11',
      Id: 'type 12-12',
      Colour: 'enum 13-13',
      shout: 'function 14-15',
      LIMIT: 'constant 16-16',
      other: 'function 16-16',
      // A named function expression's name is a definition too (the tags query says so).
      'other/named': 'function 16-16',
      counter: 'variable 17-17',
      plain: 'function 18-18',
      Space: 'module 19-19',
      'Space/inner': 'function 19-19',
    });
    const symbols = (await outlineOf(parsers, 'a.ts', text))!;
    // The decorator is not part of the definition: the class starts at `class`, its signature is that line.
    expect(only(symbols, 'Greeter').signature).toBe('class Greeter {');
    expect(only(symbols, 'Greeter/greet').signature).toBe('greet(): string {');
    expect(only(symbols, 'shout').signature).toBe('const shout = (who: string): string =>');
  });

  it('TSX and JavaScript: components, classes, object methods, module.exports assignments', async () => {
    expect(await shape('a.tsx', 'export const App = (): JSX.Element => <div />;\nexport default function Page() { return <App />; }\n')).toEqual({
      App: 'function 1-1', Page: 'function 2-2',
    });
    const js = 'class A {\n  b() {}\n  static c = 1;\n}\nconst api = { get: function () {}, put: () => 1 };\nmodule.exports.run = function () {};\n';
    expect(await shape('a.js', js)).toEqual({
      A: 'class 1-4', 'A/b': 'method 2-2', 'A/c': 'field 3-3',
      api: 'constant 5-5', 'api/get': 'function 5-5', 'api/put': 'function 5-5', run: 'function 6-6',
    });
  });

  it('Python: classes, methods, nested functions, decorators, class attributes, module constants', async () => {
    const text = [
      'import os',                          // 1
      'LIMIT = 3',                          // 2
      '@dataclass',                         // 3
      'class Greeter(Base):',               // 4
      '    greeting = "hi"',                // 5
      '    @staticmethod',                  // 6
      '    def greet(who):',                // 7
      '        def inner():',               // 8
      '            return who',             // 9
      '        return inner()',             // 10
      '    async def later(self):',         // 11
      '        pass',                       // 12
      'def main():',                        // 13
      '    pass',                           // 14
      '',
    ].join('\n');
    expect(await shape('a.py', text)).toEqual({
      LIMIT: 'constant 2-2',
      Greeter: 'class 4-12',
      'Greeter/greeting': 'field 5-5',
      'Greeter/greet': 'method 7-10',
      'Greeter/greet/inner': 'function 8-9',
      'Greeter/later': 'method 11-12',
      main: 'function 13-14',
    });
    const symbols = (await outlineOf(parsers, 'a.py', text))!;
    expect(only(symbols, 'Greeter/greet').signature).toBe('def greet(who):');
  });

  it('Go: methods take their receiver type as outer name, types say struct or interface', async () => {
    const text = [
      'package greet',                                    // 1
      'const Limit = 3',                                  // 2
      'type Greeter struct { who string }',               // 3
      'type Named interface { Name() string }',           // 4
      'type ID int',                                      // 5
      'func (g *Greeter) Greet() string { return g.who }', // 6
      'func (g Greeter[T]) Other() {}',                   // 7
      'func New() *Greeter {',                            // 8
      '  return nil',                                     // 9
      '}',                                                // 10
      '',
    ].join('\n');
    expect(await shape('a.go', text)).toEqual({
      Limit: 'constant 2-2',
      Greeter: 'struct 3-3',
      Named: 'interface 4-4',
      ID: 'type 5-5',
      'Greeter/Greet': 'method 6-6',
      'Greeter/Other': 'method 7-7',
      New: 'function 8-10',
    });
  });

  it('Rust: impl blocks hold their methods as Type/method, attributes are not part of the definition', async () => {
    const text = [
      '#[derive(Debug)]',                        // 1
      'pub struct Greeter { who: String }',     // 2
      'impl Greeter {',                          // 3
      '    pub fn greet(&self) -> &str {',       // 4
      '        &self.who',                       // 5
      '    }',                                   // 6
      '}',                                       // 7
      'impl<T> fmt::Display for Wrapper<T> {',   // 8
      '    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result { Ok(()) }', // 9
      '}',                                       // 10
      'pub trait Named { fn name(&self) -> String; }', // 11
      'enum Colour { Red }',                     // 12
      'const LIMIT: u32 = 3;',                   // 13
      'macro_rules! hello { () => {} }',         // 14
      'mod inner { pub fn f() {} }',             // 15
      'fn main() {}',                            // 16
      '',
    ].join('\n');
    expect(await shape('a.rs', text)).toEqual({
      Greeter: 'impl 3-7',
      'Greeter/greet': 'method 4-6',
      Wrapper: 'impl 8-10',
      'Wrapper/fmt': 'method 9-9',
      Named: 'trait 11-11',
      'Named/name': 'method 11-11',
      Colour: 'enum 12-12',
      LIMIT: 'constant 13-13',
      hello: 'macro 14-14',
      inner: 'module 15-15',
      'inner/f': 'function 15-15',
      main: 'function 16-16',
    });
    const symbols = (await outlineOf(parsers, 'a.rs', text))!;
    // The struct and its impl share a name: both are found, so a bare `Greeter` is ambiguous.
    expect(findByNamePath(symbols, 'Greeter', 'exact').map((symbol) => `${symbol.kind} ${symbol.startLine}`)).toEqual(['struct 2', 'impl 3']);
  });

  it('Java, C, C++, C#, Ruby, PHP: classes and their methods nest', async () => {
    expect(await shape('A.java', 'class Greeter {\n  @Override\n  public String greet(String who) { return who; }\n}\n')).toMatchObject({
      Greeter: 'class 1-4', 'Greeter/greet': 'method 3-3',
    });
    expect(await shape('a.c', 'struct point { int x; };\nint add(int a, int b) { return a + b; }\n')).toMatchObject({ point: 'struct 1-1', add: 'function 2-2' });
    expect(await shape('a.cpp', 'class Greeter {\n public:\n  int greet(int who) { return who; }\n};\n')).toMatchObject({ Greeter: 'class 1-4' });
    expect(await shape('A.cs', 'namespace N {\nclass Greeter {\n  string Greet(string who) { return who; }\n}\n}\n')).toMatchObject({
      N: 'module 1-5', 'N/Greeter': 'class 2-4', 'N/Greeter/Greet': 'method 3-3',
    });
    expect(await shape('a.rb', 'module M\n  class Greeter\n    def greet(who)\n      who\n    end\n  end\nend\n')).toMatchObject({
      M: 'module 1-7', 'M/Greeter': 'class 2-6', 'M/Greeter/greet': 'method 3-5',
    });
    expect(await shape('a.php', '<?php\nclass Greeter {\n  function greet($who) { return $who; }\n}\n')).toMatchObject({
      Greeter: 'class 2-4', 'Greeter/greet': 'method 3-3',
    });
  });

  it('a function or class expression named like its variable is listed once, as the variable; another own name stays nested', async () => {
    const js = 'var x = function x(n) {\n  return n ? x(n - 1) : 0;\n};\nconst C = class C {\n  run() {}\n};\nlet y = function named() {};\n';
    const expected = { x: 'function 1-3', C: 'constant 4-6', 'C/run': 'method 5-5', y: 'function 7-7', 'y/named': 'function 7-7' };
    expect(await shape('a.js', js)).toEqual(expected);
    expect(await shape('a.ts', js)).toEqual(expected);
  });

  it('gives byte offsets into the UTF-8 text, even after multi-byte characters', async () => {
    const text = 'const s = "éé😀";\nfunction greet(who: string) { return who; }\n';
    const symbols = (await outlineOf(parsers, 'a.ts', text))!;
    const greet = only(symbols, 'greet');
    const bytes = Buffer.from(text, 'utf8');
    expect(bytes.subarray(greet.startIndex, greet.endIndex).toString()).toBe('function greet(who: string) { return who; }');
    expect(bytes.subarray(greet.nameIndex, greet.nameIndex + 5).toString()).toBe('greet');
  });

  it('is undefined for a file that is not code, and empty for code without definitions', async () => {
    expect(await outlineOf(parsers, 'notes.txt', 'class A {}')).toBeUndefined();
    expect(await outlineOf(parsers, 'a.py', 'print(1)\n')).toEqual([]);
  });
});

describe('findByNamePath and oneSymbol', () => {
  const text = 'class Greeter { greet() {} }\nclass Other { greet() {} }\nfunction greet() {}\n';

  it('matches exactly, by suffix of whole segments, or by substring', async () => {
    const symbols = (await outlineOf(parsers, 'a.ts', text))!;
    const paths = (query: string, mode?: 'exact' | 'suffix' | 'substring'): string[] => findByNamePath(symbols, query, mode).map((symbol) => symbol.namePath);
    expect(paths('Greeter/greet', 'exact')).toEqual(['Greeter/greet']);
    expect(paths('greet', 'exact')).toEqual(['greet']);
    expect(paths('greet')).toEqual(['Greeter/greet', 'Other/greet', 'greet']);
    expect(paths('eet', 'suffix')).toEqual([]);
    expect(paths('GREET', 'substring')).toEqual(['Greeter', 'Greeter/greet', 'Other/greet', 'greet']);
    expect(paths('Greeter.greet')).toEqual(['Greeter/greet']);
    expect(paths('/Other/greet/')).toEqual(['Other/greet']);
  });

  it('oneSymbol refuses ambiguity with every candidate as path:line, and names near symbols when none matches', async () => {
    const symbols = (await outlineOf(parsers, 'a.ts', text))!;
    expect(oneSymbol(symbols, 'Other/greet', 'a.ts').startLine).toBe(2);
    // A query that is one symbol's whole path names it, though it is also a suffix of others.
    expect(oneSymbol(symbols, 'greet', 'a.ts').startLine).toBe(3);
    const ambiguous = (() => {
      try {
        oneSymbol(symbols, 'gree', 'a.ts', 'substring');
      } catch (error) {
        return error;
      }
      return undefined;
    })();
    expect(isCodewardError(ambiguous) && ambiguous.code).toBe('C221');
    expect((ambiguous as Error).message).toContain('gree names 4 symbols in a.ts: Greeter class (a.ts:1), Greeter/greet method (a.ts:1), Other/greet method (a.ts:2), greet function (a.ts:3)');
    expect(() => oneSymbol(symbols, 'Greeter/gret', 'a.ts')).toThrow(/no symbol Greeter\/gret in a.ts; similar: /);
  });
});
