import { jsonrepair } from './jsonrepair.js';
import { fail } from '../engine/errors.js';
import {
  decodeHtmlEntities,
  hasBareParenthesis,
  quoteKeys,
  removeTrailingCommas,
  repairInvalidEscapes,
  singleToDoubleQuotes,
} from './json-fixes.js';
import { parseObjectLiteral } from './object-literal.js';

export interface RecoveredJson {
  readonly value: unknown;
  // The repair that made the text parse, e.g. `single-quotes` or `outer-quotes+invalid-escapes`.
  readonly strategy?: string;
}

type Parsed = { ok: true; value: unknown } | { ok: false; error: string };

function parse(text: string): Parsed {
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch (error) {
    return { ok: false, error: error instanceof Error ? error.message : String(error) };
  }
}

function startsJson(text: string): boolean {
  return text.startsWith('{') || text.startsWith('[');
}

function runJsonrepair(text: string): string | undefined {
  if (!startsJson(text) || hasBareParenthesis(text)) return undefined;
  try {
    return jsonrepair(text);
  } catch {
    return undefined;
  }
}

// The documented repairs, tried in this order on the text; the first that parses wins.
const STRATEGIES: ReadonlyArray<readonly [string, (text: string) => string | undefined]> = [
  ['invalid-escapes', repairInvalidEscapes],
  ['single-quotes', (text) => (startsJson(text) && text.includes("'") ? singleToDoubleQuotes(text) : undefined)],
  ['unquoted-keys', (text) => (text.startsWith('{') ? quoteKeys(text) : undefined)],
  ['single-quotes+unquoted-keys', (text) => {
    if (!text.startsWith('{') || !text.includes("'")) return undefined;
    const quoted = singleToDoubleQuotes(text);
    return quoted === undefined ? undefined : quoteKeys(quoted);
  }],
  ['trailing-commas', removeTrailingCommas],
  ['jsonrepair', runJsonrepair],
];

// Outer quotes around JSON ('{...}', "{...}") or JSON whose quotes are all escaped ({\"cmd\":...}).
function unwrap(text: string): { text: string; strategy: string } | undefined {
  const first = text[0];
  if ((first === "'" || first === '"') && text.length > 2 && text.endsWith(first)) {
    const inner = text.slice(1, -1).trim();
    if (startsJson(inner)) return { text: inner, strategy: 'outer-quotes' };
  }
  const quote = text.indexOf('"');
  if (startsJson(text) && quote > 0 && text[quote - 1] === '\\') {
    return { text: text.replace(/\\(["'\\])/g, '$1'), strategy: 'escaped-quotes' };
  }
  return undefined;
}

function prefixed(strategy: string, inner: RecoveredJson): RecoveredJson {
  return { value: inner.value, strategy: inner.strategy ? `${strategy}+${inner.strategy}` : strategy };
}

// One text through unwrapping, entity decoding, the strategy list and the object-literal repair.
function repair(text: string, unwraps: number): RecoveredJson | undefined {
  const direct = parse(text);
  if (direct.ok) {
    const inner = typeof direct.value === 'string' ? direct.value.trim() : '';
    if (unwraps < 2 && /^(?:[{[]|(['"])\s*[{[])/.test(inner)) {
      const nested = repair(inner, unwraps + 1);
      if (nested) return prefixed('outer-quotes', nested);
    }
    return { value: direct.value };
  }
  const unwrapped = unwraps < 2 ? unwrap(text) : undefined;
  const nested = unwrapped && repair(unwrapped.text, unwraps + 1);
  if (unwrapped && nested) return prefixed(unwrapped.strategy, nested);
  const decoded = decodeHtmlEntities(text);
  const fromDecoded = decoded === undefined ? undefined : repair(decoded, unwraps);
  if (fromDecoded) return prefixed('html-entities', fromDecoded);
  for (const [strategy, fix] of STRATEGIES) {
    const fixed = fix(text);
    const result = fixed === undefined ? undefined : parse(fixed);
    if (result?.ok) return { value: result.value, strategy };
  }
  const literal = parseObjectLiteral(text);
  return literal ? { value: literal, strategy: 'object-literal' } : undefined;
}

// Where JSON.parse gave up, with the text around it, so a model can see what to fix.
function describeBreak(text: string): string {
  const parsed = parse(text);
  if (parsed.ok) return '';
  const reason = parsed.error.replace(/ in JSON at position \d+.*$/s, '');
  const position = /position (\d+)/.exec(parsed.error);
  if (!position) return ` (${reason})`;
  const at = Number(position[1]);
  const before = text.slice(Math.max(0, at - 24), at);
  const after = text.slice(at, at + 24);
  return ` at character ${at + 1} (${reason}): ${at > 24 ? '…' : ''}${before} <<HERE>> ${after}${at + 24 < text.length ? '…' : ''}`;
}

// Parses JSON text a model wrote, repairing the usual mistakes; throws C210 when nothing works.
export function recoverJson(text: string): RecoveredJson {
  const trimmed = text.trim();
  if (trimmed === '') {
    throw fail('C210', 'empty JSON text; send an object such as {"cmd":"read","args":{"file":"a.txt"}}');
  }
  const result = repair(trimmed, 0);
  if (result) return result;
  throw fail(
    'C210',
    `invalid JSON${describeBreak(trimmed)}; no repair worked. Use double-quoted keys and strings ` +
      `({"cmd":"read","args":{"file":"a.txt"}}) or CLI-style text (read --file a.txt)`,
  );
}
