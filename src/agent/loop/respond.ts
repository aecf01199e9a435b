import { fail, isCodewardError } from '../../engine/errors.js';
import { parseResponse } from '../contract/parse.js';
import type { ParsedResponse } from '../contract/types.js';
import { validateResponse } from '../contract/validate.js';
import type { EventSink } from '../events.js';
import type { ChatMessage, ModelClient, TokenUsage } from '../model/client.js';
import { FORMAT_ANCHOR } from '../prompt/core.js';

export interface RespondContext {
  readonly model: ModelClient;
  readonly system: string;
  readonly history: readonly ChatMessage[];
  readonly tools: readonly string[];
  readonly turn: number;
  readonly maxAttempts: number;
  readonly signal: AbortSignal;
  readonly emit: EventSink;
  // Adds one request's usage to the session's and returns the session total so far.
  readonly addUsage: (usage: TokenUsage) => TokenUsage;
  // A change to the files already succeeded in this request: a final answer may quote code.
  readonly workDone?: boolean;
}

// Fences and typed commands in an answer without tool calls: wrong when they stand in for the work,
// fine in a summary of work already done. After work, such an answer is accepted; before it, it is
// corrected once and accepted when the model answers the same way again (it is then an answer).
const SOFT: ReadonlySet<string> = new Set(['code-block', 'loose-shell']);

export interface Response {
  readonly text: string;
  readonly parsed: ParsedResponse;
}

// The format anchor rides on the last user message of each request and is never stored, so it costs
// its few tokens once per request instead of once per turn of history.
function withAnchor(messages: readonly ChatMessage[]): ChatMessage[] {
  const copy = [...messages];
  const last = copy[copy.length - 1];
  if (last?.role === 'user') copy[copy.length - 1] = { role: 'user', content: `${last.content}\n\n${FORMAT_ANCHOR}` };
  else copy.push({ role: 'user', content: FORMAT_ANCHOR });
  return copy;
}

// One turn: ask the model; an answer that breaks the output contract gets a precise correction and is
// asked again (up to maxAttempts in all). The broken answers and corrections are sent only while this
// turn retries; the history keeps the valid answer alone.
export async function respond(context: RespondContext): Promise<Response> {
  const retries: ChatMessage[] = [];
  let lastKind = '';
  for (let attempt = 1; attempt <= context.maxAttempts; attempt += 1) {
    context.emit({ type: 'request', turn: context.turn, attempt });
    const reply = await context.model.complete({
      system: context.system,
      messages: withAnchor([...context.history, ...retries]),
      signal: context.signal,
      onText: (delta) => context.emit({ type: 'text', turn: context.turn, delta }),
      onRetry: (retry) => context.emit({ type: 'notice', message: `model request failed (${retry.reason.slice(0, 160)}); retry ${retry.attempt} of ${retry.of} in ${(retry.delayMs / 1000).toFixed(1)}s` }),
    });
    const total = context.addUsage(reply.usage);
    const parsed = parseResponse(reply.text);
    const found = validateResponse(parsed, { tools: context.tools });
    const accepted = found !== null && SOFT.has(found.kind) && (context.workDone === true || lastKind === found.kind);
    const violation = accepted ? null : found;
    if (!violation) {
      context.emit({ type: 'turn', turn: context.turn, attempt, text: reply.text, usage: reply.usage, total });
      return { text: reply.text, parsed };
    }
    lastKind = violation.kind;
    context.emit({ type: 'turn', turn: context.turn, attempt, text: reply.text, usage: reply.usage, total, violation: violation.kind, correction: violation.correction });
    retries.push({ role: 'assistant', content: reply.text }, { role: 'user', content: violation.correction });
  }
  throw fail('C210', `the model broke the output contract ${context.maxAttempts} times in a row (last: ${lastKind}); the run stopped`);
}

export function isCancellation(error: unknown, signal: AbortSignal): boolean {
  return signal.aborted && !(isCodewardError(error) && error.code !== 'C250');
}
