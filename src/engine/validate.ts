import type { $ZodIssue } from 'zod/v4/core';
import * as z from 'zod/mini';
import type { AnyCommand } from './command.js';
import { isCodewardError, usageError } from './errors.js';
import { toKebab } from './flag-names.js';
import { describeIssue } from './issues.js';

function flagName(path: readonly PropertyKey[]): string {
  const [first, ...rest] = path;
  const head = typeof first === 'string' ? `--${toKebab(first)}` : 'arguments';
  return rest.length === 0 ? head : `${head}[${rest.map(String).join('.')}]`;
}

function describeFlagIssue(issue: $ZodIssue): string {
  if (issue.code === 'invalid_type' && issue.input === undefined) return `missing required flag ${flagName(issue.path)}`;
  if (issue.code === 'unrecognized_keys') {
    const keys = issue.keys.map((key) => (issue.path.length === 0 ? `--${toKebab(key)}` : JSON.stringify(key)));
    // Inside a JSON flag (`--files[0.ops.0]`) the unknown names are the object's keys, not flags.
    return issue.path.length === 0 ? `unknown flag ${keys.join(', ')}` : `unknown key${keys.length === 1 ? '' : 's'} ${keys.join(', ')} in ${flagName(issue.path)}`;
  }
  return describeIssue(issue, flagName(issue.path));
}

// Checks raw arguments against the command's schema, then its rules between flags; every problem is a
// usage error (C210) naming the flags.
export function validateArgs(command: AnyCommand, raw: Record<string, unknown>): Record<string, unknown> {
  // reportInput: a value of the wrong type is then told apart from a missing one (issue.input set).
  const parsed = z.safeParse(command.flags, raw, { reportInput: true });
  if (!parsed.success) {
    const problems = [...new Set(parsed.error.issues.map(describeFlagIssue))];
    throw usageError(`${command.name}: ${problems.join('; ')} (see: codeward ${command.name} --help)`);
  }
  const args = parsed.data as Record<string, unknown>;
  try {
    command.check?.(args);
  } catch (error) {
    // A check speaks in C210s; any of them is about the arguments, so it is a usage error.
    if (isCodewardError(error) && error.code === 'C210' && !error.usage) throw usageError(error.message);
    throw error;
  }
  return args;
}
