import { literalEnd } from './json-fixes.js';

const OPEN = '{[(';
const CLOSE = '}])';
const IDENTIFIER = /^[A-Za-z_][\w-]*$/;

// Splits at `separator` characters that are outside quotes and brackets.
function splitTopLevel(text: string, separator: string, limit = Infinity): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < text.length && parts.length < limit - 1; i++) {
    const char = text[i] as string;
    if (char === '"' || char === "'") {
      const end = literalEnd(text, i);
      if (end !== -1) i = end;
    } else if (OPEN.includes(char)) {
      depth++;
    } else if (CLOSE.includes(char)) {
      depth = Math.max(0, depth - 1);
    } else if (char === separator && depth === 0) {
      parts.push(text.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(text.slice(start));
  return parts;
}

function unquote(text: string): string {
  const first = text[0];
  if ((first === '"' || first === "'") && text.length >= 2 && text.endsWith(first)) return text.slice(1, -1);
  return text;
}

// A value as a model would mean it: JSON when it is JSON, else quoted text, loose literals, raw text.
function looseValue(raw: string): unknown {
  const text = raw.trim();
  try {
    return JSON.parse(text) as unknown;
  } catch {
    // not JSON; read it loosely below
  }
  if (text.length >= 2 && text.startsWith("'") && text.endsWith("'")) return text.slice(1, -1).replace(/\\'/g, "'");
  if (text.length >= 2 && text.startsWith('"') && text.endsWith('"')) return text.slice(1, -1);
  if (/^(true|false)$/i.test(text)) return text.toLowerCase() === 'true';
  if (/^(null|none|nil|undefined)$/i.test(text)) return null;
  if (text.startsWith('{') && text.endsWith('}')) return parseObjectLiteral(text) ?? text;
  return text;
}

// Last resort for `{key: value, key2: 'x y', flag: TRUE}`; a piece without `key:` continues the previous value.
export function parseObjectLiteral(text: string): Record<string, unknown> | undefined {
  const trimmed = text.trim();
  if (!trimmed.startsWith('{') || !trimmed.endsWith('}')) return undefined;
  const entries: Array<[string, string]> = [];
  for (const piece of splitTopLevel(trimmed.slice(1, -1), ',')) {
    const [rawKey, rawValue] = splitTopLevel(piece, ':', 2);
    if (piece.trim() === '') continue;
    const key = unquote(rawKey?.trim() ?? '');
    const last = entries[entries.length - 1];
    if (rawValue !== undefined && IDENTIFIER.test(key)) {
      entries.push([key, rawValue]);
    } else if (last) {
      last[1] += `,${piece}`;
    } else {
      return undefined;
    }
  }
  if (entries.length === 0) return undefined;
  return Object.fromEntries(entries.map(([key, value]) => [key, looseValue(value)]));
}
