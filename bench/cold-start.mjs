// 1. Cold start: `codeward read --file small.txt` (1 KB) against `node -e 0`, alternating, median per process;
// and `codeward exec --cmd true --yes`, which also loads the shell parser (tree-sitter in WebAssembly).
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { CLI, FIXTURES, NODE, alternate, ensureDir, median, row, errorRow } from './lib.mjs';

export const DATA = join(FIXTURES, 'data');
const TARGET = 2.0;
// Not an issue's target: a guard against the shell parser's load growing (it cost ~9.6x before V8 was
// told to keep tree-sitter's WebAssembly in Liftoff code, src/bin/codeward.ts). 2.7x without an OS
// sandbox, ~3x with bwrap setting one up for `true`.
const EXEC_TARGET = 3.5;
const RUNS = 20;

// 16 lines of 64 bytes: exactly 1 KiB.
export function smallFile() {
  const lines = Array.from({ length: 16 }, (_, i) => `line ${String(i + 1).padStart(2, '0')}: the quick brown fox jumps over the lazy dog`.padEnd(63, '.'));
  return `${lines.join('\n')}\n`;
}

export async function run() {
  ensureDir(DATA);
  const file = join(DATA, 'small.txt');
  const text = smallFile();
  if (!existsSync(file) || readFileSync(file, 'utf8') !== text) writeFileSync(file, text);
  const lines = text.trimEnd().split('\n');

  const { samples, errors } = alternate(
    [
      {
        name: 'codeward',
        command: NODE,
        args: [CLI, '-C', DATA, 'read', '--file', 'small.txt'],
        cwd: DATA,
        check: (r) => {
          if (r.status !== 0) return `exit ${r.status}`;
          const missing = lines.find((line) => !r.stdout.includes(line));
          return missing ? `output lacks the line "${missing}"` : undefined;
        },
      },
      {
        name: 'exec',
        command: NODE,
        args: [CLI, '-C', DATA, '--json', 'exec', '--cmd', 'true', '--yes'],
        cwd: DATA,
        check: (r) => (r.status === 0 && JSON.parse(r.stdout).data?.exitCode === 0 ? undefined : `exit ${r.status}: ${r.stderr.trim().slice(0, 200)}`),
      },
      { name: 'node', command: NODE, args: ['-e', '0'], cwd: DATA },
    ],
    { runs: RUNS, warmup: 3 },
  );
  const name = 'cold start: read 1 KB file vs node -e 0';
  const execName = 'cold start: exec `true` (parses the line) vs node -e 0';
  if (errors.codeward || errors.node) return [errorRow(name, errors.codeward ?? errors.node)];
  const codeward = median(samples.codeward);
  const baseline = median(samples.node);
  const exec = errors.exec
    ? errorRow(execName, errors.exec)
    : row({ name: execName, unit: 'ms', codeward: median(samples.exec), baseline, target: `≤ ${EXEC_TARGET}×`, pass: median(samples.exec) / baseline <= EXEC_TARGET, samples });
  return [row({ name, unit: 'ms', codeward, baseline, target: `≤ ${TARGET}×`, pass: codeward / baseline <= TARGET, samples }), exec];
}
