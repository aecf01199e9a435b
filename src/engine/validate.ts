import type { $ZodIssue } from 'zod/v4/core';
import * as z from 'zod/mini';
import type { AnyCommand } from './command.js';
import { fail } from './errors.js';
import { toKebab } from './flags.js';

function flagName(path: readonly PropertyKey[]): string {
  const [first, ...rest] = path;
  const head = typeof first === 'string' ? `--${toKebab(first)}` : 'arguments';
  return rest.length === 0 ? head : `${head}[${rest.map(String).join('.')}]`;
}

// zod/mini carries no message texts (every issue says "Invalid input"), so each kind is worded here.
const KIND_NAMES: Readonly<Record<string, string>> = {
  int: 'a whole number',
  number: 'a number',
  string: 'text',
  boolean: 'true or false',
  array: 'a JSON array',
  object: 'a JSON object',
};

// What a wrong value is, for "got ...": never the value itself (it may be a whole file's content).
function kindOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'object') return 'an object';
  if (typeof value === 'string') return 'text';
  if (typeof value === 'number') return Number.isInteger(value) ? 'a whole number' : 'a number';
  return `a ${typeof value}`;
}

const COLLECTIONS: ReadonlySet<string> = new Set(['string', 'array', 'set']);

// "must be at least 1", "must be less than 10", "must be at most 80 characters long", "must hold at least 2 items".
function bound(issue: { origin: string; inclusive?: boolean }, limit: number | bigint, side: 'least' | 'most'): string {
  const amount = `${side === 'least' ? 'at least' : 'at most'} ${limit}`;
  if (issue.origin === 'string') return `must be ${amount} characters long`;
  if (issue.origin === 'array' || issue.origin === 'set') return `must hold ${amount} ${Number(limit) === 1 ? 'item' : 'items'}`;
  if (issue.inclusive === false) return `must be ${side === 'least' ? 'greater' : 'less'} than ${limit}`;
  return `must be ${amount}`;
}

function describeIssue(issue: $ZodIssue): string {
  const flag = flagName(issue.path);
  switch (issue.code) {
    case 'invalid_type':
      return issue.input === undefined ? `missing required flag ${flag}` : `${flag} must be ${KIND_NAMES[issue.expected] ?? issue.expected}, got ${kindOf(issue.input)}`;
    case 'invalid_value':
      return `${flag} must be one of ${issue.values.map(String).join(', ')}`;
    case 'unrecognized_keys':
      return `unknown flag ${issue.keys.map((key) => `--${toKebab(key)}`).join(', ')}`;
    case 'too_small':
      return Number(issue.minimum) === 1 && COLLECTIONS.has(issue.origin) ? `${flag} must not be empty` : `${flag} ${bound(issue, issue.minimum, 'least')}`;
    case 'too_big':
      return `${flag} ${bound(issue, issue.maximum, 'most')}`;
    case 'invalid_format':
      return `${flag} is not a valid ${issue.format}`;
    case 'not_multiple_of':
      return `${flag} must be a multiple of ${issue.divisor}`;
    case 'invalid_union':
      return `${flag} has none of the accepted forms`;
    default:
      return issue.message === 'Invalid input' ? `${flag} is not valid` : `${flag}: ${issue.message}`;
  }
}

// Checks raw arguments against the command's schema; every problem becomes one C210 naming the flags.
export function validateArgs(command: AnyCommand, raw: Record<string, unknown>): Record<string, unknown> {
  // reportInput: a value of the wrong type is then told apart from a missing one (issue.input set).
  const parsed = z.safeParse(command.flags, raw, { reportInput: true });
  if (parsed.success) return parsed.data as Record<string, unknown>;
  const problems = [...new Set(parsed.error.issues.map(describeIssue))];
  throw fail('C210', `${command.name}: ${problems.join('; ')} (see: codeward ${command.name} --help)`);
}
