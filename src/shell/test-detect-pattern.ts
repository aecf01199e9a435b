import type { TestRunner } from './test-detect-files.js';

// One shell word whatever the text holds: single quotes, each ' written as '\''.
export function shellQuote(text: string): string {
  return `'${text.replaceAll("'", `'\\''`)}'`;
}

// A pattern that names files rather than tests: has a folder or ends like a source file.
export function looksLikePath(pattern: string): boolean {
  return pattern.includes('/') || /\.(?:[cm]?[jt]sx?|py|go|rs|java|kts?|cs|fs)$/i.test(pattern);
}

export interface PatternCommand {
  readonly command: string;
  // Set when the pattern could not be passed and every test runs instead.
  readonly note?: string;
}

// The arguments that make each runner run only what --pattern selects. The pattern is a test-name
// filter (go -run, pytest -k, cargo's filter, -Dtest, --tests, --filter, -t); a file path is used as
// a path by the runners that take one (vitest, jest, bun test, pytest).
function filterArgs(runner: TestRunner, pattern: string): string | undefined {
  const q = shellQuote(pattern);
  switch (runner.filter) {
    case 'go':
      return pattern.endsWith('.go') ? undefined : `-run ${q}`;
    case 'cargo':
      return cargoTarget(pattern) ?? q;
    case 'append':
      return q;
    case 'pytest':
      return looksLikePath(pattern) ? q : `-k ${q}`;
    case 'tox':
      return `-- -k ${q}`;
    case 'maven':
      return `${shellQuote(`-Dtest=${pattern}`)} -Dsurefire.failIfNoSpecifiedTests=false`;
    case 'gradle':
      return `--tests ${q}`;
    case 'dotnet':
      return `--filter ${q}`;
    case 'name':
      return looksLikePath(pattern) ? q : `-t ${q}`;
    case 'node-test':
      return shellQuote(`--test-name-pattern=${pattern}`);
    case 'mocha':
      return looksLikePath(pattern) ? undefined : `--grep ${q}`;
    case 'none':
    case 'python':
    case 'tape':
      return undefined;
  }
}

// node's runner reads --test-name-pattern among its options only (after the files it names a file), and
// NODE_OPTIONS may not carry it: the plain script is run as node directly, the filter before the files;
// a path replaces the files. A script that is more than one node command cannot take it.
function nodeTest(runner: TestRunner, pattern: string): PatternCommand {
  const script = runner.node;
  if (!script) {
    return { command: runner.command, note: `the test script is more than one plain \`node --test\` command, so node's --test-name-pattern cannot be put before its files; --pattern ${pattern} is ignored and every test runs (pass --cmd "node --test --test-name-pattern=… FILES" to choose)` };
  }
  const words = looksLikePath(pattern) ? [...script.options, shellQuote(pattern)] : [...script.options, shellQuote(`--test-name-pattern=${pattern}`), ...script.files];
  return { command: ['node', ...words].join(' ') };
}

// The folder a glob starts in (`test` of `test/**/*.js`) and the names it takes (`*.js`).
function globParts(glob: string): { dir: string; names: string } {
  const parts = glob.split('/');
  const wild = parts.findIndex((part) => /[*?[{]/.test(part));
  const dir = (wild === -1 ? parts.slice(0, -1) : parts.slice(0, wild)).join('/') || '.';
  return { dir, names: parts.at(-1)! };
}

// tape runs files and has no name filter: a path runs that file, a name runs the files (of the script's
// globs) that mention it, found with grep when the command runs; none found names itself in tape's error.
function tapeTest(runner: TestRunner, pattern: string): PatternCommand {
  if (looksLikePath(pattern)) return { command: `npx tape ${shellQuote(pattern)}` };
  const globs = (runner.tape ?? []).length > 0 ? runner.tape! : ['test/**/*.js'];
  const parts = globs.map(globParts);
  const includes = [...new Set(parts.map((part) => `--include=${shellQuote(part.names)}`))].join(' ');
  const dirs = [...new Set(parts.map((part) => shellQuote(part.dir)))].join(' ');
  return {
    command: `npx tape $(grep -rlF ${includes} -- ${shellQuote(pattern)} ${dirs} || echo no-test-file-mentions-the-pattern)`,
    note: `tape has no test-name filter: --pattern ${pattern} runs the test files that mention it (every test in them)`,
  };
}

// cargo runs an integration test file by its target name: tests/api.rs is `--test api`.
function cargoTarget(pattern: string): string | undefined {
  const found = /(?:^|\/)tests\/([\w-]+)\.rs$/.exec(pattern);
  return found ? `--test ${shellQuote(found[1]!)}` : undefined;
}

// A path names the file's tests where the runner cannot take the file itself: go runs the package (the
// folder) the file is in, mocha runs the file alone (the script's spec would add every other file).
function fileOnly(runner: TestRunner, pattern: string): PatternCommand | undefined {
  if (runner.filter === 'go' && pattern.endsWith('.go') && !/[*?[{]/.test(pattern)) {
    const folder = pattern.includes('/') ? pattern.slice(0, pattern.lastIndexOf('/')) : '.';
    return { command: `go test -v ${shellQuote(folder.startsWith('.') || folder.startsWith('/') ? folder : `./${folder}`)}`, note: `go test runs packages, not files: --pattern ${pattern} runs the package in ${folder} (every test in it; a test name runs as -run)` };
  }
  if (runner.filter === 'mocha' && looksLikePath(pattern)) return { command: `npx mocha ${shellQuote(pattern)}` };
  return undefined;
}

// --pattern is a test name, or a test file's path (relative to --dir): a path runs that file with every
// runner that can (node --test, tape, mocha, jest, vitest, bun, pytest, cargo's tests/*.rs), and go its package.
export function withPattern(runner: TestRunner, pattern: string | undefined): PatternCommand {
  if (pattern === undefined || pattern === '') return { command: runner.command };
  if (runner.withPattern) return { command: runner.withPattern(pattern) };
  if (runner.filter === 'node-test') return nodeTest(runner, pattern);
  if (runner.filter === 'tape') return tapeTest(runner, pattern);
  const file = fileOnly(runner, pattern);
  if (file) return file;
  const args = filterArgs(runner, pattern);
  if (args === undefined) {
    const how = runner.filter === 'go' ? 'go test selects tests by name (a -run regex), not by file' : `${runner.command} has no standard test filter`;
    return { command: runner.command, note: `${how}; --pattern ${pattern} is ignored and every test runs (pass --cmd to choose)` };
  }
  return { command: `${runner.command}${runner.passThrough ? ` ${runner.passThrough}` : ''} ${args}` };
}
