import { parseCall } from '../../args/index.js';
import type { AnyCommand } from '../../engine/command.js';
import type { Registry } from '../../engine/registry.js';
import { inMcpWords } from './vocabulary.js';

// The MCP door's text for a tool, generated from the command's definition (its summary, guide, examples and
// flag descriptions are written once, in CLI words): every `--flag` becomes the JSON key a client sends, and
// every example becomes the `arguments` object of a call.

// Examples per tool: the rest are variations a model gets from the schema (tools/list goes into the model's
// context on every session).
const EXAMPLES = 2;

// `read --file a.txt --start 40` → `{"file":"a.txt","start":40}`; an example without arguments says nothing
// the schema does not, and one the parser would refuse is left out rather than shown wrong.
function exampleArguments(registry: Registry, command: AnyCommand, example: string): string | undefined {
  try {
    const parsed = parseCall(example, registry);
    if (parsed.command !== command || Object.keys(parsed.args).length === 0) return undefined;
    return JSON.stringify(parsed.args);
  } catch {
    return undefined;
  }
}

export function toolDescription(registry: Registry, command: AnyCommand): string {
  const lines = [inMcpWords(command.summary, command)];
  if (command.guide !== undefined) lines.push(inMcpWords(command.guide, command));
  const examples = [...new Set(command.examples.flatMap((example) => exampleArguments(registry, command, example) ?? []))].slice(0, EXAMPLES);
  if (examples.length > 0) lines.push(`Example arguments: ${examples.join('  ')}`);
  return lines.join('\n');
}

// JavaScript's safe-integer bounds, which zod writes on every integer: a limit no call can reach, repeated
// ~50 times in tools/list.
const SAFE = Number.MAX_SAFE_INTEGER;

// A JSON Schema node in the door's words: descriptions with JSON keys, no safe-integer bounds. `top` holds
// the tool's own keys (nested objects, such as multipatch's edits, describe their own fields).
export function inMcpSchema(node: unknown, command: AnyCommand): unknown {
  if (Array.isArray(node)) return node.map((item) => inMcpSchema(item, command));
  if (node === null || typeof node !== 'object') return node;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node as Record<string, unknown>)) {
    if ((key === 'maximum' && value === SAFE) || (key === 'minimum' && value === -SAFE)) continue;
    if (key === 'description' && typeof value === 'string') out[key] = inMcpWords(value, command);
    // `properties` maps names to schemas: its keys are never schema keywords.
    else if (key === 'properties' && value !== null && typeof value === 'object') {
      out[key] = Object.fromEntries(Object.entries(value as Record<string, unknown>).map(([name, schema]) => [name, inMcpSchema(schema, command)]));
    } else out[key] = inMcpSchema(value, command);
  }
  return out;
}
