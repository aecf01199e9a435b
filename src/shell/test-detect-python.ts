import { join } from 'node:path';
import { ProjectFiles, type TestRunner } from './test-detect-files.js';
import { looksLikePath, shellQuote } from './test-detect-pattern.js';

// Python tests without a pytest configuration (issue 28): test_*.py / *_test.py at the root or in tests/
// or test/. pytest runs them when it is installed, else unittest discovery; the run says which (the
// unittest branch prints a line first, and test-run names the runner from it). Neither writes its caches
// (__pycache__, .pytest_cache), so the run's changed files are only what the tests themselves wrote.

const TEST_FILE = /^(?:test_.*|.*_test)\.py$/;
export const UNITTEST_LINE = 'pytest is not installed here: running unittest discovery';

// The folder discovery starts in: tests/ or test/ holding test files, else the project root.
async function testFolder(files: ProjectFiles): Promise<string | undefined> {
  for (const name of ['tests', 'test']) {
    if (!files.has(name)) continue;
    const inner = await ProjectFiles.open(join(files.dir, name), files.jail);
    if ([...inner.names].some((each) => TEST_FILE.test(each))) return name;
  }
  return [...files.names].some((each) => TEST_FILE.test(each)) ? '.' : undefined;
}

export async function detectPlainPython(files: ProjectFiles, python: string): Promise<TestRunner | undefined> {
  const start = await testFolder(files);
  if (start === undefined) return undefined;
  return { runner: 'python', command: plainCommand(python, start, '', ''), filter: 'python', withPattern: (pattern) => plainPythonPattern(python, start, pattern) };
}

// pytest when `import pytest` works, else unittest; `pytestArgs`/`unittestArgs` select tests.
function plainCommand(python: string, start: string, pytestArgs: string, unittestArgs: string): string {
  const unittest = unittestArgs.startsWith('path:') ? `${python} -m unittest ${unittestArgs.slice(5)}` : `${python} -m unittest discover -s ${shellQuote(start)}${unittestArgs}`;
  return `if ${python} -B -c 'import pytest' 2>/dev/null; then PYTHONDONTWRITEBYTECODE=1 ${python} -m pytest -q -p no:cacheprovider${pytestArgs}; else echo '${UNITTEST_LINE}' >&2; PYTHONDONTWRITEBYTECODE=1 ${unittest}; fi`;
}

// --pattern: a test file runs that file (pytest a path, unittest the file), a name is -k for both.
function plainPythonPattern(python: string, start: string, pattern: string): string {
  const q = shellQuote(pattern);
  return looksLikePath(pattern) ? plainCommand(python, start, ` ${q}`, `path:${q}`) : plainCommand(python, start, ` -k ${q}`, ` -k ${q}`);
}
