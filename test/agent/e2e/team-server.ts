import type { RecordedRequest, ScriptedReply } from '../../helpers/model-server.js';

export type Reply = ScriptedReply | string;

// Scripts for one orchestrator and its workers, for the scripted model server. Requests from agents
// that run at the same time arrive in any order, so each is answered by who sent it and how far its
// conversation is: the orchestrator (its system prompt lists the agents) by its turn, a worker by
// the task it was given (the first user message) and its turn.
export interface TeamScript {
  readonly orchestrator: readonly Reply[];
  // Keyed by a piece of text unique to the worker's task.
  readonly workers: Readonly<Record<string, readonly Reply[]>>;
}

export interface TeamLog {
  // When each worker's request arrived (ms since the epoch), by task key.
  readonly arrivals: Map<string, number[]>;
}

const turnOf = (request: RecordedRequest): number => request.messages.filter((message) => message.role === 'assistant').length;

export function isOrchestrator(request: RecordedRequest): boolean {
  return request.system.includes('# Agents');
}

export function workerKey(request: RecordedRequest, script: TeamScript): string | undefined {
  const task = request.messages[0]?.content ?? '';
  return Object.keys(script.workers).find((key) => task.includes(key));
}

export function teamReplies(script: TeamScript): { reply: (request: RecordedRequest) => Reply; log: TeamLog } {
  const log: TeamLog = { arrivals: new Map() };
  const reply = (request: RecordedRequest): Reply => {
    const turn = turnOf(request);
    if (isOrchestrator(request)) return script.orchestrator[turn] ?? { status: 500, text: `orchestrator script has no turn ${turn + 1}` };
    const key = workerKey(request, script);
    if (key === undefined) return { status: 500, text: `no worker script for: ${request.messages[0]?.content.slice(0, 200)}` };
    log.arrivals.set(key, [...(log.arrivals.get(key) ?? []), Date.now()]);
    return script.workers[key]![turn] ?? { status: 500, text: `worker ${key} script has no turn ${turn + 1}` };
  };
  return { reply, log };
}

// An <agent_call> tag.
export function agentCall(agent: string, task: string): string {
  return `<agent_call agent="${agent}" task="${task}" />`;
}
