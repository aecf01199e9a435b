import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { CommandContext } from '../../engine/command.js';
import { stateDirFor } from '../../engine/state-dir.js';
import { sealBlob } from '../../files/checkpoints/blobs.js';
import { foldersNow, openFolders } from '../../files/checkpoints/folders.js';
import { storeFor } from '../../files/checkpoints/record.js';
import { captureState, sameState } from '../../files/checkpoints/state.js';
import { removeLayout } from '../../sandbox/overlay.js';
import { act } from './apply.js';
import { claimJournal, type Journal } from './journal.js';
import { checkJournalOps } from './journal-check.js';
import { keepFiles } from './kept.js';

// Finishes the applies of staged runs whose process died in the middle (journal.ts), before this call
// touches the workspace: exec and test (run-call.ts), undo, redo and restore. The journal's operations
// are done again (idempotent: what was done is skipped), then the pending checkpoint step gets its after
// states, so one `undo` takes the whole command back. When the step was never begun (the process died
// before the first file moved), nothing was applied: the command's files are kept aside, not applied.

// The pending (or finished) step the interrupted apply recorded.
async function stepOf(ctx: CommandContext, journal: Journal) {
  const steps = await storeFor(ctx).steps();
  return steps.findLast((step) => step.pid === journal.pid && step.command === journal.label && step.status !== 'undone');
}

// The step's after states, as the workspace holds them now (the pending step of a dead writer), its
// folders' too (the step was begun with them, so undo takes back the folders the apply made or removed).
// What someone else changed since the crash (`skipped`) is no part of the step: undo leaves it alone.
async function finishStep(ctx: CommandContext, journal: Journal, skipped: readonly string[]): Promise<boolean> {
  const step = await stepOf(ctx, journal);
  if (step === undefined) return false;
  if (step.status !== 'pending') return true;
  const store = storeFor(ctx);
  const files = [];
  const opened = await openFolders(ctx.workspace.jail, ctx.workspace.root, (step.folders ?? []).map((folder) => folder.rel));
  let folders;
  try {
    for (const file of step.files.filter((each) => !skipped.includes(each.rel))) {
      if (file.before?.kind === 'file') await sealBlob(store.dir, file.before.hash);
      const after = (await captureState(ctx.workspace.jail, join(ctx.workspace.root, file.rel))).state;
      files.push({ ...file, after });
    }
    folders = (await foldersNow(ctx.workspace.jail, ctx.workspace.root, step.folders ?? [], opened)).filter((folder) => folder.before !== folder.after);
  } finally {
    await opened.putBack();
  }
  if (folders.length === 0 && files.every((file) => file.before !== undefined && sameState(file.before, file.after))) await store.locked(() => store.removeStep(step.id));
  else await store.finishStep({ ...step, status: 'done', files, ...(step.folders ? { folders } : {}) });
  return true;
}

async function recoverRun(ctx: CommandContext, stageDir: string, dir: string): Promise<void> {
  const claimed = claimJournal(dir);
  if (claimed === undefined) return;
  const { since } = claimed;
  if (claimed.journal.root !== ctx.workspace.root) return;
  // Judged again before anything moves: a journal in the state folder is data (journal-check.ts).
  const checked = checkJournalOps(ctx.workspace, dir, claimed.journal.ops, await ctx.pathRules?.());
  for (const refusal of checked.refused) ctx.warn(`an interrupted staged command's journal named what it may not do; not done: ${refusal}`);
  const journal: Journal = { ...claimed.journal, ops: checked.ops };
  const begun = !journal.checkpoint || (await stepOf(ctx, journal)) !== undefined;
  const sources = journal.ops.writes.filter((write) => write.link === undefined);
  if (!begun) {
    const keptIn = keepFiles(stageDir, dir.slice(-6), [...sources, ...(journal.ops.trees ?? []).filter((tree) => existsSync(tree.source))]);
    ctx.warn(`an interrupted staged command (${journal.label}) had not applied anything; nothing was applied${keptIn ? `, its files are in ${keptIn}` : ''}`);
    removeLayout(dir);
    return;
  }
  const skipped = await act(ctx.workspace.jail, ctx.workspace.root, journal.ops, since);
  if (journal.checkpoint) await finishStep(ctx, journal, skipped);
  const keptIn = keepFiles(stageDir, dir.slice(-6), sources.filter((write) => skipped.includes(write.rel)));
  const conflicts = skipped.length === 0 ? '' : `; ${skipped.length} file(s) changed since were left as they are${keptIn ? ` (the command's versions are in ${keptIn})` : ''}`;
  ctx.warn(`finished applying an interrupted staged command (${journal.label})${journal.checkpoint ? ': undo takes it back as one step' : ''}${conflicts}`);
  removeLayout(dir);
}

// Every interrupted apply of this workspace's staged runs, finished (a dry run changes nothing).
export async function recoverStaged(ctx: CommandContext): Promise<void> {
  if (ctx.dryRun) return;
  const stageDir = join(ctx.stateDir ?? stateDirFor(ctx.workspace.root), 'stage');
  let names: string[];
  try {
    names = readdirSync(stageDir).filter((name) => name.startsWith('run-'));
  } catch {
    return;
  }
  for (const name of names) {
    try {
      await recoverRun(ctx, stageDir, join(stageDir, name));
    } catch (error) {
      ctx.warn(`an interrupted staged command's changes could not be finished (${(error as Error).message}); they stay in ${join(stageDir, name)}`);
    }
  }
}
