import { toJSONSchema } from 'zod/mini';
import type { AnyCommand } from './command.js';
import { toKebab, type FlagInfo, type FlagKind } from './flag-names.js';

export { toCamel, toKebab, type FlagInfo, type FlagKind } from './flag-names.js';

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
  const schema = toJSONSchema(command.flags, { io: 'input', unrepresentable: 'any' }) as {
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
