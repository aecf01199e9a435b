import * as z from 'zod/mini';
import type { $ZodIssue, $ZodType } from 'zod/v4/core';
import { describeIssue } from '../../engine/issues.js';

// JSON-RPC errors as this server sends them. The SDK's McpError writes "MCP error -32602: " into its own
// message, which the SDK sends as the wire message, and a client's McpError adds the same prefix again
// ("MCP error -32602: MCP error -32602: ..."). A WireError carries the bare message: the SDK sends
// `error.code` and `error.message` of whatever a handler throws.
export class WireError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
    this.name = 'WireError';
  }
}

export const INVALID_PARAMS = -32602;

// What a field of a request's params must be, when zod's kind names would not say it to a client.
const KINDS: Readonly<Record<string, string>> = { record: 'a JSON object', object: 'a JSON object', array: 'a JSON array' };

function describeParam(method: string, issue: $ZodIssue, fix: Readonly<Record<string, string>>): string {
  const key = issue.path.map(String).join('.');
  const subject = key === '' ? 'params' : `\`${key}\``;
  let sentence: string;
  if (issue.code === 'invalid_type' && issue.input === undefined) sentence = `${subject} is required`;
  else if (issue.code === 'invalid_type') sentence = describeIssue({ ...issue, expected: (KINDS[issue.expected] ?? issue.expected) as never }, subject);
  else if (issue.code === 'invalid_value') sentence = `${subject} must be one of ${issue.values.map(String).join(', ')}${'input' in issue && issue.input !== undefined ? `, got ${JSON.stringify(issue.input).slice(0, 60)}` : ''}`;
  else sentence = describeIssue(issue, subject);
  const hint = fix[key];
  return `${method}: ${sentence}${hint === undefined ? '' : `: ${hint}`}`;
}

interface RequestSchema {
  readonly _zod: { readonly def: { readonly shape: { readonly method: $ZodType; readonly params?: $ZodType } } };
}

// The SDK parses a request against its schema before any handler runs, and a failed parse is a ZodError
// the SDK sends as -32603 (internal error) with the whole issue list as JSON. This schema parses the same
// request, but refuses bad params with -32602 and one line per problem naming the field and, from `fix`
// (keyed by the field's path, e.g. `arguments`), how to send it. Register it in place of the SDK's schema.
export function strictRequest<T extends RequestSchema>(schema: T, fix: Readonly<Record<string, string>> = {}): T {
  const { method, params } = schema._zod.def.shape;
  const name = String((method._zod.def as { values?: unknown[] }).values?.[0] ?? 'request');
  const checked = z.pipe(
    z.unknown(),
    z.transform((value: unknown) => {
      if (params === undefined) return value;
      const parsed = z.safeParse(params, value, { reportInput: true });
      if (parsed.success) return parsed.data;
      const problems = [...new Set(parsed.error.issues.map((issue) => describeParam(name, issue, fix)))];
      throw new WireError(INVALID_PARAMS, problems.slice(0, 5).join('; '));
    }),
  );
  // Optional params (tools/list) stay optional; required ones (tools/call) reach the check when absent.
  const optional = params !== undefined && (params._zod as { optin?: string }).optin === 'optional';
  return z.looseObject({ method, params: optional ? z.optional(checked) : checked }) as unknown as T;
}
