// What the writing commands use of the checkpoint store (undo steps, .bak labels, rewinds) and of the
// obeyed-folder walk, as ONE module they load with `await import('./checkpoint-steps.js')` where they write:
// a call that writes nothing (read, list, tree, search) loads none of it, and one lazy entry keeps the
// bundle from splitting the shared file helpers into a chunk per importer (scripts/build.mjs, issue 31).
export { checkpointed, checkpointLabel, limitsOf, storeFor, treeCheckpointed } from '../files/checkpoints/record.js';
export { backupLabel, besideBackup, replaceCheckpointed } from '../files/checkpoints/replace.js';
export { redoSteps, restoreTo, undoSteps } from '../files/checkpoints/rewind.js';
export { isUnkept, stepTouches } from '../files/checkpoints/store.js';
export { getBlob } from '../files/checkpoints/blobs.js';
export { applyState } from '../files/checkpoints/state.js';
export { lastPruned } from '../files/checkpoints/prune.js';
export { whyNoOlder } from '../files/checkpoints/rewind-notes.js';
export { withoutImmuneFiles } from './rewind-guard.js';
export { movedLink } from '../permissions/obeyed-alias.js';
export { obeyedContext } from '../permissions/obeyed-context.js';
