// Failing tests of any TAP producer (node --test piped, tape, node-tap, ava --tap, ...): the `not ok` line,
// the nearest test header above it (tape and node-tap name the test in a `# name` comment and the
// assertion in the `not ok` line), and the YAML block under it read by its keys, whatever the producer
// calls them (error/message, operator, expected/actual, wanted/found, diff, at/location).
import type { TestFailure } from './test-summary-report.js';

const NOT_OK = /^(\s*)not ok \d+(?:\s+-)?\s*(.*?)\s*$/;
const DIRECTIVE = /\s#\s*(?:TODO|SKIP)\b/i;
// A TAP comment that is a test's name, not the run's counts or the producer's own notes.
const HEADER = /^(\s*)#\s+(?!(?:tests|pass|fail|skip|skipped|todo|cancelled|suites|duration_ms|ok|not ok)\b)(?:Subtest:\s+)?(.+?)\s*$/;

const MAX_VALUE_LINES = 6;

type Block = Map<string, string[]>;

const indentOf = (line: string): number => /^\s*/.exec(line)![0].length;

// The YAML block after a `not ok` line (between `---` and `...`), as key → value lines: a key's value is
// the rest of its line (quotes removed) or, for `|-` and nested values, the more indented lines under it.
function readBlock(lines: readonly string[], start: number): Block {
  const block: Block = new Map();
  if (!/^\s*---\s*$/.test(lines[start] ?? '')) return block;
  const first = lines.slice(start + 1).find((line) => line.trim() !== '');
  const keyIndent = first === undefined ? 0 : indentOf(first);
  let current: string[] | undefined;
  for (let at = start + 1; at < lines.length && !/^\s*\.\.\.\s*$/.test(lines[at]!); at += 1) {
    const line = lines[at]!;
    const key = indentOf(line) === keyIndent ? /^\s*([\w-]+):\s*(.*)$/.exec(line) : null;
    if (key) {
      current = [];
      block.set(key[1]!, current);
      const inline = key[2]!.replace(/^[|>][-+]?$/, '').replace(/^'(.*)'$/, '$1').replace(/^"(.*)"$/, '$1');
      if (inline !== '') current.push(inline);
    } else if (current) {
      current.push(line.trim() === '' ? '' : line.slice(Math.min(indentOf(line), keyIndent + 2)));
    }
  }
  return block;
}

// `file.js:12` from `at: Test.<anonymous> (/x/test/file.js:12:5)`, `location: '/x/file.js:3:1'` or
// node-tap's nested `file: test/x.js` + `line: 5`.
function locationOf(block: Block): string {
  const text = [...(block.get('at') ?? []), ...(block.get('location') ?? [])].join('\n');
  // The path as printed (findFailures makes it workspace-relative: `test/num.js:15`, one a model can read).
  const frame = /([^\s(:]+):(\d+)(?::\d+)?\)?\s*$/m.exec(text);
  if (frame) return `${frame[1]}:${frame[2]}`;
  const file = /(?:file|fileName):\s*(\S+)/.exec(text);
  const line = /(?:line|lineNumber):\s*(\d+)/.exec(text);
  return file ? `${file[1]!}${line ? `:${line[1]}` : ''}` : '';
}

const value = (block: Block, key: string): string | undefined => {
  const lines = block.get(key);
  if (!lines || lines.length === 0) return undefined;
  const shown = lines.slice(0, MAX_VALUE_LINES);
  return `${shown.join('\n')}${lines.length > shown.length ? '\n…' : ''}`;
};

// The assertion: the producer's own message, then what was expected against what came.
function messageOf(block: Block): string {
  const parts: string[] = [];
  const error = value(block, 'error') ?? value(block, 'message');
  if (error !== undefined) parts.push(error);
  const pairs: [string, string][] = [['expected', 'actual'], ['wanted', 'found']];
  for (const [want, got] of pairs) {
    const expected = value(block, want);
    const actual = value(block, got);
    if (expected === undefined && actual === undefined) continue;
    // node's error text already states both sides; repeat them only when it said nothing.
    if (error !== undefined && block.has('code')) continue;
    const operator = value(block, 'operator') ?? value(block, 'compare');
    parts.push(`${want}: ${expected ?? '(none)'}`.replace(/\n/g, '\n  '), `${got}: ${actual ?? '(none)'}`.replace(/\n/g, '\n  '));
    if (operator !== undefined && error === undefined) parts.unshift(`operator: ${operator}`);
  }
  const diff = value(block, 'diff');
  if (diff !== undefined && parts.length === 0) parts.push(diff);
  return parts.join('\n');
}

export function tapFailures(lines: readonly string[]): TestFailure[] {
  const failures: TestFailure[] = [];
  let header = '';
  lines.forEach((line, index) => {
    const named = HEADER.exec(line);
    if (named) {
      header = named[2]!;
      return;
    }
    const match = NOT_OK.exec(line);
    if (!match || DIRECTIVE.test(line)) return;
    const block = readBlock(lines, index + 1);
    const message = messageOf(block);
    // A parent test fails because a subtest did: its own entry says so and adds nothing.
    if (/^\d+ subtests? failed$/.test(message.trim())) return;
    const assertion = match[2]!;
    const title = header !== '' && header !== assertion ? `${header} › ${assertion}` : assertion || header;
    const where = locationOf(block);
    failures.push({ name: where ? `${title} (${where})` : title, message });
  });
  return failures;
}
