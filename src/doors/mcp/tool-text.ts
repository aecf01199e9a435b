import { parseCall } from '../../args/index.js';
import type { AnyCommand } from '../../engine/command.js';
import type { Registry } from '../../engine/registry.js';
import { inMcpWords } from './vocabulary.js';

// The MCP door's text for a tool, generated from the command's definition (its summary, guide, examples and
// flag descriptions are written once, in CLI words): every `--flag` becomes the JSON key a client sends, and
// every example becomes the `arguments` object of a call.

// `read --file a.txt --start 40` → `{"file":"a.txt","start":40}`. Only an example the schema alone does not
// show is kept: an optional key, or a list or object value (`{"file": "a.txt"}` or write's file and content
// tell a model nothing the inputSchema does not); one the parser would refuse is left out rather than shown wrong.
function exampleArguments(registry: Registry, command: AnyCommand, example: string): string | undefined {
  let args: Record<string, unknown>;
  try {
    const parsed = parseCall(example, registry);
    if (parsed.command !== command) return undefined;
    args = parsed.args;
  } catch {
    return undefined;
  }
  // Only the required keys, each a plain value: the inputSchema says as much (write's file and content).
  const shape = command.flags._zod.def.shape as Record<string, { _zod: { optin?: string } }>;
  const plain = Object.values(args).every((value) => value === null || typeof value !== 'object');
  if (plain && Object.keys(args).every((key) => shape[key] !== undefined && shape[key]._zod.optin === undefined)) return undefined;
  return JSON.stringify(args);
}

export function toolDescription(registry: Registry, command: AnyCommand): string {
  const lines = [inMcpWords(command.summary, command)];
  if (command.guide !== undefined) lines.push(inMcpWords(command.guide, command));
  // One example: tools/list goes into the model's context on every session.
  const example = command.examples.map((line) => exampleArguments(registry, command, line)).find((args) => args !== undefined);
  if (example !== undefined) lines.push(`Example: ${example}`);
  return lines.join('\n');
}

// "JSON array of {path, content, mode?}; line numbers are 1-based" is how the CLI's help shows a list flag
// (its value is JSON text); an MCP client sends the array itself, and the schema's `items` show its fields
// (a description that is only the field list stays as "an array of {...}").
function withoutJsonArray(text: string): string {
  if (!text.startsWith('JSON array of ')) return text;
  const rest = text.slice('JSON array of '.length);
  if (!rest.startsWith('{')) return rest;
  let depth = 0;
  for (let index = 0; index < rest.length; index += 1) {
    if (rest[index] === '{' || rest[index] === '[') depth += 1;
    else if ((rest[index] === '}' || rest[index] === ']') && --depth === 0) {
      // Nothing after the field list (create --files): the list itself, so the flag keeps a description.
      const after = rest.slice(index + 1).replace(/^[,;]?\s*/, '');
      return after === '' ? `an array of ${rest.slice(0, index + 1)}` : after;
    }
  }
  return text;
}

// JavaScript's safe-integer bounds, which zod writes on every integer: a limit no call can reach, repeated
// ~50 times in tools/list.
const SAFE = Number.MAX_SAFE_INTEGER;

// A JSON Schema node in the door's words: descriptions with JSON keys, without the safe-integer bounds and
// `false` defaults that only cost bytes.
export function inMcpSchema(node: unknown, command: AnyCommand): unknown {
  if (Array.isArray(node)) return node.map((item) => inMcpSchema(item, command));
  if (node === null || typeof node !== 'object') return node;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node as Record<string, unknown>)) {
    if ((key === 'maximum' && value === SAFE) || (key === 'minimum' && value === -SAFE)) continue;
    // A flag is off unless sent: `"default": false` on ~25 booleans says nothing.
    if (key === 'default' && value === false) continue;
    if (key === 'description' && typeof value === 'string') {
      const text = inMcpWords(typeof (node as Record<string, unknown>)['items'] === 'object' ? withoutJsonArray(value) : value, command);
      if (text !== '') out[key] = text;
    }
    // `properties` maps names to schemas: its keys are never schema keywords.
    else if (key === 'properties' && value !== null && typeof value === 'object') {
      out[key] = Object.fromEntries(Object.entries(value as Record<string, unknown>).map(([name, schema]) => [name, inMcpSchema(schema, command)]));
    } else out[key] = inMcpSchema(value, command);
  }
  return out;
}
