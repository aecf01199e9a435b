// A command's flags as doors and the argument parser see them, and their spellings: apart from flags.ts, whose
// describeFlags runs zod's JSON-schema converter (~42 KB of code), so that a cold call that parses its flags
// from the generated table (src/commands/registry-flags.ts) never loads it (issue 31).
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
