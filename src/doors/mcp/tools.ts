import * as z from 'zod/mini';
import type { AnyCommand } from '../../engine/command.js';
import { wireEnvelope, type Envelope } from '../../engine/envelope.js';
import type { Registry } from '../../engine/registry.js';

// A tool as `tools/list` announces it.
export interface McpTool {
  readonly name: string;
  readonly title: string;
  readonly description: string;
  readonly inputSchema: { type: 'object'; [key: string]: unknown };
  readonly annotations: {
    readonly title: string;
    readonly readOnlyHint: boolean;
    readonly destructiveHint: boolean;
    readonly idempotentHint: boolean;
    readonly openWorldHint: boolean;
  };
}

// A `tools/call` result: text for the model, the wire envelope as structured content.
export interface McpToolResult {
  [key: string]: unknown;
  content: { type: 'text'; text: string }[];
  structuredContent: Record<string, unknown>;
  isError?: boolean;
}

// Failures whose data has the command's own shape: the output of the process that ran.
const PROCESS_FAILURES: ReadonlySet<string> = new Set(['C250', 'C253']);

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

// A formatter that fails on unexpected data must not hide the envelope's own message.
function formatSafely(command: AnyCommand | undefined, data: unknown): string {
  if (!command) return '';
  try {
    return command.format(data);
  } catch {
    return '';
  }
}

function warningsBlock(warnings: readonly string[]): string {
  return warnings.map((warning) => `warning: ${warning}`).join('\n');
}

function join(parts: readonly string[]): string {
  return parts.filter((part) => part !== '').join('\n\n');
}

// The envelope as an MCP tool result: the same text the CLI prints, the same JSON `--json` prints.
export function toolResult(registry: Registry, envelope: Envelope): McpToolResult {
  const structuredContent = wireEnvelope(envelope);
  if (envelope.ok) {
    const text = join([formatSafely(registry.find(envelope.cmd), envelope.data), warningsBlock(envelope.warnings)]);
    return { content: [{ type: 'text', text: text === '' ? '(no output)' : text }], structuredContent };
  }
  const output = PROCESS_FAILURES.has(envelope.error.code) ? formatSafely(registry.find(envelope.cmd), envelope.data) : '';
  const text = join([`error ${envelope.error.code}: ${envelope.error.message}`, output, warningsBlock(envelope.warnings)]);
  return { isError: true, content: [{ type: 'text', text }], structuredContent };
}
