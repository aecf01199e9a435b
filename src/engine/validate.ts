import type { $ZodIssue } from 'zod/v4/core';
import * as z from 'zod/mini';
import type { AnyCommand } from './command.js';
import { fail } from './errors.js';
import { toKebab } from './flags.js';
import { describeIssue } from './issues.js';

function flagName(path: readonly PropertyKey[]): string {
  const [first, ...rest] = path;
  const head = typeof first === 'string' ? `--${toKebab(first)}` : 'arguments';
  return rest.length === 0 ? head : `${head}[${rest.map(String).join('.')}]`;
}

function describeFlagIssue(issue: $ZodIssue): string {
  if (issue.code === 'invalid_type' && issue.input === undefined) return `missing required flag ${flagName(issue.path)}`;
  if (issue.code === 'unrecognized_keys') return `unknown flag ${issue.keys.map((key) => `--${toKebab(key)}`).join(', ')}`;
  return describeIssue(issue, flagName(issue.path));
}

// Checks raw arguments against the command's schema; every problem becomes one C210 naming the flags.
export function validateArgs(command: AnyCommand, raw: Record<string, unknown>): Record<string, unknown> {
  // reportInput: a value of the wrong type is then told apart from a missing one (issue.input set).
  const parsed = z.safeParse(command.flags, raw, { reportInput: true });
  if (parsed.success) return parsed.data as Record<string, unknown>;
  const problems = [...new Set(parsed.error.issues.map(describeFlagIssue))];
  throw fail('C210', `${command.name}: ${problems.join('; ')} (see: codeward ${command.name} --help)`);
}
