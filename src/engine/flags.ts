import * as z from 'zod/mini';
import type { AnyCommand } from './command.js';

export type FlagKind = 'string' | 'integer' | 'number' | 'boolean' | 'json';

// One flag of a command as doors and the argument parser see it, derived from the zod schema.
export interface FlagInfo {
  readonly name: string; // camelCase key of the schema
  readonly cli: string; // kebab-case spelling, without dashes
  readonly kind: FlagKind;
  readonly required: boolean;
  readonly description: string;
  readonly default?: unknown;
  readonly choices?: readonly string[];
}

export function toKebab(name: string): string {
  return name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);
}

// `max-bytes`, `max_bytes`, `--maxBytes` → `maxBytes`.
export function toCamel(name: string): string {
  return name
    .replace(/^-+/, '')
    .replace(/[-_]+([a-zA-Z0-9])/g, (_, letter: string) => letter.toUpperCase());
}

interface JsonSchemaProperty {
  type?: string | string[];
  description?: string;
  default?: unknown;
  enum?: unknown[];
  anyOf?: JsonSchemaProperty[];
}

function kindOf(property: JsonSchemaProperty): FlagKind {
  const types = property.anyOf?.flatMap((option) => option.type ?? []) ?? [property.type ?? 'string'].flat();
  if (types.includes('boolean')) return 'boolean';
  if (types.includes('integer')) return 'integer';
  if (types.includes('number')) return 'number';
  if (types.includes('array') || types.includes('object')) return 'json';
  return 'string';
}

export function describeFlags(command: AnyCommand): FlagInfo[] {
  const schema = z.toJSONSchema(command.flags, { io: 'input', unrepresentable: 'any' }) as {
    properties?: Record<string, JsonSchemaProperty>;
    required?: string[];
  };
  const required = new Set(schema.required ?? []);
  return Object.entries(schema.properties ?? {}).map(([name, property]) => {
    const info: FlagInfo = {
      name,
      cli: toKebab(name),
      kind: kindOf(property),
      required: required.has(name) && property.default === undefined,
      description: property.description ?? '',
      ...(property.default === undefined ? {} : { default: property.default }),
      ...(property.enum ? { choices: property.enum.map(String) } : {}),
    };
    return info;
  });
}
