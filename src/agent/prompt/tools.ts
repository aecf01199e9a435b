import { parseCall } from '../../args/parse-call.js';
import type { AnyCommand } from '../../engine/command.js';
import type { Registry } from '../../engine/registry.js';

// One example as the JSON envelope the model should send, derived from the CLI example on the command's
// definition, so the prompt can never drift from what the engine accepts.
function jsonExample(example: string, registry: Registry): string | undefined {
  try {
    const parsed = parseCall(example, registry);
    return JSON.stringify({ cmd: parsed.command.name, args: parsed.args });
  } catch {
    return undefined;
  }
}

function commandLine(command: AnyCommand, registry: Registry, examplesPerCommand: number): string {
  const flags = registry.flags(command);
  const required = flags.filter((flag) => flag.required).map((flag) => flag.name);
  const optional = flags.filter((flag) => !flag.required).map((flag) => flag.name);
  // Examples that show at least one flag teach more than `{"args":{}}`.
  const examples = command.examples
    .map((example) => jsonExample(example, registry))
    .filter((example): example is string => example !== undefined && !example.endsWith('"args":{}}'))
    .slice(0, examplesPerCommand);
  const parts = [`- ${command.name}: ${command.summary}`];
  if (required.length > 0) parts.push(`required: ${required.join(', ')}`);
  if (optional.length > 0) parts.push(`optional: ${optional.join(', ')}`);
  return [parts.join('; '), ...examples.map((example) => `  ${example}`)].join('\n');
}

// The compact @coder tool context (seed 001 layer 4): each command with its required flags and one or
// two examples, generated from the registry.
export function toolContext(registry: Registry, options: { examplesPerCommand?: number; commands?: readonly string[] } = {}): string {
  const allowed = options.commands ? new Set(options.commands) : undefined;
  const lines = registry.commands
    .filter((command) => !allowed || allowed.has(command.name))
    .map((command) => commandLine(command, registry, options.examplesPerCommand ?? 1));
  return `# @coder commands (args JSON: {"cmd": NAME, "args": {...}}; optional flags have safe defaults)\n${lines.join('\n')}`;
}
