// node's built-in test runner (`node --test [operands]`, red team R26-12): it runs each file operand, the test files
// under each folder operand (searched recursively), what each glob operand matches (node 21+), and with no operand
// its default patterns from the current folder. Its defaults are always obeyed too: an option's value read as an
// operand (`--test-reporter spec`) must not hide them.
const EXT = '{js,cjs,mjs,ts,cts,mts}';
const DEFAULTS = [`**/*.test.${EXT}`, `**/*-test.${EXT}`, `**/*_test.${EXT}`, `**/test-*.${EXT}`, `**/test.${EXT}`, `**/test/**/*.${EXT}`];
const GLOB = /[*?[{]/;

// The scripts and globs (relative to where the line runs) `node ... --test ...` runs; undefined when the line does
// not start the test runner. `values`: the node command's words ('\u0000' where not known), the program first.
export function nodeTestRuns(values: readonly string[]): { scripts: string[]; globs: string[]; unknown?: string } | undefined {
  const end = values.indexOf('--', 1);
  const words = values.slice(1, end < 0 ? undefined : end);
  if (!words.some((value) => value === '--test' || value === '--experimental-test-coverage' && words.includes('--test'))) return undefined;
  const operands = [...words.filter((value) => !value.startsWith('-')), ...(end < 0 ? [] : values.slice(end + 1))];
  const scripts: string[] = [];
  const globs = [...DEFAULTS];
  for (const operand of operands) {
    if (operand === '\u0000') return { scripts, globs, unknown: '`node --test` with a file only known at run time' };
    if (GLOB.test(operand)) globs.push(operand);
    else {
      // A file, or a folder whose test files run: both readings are obeyed.
      scripts.push(operand);
      globs.push(...DEFAULTS.map((pattern) => `${operand.replace(/\/+$/, '')}/${pattern}`));
    }
  }
  return { scripts, globs };
}
