// The ChatCLI plugin door (reference: chatcli-behaviour.md §8 and §1.1-1.2). ChatCLI loads a plugin by running
// `<bin> --metadata` (and, optionally, `<bin> --schema`), then calls it as `<bin> <argv...>` where argv is the
// model's call flattened to `<subcommand> --key value ...`. Everything else is the ordinary CLI door.
import { resolveFlag } from '../../args/aliases.js';
import type { AnyCommand } from '../../engine/command.js';
import type { FlagInfo, FlagKind } from '../../engine/flags.js';
import type { Registry } from '../../engine/registry.js';
import { VERSION } from '../../version.js';
import { SWITCH_GLOBALS, VALUE_GLOBALS } from '../global-options.js';
import { cleanDryRunUnlessForced } from './clean.js';

export const PLUGIN_NAME = '@coder';

// Set by the wrapper script ChatCLI runs (docs/chatcli-plugin.md): switches on the argv repairs below.
export const PLUGIN_ENV = 'CODEWARD_CHATCLI_PLUGIN';

// Whether this process is a ChatCLI plugin call (the wrapper sets the variable to anything but '' or '0').
export function isPluginCall(env: Readonly<Record<string, string | undefined>>): boolean {
  const flag = env[PLUGIN_ENV];
  return flag !== undefined && flag !== '' && flag !== '0';
}

// ChatCLI's `Metadata` (pkg/coder/engine/metadata.go).
export interface ChatcliMetadata {
  readonly name: string;
  readonly description: string;
  readonly usage: string;
  readonly version: string;
}

// ChatCLI's `FlagDefinition`: `default` and `required` are omitted when empty, `default` is text.
export interface ChatcliFlag {
  readonly name: string;
  readonly description: string;
  readonly type: string;
  readonly default?: string;
  readonly required?: boolean;
}

export interface ChatcliSubcommand {
  readonly name: string;
  readonly description: string;
  readonly flags: readonly ChatcliFlag[];
  readonly examples?: readonly string[];
}

export interface ChatcliSchema {
  readonly name: string;
  readonly description: string;
  readonly args_format: string;
  readonly subcommands: readonly ChatcliSubcommand[];
}

const DESCRIPTION =
  'codeward: safe engineering suite (IO, Search, Exec, Git, Test, Backup, Rollback, Patch) with path jail, atomic edits and typed C2xx errors.';

const ARGS_FORMAT =
  'Accepts CLI-style args (read --file main.go --head 20) or JSON ({"cmd":"read","args":{"file":"main.go"}}). ' +
  'JSON-valued flags (multipatch --edits, create/update --files, delete --paths) take one JSON array as a string. ' +
  'Errors are printed on stderr as "error C2xx: message" with a non-zero exit status.';

// Go flag type names ChatCLI's schema uses; JSON-valued flags travel as one string.
const TYPE_NAMES: Readonly<Record<FlagKind, string>> = {
  string: 'string',
  integer: 'int',
  number: 'float',
  boolean: 'bool',
  json: 'string',
};

export function chatcliMetadata(registry: Registry): ChatcliMetadata {
  return {
    name: PLUGIN_NAME,
    description: DESCRIPTION,
    usage: `${PLUGIN_NAME} <${registry.names().join('|')}> [flags]`,
    version: VERSION,
  };
}

function defaultText(value: unknown): string | undefined {
  if (value === undefined || value === null) return undefined;
  const text = typeof value === 'object' ? JSON.stringify(value) : String(value);
  return text === '' ? undefined : text;
}

function flagDefinition(flag: FlagInfo): ChatcliFlag {
  const choices = flag.choices && flag.choices.length > 0 ? ` (${flag.choices.join('|')})` : '';
  const json = flag.kind === 'json' ? ' (JSON text)' : '';
  // Like ChatCLI's own schema, a boolean that defaults to false shows no default.
  const fallback = flag.kind === 'boolean' && flag.default === false ? undefined : defaultText(flag.default);
  return {
    name: `--${flag.cli}`,
    description: `${flag.description}${choices}${json}`.trim(),
    type: TYPE_NAMES[flag.kind],
    ...(fallback === undefined ? {} : { default: fallback }),
    ...(flag.required ? { required: true } : {}),
  };
}

function subcommand(registry: Registry, command: AnyCommand): ChatcliSubcommand {
  return {
    name: command.name,
    description: command.summary,
    flags: registry.flags(command).map(flagDefinition),
    ...(command.examples.length > 0 ? { examples: [...command.examples] } : {}),
  };
}

export function chatcliSchema(registry: Registry): ChatcliSchema {
  return {
    name: PLUGIN_NAME,
    description: DESCRIPTION,
    args_format: ARGS_FORMAT,
    subcommands: registry.commands.map((command) => subcommand(registry, command)),
  };
}

// Global options a wrapper may put around `--metadata` / `--schema` (`codeward --yes --metadata`).
const BOOLEAN_GLOBALS = SWITCH_GLOBALS;

// 'metadata' / 'schema' when argv, global options aside, is exactly that question; undefined otherwise
// (`search --term --schema` searches for the text).
export function infoRequest(argv: readonly string[]): 'metadata' | 'schema' | undefined {
  const rest: string[] = [];
  for (let index = 0; index < argv.length; index += 1) {
    const token = argv[index]!;
    if (BOOLEAN_GLOBALS.has(token)) continue;
    if (VALUE_GLOBALS.has(token)) index += 1;
    else if (!/^--(?:workspace|session|allow|ask|deny)=/.test(token)) rest.push(token);
  }
  if (rest.length !== 1) return undefined;
  if (rest[0] === '--metadata') return 'metadata';
  if (rest[0] === '--schema') return 'schema';
  return undefined;
}

function commandIndex(argv: readonly string[]): number {
  for (let index = 0; index < argv.length; index += 1) {
    const token = argv[index]!;
    if (VALUE_GLOBALS.has(token)) index += 1;
    else if (!token.startsWith('-')) return index;
  }
  return -1;
}

// One value of a repeated JSON flag, as ChatCLI emits it for each element of an array: an object as JSON
// text, a string as itself.
function items(value: string): unknown[] {
  try {
    const parsed: unknown = JSON.parse(value);
    if (Array.isArray(parsed)) return parsed;
    if (parsed !== null && typeof parsed === 'object') return [parsed];
  } catch {
    // a plain string item (a path)
  }
  return [value];
}

// ChatCLI flattens a JSON array argument to the flag repeated once per element (§1.2:
// `{"edits":[{...},{...}]}` → `--edits {...} --edits {...}`). The CLI refuses a repeated JSON flag, so a
// plugin call joins the repeats back into one JSON array. Anything else is left exactly as it came.
export function joinRepeatedJsonFlags(argv: readonly string[], registry: Registry): readonly string[] {
  const at = commandIndex(argv);
  const command = at < 0 ? undefined : registry.find(argv[at]!);
  if (!command) return argv;
  const flags = registry.flags(command);
  // The flag tokens after the command, each with the index of its value (ChatCLI always emits `--k v`, or a bare boolean).
  const uses: { index: number; info: FlagInfo; value: number | undefined }[] = [];
  for (let index = at + 1; index < argv.length; index += 1) {
    const token = argv[index]!;
    if (token === '--') break;
    if (!/^--?[A-Za-z_]/.test(token) || token.includes('=')) continue;
    const info = resolveFlag(command, flags, token.replace(/^--?/, ''))?.info;
    if (!info) continue;
    const next = argv[index + 1];
    const takesValue = info.kind !== 'boolean' || (next !== undefined && /^(?:true|false)$/i.test(next));
    const value = takesValue && next !== undefined ? index + 1 : undefined;
    uses.push({ index, info, value });
    if (value !== undefined) index = value;
  }
  const counts = new Map<string, number>();
  for (const use of uses) if (use.info.kind === 'json' && use.value !== undefined) counts.set(use.info.name, (counts.get(use.info.name) ?? 0) + 1);
  const repeated = new Set([...counts].filter(([, count]) => count > 1).map(([name]) => name));
  if (repeated.size === 0) return argv;
  // Each joined flag keeps the place of its first occurrence, its value becomes the whole array; later repeats go.
  const out = [...argv];
  const first = new Map<string, { slot: number; list: unknown[] }>();
  const drop = new Set<number>();
  for (const { index, info, value } of uses) {
    if (!repeated.has(info.name) || value === undefined) continue;
    const entry = first.get(info.name);
    if (entry) {
      entry.list.push(...items(argv[value]!));
      drop.add(index).add(value);
    } else first.set(info.name, { slot: value, list: items(argv[value]!) });
  }
  for (const { slot, list } of first.values()) out[slot] = JSON.stringify(list);
  return out.filter((_, index) => !drop.has(index));
}

export interface ChatcliIo {
  readonly stdout: { write(text: string): unknown };
  readonly env: Readonly<Record<string, string | undefined>>;
}

// The CLI door's hook: a number is the exit status of an answered `--metadata` / `--schema`; otherwise the
// argv to run (repaired only for a plugin call, i.e. when the wrapper set CODEWARD_CHATCLI_PLUGIN).
export function chatcliDoor(argv: readonly string[], io: ChatcliIo, registry: Registry): number | readonly string[] {
  const request = infoRequest(argv);
  if (request !== undefined) {
    const answer = request === 'metadata' ? chatcliMetadata(registry) : chatcliSchema(registry);
    io.stdout.write(`${JSON.stringify(answer)}\n`);
    return 0;
  }
  if (isPluginCall(io.env)) return cleanDryRunUnlessForced(joinRepeatedJsonFlags(argv, registry), registry);
  return argv;
}
