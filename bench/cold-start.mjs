// 1. Cold start: `codeward read --file small.txt` (1 KB) against `node -e 0`, alternating, median per process.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { CLI, FIXTURES, NODE, alternate, ensureDir, median, row, errorRow } from './lib.mjs';

export const DATA = join(FIXTURES, 'data');
const TARGET = 2.0;
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
      { name: 'node', command: NODE, args: ['-e', '0'], cwd: DATA },
    ],
    { runs: RUNS, warmup: 3 },
  );
  const name = 'cold start: read 1 KB file vs node -e 0';
  if (errors.codeward || errors.node) return [errorRow(name, errors.codeward ?? errors.node)];
  const codeward = median(samples.codeward);
  const baseline = median(samples.node);
  return [row({ name, unit: 'ms', codeward, baseline, target: `≤ ${TARGET}×`, pass: codeward / baseline <= TARGET, samples })];
}
