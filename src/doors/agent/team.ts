import type { Engine } from '../../engine/engine.js';
import type { CallerServices } from '../../engine/command.js';
import { AgentCatalog } from '../../agent/agents/catalog.js';
import { loadCustomAgents } from '../../agent/agents/custom.js';
import { delegateServices } from '../../agent/agents/delegate.js';
import { createDispatcher } from '../../agent/agents/dispatch.js';
import { BUILTIN_AGENTS } from '../../agent/agents/roster.js';
import { teamSettings } from '../../agent/agents/settings.js';
import type { AgentCallTag } from '../../agent/contract/types.js';
import type { AgentDispatch } from '../../agent/loop/agent.js';
import type { EventSink } from '../../agent/events.js';
import { aiSdkClient, type ModelClient, type TokenUsage } from '../../agent/model/client.js';
import type { ModelConfig } from '../../agent/model/config.js';
import { createLanguageModel } from '../../agent/model/create.js';
import type { ContextFile } from '../../agent/prompt/context-files.js';

export interface TeamParts {
  readonly engine: Engine;
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly home: string | undefined;
  readonly contextFiles: readonly ContextFile[];
  readonly modelConfig: ModelConfig;
  readonly model: ModelClient;
  readonly emit: EventSink;
  // The run's token counter, shared with every agent.
  readonly usage: TokenUsage;
}

export interface Team {
  readonly catalog: AgentCatalog;
  readonly warnings: readonly string[];
  readonly dispatch: (calls: readonly AgentCallTag[], signal: AbortSignal) => Promise<AgentDispatch>;
  // The orchestrator's delegate runner (depth 0).
  readonly caller: CallerServices;
}

// The agents the orchestrator can dispatch and delegate to: built-ins plus custom agents, each with its
// model (an agent's own `model` uses the orchestrator's provider), on the one engine of the run.
export async function buildTeam(parts: TeamParts): Promise<Team> {
  const settings = teamSettings(parts.env);
  const known = parts.engine.registry.commands.map((command) => command.name);
  const custom = await loadCustomAgents({ workspace: parts.engine.workspace, home: parts.home, known, reserved: new Set(BUILTIN_AGENTS.map((spec) => spec.name)) });
  const catalog = new AgentCatalog(custom.agents);
  const models = new Map<string, ModelClient>();
  for (const spec of catalog.agents) {
    if (spec.model && spec.model !== parts.modelConfig.model && !models.has(spec.model)) {
      const config = { ...parts.modelConfig, model: spec.model };
      models.set(spec.model, aiSdkClient(await createLanguageModel(config), config));
    }
  }
  const environment = {
    engine: parts.engine,
    env: parts.env,
    contextFiles: parts.contextFiles,
    modelFor: (model: string | undefined) => (model ? models.get(model) : undefined) ?? parts.model,
    emit: parts.emit,
    usage: parts.usage,
  };
  const base = { environment, settings, known };
  return {
    catalog,
    warnings: custom.warnings,
    dispatch: createDispatcher(catalog, settings, { ...environment, caller: delegateServices(base, 1) }),
    caller: delegateServices(base, 0),
  };
}
