import { parseCall } from '../../args/parse-call.js';
import type { AnyCommand } from '../../engine/command.js';
import type { FlagInfo } from '../../engine/flags.js';
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

// The commands of the common path (read, edit, search, run the tests): flags and an example each. The
// others get one line (name, required flags, what it does): a wrong flag is answered with the valid ones.
const COMMON: ReadonlySet<string> = new Set(['read', 'write', 'patch', 'create', 'search', 'tree', 'exec', 'test', 'git-diff']);

// A required list of objects shows its item's keys (`edits: [{file, search, replace, all?}]`): without them a
// model guesses (`path`, `old`, `new`) and loses a turn. Only a flat item shape is shown (update's is not).
function requiredShape(flag: FlagInfo): string {
  const item = /^JSON array of (\{[^{}]*\})/.exec(flag.description)?.[1];
  return item ? `${flag.name}: [${item.replace(/,?\s*encoding\?/, '')}]` : flag.name;
}

function shortLine(command: AnyCommand, registry: Registry): string {
  const required = registry.flags(command).filter((flag) => flag.required).map(requiredShape);
  const what = command.summary.split(/[;:(]/)[0]!.trim();
  return `${command.name}${required.length > 0 ? ` (${required.join(', ')})` : ''}: ${what}`;
}

// The compact @coder tool context (seed 001 layer 4), generated from the registry: the common commands
// with their flags and an example, the rest one line each.
export function toolContext(registry: Registry, options: { examplesPerCommand?: number; commands?: readonly string[] } = {}): string {
  const allowed = options.commands ? new Set(options.commands) : undefined;
  const commands = registry.commands.filter((command) => !allowed || allowed.has(command.name));
  const common = commands.filter((command) => COMMON.has(command.name)).map((command) => commandLine(command, registry, options.examplesPerCommand ?? 1));
  const rest = commands.filter((command) => !COMMON.has(command.name)).map((command) => shortLine(command, registry));
  const more = rest.length > 0 ? [`- also: ${rest.join('; ')}`] : [];
  return `# @coder commands (args JSON: {"cmd": NAME, "args": {...}}; optional flags have safe defaults)\n${[...common, ...more].join('\n')}`;
}
