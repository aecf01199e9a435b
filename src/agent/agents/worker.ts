import type { CallerServices } from '../../engine/command.js';
import type { Engine } from '../../engine/engine.js';
import { fail } from '../../engine/errors.js';
import type { AgentEvent, EventSink } from '../events.js';
import { AgentLoop } from '../loop/agent.js';
import { truncateMiddle } from '../loop/truncate.js';
import type { ModelClient, TokenUsage } from '../model/client.js';
import type { ContextFile } from '../prompt/context-files.js';
import { buildSystemPrompt } from '../prompt/system.js';
import { WRITING_COMMANDS, type AgentSpec } from './roster.js';

// What every worker is told after its role.
const WORKER_RULES = `You are one worker of a team, started by an orchestrator for one task. You cannot ask the user anything: decide, or report what is missing. When the task is done, answer without tool calls: a concise report of what you found or changed (paths, results), which goes back to the orchestrator.`;

// A worker's answer beyond this is cut in the middle before it reaches the orchestrator.
export const WORKER_OUTPUT_CHARS = 30_000;

export interface WorkerEnvironment {
  readonly engine: Engine;
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly contextFiles: readonly ContextFile[];
  // The model for an agent (its own model name, or the orchestrator's).
  modelFor(model: string | undefined): ModelClient;
  readonly emit: EventSink;
  readonly maxTurns: number;
  readonly timeoutMs: number;
  // Lent to the worker's commands (delegate, one level deeper), when it may delegate.
  readonly caller?: CallerServices;
  // The run's token counter: the orchestrator's total includes every agent.
  readonly usage?: TokenUsage;
}

export interface WorkerReport {
  readonly id: string;
  readonly agent: string;
  readonly task: string;
  readonly ok: boolean;
  readonly output: string;
  readonly durationMs: number;
  readonly turns: number;
  readonly toolCalls: number;
  readonly failedCalls: number;
  readonly error?: { readonly code: string; readonly message: string };
}

// Runs one agent on one task to its answer: its own context and system prompt, the same engine (so the
// permission gate, staleness and per-file locks apply across agents), its command allowlist, a turn
// limit and a timeout. Never throws: a failure is a report with ok false.
export async function runWorker(spec: AgentSpec, task: { id: string; task: string; depth: number }, environment: WorkerEnvironment, signal: AbortSignal): Promise<WorkerReport> {
  const started = performance.now();
  const { id, depth } = task;
  let toolCalls = 0;
  let failedCalls = 0;
  const emit = (event: AgentEvent): void => {
    if (event.type !== 'tool_result') return;
    toolCalls += 1;
    if (!event.ok) failedCalls += 1;
    environment.emit({ type: 'agent', id, agent: spec.name, depth, phase: 'step', cmd: event.cmd, ok: event.ok, ...(event.code ? { code: event.code } : {}), ...(event.message ? { message: event.message } : {}) });
  };
  environment.emit({ type: 'agent', id, agent: spec.name, depth, phase: 'start', task: task.task });
  const stop = new AbortController();
  const timer = setTimeout(() => stop.abort(fail('C250', `agent "${spec.name}" ran past its timeout (${Math.round(environment.timeoutMs / 1000)} s)`)), environment.timeoutMs);
  const onParentAbort = (): void => stop.abort(signal.reason ?? fail('C250', 'cancelled'));
  if (signal.aborted) onParentAbort();
  else signal.addEventListener('abort', onParentAbort, { once: true });
  let report: WorkerReport;
  try {
    const system = buildSystemPrompt({
      persona: `${spec.role}\n\n${WORKER_RULES}`,
      workspaceRoot: environment.engine.workspace.root,
      contextFiles: environment.contextFiles,
      registry: environment.engine.registry,
      commands: spec.commands,
    });
    const loop = new AgentLoop({
      engine: environment.engine,
      model: environment.modelFor(spec.model),
      system,
      emit,
      env: environment.env,
      maxTurns: environment.maxTurns,
      signal: stop.signal,
      ...(environment.usage ? { usage: environment.usage } : {}),
      allowance: { agent: spec.name, commands: new Set(spec.commands), readOnly: spec.readOnly, writing: WRITING_COMMANDS },
      // Its label names it in approval prompts; delegate only when its commands include it.
      caller: { ...(environment.caller && spec.commands.includes('delegate') ? environment.caller : {}), label: `${spec.name} agent ${id}` },
    });
    const outcome = await loop.run(task.task);
    const common = { id, agent: spec.name, task: task.task, durationMs: Math.round(performance.now() - started), turns: outcome.turns, toolCalls, failedCalls };
    report = outcome.ok
      ? { ...common, ok: true, output: truncateMiddle(outcome.result, WORKER_OUTPUT_CHARS) }
      : { ...common, ok: false, output: '', error: outcome.error ?? { code: 'C250', message: outcome.result } };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    report = { id, agent: spec.name, task: task.task, ok: false, output: '', durationMs: Math.round(performance.now() - started), turns: 0, toolCalls, failedCalls, error: { code: 'C210', message } };
  } finally {
    clearTimeout(timer);
    signal.removeEventListener('abort', onParentAbort);
  }
  const { ok, durationMs, turns, error } = report;
  environment.emit({ type: 'agent', id, agent: spec.name, depth, phase: 'end', ok, durationMs, turns, toolCalls, ...(error ? { error } : {}) });
  return report;
}
