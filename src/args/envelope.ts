import { fail } from '../engine/errors.js';
import type { AnyCommand } from '../engine/command.js';
import type { Registry } from '../engine/registry.js';
import { findCommand, resolveCommand } from './aliases.js';
import { tokenize } from './tokenize.js';

// Keys that may name the command, in order of preference: ours, then OpenAI/Anthropic tool-call shapes.
const NAME_KEYS = ['cmd', 'command', 'tool', 'toolName', 'tool_name', 'name', 'function'] as const;
// Keys holding the flags, in rising priority (`args` wins).
const PAYLOAD_KEYS = ['arguments', 'flags', 'args'] as const;
// Only for tool-call shapes ({"name":..,"input":{..}}): more payload keys, and metadata to ignore.
const TOOL_PAYLOAD_KEYS = ['parameters', 'input'] as const;
const TOOL_META_KEYS = ['type', 'id', 'call_id', 'callId'] as const;

export interface Envelope {
  readonly command: AnyCommand;
  // Top-level keys that are not part of the envelope: flags of a flattened call.
  readonly flattened: Readonly<Record<string, unknown>>;
  // Tokens after the command name, from an `argv` key or a `cmd` written as CLI text.
  readonly argv?: readonly string[];
  // The values of `args`, `flags`, ... in rising priority; objects, JSON or CLI text, or argv arrays.
  readonly payloads: readonly unknown[];
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

// An argv array from JSON; numbers and booleans are written as text, anything else is a C210.
export function toStrings(values: readonly unknown[], what = 'argv'): string[] {
  return values.map((value) => {
    if (typeof value === 'string') return value;
    if (typeof value === 'number' || typeof value === 'boolean') return String(value);
    throw fail('C210', `${what} must contain only strings, got ${JSON.stringify(value)}`);
  });
}

function argvOf(value: unknown): string[] | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'string') return tokenize(value);
  if (Array.isArray(value)) return toStrings(value);
  throw fail('C210', '"argv" must be an array of strings, e.g. {"argv":["read","--file","a.txt"]}');
}

function noCommand(registry: Registry): Error {
  return fail(
    'C210',
    `no command in the JSON call; add "cmd", e.g. {"cmd":"read","args":{"file":"a.txt"}}; valid commands: ${registry.names().join(', ')}`,
  );
}

// Picks the command and separates envelope keys from flags in a JSON call object.
export function readEnvelope(object: Readonly<Record<string, unknown>>, registry: Registry): Envelope {
  const fn = object.function;
  if (isRecord(fn) && object.cmd === undefined && object.command === undefined) {
    const { function: _nested, ...rest } = object;
    return readEnvelope({ ...rest, ...fn }, registry);
  }
  if (object.cmd !== undefined && object.cmd !== null && typeof object.cmd !== 'string') {
    throw fail('C210', `"cmd" must be the command name as a string, e.g. {"cmd":"read","args":{"file":"a.txt"}}`);
  }
  const candidates = NAME_KEYS.filter((key) => typeof object[key] === 'string' && (object[key] as string).trim() !== '');
  let argv = argvOf(object.argv);
  let chosen: string | undefined;
  let command: AnyCommand | undefined;
  for (const key of candidates) {
    command = findCommand(registry, object[key] as string);
    if (command) {
      chosen = key;
      break;
    }
  }
  const cmdText = typeof object.cmd === 'string' ? object.cmd.trim() : '';
  if (!command && /\s/.test(cmdText)) {
    // `{"cmd":"read --file a.txt"}`: the command written as CLI text.
    const [first, ...rest] = tokenize(cmdText);
    command = first === undefined ? undefined : findCommand(registry, first);
    if (command) {
      chosen = 'cmd';
      argv = [...rest, ...(argv ?? [])];
    }
  }
  if (!command) {
    const first = candidates[0];
    if (first !== undefined) resolveCommand(registry, object[first]);
    if (argv?.[0] === undefined) throw noCommand(registry);
    command = resolveCommand(registry, argv[0]);
    argv = argv.slice(1);
  } else if (argv?.[0] !== undefined && findCommand(registry, argv[0]) === command) {
    argv = argv.slice(1);
  }
  const toolStyle = chosen !== undefined && chosen !== 'cmd' && chosen !== 'command';
  const payloadKeys: readonly string[] = toolStyle ? [...TOOL_PAYLOAD_KEYS, ...PAYLOAD_KEYS] : PAYLOAD_KEYS;
  const ignored = new Set<string>([...payloadKeys, 'argv', ...(toolStyle ? TOOL_META_KEYS : [])]);
  if (chosen !== undefined) ignored.add(chosen);
  const flattened = Object.fromEntries(Object.entries(object).filter(([key]) => !ignored.has(key)));
  const payloads = payloadKeys.filter((key) => object[key] !== undefined).map((key) => object[key]);
  return argv === undefined ? { command, flattened, payloads } : { command, flattened, argv, payloads };
}
