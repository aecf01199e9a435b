import * as z from 'zod/mini';
import type { AnyCommand } from '../../engine/command.js';
import type { Registry } from '../../engine/registry.js';
import { doorMaxBytes, type ResultBudget } from './result.js';
import { inMcpSchema, toolDescription } from './tool-text.js';

// A tool as `tools/list` announces it.
export interface McpTool {
  readonly name: string;
  readonly description: string;
  readonly inputSchema: { type: 'object'; [key: string]: unknown };
  readonly outputSchema: { type: 'object'; [key: string]: unknown };
  readonly annotations: {
    readonly readOnlyHint: boolean;
    readonly destructiveHint: boolean;
    readonly idempotentHint: boolean;
    readonly openWorldHint: boolean;
  };
}

// The flag schema as JSON Schema, keys as the schema spells them (camelCase; kebab-case is accepted too), in
// the door's words, with the defaults this door really applies (`maxBytes` is lowered to fit the result budget).
function inputSchemaOf(command: AnyCommand, budget: ResultBudget): McpTool['inputSchema'] {
  const schema = z.toJSONSchema(command.flags, { io: 'input', unrepresentable: 'any' }) as Record<string, unknown>;
  const { $schema: _ignored, ...rest } = schema;
  const out = inMcpSchema(rest, command) as Record<string, unknown>;
  const properties = out['properties'] as Record<string, Record<string, unknown>> | undefined;
  const maxBytes = properties?.['maxBytes'];
  if (maxBytes) {
    const injected = doorMaxBytes(command, budget, typeof maxBytes['default'] === 'number' ? maxBytes['default'] : undefined);
    if (injected !== undefined) properties!['maxBytes'] = { ...maxBytes, default: injected };
  }
  return { ...out, type: 'object' };
}

// One tool per engine command, derived from the registry (the single list every door uses).
export function toolsOf(registry: Registry, budget: ResultBudget = {}): McpTool[] {
  return registry.commands.map((command) => ({
    // No `title`: it would only respell the name ("Git status"), and clients show the name without one.
    name: command.name,
    description: toolDescription(registry, command),
    inputSchema: inputSchemaOf(command, budget),
    outputSchema: OUTPUT_SCHEMA,
    annotations: {
      readOnlyHint: command.annotations.readOnly,
      destructiveHint: command.annotations.destructive,
      idempotentHint: command.annotations.idempotent,
      // A process (exec, test) or a subagent's model can reach anything the sandbox lets it reach.
      openWorldHint: command.effect === 'exec',
    },
  }));
}

// structuredContent of every tool: the result envelope (result.ts). tools/list repeats it for every tool, so it
// declares only the envelope's own fields, without descriptions; the fields a result adds only sometimes
// (`omitted`, `cut`, `next`) and the inner shape of `error` ({code, message}) and `warnings` (strings) are
// described once, in the server's instructions (connection.ts). `data` is the command's result (always an
// object) without its large values.
const OUTPUT_SCHEMA: McpTool['outputSchema'] = {
  type: 'object',
  properties: {
    ok: { type: 'boolean' },
    cmd: { type: 'string' },
    data: { type: 'object' },
    error: { type: 'object' },
    warnings: { type: 'array' },
  },
  required: ['ok', 'cmd', 'warnings'],
};
