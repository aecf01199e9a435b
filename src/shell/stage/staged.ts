import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { CommandContext } from '../../engine/command.js';
import { stateDirFor } from '../../engine/state-dir.js';
import { journaled, upperEmpty, type OverlayLayout } from '../../sandbox/overlay.js';
import { removeLayoutAside } from '../../sandbox/layout-aside.js';
import type { StagedChanges } from './apply.js';

// The part of staging every staged exec and test loads (run-call.ts): whether there is anything to
// apply or to recover. The judging and applying machinery (apply.ts, plan.ts, the checkpoint store, the
// obeyed-path context) is loaded only when there is: a run that wrote nothing (`exec true`, a test that
// only reads) costs one readdir of its upper folder and the removal of its run folder (bench/stage.mjs).

const NOTHING: StagedChanges = { created: 0, changed: 0, deleted: 0, files: [] };

// The step's label in `checkpoints`: the command line, on one line, capped.
export function stepLabel(verb: string, command: string): string {
  const line = command.replace(/\s+/g, ' ').trim();
  return `${verb} ${line.length > 200 ? `${line.slice(0, 200)}…` : line}`;
}

// Judges and applies what the run left in `layout` (apply.ts), or only removes its run folder when the
// command wrote nothing. `removing`: that removal, started by the caller when it found the upper folder empty.
export async function applyRun(ctx: CommandContext, layout: OverlayLayout, label: string, removing?: Promise<void>): Promise<StagedChanges> {
  if (removing !== undefined || upperEmpty(layout)) {
    await (removing ?? removeLayoutAside(layout.dir));
    return NOTHING;
  }
  const { applyStaged } = await import('./apply.js');
  return applyStaged(ctx, layout, label);
}

// Finishes interrupted applies (recover.ts) when a run folder of this workspace holds a journal.
export async function recoverRuns(ctx: CommandContext): Promise<void> {
  if (ctx.dryRun) return;
  const stageDir = join(ctx.stateDir ?? stateDirFor(ctx.workspace.root), 'stage');
  let names: string[];
  try {
    names = readdirSync(stageDir);
  } catch {
    return;
  }
  if (!names.some((name) => name.startsWith('run-') && journaled(join(stageDir, name)))) return;
  const { recoverStaged } = await import('./recover.js');
  await recoverStaged(ctx);
}
