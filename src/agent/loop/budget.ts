import type { AnyCommand } from '../../engine/command.js';
import { fitText, linesOf, type TextCut } from '../../engine/budget.js';
import { callsInJson } from '../../engine/call-words.js';
import { toCamel } from '../../engine/flags.js';
import { allOutputCallAs } from '../../commands/all-output-call.js';

export { DEFAULT_RESULT_BYTES } from '../../engine/budget.js';

// The smallest budget a run may set (a note saying what was cut needs room).
export const MIN_RESULT_BYTES = 4_000;
// Room kept in a share for the call's header line and the note.
const NOTE_BYTES = 600;

// What one result may carry when `count` results share a message of `budget` bytes equally.
export function resultShare(budget: number, count: number): number {
  return Math.max(1_000, Math.floor((budget - 1_000) / Math.max(1, count)) - NOTE_BYTES);
}

// What each result of a batch may carry, by need: a result that fits in an equal share of what is left is
// kept whole, and the room it leaves is split again among the others (a small read no longer leaves 20 k
// unused while its sibling is cut). `sizes` are the results' bytes before fitting.
export function sharesByNeed(sizes: readonly number[], budget: number): number[] {
  const shares = sizes.map(() => 0);
  let open = sizes.map((_, index) => index);
  let left = Math.max(0, budget - 1_000);
  while (open.length > 0) {
    const equal = Math.floor(left / open.length);
    const whole = open.filter((index) => sizes[index]! + NOTE_BYTES <= equal);
    if (whole.length === 0) {
      for (const index of open) shares[index] = Math.max(1_000, equal - NOTE_BYTES);
      break;
    }
    for (const index of whole) {
      shares[index] = sizes[index]! + NOTE_BYTES;
      left -= shares[index]!;
    }
    open = open.filter((index) => !whole.includes(index));
  }
  return shares;
}

// Command messages speak the CLI's words (`--max-bytes`, `--start 2833`); the model sends JSON keys.
// Rewrites `--flag N` / `--flag` into `"key": N` / `"key"` for the flags the command takes.
// Only codeward's own lines are rewritten (bracketed notes, warnings): a file's or a process's text never is.
export function inAgentWords(text: string, command: AnyCommand | undefined): string {
  if (!command || !text.includes('--')) return text;
  if (command.effect === 'exec') return rawOutputCall(text);
  // A note line (`[…]`, `warning: …`), or a result's own advice to pass a flag (rename-symbol's "not renamed
  // (textual: pass --textual …)"); other lines are the content (a file's text, a match) and stay as written.
  return text.split('\n').map((line) => (/^\[.*\]$|^warning: |\bpass --[a-z]/.test(line) ? flagsToKeys(line, command) : line)).join('\n');
}

// A test run's notes name the call that shows all of its output: the model sends JSON, so it gets the call
// as JSON, with the test call's `dir`.
const rawOutputCall = (text: string): string => allOutputCallAs(text, (args) => JSON.stringify({ cmd: 'exec', args }));

function flagsToKeys(line: string, command: AnyCommand): string {
  const keys = new Set(Object.keys(command.flags._zod.def.shape));
  // A whole call of the command (`all of them: checkpoints --id 7`) as the JSON call the model sends.
  const text = callsInJson(line, command, (name, args) => JSON.stringify({ cmd: name, args }));
  return text.replace(/(^|[\s(`'"[;])--([a-z][a-z0-9]*(?:-[a-z0-9]+)*)(?:( |=)(\d+(?![\w-])))?/g, (whole, lead: string, flag: string, _sep?: string, value?: string) => {
    const key = toCamel(flag);
    if (!keys.has(key)) return whole;
    return value === undefined ? `${lead}"${key}"` : `${lead}"${key}": ${value}`;
  });
}

function parsedArgs(raw: string): Record<string, unknown> | undefined {
  try {
    const value = JSON.parse(raw) as unknown;
    return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

// The number of the last whole numbered line (`  41 | text`) a cut text shows.
function lastNumbered(shown: string): number | undefined {
  const lines = shown.split('\n');
  for (let index = lines.length - 1; index >= 0; index -= 1) {
    const match = /^\s*(\d+) \| /.exec(lines[index]!);
    if (match) return Number(match[1]);
  }
  return undefined;
}

// Keys a tool takes that narrow what it returns, named when no next call can be given.
const NARROWING = ['dir', 'path', 'glob', 'start', 'end', 'maxResults', 'maxEntries', 'maxDepth', 'limit', 'maxBytes', 'pattern'];

function cutNote(command: AnyCommand | undefined, raw: string, cut: TextCut, shown: string, budget: number): string {
  const seen = cut.tailLines > 0
    ? `the first ${cut.headLines} and the last ${cut.tailLines} of ${linesOf(cut)}`
    : cut.headLines > 0 ? `lines 1-${cut.headLines} of ${linesOf(cut)}` : `the first ${cut.shownBytes} bytes of line 1`;
  const head = `[cut to fit this result's share of the result budget (${budget} bytes): showed ${seen} (${cut.shownBytes} of ${cut.totalBytes} bytes).`;
  const keys = command ? new Set(Object.keys(command.flags._zod.def.shape)) : new Set<string>();
  const args = parsedArgs(raw);
  const last = lastNumbered(shown);
  if (command && args && keys.has('start') && last !== undefined) {
    // The call as the model wrote it ({"cmd": ..., "args": {...}} or flat), with `start` after the last line shown.
    const nested = args['args'] !== null && typeof args['args'] === 'object' && !Array.isArray(args['args']);
    const inner = (nested ? args['args'] : args) as Record<string, unknown>;
    const next: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(inner)) if (!['start', 'head', 'tail', 'lines', 'range'].includes(toCamel(key))) next[key] = value;
    next['start'] = last + 1;
    return `${head} To continue, call again with ${JSON.stringify(nested ? { ...args, args: next } : next)}.]`;
  }
  if (command?.effect === 'exec') {
    return `${head} For the middle, run it again with the output sent to a file in the workspace ("... > out.log 2>&1") and read it with {"cmd": "read", "file": "out.log", "start": ${cut.headLines + 1}}, or filter the output (grep, tail -n 200).]`;
  }
  const narrowing = NARROWING.filter((key) => keys.has(key));
  return `${head} Narrow the call${narrowing.length > 0 ? ` with ${narrowing.map((key) => `"${key}"`).join(', ')}` : ''} to see the rest.]`;
}

// One tool result as the model will see it: `words` (already inAgentWords: the bytes sharesByNeed measured)
// cut to `budget` bytes with a note that says what was left out and how to continue. Process output keeps
// its head and its end (where errors are).
export function fitResult(words: string, command: AnyCommand | undefined, raw: string, budget: number): string {
  const fitted = fitText(words, Math.max(0, budget - NOTE_BYTES), command?.effect === 'exec' ? 'ends' : 'head');
  if (!fitted.cut) return words;
  return `${fitted.text}${fitted.text.endsWith('\n') ? '' : '\n'}${cutNote(command, raw, fitted.cut, fitted.text, budget)}`;
}
