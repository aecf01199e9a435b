import { AWK } from './awk.js';
import { COREUTILS } from './coreutils.js';
import { FIND } from './find.js';
import { GIT } from './git.js';
import { optionVeto, parseArgs } from './parse.js';
import { SED } from './sed.js';
import { TAR_SPEC } from './tar.js';
import { TEXT } from './text.js';
import { TOOLS } from './tools.js';
import type { ParsedArgs, ProgramSpec } from './types.js';

export { parseArgs, optionVeto, resolveLong } from './parse.js';
export { parseGit } from './git.js';
export type { OptionDef, OptionTable, ParsedArgs, ParsedOption, ProgramSpec } from './types.js';

// The read-only allowlist: a program is here only with a table of every option of its manual.
export const PROGRAMS: Readonly<Record<string, ProgramSpec>> = {
  ...COREUTILS,
  ...TEXT,
  ...TOOLS,
  find: FIND,
  sed: SED,
  awk: AWK, gawk: AWK, mawk: AWK, nawk: AWK,
  git: GIT,
  tar: TAR_SPEC,
};

export function hasProgram(name: string): boolean {
  return Object.hasOwn(PROGRAMS, name);
}

// Arguments only known at run time cannot change what it does: it has no unsafe option and no operand check.
export function anyArgumentSafe(name: string): boolean {
  const program = PROGRAMS[name];
  if (!program) return false;
  if (program.anyArgs) return true;
  return program.table !== undefined && program.check === undefined && ![...program.table.long.values(), ...program.table.short.values()].some((def) => def.unsafe);
}

// Why `name args` is not read-only, or undefined when every option and operand is known to be safe.
export function programVeto(name: string, args: readonly string[]): string | undefined {
  const program = PROGRAMS[name];
  if (!program) return `\`${name}\` is not on the read-only list`;
  if (!program.table) return program.check?.({ options: [], operands: args, problems: [] }, args);
  const parsed: ParsedArgs = parseArgs(program.table, args);
  return optionVeto(name, parsed) ?? program.check?.(parsed, args);
}
