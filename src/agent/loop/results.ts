import { fitText } from '../../engine/budget.js';
import type { ToolOutcome } from '../events.js';
import { DEFAULT_RESULT_BYTES } from './budget.js';

function header(outcome: ToolOutcome, index: number): string {
  const name = outcome.tool === '@todo' ? '@todo' : `@coder ${outcome.cmd}`;
  if (outcome.ok) return `[${index + 1}] ${name}: ok`;
  if (outcome.skipped) return `[${index + 1}] ${name}: not run (${outcome.message})`;
  // The message as the engine wrote it: its whitespace may be the point (a C220 closest region).
  return `[${index + 1}] ${name}: error ${[outcome.code, outcome.message].filter((part) => part !== undefined && part !== '').join(' ')}`;
}

// The user message that reports a batch back to the model: one block per call, in the order written,
// with its C2xx code when it failed; then any note from the loop (a replan request). Each output was already
// fitted to its share of `budget` (execute.ts); the message as a whole never exceeds it either.
export function resultsMessage(outcomes: readonly ToolOutcome[], notes: readonly string[] = [], budget = DEFAULT_RESULT_BYTES): string {
  const blocks = outcomes.map((outcome, index) => {
    const body = outcome.output.trim() === '' ? '' : `\n${outcome.output.trimEnd()}`;
    return `${header(outcome, index)}${body}`;
  });
  const skipped = outcomes.filter((outcome) => outcome.skipped).length;
  const failed = outcomes.filter((outcome) => !outcome.ok).length - skipped;
  const counts = [failed ? `${failed} failed` : '', skipped ? `${skipped} not run` : ''].filter(Boolean).join(', ');
  const summary = `Results of your ${outcomes.length} tool call${outcomes.length === 1 ? '' : 's'}${counts ? ` (${counts})` : ''}:`;
  const message = [...(outcomes.length > 0 ? [summary, ...blocks] : []), ...notes].join('\n\n');
  const fitted = fitText(message, budget - 300);
  if (!fitted.cut) return message;
  return `${fitted.text}\n[cut to fit the result budget (${budget} bytes): ${fitted.cut.totalBytes - fitted.cut.shownBytes} bytes of these results left out; send fewer calls at once or narrow them]`;
}
