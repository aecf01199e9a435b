import type { TokenUsage } from './model/client.js';
import type { PlanSnapshot } from './tasks/tracker.js';

// Everything a run reports, for the terminal UI, the headless printers and the transcript. The types
// `turn`, `tool_call`, `tool_result`, `task`, `final` and `error` are the stream-json contract
// (CONTRACT.md); `request` and `text` are for live displays only.
export type AgentEvent =
  // A request to the model starts (attempt > 1: a retry after a contract violation).
  | { readonly type: 'request'; readonly turn: number; readonly attempt: number }
  // A piece of the model's answer as it streams in.
  | { readonly type: 'text'; readonly turn: number; readonly delta: string }
  // The model answered; `usage` is this request's tokens (input: the prompt, output: the completion),
  // `total` the session's so far; `violation` and `correction` when the answer broke the output contract.
  | {
      readonly type: 'turn';
      readonly turn: number;
      readonly attempt: number;
      readonly text: string;
      readonly usage: TokenUsage;
      readonly total?: TokenUsage;
      readonly violation?: string;
      readonly correction?: string;
    }
  | { readonly type: 'tool_call'; readonly turn: number; readonly id: string; readonly tool: string; readonly cmd: string; readonly args: string }
  | { readonly type: 'tool_result'; readonly turn: number } & ToolOutcome
  // What a call is about to do (the diff of an edit, the command of a test), for an approval prompt.
  | { readonly type: 'preview'; readonly turn: number; readonly id: string; readonly cmd: string; readonly diff?: string; readonly lines?: readonly string[]; readonly command?: string; readonly where?: string }
  | { readonly type: 'task'; readonly plan: PlanSnapshot; readonly text: string }
  // A notice for people (a cancelled turn, a replan request); not sent to the model.
  | { readonly type: 'notice'; readonly message: string }
  // A dispatched agent or a delegated subagent: started, one of its tool results, finished.
  | AgentActivity
  | { readonly type: 'final'; readonly ok: boolean; readonly result: string; readonly question: boolean; readonly turns: number; readonly usage: TokenUsage }
  | { readonly type: 'error'; readonly code: string; readonly message: string };

export type AgentActivity = { readonly type: 'agent'; readonly id: string; readonly agent: string; readonly depth: number } & (
  | { readonly phase: 'start'; readonly task: string }
  | { readonly phase: 'step'; readonly cmd: string; readonly ok: boolean; readonly code?: string; readonly message?: string }
  | { readonly phase: 'end'; readonly ok: boolean; readonly durationMs: number; readonly turns: number; readonly toolCalls: number; readonly error?: { readonly code: string; readonly message: string } }
);

export interface ToolOutcome {
  readonly id: string;
  readonly tool: string;
  readonly cmd: string;
  readonly ok: boolean;
  readonly code?: string;
  readonly message?: string;
  // What the model is told (the command's text rendering, or the error), before truncation.
  readonly output: string;
  readonly durationMs: number;
  // A unified diff of the files an edit changed, when the run asked for diffs.
  readonly diff?: string;
  // The call did not run because a call it depends on failed first.
  readonly skipped?: boolean;
}

export type EventSink = (event: AgentEvent) => void;
