import type { Engine } from '../../engine/engine.js';
import { createEngine } from '../../setup.js';
import { DEFAULT_NON_ACCESSIBLE_GLOBS } from '../../workspace/types.js';
import type { WorkerConfig } from './config.js';
import { workerGate, workerPathRules, type GateContext, type WorkerPermissions } from './gate.js';

// The engine every coder::* function runs through, built by the composition root every door uses
// (createEngine: the workspace jail on base_path, the file store with checkpoints for `codeward undo`,
// multi-file journals, the staleness tracker of this worker's session, and whatever else every door
// gets), with the worker's own settings (seed 003's config.yaml: its non_accessible_globs plus any a
// .codeward/config in base_path adds, the write cap;
// text written as sent, no quote normalisation) and the worker's permission stage (gate.ts) as the
// engine's authorize hook.
export async function workerEngine(base: string, config: WorkerConfig, permissions: WorkerPermissions): Promise<Engine> {
  const holder: { gate?: GateContext } = {};
  const gate = (): GateContext => holder.gate!;
  const engine = await createEngine({
    workspace: base,
    door: { name: 'worker' },
    configure: (settings) => ({
      ...settings,
      // The worker's globs, and what the workspace's own .codeward/config adds (it can only add).
      nonAccessibleGlobs: [...new Set([...config.non_accessible_globs, ...settings.nonAccessibleGlobs.filter((glob) => !DEFAULT_NON_ACCESSIBLE_GLOBS.includes(glob))])],
      normalizeQuotes: false,
      maxWriteBytes: Math.max(1, config.max_write_bytes),
    }),
    hooks: { authorize: (call) => workerGate(gate())(call), pathRules: () => workerPathRules(gate()) },
  });
  holder.gate = { workspace: engine.workspace, defaultWriteAction: config.default_write_action, permissions };
  return engine;
}
