import { bareToolName } from './tool-names.js';
import type { ToolCallTag } from './types.js';

// Keys sorted at every level so `{"a":1,"b":2}` and `{"b":2,"a":1}` are the same call.
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value === null || typeof value !== 'object') return value;
  const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return Object.fromEntries(entries.map(([key, inner]) => [key, canonical(inner)]));
}

// JSON args are compared by value (whitespace between tokens is noise, whitespace inside strings is not);
// CLI-style args by their words.
function normaliseArgs(args: string): string {
  const trimmed = args.trim();
  if (trimmed.startsWith('{') || trimmed.startsWith('[')) {
    try {
      return JSON.stringify(canonical(JSON.parse(trimmed)));
    } catch {
      // Not JSON after all: fall through to the word-level comparison.
    }
  }
  return trimmed.replace(/\s+/g, ' ');
}

// A stable identity for a batch of tool calls, for the loop's stagnation guard: the same calls in the same
// order give the same string, however the model spaced its args or spelled the tool (`coder` vs `@Coder`).
export function fingerprint(calls: readonly ToolCallTag[]): string {
  return JSON.stringify(calls.map((call) => [bareToolName(call.name), normaliseArgs(call.args)]));
}
