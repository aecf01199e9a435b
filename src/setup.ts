import { resolve } from 'node:path';
import { builtinCommands } from './commands/index.js';
import { loadConfig } from './engine/config.js';
import { Engine, type EngineHooks } from './engine/engine.js';
import { Registry } from './engine/registry.js';
import { Workspace } from './workspace/workspace.js';

export interface CreateEngineOptions {
  // Workspace root; relative paths resolve against the process's current directory.
  readonly workspace: string;
  readonly hooks?: Partial<EngineHooks>;
  readonly env?: Readonly<Record<string, string | undefined>>;
  readonly registry?: Registry;
}

// The composition root every door uses: config from the workspace, the jail, the built-in commands.
export async function createEngine(options: CreateEngineOptions): Promise<Engine> {
  // A missing root has no config (defaults); Workspace.open then reports it as C211.
  const config = await loadConfig(resolve(options.workspace));
  const workspace = await Workspace.open(options.workspace, {
    nonAccessibleGlobs: config.nonAccessibleGlobs,
    ...(options.env ? { env: options.env } : {}),
  });
  return new Engine({ registry: options.registry ?? new Registry(builtinCommands), workspace, config, ...(options.hooks ? { hooks: options.hooks } : {}) });
}
