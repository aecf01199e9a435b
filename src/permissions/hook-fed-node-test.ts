// node's built-in test runner (`node --test [operands]`, red team R26-12): each FILE operand runs as `node FILE` does
// (obeyed). The test files it discovers itself (no operand: its default patterns; a folder or a glob operand) are the
// project's tests, read as vitest's, jest's and pytest's are: ordinary sources, free to write (obeying them would make
// every source they import ask: the "ordinary case stays free" rows of obeyed-hooks-monorepo.test.ts).
import { VALUED } from './hook-fed-operands.js';

const GLOB = /[*?[{]/;

// The scripts (relative to where the line runs) `node ... --test ...` runs by name; undefined when the line does not
// start the test runner. `values`: the node command's words ('\u0000' where not known), the program first.
export function nodeTestRuns(values: readonly string[]): { scripts: string[]; unknown?: string } | undefined {
  const end = values.indexOf('--', 1);
  const words = values.slice(1, end < 0 ? undefined : end);
  if (!words.includes('--test')) return undefined;
  // The value of an option node knows takes one (`--title ci`) is no file; another option's value written apart
  // (`--test-reporter spec`) is read as one: more obeyed, never less.
  const operands = [...words.filter((value, at) => !value.startsWith('-') && !VALUED.node!.has(words[at - 1] ?? '')), ...(end < 0 ? [] : values.slice(end + 1))];
  if (operands.includes('\u0000')) return { scripts: [], unknown: '`node --test` with a file only known at run time' };
  return { scripts: operands.filter((operand) => !GLOB.test(operand) && !operand.endsWith('/')) };
}
