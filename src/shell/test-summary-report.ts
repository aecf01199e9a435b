// A failing test run shaped for a reader (a person or a model): the failing tests' names and assertion
// messages first, then the output without runner noise (node:internal stack frames, TAP timing lines,
// passing tests' YAML blocks), so the outcome is not buried under 6 k characters of frames.

export interface TestFailure {
  readonly name: string;
  // The assertion message (a few lines), '' when the runner printed none near the name.
  readonly message: string;
}

const MAX_FAILURES = 8;
const MAX_MESSAGE_LINES = 8;
const MAX_MESSAGE_CHARS = 600;

// Stack frames inside Node itself and npm's echo of the script: never about the project.
const NOISE: readonly RegExp[] = [
  /^\s*(?:at\s+)?(?:async\s+)?(?:\S+\s+)?\(?node:(?:internal|async_hooks|events|timers|process)[^)]*\)?\s*$/,
  /^\s*(?:#\s*)?duration_ms:?\s+[\d.]+\s*$/,
  /^#\s+(?:Subtest:|suites\s+\d+|cancelled\s+0|todo\s+0|skipped\s+0)/,
  /^\s*ℹ\s+(?:duration_ms|suites|cancelled 0|todo 0|skipped 0)\b/,
  // npm's echo of the script ('> pkg@1.0.0 test', '> node --test'); pytest's failing line ('>       assert') stays.
  /^> \S/,
  /^\s*failureType:\s/,
  /^\s*(?:code: 'ERR_ASSERTION'|name: 'AssertionError'|operator: '\w+')\s*$/,
  /^npm (?:ERR!|error) (?:Test failed|code ELIFECYCLE|A complete log|Lifecycle script)/,
];

// Longer lines are never noise nor a test's name: the patterns do not run on them (bounded work on
// output the tests' author controls).
const MAX_LINE = 2_000;

export function isNoise(line: string): boolean {
  return line.length <= MAX_LINE && NOISE.some((pattern) => pattern.test(line));
}

function clip(lines: readonly string[]): string {
  const kept = lines.map((line) => line.trimEnd()).filter((line, index, all) => line.trim() !== '' || (index > 0 && all[index - 1]!.trim() !== ''));
  const text = kept.slice(0, MAX_MESSAGE_LINES).join('\n').trim();
  return text.length > MAX_MESSAGE_CHARS ? `${text.slice(0, MAX_MESSAGE_CHARS)}…` : text;
}

const indentOf = (line: string): number => /^\s*/.exec(line)![0].length;

// TAP (node --test when piped): "not ok 1 - name" then a YAML block with `error: |-` and `location:`.
function tapFailures(lines: readonly string[]): TestFailure[] {
  const failures: TestFailure[] = [];
  lines.forEach((line, index) => {
    const match = /^(\s*)not ok \d+ - (.+?)(?:\s+#.*)?$/.exec(line);
    if (!match) return;
    const message: string[] = [];
    let location = '';
    for (let at = index + 1; at < lines.length && !/^\s*\.\.\.\s*$/.test(lines[at]!); at += 1) {
      const entry = lines[at]!;
      const loc = /^\s*location:\s*'(.+)'/.exec(entry);
      if (loc) location = loc[1]!.replace(/^.*?([^/\\]+:\d+):\d+$/, '$1');
      if (/^\s*error:\s*(?:\|-?)?\s*(.*)$/.test(entry)) {
        const inline = /^\s*error:\s*(?:\|-?)?\s*(.*)$/.exec(entry)![1]!.replace(/^'|'$/g, '');
        if (inline) message.push(inline);
        const base = indentOf(entry);
        for (at += 1; at < lines.length && (lines[at]!.trim() === '' || indentOf(lines[at]!) > base); at += 1) message.push(lines[at]!.trim() === '' ? '' : lines[at]!.slice(base + 2));
        at -= 1;
      }
    }
    // A parent test fails because a subtest did: its own entry says so and adds nothing.
    const text = clip(message);
    if (/^\d+ subtests? failed$/.test(text)) return;
    failures.push({ name: location ? `${match[2]!} (${location})` : match[2]!, message: text });
  });
  return failures;
}

// One line names the failing test, the message follows (indented or up to a blank line).
function headedFailures(lines: readonly string[], head: RegExp, stop: RegExp): TestFailure[] {
  const failures: TestFailure[] = [];
  lines.forEach((line, index) => {
    const match = head.exec(line);
    if (!match) return;
    const message: string[] = [];
    for (let at = index + 1; at < lines.length && message.length < MAX_MESSAGE_LINES * 2; at += 1) {
      const next = lines[at]!;
      if (head.test(next) || stop.test(next)) break;
      if (isNoise(next) || /^\s*at\s/.test(next) || /^\s*❯/.test(next)) continue;
      if (next.trim() === '' && message.length > 0 && message.some((item) => item.trim() !== '')) break;
      if (next.trim() !== '') message.push(next.trim());
    }
    failures.push({ name: match[1]!.trim(), message: clip(message) });
  });
  return failures;
}

// pytest's details per failing test: "____ test_name ____" (TestClass.test_name for methods), then the
// source with the failing line marked `>` and the error lines `E   ...`.
function pytestDetails(lines: readonly string[]): Map<string, string[]> {
  const details = new Map<string, string[]>();
  let current: string[] | undefined;
  for (const line of lines) {
    const title = /^_{3,} (.+?) _{3,}$/.exec(line);
    if (title) details.set(title[1]!, (current = []));
    else if (/^={3,}/.test(line)) current = undefined;
    else if (current && (/^>\s/.test(line) || /^E\s/.test(line))) current.push(line);
  }
  return details;
}

// pytest -q short summary: "FAILED test_x.py::test_name - AssertionError: assert 1 == 2". pytest cuts
// that line to the terminal's width, so the message comes from the test's own `>` and `E` lines when
// the details are there.
function pytestFailures(lines: readonly string[]): TestFailure[] {
  const failed = lines.flatMap((line) => {
    const match = /^FAILED\s+(\S+)(?:\s+-\s+(.*))?$/.exec(line);
    return match ? [{ name: match[1]!, summary: match[2] ?? '' }] : [];
  });
  if (failed.length === 0) return [];
  const details = pytestDetails(lines);
  return failed.map(({ name, summary }) => {
    const shown = details.get(name.split('::').slice(1).join('.')) ?? [];
    return { name, message: shown.length > 0 ? clip(shown) : summary };
  });
}

// Each runner's way of naming a failing test, tried in order; the first that finds any wins.
const FINDERS: readonly ((lines: readonly string[]) => TestFailure[])[] = [
  tapFailures,
  // vitest: " FAIL  test/x.test.ts > suite > name"
  (lines) => headedFailures(lines, /^\s*FAIL\s+(\S+\s+>\s+.+?)\s*$/, /^\s*(?:⎯|Test Files|Tests\s)/),
  // jest: "  ● suite › name"
  (lines) => headedFailures(lines, /^\s*●\s+(.+›.+)$/, /^\s*(?:Test Suites:|Tests:)/),
  // node --test spec reporter: "✖ name (1.2ms)" under "✖ failing tests:"
  (lines) => headedFailures(lines, /^\s*✖\s+(?!failing tests)(.+?)\s+\([\d.]+m?s\)\s*$/, /^\s*ℹ\s/),
  pytestFailures,
  // go: "--- FAIL: TestX (0.00s)" then "    x_test.go:12: message"
  (lines) => headedFailures(lines, /^\s*--- FAIL:\s+(\S+)/, /^(?:FAIL|ok|PASS)\b/),
  // mocha: "  1) suite" "       name:" then the error
  (lines) => headedFailures(lines, /^\s+\d+\)\s+(.+)$/, /^\s*\d+ (?:passing|failing|pending)/),
];

// ANSI escape sequences (colour codes), in case a runner ignores NO_COLOR.
const ESCAPES = new RegExp(`${String.fromCharCode(27)}\\[[0-9;?]*[A-Za-z]`, 'g');

export function findFailures(output: string): TestFailure[] {
  const lines = output.replace(ESCAPES, '').split('\n').map((line) => line.replace(/\r$/, '').slice(0, MAX_LINE));
  for (const find of FINDERS) {
    const found = find(lines);
    // Dedup: vitest and jest print each failure twice (the list and the details).
    const unique = [...new Map(found.map((failure) => [failure.name, failure])).values()];
    if (unique.length > 0) return unique;
  }
  return [];
}

// The report: failing tests first (at most MAX_FAILURES, with the count of the rest).
export function formatFailures(failures: readonly TestFailure[]): string {
  if (failures.length === 0) return '';
  const shown = failures.slice(0, MAX_FAILURES).map((failure) => {
    const message = failure.message === '' ? '' : `\n${failure.message.replace(/^/gm, '    ')}`;
    return `  ✗ ${failure.name}${message}`;
  });
  const more = failures.length > MAX_FAILURES ? [`  … and ${failures.length - MAX_FAILURES} more failing`] : [];
  return ['failing tests:', ...shown, ...more].join('\n');
}

// The output without noise lines and without the YAML blocks of passing TAP tests.
export function dropNoise(output: string): { text: string; dropped: number } {
  const lines = output.split('\n');
  const kept: string[] = [];
  let dropped = 0;
  let inPassingBlock = false;
  let previousOk = false;
  for (const line of lines) {
    if (previousOk && /^\s*---\s*$/.test(line)) inPassingBlock = true;
    previousOk = /^\s*ok \d+ - /.test(line);
    if (inPassingBlock) {
      dropped += 1;
      if (/^\s*\.\.\.\s*$/.test(line)) inPassingBlock = false;
      continue;
    }
    if (isNoise(line)) {
      dropped += 1;
      continue;
    }
    kept.push(line);
  }
  return { text: kept.join('\n'), dropped };
}
