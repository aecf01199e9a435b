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

  // The orchestrator's system prompt section, kept short (most tasks need no agent): how to dispatch with
  // the general type, custom agents with their description (a project's own, the model cannot guess them).
  // The other built-ins are not listed: an unknown type is answered with every type (dispatch.ts), and
  // their names cost every request ~25 tokens (issue 29).
  prompt(): string {
    const custom = this.agents.filter((spec) => spec.source !== 'builtin').map((spec) => `${spec.name} (${spec.description})`);
    const more = custom.length > 0 ? `; this project's: ${custom.join(', ')}` : '';
    const example = this.get('coder') ? 'coder' : (this.agents[0]?.name ?? 'TYPE');
    const how = `For 3+ independent tasks only: <agent_call agent="${example}" task="..." /> runs each in parallel from an empty context (give every path and fact)`;
    return `# Agents\n${how}; an unknown agent's error lists the types${more}.`;
  }
}
