import type { AnyCommand } from '../../engine/command.js';
import { compactValue, fitText, jsonBytes, linesOf, type TextCut } from '../../engine/budget.js';
import { failedEntries, type Envelope } from '../../engine/envelope.js';
import type { Registry } from '../../engine/registry.js';
import { inMcpWords } from './vocabulary.js';
import { allOutputCallAs } from '../../commands/all-output-call.js';
import { continuation, flagKeys, hasArg } from './continuation.js';

// A `tools/call` result. The text carries the payload (what the model reads); structuredContent carries the
// envelope's facts (ok, cmd, error, warnings, the small fields of data) and never a second copy of a large
// value: those are named in `omitted` instead.
export interface McpToolResult {
  [key: string]: unknown;
  content: { type: 'text'; text: string }[];
  structuredContent: Record<string, unknown>;
  isError?: boolean;
}

// A string, array or object of data over this many bytes of JSON stays out of structuredContent.
const STRUCTURED_VALUE_BYTES = 1024;
// structuredContent never grows past this (data is then left out whole).
const STRUCTURED_BYTES = 8 * 1024;
// Room kept for the note that says what was cut.
const NOTE_BYTES = 700;

// Failures whose data has the command's own shape: the output of the process that ran.
const PROCESS_FAILURES: ReadonlySet<string> = new Set(['C250', 'C253']);

// What a tools/call result must fit; undefined: no budget.
export interface ResultBudget {
  readonly maxBytes?: number;
}

// A formatter that fails on unexpected data must not hide the envelope's own message.
function formatSafely(command: AnyCommand | undefined, data: unknown): string {
  if (!command) return '';
  try {
    return command.format(data);
  } catch {
    return '';
  }
}

function join(parts: readonly string[]): string {
  return parts.filter((part) => part !== '').join('\n\n');
}

// Where a formatted output's own closing notes start (`[truncated at --max-bytes ...]`, `[exit 0]`): the
// trailing lines in brackets. Only those, errors and warnings are codeward's words; the lines before are the
// payload (a file, a process's output) and are never rewritten.
function notesStart(lines: readonly string[]): number {
  let start = lines.length;
  while (start > 0 && /^\[.*\]$/.test(lines[start - 1]!)) start -= 1;
  return start;
}

// Lines at the top of a formatted output that are the data's `content` (a file's lines, a piece read by
// offset): never notes, whatever they look like.
function contentLines(data: unknown): number {
  const content = data !== null && typeof data === 'object' ? (data as Record<string, unknown>)['content'] : undefined;
  if (typeof content !== 'string' || content === '') return 0;
  return content.split('\n').length - (content.endsWith('\n') ? 1 : 0);
}

function formatted(command: AnyCommand | undefined, data: unknown): string {
  const text = formatSafely(command, data);
  // A process's output may end in bracketed lines of its own: of exec/test notes, only the call that shows
  // a cut run's whole output names flags (as the tool call a client sends: `exec {"cmd":"npm test 2>&1"}`).
  if (command?.effect === 'exec') return allOutputCallAs(text, (args) => `exec ${JSON.stringify(args)}`);
  if (!text.includes('--')) return text;
  const lines = text.split('\n');
  const start = Math.max(notesStart(lines), contentLines(data));
  const content = contentLines(data);
  // A note in brackets between listed entries (`checkpoints`: `[change 3: ... all of them: checkpoints --id 3]`)
  // is codeward's too (newcomer pass N2); a file's own lines (`content`) never are.
  return lines.map((line, i) => (i >= start || (i >= content && /^\[.*\]$/.test(line)) ? inMcpWords(line, command) : line)).join('\n');
}

function fullText(command: AnyCommand | undefined, envelope: Envelope): string {
  const warnings = envelope.warnings.map((warning) => inMcpWords(`warning: ${warning}`, command)).join('\n');
  if (envelope.ok) {
    const text = join([formatted(command, envelope.data), warnings]);
    return text === '' ? '(no output)' : text;
  }
  const output = PROCESS_FAILURES.has(envelope.error.code) ? formatted(command, envelope.data) : '';
  return join([`error ${envelope.error.code}: ${errorMessage(envelope.error, command)}`, output, warnings]);
}

// An error's message in the door's words: the text and structuredContent say the same. (A C241's advice
// is already the MCP door's own: the gate words it per door, src/permissions/messages.ts.)
function errorMessage(error: { code: string; message: string }, command: AnyCommand | undefined): string {
  return inMcpWords(error.message, command);
}

// Keys a tool takes that narrow what it returns, named in a cut note when no `next` call exists.
const NARROWING = ['dir', 'path', 'glob', 'start', 'end', 'maxResults', 'maxEntries', 'maxDepth', 'page', 'pageSize', 'limit', 'maxBytes'];

function cutNote(command: AnyCommand | undefined, cut: TextCut, next: Record<string, unknown> | undefined, budget: number): string {
  const shown = cut.tailLines > 0
    ? `the first ${cut.headLines} and the last ${cut.tailLines} of ${linesOf(cut)}`
    : cut.headLines > 0 ? `lines 1-${cut.headLines} of ${linesOf(cut)}` : `the first ${cut.shownBytes} bytes of line 1 (longer than the budget)`;
  const head = `[cut by the MCP result budget (${budget} bytes): showed ${shown} of this result (${cut.shownBytes} of ${cut.totalBytes} bytes).`;
  if (next) return `${head} For the rest call ${command?.name ?? 'the tool'} again with ${JSON.stringify(next)} (structuredContent.next).]`;
  if (command?.effect === 'exec' && flagKeys(command).has('cmd')) {
    return `${head} For the middle, run it again with its output sent to a file in the workspace (e.g. "... > out.log 2>&1") and call read with {"file": "out.log", "start": ${cut.headLines + 1}}, or filter the output (grep, tail -n 200).]`;
  }
  const keys = command ? NARROWING.filter((key) => flagKeys(command).has(key)) : [];
  return `${head} Narrow the call${keys.length > 0 ? ` with ${keys.map((key) => `\`${key}\``).join(', ')}` : ''} to see the rest.]`;
}

// A string cut to `max` UTF-16 units, marked.
function clip(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max)}… (${text.length - max} more characters in the text content)`;
}

// The envelope's facts; the error message and warnings in the same words as the text (JSON keys, not CLI flags).
function structuredOf(envelope: Envelope, command: AnyCommand | undefined): Record<string, unknown> {
  const out: Record<string, unknown> = { ok: envelope.ok, cmd: clip(envelope.cmd, 200) };
  if (!envelope.ok) out['error'] = { ...envelope.error, message: clip(errorMessage(envelope.error, command), STRUCTURED_VALUE_BYTES) };
  const omitted: string[] = [];
  if (envelope.data !== undefined) {
    const compact = compactValue(envelope.data, STRUCTURED_VALUE_BYTES, 'data');
    if (compact.value !== undefined && jsonBytes(compact.value) <= STRUCTURED_BYTES) {
      out['data'] = compact.value;
      omitted.push(...compact.omitted);
    } else omitted.push('data');
  }
  // Warnings are few and short; many or long ones stay in the text.
  const warnings = envelope.warnings.slice(0, 20).map((warning) => clip(inMcpWords(warning, command), 500));
  if (warnings.length < envelope.warnings.length) omitted.push(`warnings[${warnings.length}..]`);
  out['warnings'] = warnings;
  if (omitted.length > 0) out['omitted'] = omitted;
  return out;
}

// The envelope as an MCP tool result that fits the budget: the CLI's text in the tool's own words (cut, with a
// note saying what was left out and how to get it), and the envelope's facts as structured content.
export function toolResult(registry: Registry, envelope: Envelope, args: Record<string, unknown> = {}, budget: ResultBudget = {}): McpToolResult {
  const command = registry.find(envelope.cmd);
  const text = fullText(command, envelope);
  const structured = structuredOf(envelope, command);
  const own = continuation(command, envelope, args);
  if (own) structured['next'] = own;
  // A failure, and a batched call with a failed entry (the CLI exits 1 for both): the client and the model
  // see at once that something was not done, though the envelope keeps each entry's result.
  const failed = !envelope.ok || (command?.batch === true && failedEntries(envelope.data).length > 0);
  const build = (body: string, extra: Record<string, unknown>): McpToolResult => {
    const result: McpToolResult = { content: [{ type: 'text', text: body }], structuredContent: { ...structured, ...extra } };
    if (failed) result.isError = true;
    return result;
  };
  const max = budget.maxBytes;
  const whole = build(text, {});
  if (max === undefined || jsonBytes(whole) <= max) return whole;
  // Fit the text in what the structured copy and the note leave; JSON escaping can make the text larger on
  // the wire than its UTF-8 bytes, so shrink until the whole result fits.
  const textBytes = Buffer.byteLength(text, 'utf8');
  // Below the text's own size, so there is always a cut (a text can fit in bytes and not once escaped).
  let room = Math.min(textBytes - 1, Math.max(256, max - jsonBytes(structured) - NOTE_BYTES - 64));
  for (let attempt = 0; attempt < 6 && room > 0; attempt += 1) {
    const fitted = fitText(text, room, command?.effect === 'exec' ? 'ends' : 'head');
    const cut = fitted.cut;
    if (!cut) break;
    const next = continuation(command, envelope, args, cut, fitted.text);
    const extra: Record<string, unknown> = { cut: { budgetBytes: max, totalBytes: cut.totalBytes, shownBytes: cut.shownBytes, totalLines: cut.totalLines, headLines: cut.headLines, tailLines: cut.tailLines } };
    if (next) extra['next'] = next;
    const result = build(`${fitted.text}${fitted.text.endsWith('\n') ? '' : '\n'}${cutNote(command, cut, next, max)}`, extra);
    const size = jsonBytes(result);
    if (size <= max) return result;
    // Shrink in proportion: text that JSON-escapes to k times its bytes needs about 1/k of the room.
    room = Math.max(64, Math.floor((room * max) / size) - 256);
  }
  // Still over (a text that JSON-escapes to several times its bytes): the facts and a plain cut, always in budget.
  const plain = fitText(text, Math.floor(max / 8));
  return build(`${plain.text}\n[cut by the MCP result budget (${max} bytes): showed ${plain.cut?.shownBytes ?? 0} of ${plain.cut?.totalBytes ?? 0} bytes. Narrow the call to see the rest.]`, {});
}

// The `maxBytes` this door gives a call that names none, when the tool's own default (`fallback`) would not
// fit the budget; undefined: the tool's own default applies. tools/list advertises it as the default.
export function doorMaxBytes(command: AnyCommand, budget: ResultBudget, fallback: number | undefined): number | undefined {
  if (budget.maxBytes === undefined || !flagKeys(command).has('maxBytes')) return undefined;
  const share = Math.floor(budget.maxBytes * 0.6);
  if (fallback !== undefined && fallback <= share) return undefined;
  return Math.max(1, share);
}

// The arguments with the door's `maxBytes` added when the call names none.
export function budgetArgs(command: AnyCommand | undefined, args: Record<string, unknown>, budget: ResultBudget, fallback: number | undefined): Record<string, unknown> {
  if (!command || hasArg(command, args, 'maxBytes')) return args;
  const maxBytes = doorMaxBytes(command, budget, fallback);
  return maxBytes === undefined ? args : { ...args, maxBytes };
}
