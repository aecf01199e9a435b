import type { CallerServices, DelegateReport, DelegateRequest } from '../../engine/command.js';
import { fail } from '../../engine/errors.js';
import { GIT, WRITING_COMMANDS, type AgentSpec } from './roster.js';
import type { TeamSettings } from './settings.js';
import { runWorker, type WorkerEnvironment } from './worker.js';

export const DELEGATE_READ_TOOLS: readonly string[] = ['read', 'search', 'tree', ...GIT];
export const DELEGATE_EDIT_TOOLS: readonly string[] = ['read', 'write', 'patch', 'multipatch', 'create', 'tree', 'search', 'exec', 'test', ...GIT];

const SUBAGENT_ROLE = 'You are a subagent: another agent handed you one self-contained sub-task. Do it with the tools you have and report the result precisely (paths, findings, what you changed).';

export interface DelegateBase {
  readonly environment: Omit<WorkerEnvironment, 'caller' | 'maxTurns' | 'timeoutMs'>;
  readonly settings: TeamSettings;
  // Every command the engine knows.
  readonly known: readonly string[];
}

function subagentTools(request: DelegateRequest, known: readonly string[]): string[] {
  const tools = request.tools.length > 0 ? [...new Set(request.tools)] : [...(request.readOnly ? DELEGATE_READ_TOOLS : DELEGATE_EDIT_TOOLS)];
  const unknown = tools.filter((tool) => !known.includes(tool));
  if (unknown.length > 0) throw fail('C210', `delegate --tools: unknown command${unknown.length > 1 ? 's' : ''} ${unknown.join(', ')}; known: ${known.join(', ')}`);
  const writing = tools.filter((tool) => WRITING_COMMANDS.has(tool));
  if (request.readOnly && writing.length > 0) throw fail('C210', `delegate: a read-only subagent cannot have ${writing.join(', ')}; pass --read-only false to let it edit`);
  return tools;
}

// The delegate command's runner for an agent at `depth` (the orchestrator is 0): a subagent one level
// deeper, with its own context, the same engine and permission gate, an allowlist, a turn limit and a
// timeout. Past the depth limit the call is refused (C240).
export function delegateServices(base: DelegateBase, depth: number): CallerServices {
  let count = 0;
  return {
    delegate: async (request: DelegateRequest, signal: AbortSignal): Promise<DelegateReport> => {
      const { maxDepth } = base.settings;
      if (depth >= maxDepth) {
        throw fail('C240', `delegation depth limit reached (${maxDepth}; this agent is at depth ${depth}): do this sub-task yourself`);
      }
      const commands = subagentTools(request, base.known);
      count += 1;
      const spec: AgentSpec = { name: 'subagent', description: request.description, role: SUBAGENT_ROLE, commands, readOnly: request.readOnly, source: 'delegate' };
      const environment: WorkerEnvironment = {
        ...base.environment,
        maxTurns: request.maxTurns,
        timeoutMs: base.settings.timeoutMs,
        caller: delegateServices(base, depth + 1),
      };
      const report = await runWorker(spec, { id: `sa-${depth + 1}.${count}`, task: request.prompt, depth: depth + 1 }, environment, signal);
      const { ok, output, turns, toolCalls, failedCalls, durationMs, error } = report;
      return { ok, output, depth: depth + 1, turns, toolCalls, failedCalls, durationMs, ...(error ? { error } : {}) };
    },
  };
}
