import { fail } from '../../engine/errors.js';

// How dispatched agents and delegated subagents run, from the environment.
export interface TeamSettings {
  readonly parallel: boolean;
  readonly maxWorkers: number;
  readonly timeoutMs: number;
  readonly maxTurns: number;
  readonly maxDepth: number;
}

export const TEAM_DEFAULTS: TeamSettings = { parallel: true, maxWorkers: 4, timeoutMs: 600_000, maxTurns: 30, maxDepth: 2 };

function whole(env: Readonly<Record<string, string | undefined>>, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name]?.trim();
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) throw fail('C210', `${name}=${raw} must be a whole number from ${min} to ${max}`);
  return value;
}

// CODEWARD_AGENT_PARALLEL (false/0 runs agents one at a time), CODEWARD_AGENT_MAX_WORKERS,
// CODEWARD_AGENT_WORKER_TIMEOUT (seconds), CODEWARD_AGENT_WORKER_MAX_TURNS, CODEWARD_AGENT_MAX_DEPTH.
export function teamSettings(env: Readonly<Record<string, string | undefined>>): TeamSettings {
  const raw = env['CODEWARD_AGENT_PARALLEL'];
  const parallel = raw?.trim().toLowerCase();
  if (parallel !== undefined && parallel !== '' && !['true', '1', 'false', '0', 'yes', 'no'].includes(parallel)) {
    throw fail('C210', `CODEWARD_AGENT_PARALLEL=${raw} must be true or false`);
  }
  return {
    parallel: parallel === undefined || parallel === '' || ['true', '1', 'yes'].includes(parallel),
    maxWorkers: whole(env, 'CODEWARD_AGENT_MAX_WORKERS', TEAM_DEFAULTS.maxWorkers, 1, 64),
    timeoutMs: whole(env, 'CODEWARD_AGENT_WORKER_TIMEOUT', TEAM_DEFAULTS.timeoutMs / 1000, 1, 86_400) * 1000,
    maxTurns: whole(env, 'CODEWARD_AGENT_WORKER_MAX_TURNS', TEAM_DEFAULTS.maxTurns, 1, 500),
    maxDepth: whole(env, 'CODEWARD_AGENT_MAX_DEPTH', TEAM_DEFAULTS.maxDepth, 0, 8),
  };
}
