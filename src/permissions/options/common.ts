import type { ParsedArgs, ProgramSpec } from './types.js';

// Shared pieces of the tables.

export const GNU_INFO = '--help --version';
export const FOLLOWS = 'never ends (follows the file)';
export const WRITES = 'writes a file';
export const RUNS = 'runs another program';

// For programs whose every argument is data that is printed or compared (echo, printf, test): no
// spelling of anything can make them write or run a program.
export const DATA_ONLY: ProgramSpec = { check: () => undefined, anyArgs: true };

export const atMostOperands = (n: number, why: string) => (parsed: ParsedArgs): string | undefined =>
  parsed.operands.length > n ? why : undefined;

export const noOperands = (what: string) => (parsed: ParsedArgs): string | undefined =>
  parsed.operands.length > 0 ? `${what} ${parsed.operands[0]} changes the system` : undefined;
