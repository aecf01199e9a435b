import type { AgentEvent, EventSink } from '../../agent/events.js';
import type { AgentOutcome } from '../../agent/loop/agent.js';
import type { OutputFormat } from './options.js';
import { visible, visibleLines } from '../visible.js';
import { inPersonWords } from '../../agent/ui/error-words.js';
import { requestTokensLine, sessionTokensLine } from '../../agent/model/usage-words.js';

interface Streams {
  readonly stdout: { write(text: string): unknown };
  readonly stderr: { write(text: string): unknown };
}

// The refusals of the permission gate: denied, nobody to approve, blocked as destructive.
const REFUSALS: ReadonlySet<string> = new Set(['C240', 'C241', 'C242']);

// The stream-json contract's event types (CONTRACT.md); the others are for live displays.
const WIRE_TYPES: ReadonlySet<AgentEvent['type']> = new Set(['turn', 'tool_call', 'tool_result', 'task', 'agent', 'final', 'error']);

function oneLine(text: string, max = 160): string {
  const line = visible(text.replace(/\s+/g, ' ').trim());
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}

// A call's arguments as the progress line shows them: the `args` of `{"cmd": NAME, "args": {...}}` (the
// name is already shown), else as the model wrote them.
function shownArgs(raw: string): string {
  try {
    const parsed: unknown = JSON.parse(raw);
    const args = typeof parsed === 'object' && parsed !== null && 'args' in parsed ? (parsed as { args: unknown }).args : undefined;
    return typeof args === 'object' && args !== null ? JSON.stringify(args) : raw;
  } catch {
    return raw;
  }
}

// Headless text: progress on stderr (one line per tool call and result), the answer alone on stdout.
function textProgress(streams: Streams): EventSink {
  return (event) => {
    if (event.type === 'tool_call') streams.stderr.write(`→ ${event.tool === '@todo' ? '@todo' : oneLine(event.cmd)} ${oneLine(shownArgs(event.args), 120)}\n`);
    else if (event.type === 'tool_result' && !event.ok) streams.stderr.write(`  ✗ ${oneLine(event.cmd)}: ${inPersonWords(event.code, oneLine(event.message ?? ''))}\n`);
    else if (event.type === 'turn' && event.violation) streams.stderr.write(`  (format corrected: ${event.violation})\n`);
    else if (event.type === 'notice') streams.stderr.write(`  ${visibleLines(event.message)}\n`);
    else if (event.type === 'agent' && event.phase === 'start') streams.stderr.write(`⇉ ${event.agent} agent ${event.id}: ${oneLine(event.task, 120)}\n`);
    else if (event.type === 'agent' && event.phase === 'end') {
      const verdict = event.ok ? 'done' : `failed: ${event.error?.code ?? ''} ${oneLine(event.error?.message ?? '')}`;
      streams.stderr.write(`  ${event.agent} agent ${event.id} ${verdict} (${(event.durationMs / 1000).toFixed(1)}s, ${event.toolCalls} tool call${event.toolCalls === 1 ? '' : 's'})\n`);
    }
  };
}

// What a run is, said before the first model request (stream-json's first line), so a consumer knows the
// session to resume and where it runs while the model is still thinking.
export interface RunStart {
  readonly session: string;
  readonly model: string;
  readonly workspace: string;
  readonly approvalMode: string;
  readonly resumed: boolean;
  // The context files put in the system prompt (AGENTS.md, CLAUDE.md, rules ...), as shown to the person.
  readonly contextFiles: readonly string[];
}

export interface HeadlessOutput {
  readonly sink: EventSink;
  // True when the run failed although the loop ended with an answer (json: every tool call was refused).
  failed?(): boolean;
  start?(run: RunStart): void;
  finish(outcome: AgentOutcome): void;
}

// --verbose: every model request's prompt and completion tokens and the session's so far on stderr, and
// the session's total at the end, whatever the format (stdout keeps the format's own output).
// `terminal`: stdout is a person's terminal: the model's answer shows control characters as escapes there
// (OSC 52 would set the clipboard, ESC[8m hide text: red team round 5 R5-5); piped, it stays byte-exact.
export function headlessOutput(format: OutputFormat, streams: Streams, verbose = false, terminal = false): HeadlessOutput {
  const output = formatOutput(format, streams, terminal);
  if (!verbose) return output;
  let requests = 0;
  return {
    ...output,
    sink: (event) => {
      output.sink(event);
      if (event.type !== 'turn') return;
      requests += 1;
      streams.stderr.write(`  ${requestTokensLine(event.turn, event.attempt, event.usage, event.total)}\n`);
    },
    finish: (outcome) => {
      output.finish(outcome);
      streams.stderr.write(`${sessionTokensLine(outcome.usage, requests)}\n`);
    },
  };
}

function formatOutput(format: OutputFormat, streams: Streams, terminal: boolean): HeadlessOutput {
  if (format === 'stream-json') {
    return {
      sink: (event) => {
        if (WIRE_TYPES.has(event.type)) streams.stdout.write(`${JSON.stringify(event)}\n`);
        else if (event.type === 'notice') streams.stderr.write(`  ${visibleLines(event.message)}\n`);
      },
      start: (run) => streams.stdout.write(`${JSON.stringify({ type: 'start', ...run })}\n`),
      finish: () => undefined,
    };
  }
  if (format === 'json') {
    const calls = { made: 0, refused: [] as string[] };
    return {
      sink: (event) => {
        if (event.type === 'notice') streams.stderr.write(`  ${visibleLines(event.message)}\n`);
        if (event.type !== 'tool_result' || event.tool === '@todo') return;
        calls.made += 1;
        if (!event.ok && REFUSALS.has(event.code ?? '')) calls.refused.push(event.code!);
      },
      // A run whose every tool call was refused did none of its work, whatever the model answered.
      failed: () => calls.made > 0 && calls.refused.length === calls.made,
      finish: (outcome) => {
        const refusedAll = calls.made > 0 && calls.refused.length === calls.made;
        const error = refusedAll && outcome.ok
          ? { code: calls.refused[calls.refused.length - 1]!, message: `every tool call of the run (${calls.made}) was refused by the permission gate, so nothing was done; allow the calls (--approval-mode, --allow) or run interactively` }
          : outcome.error;
        const body = { ok: outcome.ok && !refusedAll, result: outcome.result, turns: outcome.turns, usage: outcome.usage, toolCalls: calls.made, refused: calls.refused.length, ...(error ? { error } : {}) };
        streams.stdout.write(`${JSON.stringify(body)}\n`);
      },
    };
  }
  return {
    sink: textProgress(streams),
    finish: (outcome) => {
      const result = terminal ? visibleLines(outcome.result) : outcome.result;
      if (outcome.ok) streams.stdout.write(result.endsWith('\n') ? result : `${result}\n`);
      else streams.stderr.write(`error: ${inPersonWords(outcome.error?.code, visibleLines(outcome.error?.message ?? outcome.result))}\n`);
    },
  };
}
