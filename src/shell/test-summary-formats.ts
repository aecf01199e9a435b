// Summary lines of common test runners. Each format reads one line (escape codes already removed)
// and returns counts, or undefined when the line is not its summary.

export type CountKind = 'passed' | 'failed' | 'skipped';

export interface Counts {
  passed?: number;
  failed?: number;
  skipped?: number;
  // For 'keyed' formats: the runner's own word ("fail", "cancelled"); the last line of each word counts.
  label?: string;
}

export interface SummaryFormat {
  readonly name: string;
  // 'last': the last summary line wins. 'sum': one line per module or package, added up.
  // 'keyed': each count on its own line (the last line of each label wins; labels add up).
  readonly combine: 'last' | 'sum' | 'keyed';
  readonly unit?: 'packages';
  // Counts that must be non-zero for the format to be believed (go lists passing tests only with -v).
  readonly requires?: CountKind;
  // A keyed format's label that must have been seen (unittest's "Ran N tests", not a stray "OK").
  readonly needsLabel?: string;
  parse(line: string): Counts | undefined;
}

const n = (text: string | undefined): number => (text === undefined ? 0 : Number.parseInt(text, 10));

// "3 passed", "1 failed", "2 skipped" anywhere in a line; the words are the runner's own.
function wordCounts(text: string, words: Readonly<Record<string, CountKind>>): Counts {
  const counts: Counts = {};
  for (const match of text.matchAll(/(\d+) ([a-z]+)/g)) {
    const key = words[match[2]!];
    if (key) counts[key] = (counts[key] ?? 0) + n(match[1]);
  }
  return counts;
}

const WORDS = { passed: 'passed', failed: 'failed', skipped: 'skipped', todo: 'skipped', error: 'failed', errors: 'failed', xfailed: 'skipped' } as const;

// Listed in priority order: the first format that saw a summary line decides.
export const SUMMARY_FORMATS: readonly SummaryFormat[] = [
  {
    name: 'vitest', // " Tests  1 failed | 2 passed | 1 skipped (4)"
    combine: 'last',
    parse: (line) => (/^\s*Tests\s+\d+ [a-z]+(?: \| \d+ [a-z]+)*\s+\(\d+\)\s*$/.test(line) ? wordCounts(line, WORDS) : undefined),
  },
  {
    name: 'jest', // "Tests:       1 failed, 2 skipped, 3 passed, 6 total"
    combine: 'last',
    parse: (line) => (/^Tests:\s+.*\d+ total\s*$/.test(line) ? wordCounts(line, WORDS) : undefined),
  },
  {
    name: 'pytest', // "==== 1 failed, 2 passed, 1 skipped in 0.12s ====" (or without the rules, with -q)
    combine: 'last',
    parse: (line) => {
      const match = /^=*\s*((?:\d+ [a-z]+(?:, )?)+) in [\d.]+s\b/.exec(line);
      return match && /\d+ (?:passed|failed|error)/.test(match[1]!) ? wordCounts(match[1]!, WORDS) : undefined;
    },
  },
  {
    name: 'cargo', // "test result: FAILED. 5 passed; 1 failed; 2 ignored; 0 measured; 0 filtered out"
    combine: 'sum',
    parse: (line) => {
      const match = /^test result: \w+\. (\d+) passed; (\d+) failed; (\d+) ignored/.exec(line);
      return match ? { passed: n(match[1]), failed: n(match[2]), skipped: n(match[3]) } : undefined;
    },
  },
  {
    name: 'maven', // surefire's per-module total: "[ERROR] Tests run: 5, Failures: 1, Errors: 0, Skipped: 1" (per-class lines go on with ", Time elapsed")
    combine: 'sum',
    parse: (line) => {
      const match = /^(?:\[\w+\]\s+)?Tests run: (\d+), Failures: (\d+), Errors: (\d+), Skipped: (\d+)\s*$/.exec(line);
      if (!match) return undefined;
      const failed = n(match[2]) + n(match[3]);
      return { passed: n(match[1]) - failed - n(match[4]), failed, skipped: n(match[4]) };
    },
  },
  {
    name: 'gradle', // "5 tests completed, 1 failed, 1 skipped" (printed only when something failed)
    combine: 'last',
    parse: (line) => {
      const match = /(\d+) tests? completed, (\d+) failed(?:, (\d+) skipped)?/.exec(line);
      return match ? { passed: n(match[1]) - n(match[2]) - n(match[3]), failed: n(match[2]), skipped: n(match[3]) } : undefined;
    },
  },
  {
    name: 'dotnet', // "Failed!  - Failed:     1, Passed:     4, Skipped:     0, Total:     5, Duration: 1 s - x.dll"
    combine: 'sum',
    parse: (line) => {
      const match = /(?:Passed|Failed)!\s+-\s+Failed:\s+(\d+), Passed:\s+(\d+), Skipped:\s+(\d+)/.exec(line);
      return match ? { failed: n(match[1]), passed: n(match[2]), skipped: n(match[3]) } : undefined;
    },
  },
  {
    name: 'dotnet-summary', // .NET 9: "Test summary: total: 5, failed: 1, succeeded: 4, skipped: 0, duration: 1.2s"
    combine: 'last',
    parse: (line) => {
      const match = /^Test summary: total: \d+, failed: (\d+), succeeded: (\d+), skipped: (\d+)/.exec(line);
      return match ? { failed: n(match[1]), passed: n(match[2]), skipped: n(match[3]) } : undefined;
    },
  },
  {
    name: 'node-test', // TAP "# pass 2" or spec "ℹ pass 2"
    combine: 'keyed',
    parse: (line) => {
      const match = /^(?:#|ℹ)\s*(pass|fail|skipped|todo|cancelled)\s+(\d+)\s*$/.exec(line);
      if (!match) return undefined;
      const key = match[1] === 'pass' ? 'passed' : match[1] === 'fail' || match[1] === 'cancelled' ? 'failed' : 'skipped';
      return { [key]: n(match[2]), label: match[1] };
    },
  },
  {
    name: 'mocha', // "  3 passing (12ms)", "  1 failing", "  2 pending"
    combine: 'keyed',
    parse: (line) => {
      const match = /^\s*(\d+) (passing|failing|pending)(?: \(.*\))?\s*$/.exec(line);
      if (!match) return undefined;
      return { [match[2] === 'passing' ? 'passed' : match[2] === 'failing' ? 'failed' : 'skipped']: n(match[1]), label: match[2] };
    },
  },
  {
    name: 'bun', // " 3 pass", " 1 fail", " 0 skip"
    combine: 'keyed',
    parse: (line) => {
      const match = /^\s*(\d+) (pass|fail|skip)\s*$/.exec(line);
      return match ? { [match[2] === 'pass' ? 'passed' : match[2] === 'fail' ? 'failed' : 'skipped']: n(match[1]), label: match[2] } : undefined;
    },
  },
  {
    name: 'go-tests', // "--- FAIL: TestX (0.00s)"; only top-level tests, and passes only with -v
    combine: 'sum',
    requires: 'passed',
    parse: (line) => {
      const match = /^--- (PASS|FAIL|SKIP): /.exec(line);
      return match ? { [match[1] === 'PASS' ? 'passed' : match[1] === 'FAIL' ? 'failed' : 'skipped']: 1 } : undefined;
    },
  },
  {
    name: 'go-packages', // "ok  \texample.com/pkg\t0.01s", "FAIL\texample.com/pkg\t0.01s"
    combine: 'sum',
    unit: 'packages',
    parse: (line) => {
      const match = /^(ok|FAIL)\s+\S+\s+(?:[\d.]+s|\(cached\))/.exec(line);
      return match ? { [match[1] === 'ok' ? 'passed' : 'failed']: 1 } : undefined;
    },
  },
  {
    name: 'unittest', // "Ran 5 tests in 0.002s", then "FAILED (failures=1, errors=1, skipped=1)" or "OK (skipped=1)"
    combine: 'keyed',
    needsLabel: 'ran',
    parse: (line) => {
      const ran = /^Ran (\d+) tests? in [\d.]+s$/.exec(line);
      if (ran) return { passed: n(ran[1]), label: 'ran' };
      const end = /^(?:OK|FAILED)(?: \(((?:[a-z ]+=\d+(?:, )?)+)\))?$/.exec(line);
      if (!end) return undefined;
      const counts = Object.fromEntries([...(end[1] ?? '').matchAll(/([a-z ]+)=(\d+)/g)].map((match) => [match[1]!.trim(), n(match[2])]));
      const failed = (counts['failures'] ?? 0) + (counts['errors'] ?? 0) + (counts['unexpected successes'] ?? 0);
      const skipped = (counts['skipped'] ?? 0) + (counts['expected failures'] ?? 0);
      return { passed: -(failed + skipped), failed, skipped, label: 'result' };
    },
  },
  {
    name: 'generic', // "2 passed, 1 failed"
    combine: 'last',
    parse: (line) => (/\b\d+ (?:passed|failed)\b/.test(line) ? wordCounts(line, { passed: 'passed', failed: 'failed', skipped: 'skipped' }) : undefined),
  },
];
