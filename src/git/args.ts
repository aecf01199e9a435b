import * as z from 'zod/mini';
import { fail } from '../engine/errors.js';
import { described } from '../engine/schema.js';

// Flag injection guard (the MCP git server's fixes): a value the caller chose that git could read as an
// option is refused, even though codeward also passes paths after `--` and refs after --end-of-options.

// The refusal message for a value that looks like an option, or undefined when the value is fine.
export function refusedArgument(value: string, flag: string): string | undefined {
  if (value.startsWith('-')) {
    const kind = flag === 'ref' ? 'refs and revisions' : 'paths';
    return `--${flag} ${JSON.stringify(value)} looks like an option; ${kind} must not start with "-"`;
  }
  if (value.trim() === '') return `--${flag} must not be empty`;
  return undefined;
}

// Throws C210 for a value refusedArgument() refuses (a second line of defence in the handlers).
export function assertArgument(value: string | undefined, flag: string): void {
  if (value === undefined) return;
  const refusal = refusedArgument(value, flag);
  if (refusal !== undefined) throw fail('C210', refusal);
}

// An optional string flag whose values starting with "-" are refused while the arguments are checked
// (so the refusal is a C210 before any path is jailed).
export function guardedText(flag: string, description: string) {
  const checked = z.string().check(
    z.refine((value: string) => refusedArgument(value, flag) === undefined, {
      error: (issue) => refusedArgument(String(issue.input), flag)?.slice(`--${flag} `.length) ?? 'invalid value',
    }),
  );
  return described(z.optional(checked), description);
}

// A pathspec naming exactly one path, relative to the work tree root, with no wildcard meaning
// ('.' is the whole work tree).
export function literalPathspec(repoRelative: string): string {
  return `:(top,literal)${repoRelative === '.' ? '' : repoRelative}`;
}

export function excludePathspec(repoRelative: string): string {
  return `:(top,exclude,literal)${repoRelative}`;
}
