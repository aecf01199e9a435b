import * as z from 'zod/mini';
import type { AnyCommand } from '../../engine/command.js';
import type { Registry } from '../../engine/registry.js';

// A tool as `tools/list` announces it.
export interface McpTool {
  readonly name: string;
  readonly title: string;
  readonly description: string;
  readonly inputSchema: { type: 'object'; [key: string]: unknown };
  readonly outputSchema: { type: 'object'; [key: string]: unknown };
  readonly annotations: {
    readonly title: string;
    readonly readOnlyHint: boolean;
    readonly destructiveHint: boolean;
    readonly idempotentHint: boolean;
    readonly openWorldHint: boolean;
  };
}

// `git-status` → `Git status`.
function titleOf(name: string): string {
  const words = name.replace(/-/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function describeTool(command: AnyCommand): string {
  if (command.examples.length === 0) return command.summary;
  return `${command.summary}\n\nExamples (CLI form):\n${command.examples.map((example) => `  codeward ${example}`).join('\n')}`;
}

// The flag schema as JSON Schema, keys as the schema spells them (camelCase; kebab-case is accepted too).
function inputSchemaOf(command: AnyCommand): McpTool['inputSchema'] {
  const schema = z.toJSONSchema(command.flags, { io: 'input', unrepresentable: 'any' }) as Record<string, unknown>;
  const { $schema: _ignored, ...rest } = schema;
  return { ...rest, type: 'object' };
}

// One tool per engine command, derived from the registry (the single list every door uses).
export function toolsOf(registry: Registry): McpTool[] {
  return registry.commands.map((command) => {
    const title = titleOf(command.name);
    return {
      name: command.name,
      title,
      description: describeTool(command),
      inputSchema: inputSchemaOf(command),
      outputSchema: OUTPUT_SCHEMA,
      annotations: {
        title,
        readOnlyHint: command.annotations.readOnly,
        destructiveHint: command.annotations.destructive,
        idempotentHint: command.annotations.idempotent,
        openWorldHint: false,
      },
    };
  });
}


// structuredContent of every tool: the result envelope's facts (result.ts). The payload itself is in the text
// content; large values of `data` are named in `omitted` rather than copied.
const OUTPUT_SCHEMA: McpTool['outputSchema'] = {
  type: 'object',
  properties: {
    ok: { type: 'boolean', description: 'true when the command succeeded' },
    cmd: { type: 'string', description: 'the command that ran' },
    data: { description: "the command's result without its large values (those are in the text content)" },
    error: {
      type: 'object',
      properties: { code: { type: 'string', description: 'C2xx error code' }, message: { type: 'string' } },
      required: ['code', 'message'],
    },
    warnings: { type: 'array', items: { type: 'string' } },
    omitted: { type: 'array', items: { type: 'string' }, description: 'JSON paths of data values left out here because the text carries them' },
    cut: {
      type: 'object',
      description: 'present when the text was cut to the result budget',
      properties: {
        budgetBytes: { type: 'integer' },
        totalBytes: { type: 'integer' },
        shownBytes: { type: 'integer' },
        totalLines: { type: 'integer' },
        headLines: { type: 'integer' },
        tailLines: { type: 'integer' },
      },
      required: ['budgetBytes', 'totalBytes', 'shownBytes', 'totalLines', 'headLines', 'tailLines'],
    },
    next: { type: 'object', description: 'the arguments that get the rest: call the same tool with them' },
  },
  required: ['ok', 'cmd', 'warnings'],
};
