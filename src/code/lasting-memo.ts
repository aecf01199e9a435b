// One value per key for the code commands, kept as long as it can be: across the engines a warm server
// (`codeward serve`) builds, one per call (ctx.lasting), else for the engine's life (ctx.memo). Only what is
// checked against the files it came from at each use goes here: the grammars and their compiled queries
// (derived from the installed grammar packages alone: a served call paid the TypeScript tags query's
// compile, 150-360 ms, every time), the outlines (kept by the file's whole text), the index's store (shards
// read again when their file's identity changed), the listing's stamps and the repo map's graph (both by
// each file's identity stamp). Never module state.
import type { CommandContext } from '../engine/command.js';

export function lastingMemo<T>(ctx: Pick<CommandContext, 'memo' | 'lasting'>, key: string, create: () => T): T {
  const lasting = ctx.lasting;
  if (lasting === undefined) return ctx.memo(key, create);
  const slot = `code:${key}`;
  const kept = (lasting.get(slot) as T | undefined) ?? ctx.memo(key, create);
  lasting.set(slot, kept);
  return kept;
}
