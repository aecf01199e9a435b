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

  // The orchestrator's system prompt section, kept short: how to dispatch, then each agent in a few words.
  prompt(): string {
    const entries = this.agents.map((spec) => `${spec.name}: ${spec.description}`);
    return [
      '# Agents',
      'For 3+ independent pieces of work, dispatch agents; they run in parallel, each with an empty context (give it every path and fact it needs), and report back in one message:',
      '<agent_call agent="TYPE" task="..." />',
      `Types: ${entries.join('; ')}.`,
    ].join('\n');
  }
}
