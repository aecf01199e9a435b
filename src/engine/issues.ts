import type { $ZodIssue } from 'zod/v4/core';

// zod/mini carries no message texts (every issue says "Invalid input"), so each kind is worded here.
const KIND_NAMES: Readonly<Record<string, string>> = {
  int: 'a whole number',
  number: 'a number',
  string: 'text',
  boolean: 'true or false',
  array: 'a JSON array',
  object: 'a JSON object',
};

// A wrong value as an error message shows it: short text quoted (cut at 60 characters), a number as
// itself, arrays and objects by kind (never a whole file's content).
export function describeValue(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value.length > 60 ? `${value.slice(0, 60)}…` : value);
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'object' && value !== null) return 'an object';
  return String(value);
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

// One zod issue as a sentence about `subject` (a flag, a config key). Missing values and unknown keys are
// worded by the caller, who knows what to call them.
export function describeIssue(issue: $ZodIssue, subject: string): string {
  switch (issue.code) {
    case 'invalid_type':
      // The input is there when the caller parsed with reportInput (and the value was given at all).
      return `${subject} must be ${KIND_NAMES[issue.expected] ?? issue.expected}${issue.input === undefined ? '' : `, got ${describeValue(issue.input)}`}`;
    case 'invalid_value':
      return `${subject} must be one of ${issue.values.map(String).join(', ')}`;
    case 'too_small':
      return Number(issue.minimum) === 1 && COLLECTIONS.has(issue.origin) ? `${subject} must not be empty` : `${subject} ${bound(issue, issue.minimum, 'least')}`;
    case 'too_big':
      return `${subject} ${bound(issue, issue.maximum, 'most')}`;
    case 'invalid_format':
      return `${subject} is not a valid ${issue.format}`;
    case 'not_multiple_of':
      return `${subject} must be a multiple of ${issue.divisor}`;
    case 'invalid_union':
      return `${subject} has none of the accepted forms`;
    default:
      return issue.message === 'Invalid input' ? `${subject} is not valid` : `${subject}: ${issue.message}`;
  }
}
