import type { AgentCallTag } from '../contract/types.js';
import type { AgentDispatch } from '../loop/agent.js';
import type { AgentCatalog } from './catalog.js';
import type { TeamSettings } from './settings.js';
import { runWorker, type WorkerEnvironment, type WorkerReport } from './worker.js';

// Runs `items` through `work` with at most `limit` at a time, results in input order.
export async function mapPool<T, R>(items: readonly T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const lane = async (): Promise<void> => {
    while (next < items.length) {
      const index = next;
      next += 1;
      results[index] = await work(items[index]!);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, lane));
  return results;
}

function block(report: WorkerReport): string {
  const seconds = `${(report.durationMs / 1000).toFixed(1)}s`;
  const status = report.ok ? 'OK' : `FAILED — ${report.error ? `${report.error.code} ${report.error.message}` : 'no answer'}`;
  const counts = `${report.turns} turn${report.turns === 1 ? '' : 's'}, ${report.toolCalls} tool call${report.toolCalls === 1 ? '' : 's'}${report.failedCalls ? ` (${report.failedCalls} failed)` : ''}`;
  const lines = [`[${report.agent}] (call ${report.id}, ${seconds}, ${counts})`, `Task: ${report.task}`, `Status: ${status}`];
  if (report.output.trim() !== '') lines.push(`Output:\n${report.output.trim()}`);
  return lines.join('\n');
}

// The one message that reports a dispatch back to the orchestrator.
export function agentResultsMessage(reports: readonly WorkerReport[]): string {
  const failed = reports.filter((report) => !report.ok).length;
  const parts = [`--- Agent Results (${reports.length - failed} ok, ${failed} failed) ---`, reports.map(block).join('\n\n---\n\n')];
  if (failed > 0) parts.push('Some agents failed: dispatch them again with a corrected task, or do that work yourself with @coder tool calls.');
  return parts.join('\n\n');
}

function unknownAgent(call: AgentCallTag, catalog: AgentCatalog): WorkerReport {
  const message = `unknown agent "${call.agent}"; available: ${catalog.agents.map((spec) => spec.name).join(', ')}`;
  return { id: call.id, agent: call.agent, task: call.task, ok: false, output: '', durationMs: 0, turns: 0, toolCalls: 0, failedCalls: 0, error: { code: 'C210', message } };
}

// <agent_call> dispatch (seed 001): every call runs as its own worker, in parallel on a pool of
// `maxWorkers` (one at a time when parallel mode is off); the results come back as one message.
export function createDispatcher(catalog: AgentCatalog, settings: TeamSettings, environment: Omit<WorkerEnvironment, 'maxTurns' | 'timeoutMs'>) {
  const worker: WorkerEnvironment = { ...environment, maxTurns: settings.maxTurns, timeoutMs: settings.timeoutMs };
  return async (calls: readonly AgentCallTag[], signal: AbortSignal): Promise<AgentDispatch> => {
    const limit = settings.parallel ? settings.maxWorkers : 1;
    const reports = await mapPool(calls, limit, async (call) => {
      const spec = catalog.get(call.agent);
      return spec ? runWorker(spec, { id: call.id, task: call.task, depth: 1 }, worker, signal) : unknownAgent(call, catalog);
    });
    const results = reports.map((report) => (report.ok ? { ok: true } : { ok: false, error: `agent ${report.agent} ${report.id}: ${report.error?.code ?? ''} ${report.error?.message ?? 'no answer'}` }));
    return { message: agentResultsMessage(reports), results };
  };
}
