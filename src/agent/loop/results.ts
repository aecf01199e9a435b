import type { ToolOutcome } from '../events.js';
import { truncateMiddle } from './truncate.js';

// Per-result and whole-message caps on what goes back to the model (head and tail kept).
const MAX_RESULT_CHARS = 12_000;
const MAX_MESSAGE_CHARS = 48_000;

function header(outcome: ToolOutcome, index: number): string {
  const name = outcome.tool === '@todo' ? '@todo' : `@coder ${outcome.cmd}`;
  if (outcome.ok) return `[${index + 1}] ${name}: ok`;
  if (outcome.skipped) return `[${index + 1}] ${name}: not run (${outcome.message})`;
  // The message as the engine wrote it: its whitespace may be the point (a C220 closest region).
  return `[${index + 1}] ${name}: error ${[outcome.code, outcome.message].filter((part) => part !== undefined && part !== '').join(' ')}`;
}

// The user message that reports a batch back to the model: one block per call, in the order written,
// with its C2xx code when it failed; then any note from the loop (a replan request).
export function resultsMessage(outcomes: readonly ToolOutcome[], notes: readonly string[] = []): string {
  const budget = Math.max(2_000, Math.min(MAX_RESULT_CHARS, Math.floor(MAX_MESSAGE_CHARS / Math.max(1, outcomes.length))));
  const blocks = outcomes.map((outcome, index) => {
    const body = outcome.output.trim() === '' ? '' : `\n${truncateMiddle(outcome.output.trimEnd(), budget)}`;
    return `${header(outcome, index)}${body}`;
  });
  const skipped = outcomes.filter((outcome) => outcome.skipped).length;
  const failed = outcomes.filter((outcome) => !outcome.ok).length - skipped;
  const counts = [failed ? `${failed} failed` : '', skipped ? `${skipped} not run` : ''].filter(Boolean).join(', ');
  const summary = `Results of your ${outcomes.length} tool call${outcomes.length === 1 ? '' : 's'}${counts ? ` (${counts})` : ''}:`;
  return [...(outcomes.length > 0 ? [summary, ...blocks] : []), ...notes].join('\n\n');
}
