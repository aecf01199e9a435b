// The plain-words reader (src/shell/parse-plain.ts) against tree-sitter-bash: every line it accepts must give
// the very tree (and so the very parse) the grammar gives; every other line goes to the grammar.
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Language, Parser } from 'web-tree-sitter';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { initialiseTreeSitter } from '../../src/code/tree-sitter-init.js';
import { ShellParser } from '../../src/shell/parse.js';
import { normaliseSource } from '../../src/shell/parse-normalize.js';
import { plainTree } from '../../src/shell/parse-plain.js';
import { copyTree, type SyntaxNode } from '../../src/shell/parse-syntax.js';
import { loadCommands } from './danger-data.js';

const require = createRequire(import.meta.url);
const GRAMMAR = JSON.parse(readFileSync(require.resolve('tree-sitter-bash/src/grammar.json'), 'utf8')) as unknown;
const TEST_ROOT = fileURLToPath(new URL('..', import.meta.url));

// Every string literal of the grammar (keywords, operators, punctuation).
function grammarLiterals(): string[] {
  const out = new Set<string>();
  const walk = (value: unknown): void => {
    if (Array.isArray(value)) value.forEach(walk);
    else if (value !== null && typeof value === 'object') {
      const node = value as Record<string, unknown>;
      if (node['type'] === 'STRING' && typeof node['value'] === 'string') out.add(node['value']);
      Object.values(node).forEach(walk);
    }
  };
  walk(GRAMMAR);
  return [...out];
}

// The quoted strings of the shell and permission tests: most are command lines.
function testLiterals(): string[] {
  const out = new Set<string>();
  for (const folder of ['shell', 'permissions', 'sandbox']) {
    for (const name of readdirSync(join(TEST_ROOT, folder))) {
      if (!name.endsWith('.ts')) continue;
      const text = readFileSync(join(TEST_ROOT, folder, name), 'utf8');
      for (const match of text.matchAll(/'([^'\\\n]{1,200})'|"([^"\\\n]{1,200})"|`([^`\\$\n]{1,200})`/g)) out.add(match[1] ?? match[2] ?? match[3]!);
    }
  }
  return [...out];
}

// Lines built to probe the reader's edges: each grammar literal and each odd word as the command and as an
// argument, numbers and near-numbers, spacing, and every printable ASCII character inside, before and after a word.
function probes(): string[] {
  const words = [...grammarLiterals(), '-', '--', '-1', '1', '01', '-0', '1.5', '1a', '0x1f', '1#2', '12', '-20', '-n', '-eq', '--format=%H', 'a=b', 'a+=b', '=x', 'x=', '.', '..', ':', '@', '%', '+', ',', '_', 'a,b', 'x-y', './x', '/usr/bin/env', 'time', 'coproc', 'nice', 'env', 'bash', 'sh', 'eval', 'exec', 'command', 'builtin', 'xargs', 'sudo', 'rm', 'true'];
  const out: string[] = [];
  for (const word of words) out.push(word, `${word} x`, `x ${word}`, `echo ${word} ${word}`, `env ${word}`, `bash -c ${word}`);
  for (let code = 32; code < 127; code++) {
    const char = String.fromCharCode(code);
    out.push(`a${char}b`, `${char}a`, `a${char}`, `echo a${char}b`, `echo ${char}a`, `echo a${char}`, `echo ${char}`);
  }
  out.push('a  b', 'a b  c', ' a', 'a ', 'a\tb', 'a\nb', 'a\rb', 'a\u00a0b', 'é', 'echo é', 'git status --short', 'npm test', 'ls -la src', 'nice '.repeat(40) + 'ls');
  return out;
}

// Every word of up to 3 characters over letters, digits and each punctuation character the reader may
// accept (one of each kind stands for its class), as the command, and as an argument before and after others.
function exhaustive(): string[] {
  const alphabet = ['a', 'e', 'Z', '1', '_', '.', '/', ':', '@', '%', '+', ',', '=', '-'];
  let words = [''];
  const all: string[] = [];
  for (let length = 1; length <= 3; length++) {
    words = words.flatMap((word) => alphabet.map((char) => word + char));
    all.push(...words);
  }
  return all.flatMap((word) => [word, `${word} x`, `x ${word}`, `x y ${word}`, `x ${word} y`, `x -eq ${word}`, `x ${word} ==`]);
}

interface Shape {
  type: string;
  isNamed: boolean;
  startIndex: number;
  endIndex: number;
  fields: Array<string | null>;
  children: Shape[];
}
const shape = (node: SyntaxNode): Shape => ({ type: node.type, isNamed: node.isNamed, startIndex: node.startIndex, endIndex: node.endIndex, fields: [...node.fields], children: node.children.map(shape) });

const corpus = [...new Set([...loadCommands('benign.txt'), ...loadCommands('destructive.txt'), ...testLiterals(), ...probes()])];
let grammar: Parser;
const plain = new ShellParser();
const grammarOnly = new ShellParser({ plainWords: false });

beforeAll(async () => {
  await initialiseTreeSitter(Parser);
  grammar = new Parser();
  grammar.setLanguage(await Language.load(require.resolve('tree-sitter-bash/tree-sitter-bash.wasm')));
});

afterAll(async () => {
  grammar.delete();
  await Promise.all([plain.dispose(), grammarOnly.dispose()]);
});

describe('plain words read without tree-sitter', () => {
  // Tens of thousands of tree-sitter parses: a loaded 2-core machine needs more than the default 30 s.
  it('every line the reader accepts has the tree tree-sitter gives, without a syntax error', { timeout: 300_000 }, () => {
    let accepted = 0;
    const differ: string[] = [];
    for (const line of [...corpus, ...exhaustive()]) {
      const tree = plainTree(line);
      if (!tree) continue;
      accepted++;
      const parsed = grammar.parse(line)!;
      const same = !parsed.rootNode.hasError && JSON.stringify(shape(copyTree(parsed, line))) === JSON.stringify(shape(tree));
      parsed.delete();
      if (!same) differ.push(line);
    }
    expect(differ).toEqual([]);
    // The corpus does exercise the reader (a reader accepting nothing would pass the loop above).
    expect(accepted).toBeGreaterThan(400);
  });

  // A line whose (normalised) text the reader refuses is read by the grammar from the start, as without it;
  // the lines it accepts are the ones whose parse could differ (their nested scripts may still go to the grammar).
  it('every line of the corpus parses the same with and without the plain reader', { timeout: 300_000 }, async () => {
    const differ: string[] = [];
    const plainLines = corpus.filter((line) => plainTree(normaliseSource(line).primary) !== undefined);
    expect(plainLines.length).toBeGreaterThan(400);
    for (const line of plainLines) if (JSON.stringify(await plain.parseShell(line)) !== JSON.stringify(await grammarOnly.parseShell(line))) differ.push(line);
    expect(differ).toEqual([]);
  });

  it('the reader refuses every alphabetic keyword of the grammar, as any word of the line', () => {
    const keywords = grammarLiterals().filter((literal) => /^[a-z]{2,}$/.test(literal));
    expect(keywords.length).toBeGreaterThan(15);
    for (const keyword of keywords) for (const line of [keyword, `${keyword} x`, `echo ${keyword}`]) expect({ line, tree: plainTree(line) }).toEqual({ line, tree: undefined });
  });

  it('refuses what tree-sitter may read as something else: assignments, near-numbers, specials, other spaces', () => {
    for (const line of ['a=b', 'a+=b x', 'echo 1.5', 'echo 0x1f', 'echo -20k', 'echo a#b', 'a\tb', 'a ', ' a', 'a;b', 'a|b', 'echo ~', 'echo *', 'echo é', 'a\\ b', 'a\nb']) expect({ line, tree: plainTree(line) }).toEqual({ line, tree: undefined });
  });

  it('a plain line loads no grammar; any other line does', async () => {
    // A grammar file that does not exist: loading it fails, so a parse that succeeds never loaded it.
    const missing = new ShellParser({ wasmPath: join(TEST_ROOT, 'no-such-grammar.wasm') });
    const parse = await missing.parseShell('git log --format=%H -n 3');
    expect(parse.commands.map((command) => [command.name, ...command.args])).toEqual([['git', 'log', '--format=%H', '-n', '3']]);
    expect(parse.ok).toBe(true);
    await expect(missing.parseShell('true && true')).rejects.toThrow();
    // A plain line whose command hands a shell a plain string: still no grammar.
    expect((await missing.parseShell('bash -c true')).commands.map((command) => command.name)).toContain('true');
    await missing.dispose();
  });
});
