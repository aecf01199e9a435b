import { fail, isCodewardError } from '../engine/errors.js';
import type { FlagInfo } from '../engine/flags.js';
import type { AnyCommand } from '../engine/command.js';
import { describeValue } from '../engine/issues.js';
import { recoverJson } from './recover-json.js';

const TRUE_WORDS: ReadonlySet<string> = new Set(['true', '1', 'yes', 'y', 'on']);
const FALSE_WORDS: ReadonlySet<string> = new Set(['false', '0', 'no', 'n', 'off']);

interface ZodLike {
  readonly _zod?: { readonly def?: { readonly type?: string; readonly innerType?: unknown } };
}

// Whether the flag's schema is an array under optional/default/nullable wrappers (edits, paths, files).
function isArrayFlag(command: AnyCommand, name: string): boolean {
  let schema = (command.flags._zod.def.shape as Record<string, unknown>)[name] as ZodLike | undefined;
  for (let depth = 0; schema && depth < 8; depth++) {
    const def = schema._zod?.def;
    if (def?.type === 'array') return true;
    schema = def?.innerType as ZodLike | undefined;
  }
  return false;
}

function looksJson(text: string): boolean {
  return /^(?:[{[]|(['"])\s*[{[])/.test(text);
}

// A JSON-kind value: real arrays/objects pass, JSON text is recovered, a lone item of an array flag is wrapped.
function toJson(command: AnyCommand, flag: FlagInfo, value: unknown, notes: string[]): unknown {
  let result = value;
  if (typeof value === 'string' && looksJson(value.trim())) {
    try {
      const recovered = recoverJson(value);
      if (recovered.strategy) notes.push(`--${flag.cli}: ${recovered.strategy}`);
      result = recovered.value;
    } catch (error) {
      const message = isCodewardError(error) ? error.message : String(error);
      throw fail('C210', `--${flag.cli} is not valid JSON: ${message}`);
    }
  }
  if (!Array.isArray(result) && isArrayFlag(command, flag.name)) return [result];
  return result;
}

// Converts one raw value to the flag's kind (`"10"` → 10, `"yes"` → true); undefined means drop it.
export function coerceFlag(command: AnyCommand, flag: FlagInfo, value: unknown, notes: string[]): unknown {
  if (value === null || value === undefined) return undefined;
  const name = `--${flag.cli}`;
  switch (flag.kind) {
    case 'json':
      return toJson(command, flag, value, notes);
    case 'boolean': {
      if (typeof value === 'boolean') return value;
      const word = typeof value === 'string' || typeof value === 'number' ? String(value).trim().toLowerCase() : '';
      if (TRUE_WORDS.has(word)) return true;
      if (FALSE_WORDS.has(word)) return false;
      throw fail('C210', `${name} expects true or false, got ${describeValue(value)}`);
    }
    case 'integer':
    case 'number': {
      const whole = flag.kind === 'integer';
      const pattern = whole ? /^[+-]?\d+$/ : /^[+-]?(?:\d+\.?\d*|\.\d+)(?:e[+-]?\d+)?$/i;
      const text = typeof value === 'string' ? value.trim() : '';
      const number = typeof value === 'number' ? value : pattern.test(text) ? Number(text) : NaN;
      if (Number.isFinite(number) && (!whole || Number.isInteger(number))) return number;
      throw fail('C210', `${name} expects ${whole ? 'a whole number' : 'a number'}, got ${describeValue(value)}`);
    }
    case 'string': {
      if (typeof value === 'number' || typeof value === 'boolean') return String(value);
      if (typeof value !== 'string') throw fail('C210', `${name} expects text, got ${describeValue(value)}`);
      const choice = flag.choices?.find((option) => option.toLowerCase() === value.trim().toLowerCase());
      return choice ?? value;
    }
  }
}
