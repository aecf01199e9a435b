import type { TestFailure } from './test-summary-report.js';

// The failing tests of the runners that print a heading per failure (vitest, jest, node's spec reporter,
// pytest, go, cargo, mocha): the name with the test's own file:line, then the assertion's lines.

const MAX_MESSAGE_LINES = 10;
const MAX_MESSAGE_CHARS = 600;

export function clip(lines: readonly string[]): string {
  const kept = lines.map((line) => line.trimEnd()).filter((line, index, all) => line.trim() !== '' || (index > 0 && all[index - 1]!.trim() !== ''));
  const text = kept.slice(0, MAX_MESSAGE_LINES).join('\n').trim();
  return text.length > MAX_MESSAGE_CHARS ? `${text.slice(0, MAX_MESSAGE_CHARS)}…` : text;
}

// A frame that points into the project (vitest's `❯ calc.test.js:5:42`, jest's and mocha's
// `at Object.<anonymous> (calc.test.js:5:42)`), not into Node or a dependency.
const FRAME = /^\s*(?:❯|at\s(?:.*\()?)\s*(?:file:\/\/)?([^\s()]+?:\d+(?::\d+)?)\)?\s*$/;
function projectFrame(line: string): string | undefined {
  const location = FRAME.exec(line)?.[1];
  return location === undefined || /^node:|[/\\]node_modules[/\\]/.test(location) ? undefined : location;
}

// The name as the report shows it: with the test's own location when the name lacks one.
const located = (name: string, location: string | undefined): string => (location === undefined || name.includes(location) ? name : `${name} (${location})`);

// A runner's quote of the test's source under a failure (jest's `> 3 |   it(...`, vitest's `  2| describe(`):
// the assertion's message is above it.
const CODE_FRAME = /^\s*>?\s*\d+\s?\|/;

// One line names the failing test, the message follows (across blank lines: jest and mocha print the
// assertion, a blank line, then `Expected: 7` / `Received: 6` or the diff); it ends at the runner's quote
// of the source or the first stack frame, the first project frame being the test's location.
export function headedFailures(lines: readonly string[], head: RegExp, stop: RegExp, isNoise: (line: string) => boolean): TestFailure[] {
  const failures: TestFailure[] = [];
  lines.forEach((line, index) => {
    const match = head.exec(line);
    if (!match) return;
    const message: string[] = [];
    let location: string | undefined;
    let ended = false;
    for (let at = index + 1; at < lines.length && at < index + 60; at += 1) {
      const next = lines[at]!;
      if (head.test(next) || stop.test(next)) break;
      if (/^\s*(?:at\s|❯)/.test(next)) {
        location ??= projectFrame(next);
        ended = message.length > 0;
        continue;
      }
      if (CODE_FRAME.test(next)) ended = message.length > 0;
      if (ended || isNoise(next) || message.length >= MAX_MESSAGE_LINES * 2) continue;
      if (next.trim() !== '' || message.length > 0) message.push(next.trim());
    }
    failures.push({ name: located(match[1]!.trim(), location), message: clip(message) });
  });
  return failures;
}

// mocha's spec reporter: the tree marks a failing test `1) name` among the passing `✔ name` lines; the
// details come after `N failing`: `1) suite`, the title's further lines up to the one ending in `:`, then
// the error (`6 !== 7`, `+ expected - actual`, `-6`, `+7`) and the stack.
export function mochaFailures(lines: readonly string[], isNoise: (line: string) => boolean): TestFailure[] {
  const start = lines.findIndex((line) => /^\s*\d+ failing\s*$/.test(line));
  if (start < 0) return [];
  const head = /^\s+\d+\)\s+(.+)$/;
  // `1) suite` + `inner` + `fails gamma:` -> `1) suite › inner › fails gamma` (a test outside any suite:
  // `1) fails gamma:`). The title's lines are the non-blank ones up to the first ending in `:`.
  const details: string[] = [];
  for (let at = start + 1; at < lines.length; at += 1) {
    const line = lines[at]!.trimEnd();
    if (!head.test(line)) {
      details.push(line);
      continue;
    }
    const titles = [line];
    while (!titles.at(-1)!.endsWith(':') && titles.length < 6 && (lines[at + 1] ?? '').trim() !== '') {
      at += 1;
      titles.push(lines[at]!.trim());
    }
    details.push(titles.join(' › ').replace(/:$/, ''));
  }
  return headedFailures(details, head, /^\s*\d+ (?:passing|pending)/, isNoise);
}

// pytest's details per failing test: "____ test_name ____" (TestClass.test_name for methods), then the
// source with the failing line marked `>`, the error lines `E   ...` and `test_x.py:9: AssertionError`.
function pytestDetails(lines: readonly string[]): Map<string, { shown: string[]; location?: string }> {
  const details = new Map<string, { shown: string[]; location?: string }>();
  let current: { shown: string[]; location?: string } | undefined;
  for (const line of lines) {
    const title = /^_{3,} (.+?) _{3,}$/.exec(line);
    const where = /^(\S+?\.py:\d+): \w+/.exec(line);
    if (title) details.set(title[1]!, (current = { shown: [] }));
    else if (/^={3,}/.test(line)) current = undefined;
    else if (current && (/^>\s/.test(line) || /^E\s/.test(line))) current.shown.push(line);
    else if (current && where && current.location === undefined) current.location = where[1]!;
  }
  return details;
}

// pytest -q short summary: "FAILED test_x.py::test_name - AssertionError: assert 1 == 2". pytest cuts
// that line to the terminal's width, so the message comes from the test's own `>` and `E` lines when
// the details are there.
export function pytestFailures(lines: readonly string[]): TestFailure[] {
  // "ERROR tests/test_x.py": a collection error (an import that fails) is a failure too, with its E line.
  const firstE = lines.find((line) => /^E\s{3}\S/.test(line))?.slice(1).trim() ?? '';
  const failed = lines.flatMap((line) => {
    const match = /^(FAILED|ERROR)\s+(\S+)(?:\s+-\s+(.*))?$/.exec(line);
    return match ? [{ name: match[2]!, summary: match[3] ?? (match[1] === 'ERROR' ? firstE : '') }] : [];
  });
  if (failed.length === 0) return [];
  const details = pytestDetails(lines);
  return failed.map(({ name, summary }) => {
    const detail = details.get(name.split('::').slice(1).join('.'));
    return { name: located(name, detail?.location), message: detail && detail.shown.length > 0 ? clip(detail.shown) : summary };
  });
}

// cargo test: "---- tests::name stdout ----", then "thread 'tests::name' panicked at src/lib.rs:11:23:"
// and the panic message (`assertion `left == right` failed`, `left: 5`, `right: 6`).
export function cargoFailures(lines: readonly string[]): TestFailure[] {
  const failures: TestFailure[] = [];
  lines.forEach((line, index) => {
    const head = /^---- (\S+) stdout ----$/.exec(line);
    if (!head) return;
    const message: string[] = [];
    let location: string | undefined;
    for (let at = index + 1; at < lines.length && message.length < MAX_MESSAGE_LINES; at += 1) {
      const next = lines[at]!;
      if (/^---- \S+ stdout ----$/.test(next) || /^(?:failures:|stack backtrace:|note: )/.test(next)) break;
      const panic = /^thread '.*?'(?: \(\d+\))? panicked at (\S+?):?$/.exec(next);
      if (panic) location ??= panic[1]!;
      else if (next.trim() !== '') message.push(next.trim());
    }
    failures.push({ name: located(head[1]!, location), message: clip(message) });
  });
  return failures;
}

// go test: "--- FAIL: TestX (0.00s)" (a subtest's indented below its parent's). Without -v the test's log
// lines follow, indented under it; with -v they come before, after its "=== RUN   TestX" (or "=== CONT",
// "=== NAME" when tests run in parallel). The location is the first "x_test.go:12:" of its lines.
const GO_MARK = /^\s*(?:=== (?:RUN|PAUSE|CONT|NAME)\s+|--- (?:FAIL|PASS|SKIP): )/;
function goLogged(lines: readonly string[], name: string): string[] {
  const logged: string[] = [];
  let inside = false;
  for (const line of lines) {
    const marker = /^\s*=== (?:RUN|CONT|NAME)\s+(\S+)\s*$/.exec(line);
    if (marker) inside = marker[1] === name;
    else if (GO_MARK.test(line) || /^(?:FAIL|ok|PASS)\b/.test(line)) inside = false;
    else if (inside && line.trim() !== '') logged.push(line.trim());
  }
  return logged;
}

export function goFailures(lines: readonly string[]): TestFailure[] {
  const failures: TestFailure[] = [];
  lines.forEach((line, index) => {
    const head = /^(\s*)--- FAIL:\s+(\S+)/.exec(line);
    if (!head) return;
    const below: string[] = [];
    for (let at = index + 1; at < lines.length && below.length < MAX_MESSAGE_LINES * 2; at += 1) {
      const next = lines[at]!;
      const indent = /^\s*/.exec(next)![0].length;
      if (next.trim() === '' || GO_MARK.test(next) || indent <= head[1]!.length) break;
      below.push(next.trim());
    }
    const message = below.length > 0 ? below : goLogged(lines, head[2]!);
    const location = message.map((text) => /^([\w./-]+_test\.go:\d+):/.exec(text)?.[1]).find((found) => found !== undefined);
    failures.push({ name: located(head[2]!, location), message: clip(message) });
  });
  return failures;
}
