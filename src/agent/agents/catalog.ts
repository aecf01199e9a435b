import { BUILTIN_AGENTS, type AgentSpec } from './roster.js';

// The agents one run can dispatch: the built-ins, then custom agents (a custom agent replaces a
// built-in only when its file said `override: true`; the loader enforces that).
export class AgentCatalog {
  private readonly byName: Map<string, AgentSpec>;

  constructor(custom: readonly AgentSpec[] = [], builtins: readonly AgentSpec[] = BUILTIN_AGENTS) {
    this.byName = new Map(builtins.map((spec) => [spec.name, spec]));
    for (const spec of custom) this.byName.set(spec.name, spec);
  }

  get agents(): AgentSpec[] {
    return [...this.byName.values()];
  }

  get(name: string): AgentSpec | undefined {
    return this.byName.get(name.trim().toLowerCase());
  }

  // The orchestrator's system prompt section, kept short (most tasks need no agent): how to dispatch,
  // the built-in types by name, custom agents with their description (their names say less).
  prompt(): string {
    const entries = this.agents.map((spec) => (spec.source === 'builtin' ? spec.name : `${spec.name} (${spec.description})`));
    return [
      '# Agents',
      `Only for 3+ independent pieces of work: <agent_call agent="TYPE" task="..." /> runs agents in parallel, each with an empty context (give it every path and fact); types: ${entries.join(', ')}.`,
    ].join('\n');
  }
}
