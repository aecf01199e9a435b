// The arguments that get the rest of a cut tools/call result (`structuredContent.next`): by line (`start`),
// by byte (read's `byteOffset`) or by result (search's `offset`).
import type { AnyCommand } from '../../engine/command.js';
import type { TextCut } from '../../engine/budget.js';
import type { Envelope } from '../../engine/envelope.js';
import { toCamel } from '../../engine/flags.js';

export function flagKeys(command: AnyCommand): ReadonlySet<string> {
  return new Set(Object.keys(command.flags._zod.def.shape));
}

// The schema key a raw argument key names (`max-bytes`, `path` for `file`).
function keyOf(command: AnyCommand, raw: string): string {
  const camel = toCamel(raw);
  return command.flagAliases?.[camel] ?? camel;
}

export function hasArg(command: AnyCommand, args: Record<string, unknown>, key: string): boolean {
  return Object.keys(args).some((raw) => keyOf(command, raw) === key);
}

// The arguments of the call that continues at line `start` (ranges that conflict with it dropped).
function withStart(command: AnyCommand, args: Record<string, unknown>, start: number): Record<string, unknown> {
  const next: Record<string, unknown> = {};
  for (const [raw, value] of Object.entries(args)) if (!['start', 'head', 'tail', 'byteOffset'].includes(keyOf(command, raw))) next[raw] = value;
  next['start'] = start;
  return next;
}

// The key a tool continues by: read's `byteOffset`, search's `offset` (a result number).
function offsetKey(command: AnyCommand): string | undefined {
  const keys = flagKeys(command);
  return keys.has('byteOffset') ? 'byteOffset' : keys.has('offset') ? 'offset' : undefined;
}

// The arguments of the call that continues at `offset`; line ranges, which cannot go with it, dropped.
function withOffset(command: AnyCommand, args: Record<string, unknown>, offset: number): Record<string, unknown> {
  const key = offsetKey(command) ?? 'offset';
  const next: Record<string, unknown> = {};
  for (const [raw, value] of Object.entries(args)) if (!['start', 'end', 'head', 'tail', key].includes(keyOf(command, raw))) next[raw] = value;
  next[key] = offset;
  return next;
}

// Continuation by `data.nextOffset` (read by offset, a read cut inside a line, a search page). When the door
// cut the text of a read by offset, the bytes shown (a prefix of its content) say where to go on.
function offsetContinuation(command: AnyCommand, data: Record<string, unknown> | null, args: Record<string, unknown>, cut?: TextCut): Record<string, unknown> | undefined | null {
  if (offsetKey(command) === undefined || data === null || !('nextOffset' in data)) return null;
  const nextOffset = numberField(data, 'nextOffset');
  if (!cut) return nextOffset === undefined ? null : withOffset(command, args, nextOffset);
  const offset = numberField(data, 'offset');
  const endOffset = numberField(data, 'endOffset');
  if (data['startLine'] !== null || offset === undefined || endOffset === undefined || data['encoding'] !== 'text') return null;
  const shown = Math.min(cut.shownBytes, endOffset - offset);
  if (shown < endOffset - offset) return shown > 0 ? withOffset(command, args, offset + shown) : undefined;
  return nextOffset === undefined ? undefined : withOffset(command, args, nextOffset);
}

function numberField(data: unknown, key: string): number | undefined {
  if (data === null || typeof data !== 'object') return undefined;
  const value = (data as Record<string, unknown>)[key];
  return typeof value === 'number' && Number.isInteger(value) ? value : undefined;
}

// Arguments that get the rest, for a tool that reads by line (`start`) and reports `startLine`/`endLine`.
// The number of the last whole numbered line (`  41 | text`) a cut text shows.
function lastNumbered(shown: string): number | undefined {
  const lines = shown.split('\n');
  for (let index = lines.length - 1; index >= 0; index -= 1) {
    const match = /^\s*(\d+) \| /.exec(lines[index]!);
    if (match) return index === lines.length - 1 && !shown.endsWith('\n') ? undefined : Number(match[1]);
  }
  return undefined;
}

// A door cut inside the first numbered line (`  41 | ...`): the bytes of that line shown, after its number, are
// a prefix of the line, so the rest starts at the read's byte offset plus them.
function insideFirstLine(command: AnyCommand, data: Record<string, unknown> | null, args: Record<string, unknown>, shown?: string): Record<string, unknown> | undefined {
  const offset = numberField(data, 'offset');
  const endOffset = numberField(data, 'endOffset');
  const content = data?.['content'];
  const number = shown === undefined ? null : /^\s*\d+ \| /.exec(shown);
  if (offsetKey(command) === undefined || offset === undefined || endOffset === undefined || !number || shown!.includes('\n')) return undefined;
  // Text bytes are file bytes only when nothing was dropped or re-encoded (no BOM, not Latin-1).
  if (typeof content !== 'string' || Buffer.byteLength(content, 'utf8') !== endOffset - offset) return undefined;
  const bytes = Buffer.byteLength(shown!, 'utf8') - Buffer.byteLength(number[0], 'utf8');
  return bytes > 0 ? withOffset(command, args, offset + bytes) : undefined;
}

// The call a result names itself (`data.next`, read's: the next lines, the rest of a line, the part before a
// tail): its keys replace the call's range keys.
function ownNext(command: AnyCommand, data: Record<string, unknown> | null, args: Record<string, unknown>): Record<string, unknown> | undefined {
  const own = data?.['next'];
  if (own === null || typeof own !== 'object' || Array.isArray(own)) return undefined;
  const keys = Object.keys(own);
  if (keys.length === 0 || !keys.every((key) => flagKeys(command).has(key) && numberField(own, key) !== undefined)) return undefined;
  const next: Record<string, unknown> = {};
  for (const [raw, value] of Object.entries(args)) if (![...RANGE_KEYS, ...keys].includes(keyOf(command, raw))) next[raw] = value;
  return { ...next, ...own };
}

const RANGE_KEYS = ['start', 'end', 'head', 'tail', 'byteOffset'];

export function continuation(command: AnyCommand | undefined, envelope: Envelope, args: Record<string, unknown>, cut?: TextCut, shown?: string): Record<string, unknown> | undefined {
  if (!command || !envelope.ok) return undefined;
  const data = envelope.data as Record<string, unknown> | null;
  if (!cut) {
    const own = ownNext(command, data, args);
    if (own) return own;
  }
  const byOffset = offsetContinuation(command, data, args, cut);
  if (byOffset !== null) return byOffset;
  if (!flagKeys(command).has('start')) return undefined;
  const startLine = numberField(data, 'startLine');
  if (cut) {
    if (startLine === undefined) return undefined;
    if (cut.headLines === 0) return insideFirstLine(command, data, args, shown);
    // The numbered lines shown say where to go on (robust to a header above them); else count the lines.
    const last = shown === undefined ? undefined : lastNumbered(shown);
    return withStart(command, args, last !== undefined && last >= startLine ? last + 1 : startLine + cut.headLines);
  }
  const endLine = numberField(data, 'endLine');
  // A cut inside a line (its content does not end with a line end): the next line would skip the rest of it.
  const content = data?.['content'];
  if (typeof content === 'string' && content !== '' && !content.endsWith('\n')) return undefined;
  // Nothing after the last line shown (a cut `tail`): no next call.
  const totalLines = numberField(data, 'totalLines');
  if (totalLines !== undefined && endLine !== undefined && endLine >= totalLines) return undefined;
  return data?.['truncated'] === true && endLine !== undefined ? withStart(command, args, endLine + 1) : undefined;
}
