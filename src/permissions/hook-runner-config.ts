// The shared reading of a commit-hook runner's configuration (lefthook, pre-commit): the parts the walk follows,
// and one file parsed with the real parser of its format (YAML, JSON, TOML: smol-toml, red team R15-23).
import { parseToml } from '../engine/toml.js';
import { parseYaml } from '../engine/yaml.js';
import type { Read } from './hook-tasks.js';

export interface RunnerParts {
  readonly lines: string[];
  // Absolute: files and folders the runner runs (a folder: everything below it).
  readonly named: string[];
  unknown?: string;
}

export type Table = Record<string, unknown>;
export const isTable = (value: unknown): value is Table => typeof value === 'object' && value !== null && !Array.isArray(value);
export const strings = (value: unknown): string[] => [value].flat().filter((each): each is string => typeof each === 'string');
// A word for a command line, quoted for the shell when it needs to be.
export const quoted = (word: string): string => (/^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replace(/'/g, "'\\''")}'`);

// One configuration file's data (undefined: no such file), or why it cannot be read.
export function loadConfig(path: string, read: Read): { data?: unknown; why?: string } {
  const text = read(path);
  if (text === undefined) return {};
  try {
    if (path.endsWith('.toml')) return { data: parseToml(text) };
    return { data: /\.jsonc?$/.test(path) ? JSON.parse(text) : parseYaml(text) };
  } catch {
    return { why: 'a configuration codeward cannot parse' };
  }
}

// JSON with comments and trailing commas (biome.jsonc, pyrightconfig.json, knip.jsonc): comments outside strings
// and commas before a closing bracket removed, then JSON.parse. Throws on anything else.
export function parseJsonc(text: string): unknown {
  const bare = text.replace(/("(?:\\.|[^"\\])*")|\/\/[^\n]*|\/\*[\s\S]*?\*\//g, (all, string: string | undefined) => string ?? ' ');
  return JSON.parse(bare.replace(/("(?:\\.|[^"\\])*")|,(\s*[}\]])/g, (all, string: string | undefined, close: string | undefined) => string ?? close!));
}
