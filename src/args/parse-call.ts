import { fail, isCodewardError } from '../engine/errors.js';
import type { FlagInfo } from '../engine/flags.js';
import type { AnyCommand } from '../engine/command.js';
import type { Registry } from '../engine/registry.js';
import { findCommand, flagList, resolveCommand } from './aliases.js';
import { argsFromArgv, namesAFlag } from './argv.js';
import { argsFromObject } from './collect.js';
import { isRecord, readEnvelope, toStrings } from './envelope.js';
import { recoverJson } from './recover-json.js';
import { tokenize } from './tokenize.js';

export type CallInput =
  | string
  | readonly string[]
  | { readonly cmd?: unknown; readonly args?: unknown; readonly [key: string]: unknown };

export interface ParsedCall {
  command: AnyCommand;
  // Raw args for the command's schema: camelCase keys, values coerced by flag kind, not yet validated.
  args: Record<string, unknown>;
  // Which recovery strategies were needed (`single-quotes`, `plain-string`, ...), for a warning.
  recovered?: string;
}

interface Context {
  readonly registry: Registry;
  readonly notes: string[];
  readonly depth: number;
}

interface Parsed {
  command: AnyCommand;
  args: Record<string, unknown>;
}

const MAX_DEPTH = 4;

function deeper(context: Context): Context {
  if (context.depth >= MAX_DEPTH) throw fail('C210', 'the call is wrapped in too many layers of quoting or JSON');
  return { ...context, depth: context.depth + 1 };
}

function looksJson(text: string): boolean {
  return /^(?:[{[]|(['"])\s*[{[])/.test(text);
}

function validCommands(registry: Registry): string {
  return registry.names().join(', ');
}

function fromValue(value: unknown, context: Context): Parsed {
  if (typeof value === 'string') return fromText(value, deeper(context));
  if (Array.isArray(value)) return fromArgv(toStrings(value), context);
  if (isRecord(value)) return fromObject(value, context);
  throw fail('C210', `a call must be CLI text, an argv array or a JSON object like {"cmd":"read","args":{"file":"a.txt"}}; got ${JSON.stringify(value)}`);
}

// `@coder read --file a.txt`, or a JSON call (possibly malformed or quoted) given as text.
function fromText(text: string, context: Context): Parsed {
  const trimmed = text.trim().replace(/^@coder(?:\s+|$)/i, '').trim();
  if (trimmed === '') throw fail('C210', `empty call; name a command, e.g. read --file a.txt; valid commands: ${validCommands(context.registry)}`);
  if (looksJson(trimmed)) {
    const recovered = recoverJson(trimmed);
    if (recovered.strategy) context.notes.push(recovered.strategy);
    return fromValue(recovered.value, context);
  }
  return fromArgv(tokenize(trimmed), context);
}

// argv from the CLI or a JSON array: the command name (or one JSON text), then its flags.
function fromArgv(tokens: readonly string[], context: Context): Parsed {
  const list = tokens[0]?.trim().toLowerCase() === '@coder' ? tokens.slice(1) : tokens;
  const [first, ...rest] = list;
  if (first === undefined) throw fail('C210', `no command given; valid commands: ${validCommands(context.registry)}`);
  if (looksJson(first.trim())) {
    if (rest.length > 0) throw fail('C210', 'a JSON call must be the only argument; put every flag inside its "args"');
    return fromText(first, context);
  }
  const unquoted = quotedString(first.trim());
  if (unquoted !== undefined) {
    // `codeward '"tree"'`: a JSON string (or a single-quoted one) holding the command or the whole call.
    context.notes.push('plain-string');
    return fromArgv([unquoted, ...rest], deeper(context));
  }
  if (rest.length === 0 && /\s/.test(first.trim()) && !findCommand(context.registry, first)) {
    return fromText(first, deeper(context));
  }
  const command = resolveCommand(context.registry, first);
  return { command, args: argsFromArgv(command, context.registry.flags(command), rest, context.notes) };
}

// The text inside `"tree"` (a JSON string, escapes decoded) or `'tree'`; undefined for anything else.
function quotedString(text: string): string | undefined {
  const quote = text[0];
  if ((quote !== '"' && quote !== "'") || text.length < 3 || !text.endsWith(quote)) return undefined;
  if (quote === '"') {
    try {
      const value: unknown = JSON.parse(text);
      return typeof value === 'string' ? value : undefined;
    } catch {
      return undefined;
    }
  }
  const inner = text.slice(1, -1);
  return inner.includes("'") ? undefined : inner;
}

function fromObject(object: Readonly<Record<string, unknown>>, context: Context): Parsed {
  const { command, flattened, argv, payloads } = readEnvelope(object, context.registry);
  const flags = context.registry.flags(command);
  const layers = [argsFromObject(command, flags, flattened, context.notes)];
  if (argv) layers.push(argsFromArgv(command, flags, argv, context.notes));
  for (const payload of payloads) layers.push(argsFromPayload(command, flags, payload, context));
  return { command, args: Object.assign({}, ...layers) as Record<string, unknown> };
}

function argsFromPayload(command: AnyCommand, flags: readonly FlagInfo[], payload: unknown, context: Context): Record<string, unknown> {
  if (payload === null || payload === undefined) return {};
  if (isRecord(payload)) return argsFromObject(command, flags, payload, context.notes);
  if (Array.isArray(payload)) return argsFromArgv(command, flags, toStrings(payload, 'args'), context.notes);
  if (typeof payload === 'string') return argsFromText(command, flags, payload, context);
  throw fail('C210', `args for ${command.name} must be an object of flags (${flagList(flags)}); got ${JSON.stringify(payload)}`);
}

// args given as text: JSON (recovered), CLI-style flags, or a plain value for the positional flag.
function argsFromText(command: AnyCommand, flags: readonly FlagInfo[], text: string, context: Context): Record<string, unknown> {
  const trimmed = text.trim();
  if (trimmed === '') return {};
  if (looksJson(trimmed)) {
    const recovered = recoverAsArgs(trimmed, command);
    if (recovered) {
      if (recovered.strategy) context.notes.push(recovered.strategy);
      return typeof recovered.value === 'string'
        ? argsFromText(command, flags, recovered.value, deeper(context))
        : argsFromPayload(command, flags, recovered.value, context);
    }
  }
  if (trimmed.startsWith('-')) return argsFromArgv(command, flags, tokenize(trimmed), context.notes);
  const tokens = tryTokenize(trimmed);
  if (tokens && namesAFlag(command, flags, tokens)) return argsFromArgv(command, flags, tokens, context.notes);
  if (command.positional === undefined) {
    throw fail('C210', `args for ${command.name} must be an object of flags (${flagList(flags)}); got the text ${JSON.stringify(trimmed)}`);
  }
  context.notes.push('plain-string');
  return argsFromObject(command, flags, { [command.positional]: trimmed }, context.notes);
}

// Recovers JSON-looking args; undefined when text like `[ -f a ] && echo y` is no JSON and can fill the positional.
function recoverAsArgs(text: string, command: AnyCommand): ReturnType<typeof recoverJson> | undefined {
  try {
    return recoverJson(text);
  } catch (error) {
    if (isCodewardError(error) && command.positional !== undefined && !text.startsWith('{')) return undefined;
    throw error;
  }
}

function tryTokenize(text: string): string[] | undefined {
  try {
    return tokenize(text);
  } catch {
    return undefined;
  }
}

// Turns any call form (argv, CLI text, JSON text, a JSON object) into the command and its raw args.
export function parseCall(input: CallInput, registry: Registry): ParsedCall {
  const notes: string[] = [];
  const { command, args } = fromValue(input, { registry, notes, depth: 0 });
  return notes.length === 0 ? { command, args } : { command, args, recovered: [...new Set(notes)].join(', ') };
}
