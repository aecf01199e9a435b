import type { CallInput } from '../args/parse-call.js';
import type { Registry } from './registry.js';

// The command a call that failed to parse meant, for the envelope's `cmd`: the registry's name when the
// call names a known command (`{"cmd":"read_file",...}` → read), else the name as written, never the
// call's whole JSON text.
export function guessName(input: CallInput, registry: Registry): string {
  let name: unknown;
  let object: unknown = input;
  if (typeof input === 'string' && input.trim().startsWith('{')) {
    try {
      object = JSON.parse(input);
    } catch {
      // Malformed: the first "cmd" key outside any nested object is the best guess.
      object = { cmd: /^\{\s*(?:"[^"]*"\s*:\s*(?:"[^"]*"|[\d.]+|true|false|null)\s*,\s*)*"(?:cmd|command)"\s*:\s*"([^"\\]{1,200})"/.exec(input.trim())?.[1] };
    }
  }
  if (typeof object === 'string') name = object.trim().split(/\s+/)[0];
  else if (Array.isArray(object)) name = object[0];
  else if (typeof object === 'object' && object !== null) {
    const record = object as Record<string, unknown>;
    name = ['cmd', 'command', 'tool', 'name'].map((key) => record[key]).find((value) => typeof value === 'string');
  }
  if (typeof name !== 'string') return '';
  const word = name.trim().split(/\s+/)[0] ?? '';
  return registry.find(word)?.name ?? registry.find(word.replace(/^@?coder(?:::|\.)/i, '').replace(/_/g, '-'))?.name ?? word;
}
