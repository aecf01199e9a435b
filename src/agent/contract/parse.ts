import { asciiLower } from './finder.js';
import { findReasoning, type Span } from './reasoning.js';
import { findLooseShell } from './shell.js';
import { scanTags, type FoundTag } from './tags.js';
import type { AgentCallTag, ParsedResponse, ToolCallTag } from './types.js';

export type { AgentCallTag, ParsedResponse, ToolCallTag } from './types.js';

// A body the model fenced as a code block (```json ... ```): the call is what the fence holds.
function unfenced(body: string): string {
  const match = /^```[\w-]*[ \t]*\r?\n([\s\S]*?)\r?\n[ \t]*```$/.exec(body);
  return match ? match[1]!.trim() : body;
}

function toToolCall(text: string, tag: FoundTag): ToolCallTag {
  const args = tag.attributes.get('args');
  return {
    name: (tag.attributes.get('name') ?? '').trim(),
    // A paired tag carries its args in the body when there is no args attribute (multi-line JSON, usually).
    args: args ?? unfenced(tag.body?.trim() ?? ''),
    raw: text.slice(tag.start, tag.end),
    index: tag.start,
  };
}

// Undefined when agent or task is missing: such a call cannot be dispatched and is counted as malformed.
function toAgentCall(text: string, tag: FoundTag, id: number): AgentCallTag | undefined {
  const agent = (tag.attributes.get('agent') ?? '').trim().toLowerCase();
  // The body of a paired tag adds detail to the task attribute (or is the task when the attribute is absent).
  const task = [tag.attributes.get('task')?.trim(), tag.body?.trim()].filter((part) => part !== undefined && part !== '').join('\n');
  if (agent === '' || task === '') return undefined;
  return { id: `ac-${id}`, agent, task, raw: text.slice(tag.start, tag.end) };
}

// The text with the spans cut out. Spans must be sorted by start; overlapping spans are merged.
function removeSpans(text: string, spans: readonly Span[], filler: string): string {
  const pieces: string[] = [];
  let at = 0;
  for (const span of spans) {
    if (span.end <= at) continue;
    pieces.push(text.slice(at, Math.max(at, span.start)));
    at = span.end;
  }
  pieces.push(text.slice(at));
  return pieces.join(filler);
}

// Cutting tags out leaves holes; collapse the runs of blank lines they leave so the answer reads as written.
function tidy(prose: string): string {
  return prose.replace(/\n[ \t]*\n(?:[ \t]*\n)+/g, '\n\n').trim();
}

function snippet(text: string, at: number): string {
  const line = text.slice(at, at + 101).split('\n')[0]!;
  return line.length > 100 ? `${line.slice(0, 99)}…` : line;
}

// Splits one assistant response into what the /coder contract cares about. One forward scan over the text
// (see tags.ts); nothing here backtracks, so a hostile 1 MB response parses in linear time.
export function parseResponse(text: string): ParsedResponse {
  const lower = asciiLower(text);
  const { tags, unreadable } = scanTags(text, lower);
  const block = findReasoning(text, lower, tags);
  const toolCalls: ToolCallTag[] = [];
  const agentCalls: AgentCallTag[] = [];
  let malformedAgentCalls = 0;
  for (const tag of tags) {
    if (tag.kind === 'tool') {
      toolCalls.push(toToolCall(text, tag));
      continue;
    }
    const call = toAgentCall(text, tag, agentCalls.length + 1);
    if (call) agentCalls.push(call);
    else malformedAgentCalls++;
  }
  const firstCall = toolCalls[0];
  // Line-based checks look at everything but the calls themselves (the reasoning included); a newline stands
  // in for each call so text on either side of it does not fuse into one line.
  const outside = removeSpans(text, tags, '\n');
  const proseSpans = block ? [...tags, block].sort((a, b) => a.start - b.start) : tags;
  return {
    reasoning: block?.content ?? null,
    reasoningBeforeCalls: block !== null && (firstCall === undefined || block.end <= firstCall.index),
    toolCalls,
    agentCalls,
    malformedAgentCalls,
    // The start of each tool tag that could not be read (first line, at most 100 characters).
    unreadableToolCalls: unreadable.map((at) => snippet(text, at)),
    hasCodeBlock: outside.includes('```'),
    looseShell: findLooseShell(outside),
    prose: tidy(removeSpans(text, proseSpans, '')),
  };
}
