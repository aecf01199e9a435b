import { cargoFailures, clip, goFailures, headedFailures as headed, mochaFailures, pytestFailures } from './test-summary-native.js';
import { tapFailures } from './test-summary-tap.js';

// A failing test run shaped for a reader (a person or a model): the failing tests' names and assertion
// messages first, then the output without runner noise (node:internal stack frames, TAP timing lines,
// passing tests' lines and YAML blocks), so the outcome is not buried under 6 k characters of frames.

export interface TestFailure {
  readonly name: string;
  // The assertion message (a few lines), '' when the runner printed none near the name.
  readonly message: string;
}

const MAX_FAILURES = 8;

// Stack frames inside Node itself and npm's echo of the script: never about the project.
const NOISE: readonly RegExp[] = [
  /^\s*(?:at\s+)?(?:async\s+)?(?:\S+\s+)?\(?node:(?:internal|async_hooks|events|timers|process)[^)]*\)?\s*$/,
  /^\s*(?:#\s*)?duration_ms:?\s+[\d.]+\s*$/,
  /^#\s+(?:Subtest:|suites\s+\d+|cancelled\s+0|todo\s+0|skipped\s+0)/,
  /^\s*ℹ\s+(?:duration_ms|suites|cancelled 0|todo 0|skipped 0)\b/,
  // npm's echo of the script ('> pkg@1.0.0 test', '> node --test'); pytest's failing line ('>       assert') stays.
  /^> \S/,
  /^\s*failureType:\s/,
  // Rust's backtrace frames inside the standard library (the test's own frame stays).
  /^\s+at \/rustc\/[0-9a-f]+\//,
  /^\s+\d+: (?:__rustc::|core::|std::|alloc::|test::|<fn\(\)|<alloc::|<core::|<std::)/,
  /^note: Some details are omitted, run with `RUST_BACKTRACE=full`/,
  /^\s*(?:code: 'ERR_ASSERTION'|name: 'AssertionError'|operator: '\w+')\s*$/,
  /^npm (?:ERR!|error) (?:Test failed|code ELIFECYCLE|A complete log|Lifecycle script)/,
];

// Longer lines are never noise nor a test's name: the patterns do not run on them (bounded work on
// output the tests' author controls).
const MAX_LINE = 2_000;

export function isNoise(line: string): boolean {
  return line.length <= MAX_LINE && NOISE.some((pattern) => pattern.test(line));
}

// Each runner's way of naming a failing test, tried in order; the first that finds any wins.
const headedFailures = (lines: readonly string[], head: RegExp, stop: RegExp): TestFailure[] => headed(lines, head, stop, isNoise);
const FINDERS: readonly ((lines: readonly string[]) => TestFailure[])[] = [
  tapFailures,
  // vitest: " FAIL  test/x.test.ts > suite > name"
  (lines) => headedFailures(lines, /^\s*FAIL\s+(\S+\s+>\s+.+?)\s*$/, /^\s*(?:⎯|Test Files|Tests\s)/),
  // jest: "  ● suite › name"
  (lines) => headedFailures(lines, /^\s*●\s+(.+›.+)$/, /^\s*(?:Test Suites:|Tests:)/),
  // node --test spec reporter: "✖ name (1.2ms)" under "✖ failing tests:"
  (lines) => headedFailures(lines, /^\s*✖\s+(?!failing tests)(.+?)\s+\([\d.]+m?s\)\s*$/, /^\s*ℹ\s/),
  pytestFailures,
  cargoFailures,
  // go: "--- FAIL: TestX (0.00s)", its log lines below it (or above it, with -v)
  goFailures,
  // mocha: after "  1 failing", "  1) suite" "       name:" then the error
  (lines) => mochaFailures(lines, isNoise),
];

// ANSI escape sequences (colour codes), in case a runner ignores NO_COLOR.
const ESCAPES = new RegExp(`${String.fromCharCode(27)}\\[[0-9;?]*[A-Za-z]`, 'g');

// A failure's `(path:line)` as the model can open it: relative to the workspace `root` when inside it, the
// file's name alone when outside (a runner's own frames), as printed when relative already.
function located(name: string, root: string | undefined): string {
  return name.replace(/\((\/[^()\s]+?)(:\d+)\)$/, (_, path: string, line: string) => {
    const inside = root !== undefined && path.startsWith(`${root}/`);
    return `(${inside ? path.slice(root.length + 1) : path.slice(path.lastIndexOf('/') + 1)}${line})`;
  });
}

export function findFailures(output: string, root?: string): TestFailure[] {
  const lines = output.replace(ESCAPES, '').split('\n').map((line) => line.replace(/\r$/, '').slice(0, MAX_LINE));
  for (const find of FINDERS) {
    const found = find(lines).map((failure) => ({ ...failure, name: located(failure.name, root) }));
    // Dedup: vitest and jest print each failure twice (the list and the details).
    const unique = [...new Map(found.map((failure) => [failure.name, { ...failure, message: clip(failure.message.split('\n')) }])).values()];
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

// Lines that say one test passed, in the runners' own shapes: a reader is told how many instead.
const PASSING: readonly RegExp[] = [
  /^\s*ok \d+\b/, // TAP: tape, node --test, node-tap, ava --tap
  /^\s*(?:[✓✔√]|\(pass\))\s/, // vitest, jest, mocha, node's spec reporter, ava
  /^\s*PASS\s+\S/, // jest: a passing file
  /^\s*--- PASS: |^=== (?:RUN|PAUSE|CONT|NAME)\s/, // go test -v
  /^ok\s+\S+\s+(?:[\d.]+s|\(cached\))/, // go: a passing package
  /^test \S.* \.\.\. ok$/, // cargo
  /^\S+::\S+ PASSED\b/, // pytest -v
];
// Frames inside the runner or another dependency: the test's own frame says where it failed.
const DEPENDENCY_FRAME = /^\s*at\s.*[/\\]node_modules[/\\]/;
// A TAP comment naming a test (tape, node-tap): shown only above a failure.
const TAP_HEADER = /^#\s+(?!(?:tests|pass|fail|skip|skipped|todo|cancelled|suites|duration_ms|ok|not ok)\b)\S/;
const LOOKS_TAP = /^(?:TAP version|\s*(?:not )?ok \d+\b)/m;
// Lines alike but for their numbers, many in a row, from a runner we do not know: the first and the
// last are kept, unless one of them looks like a failure.
const RUN_MIN = 6;
const FAILURE_WORD = /fail|error|✗|✖|×|not ok|assert|expect|exception|panic|traceback/i;
const shapeOf = (line: string): string => line.replace(/\d+/g, '#').trim().split(/\s+/).slice(0, 2).join(' ');

function collapseRuns(lines: readonly string[]): { kept: string[]; dropped: number } {
  const kept: string[] = [];
  let dropped = 0;
  for (let at = 0; at < lines.length; ) {
    const shape = shapeOf(lines[at]!);
    let end = at + 1;
    while (end < lines.length && shape !== '' && shapeOf(lines[end]!) === shape) end += 1;
    const run = lines.slice(at, end);
    if (run.length >= RUN_MIN && !run.some((line) => FAILURE_WORD.test(line))) {
      kept.push(run[0]!, `… ${run.length - 2} similar lines`, run.at(-1)!);
      dropped += run.length - 2;
    } else kept.push(...run);
    at = end;
  }
  return { kept, dropped };
}

// The output a reader needs: without runner noise, passing tests' lines and YAML blocks, dependency
// frames, and test headers with nothing failing under them; long runs of alike lines collapsed.
export function dropNoise(output: string): { text: string; dropped: number } {
  const lines = output.split('\n');
  const tap = LOOKS_TAP.test(output);
  const kept: string[] = [];
  let dropped = 0;
  let inPassingBlock = false;
  let previousOk = false;
  let header: string | undefined;
  for (const line of lines) {
    if (previousOk && /^\s*---\s*$/.test(line)) inPassingBlock = true;
    previousOk = /^\s*ok \d+\b/.test(line);
    const bounded = line.length <= MAX_LINE;
    if (inPassingBlock || isNoise(line) || (bounded && (PASSING.some((pattern) => pattern.test(line)) || DEPENDENCY_FRAME.test(line)))) {
      if (inPassingBlock && /^\s*\.\.\.\s*$/.test(line)) inPassingBlock = false;
      dropped += 1;
      continue;
    }
    if (tap && bounded && TAP_HEADER.test(line)) {
      if (header !== undefined) dropped += 1;
      header = line;
      continue;
    }
    // A header is shown above what its test printed or failed; the plan line (`1..N`) ends it.
    if (header !== undefined && line.trim() !== '') {
      if (!/^\s*\d+\.\.\d+/.test(line)) kept.push(header);
      else dropped += 1;
      header = undefined;
    }
    kept.push(line);
  }
  if (header !== undefined) dropped += 1;
  const collapsed = collapseRuns(kept);
  return { text: collapsed.kept.join('\n'), dropped: dropped + collapsed.dropped };
}

// A passing run whose counts were read: the counts say it, so of the output only what may need a reader
// stays (warnings, errors, deprecations: at most PASSING_KEPT lines); the rest is counted.
const PASSING_KEPT = 20;
const WORTH_READING = /warn|error|deprecat|exception|traceback|fail/i;
// Count lines that say nothing failed (`# fail 0`, `ℹ fail 0`, `0 failed`, `errors: 0`).
const NONE_FAILED = /(?:fail(?:ed|ures?)?|errors?)\s*[:=]?\s*0\b|\b0\s+(?:fail(?:ed|ures?)?|errors?)\b/i;

// A passing test's own line never is, whatever its name says (`✔ throws an error on bad input`, tape's
// `# fails on a cycle` header: issue 29, seen on the real runners).
const namesPassingTest = (line: string, tap: boolean): boolean => PASSING.some((pattern) => pattern.test(line)) || (tap && TAP_HEADER.test(line));

export function passingOutput(output: string): { text: string; dropped: number } {
  const lines = output.split('\n').filter((line) => line.trim() !== '');
  const tap = LOOKS_TAP.test(output);
  const kept = lines.filter((line) => line.length <= MAX_LINE && WORTH_READING.test(line) && !NONE_FAILED.test(line) && !isNoise(line) && !namesPassingTest(line, tap)).slice(0, PASSING_KEPT);
  return { text: kept.join('\n'), dropped: lines.length - kept.length };
}
