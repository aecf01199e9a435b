import type { AnyCommand } from '../engine/command.js';
import { cleanCommand } from './clean.js';
import { createCommand } from './create.js';
import { deleteCommand } from './delete.js';
import { execCommand } from './exec.js';
import { gitBranchCommand } from './git-branch.js';
import { gitChangedCommand } from './git-changed.js';
import { gitDiffCommand } from './git-diff.js';
import { gitLogCommand } from './git-log.js';
import { gitStatusCommand } from './git-status.js';
import { listCommand } from './list.js';
import { moveCommand } from './move.js';
import { multipatchCommand } from './multipatch.js';
import { patchCommand } from './patch.js';
import { updateCommand } from './update.js';
import { readCommand } from './read.js';
import { rollbackCommand } from './rollback.js';
import { undoCommand } from './undo.js';
import { redoCommand } from './redo.js';
import { restoreCommand } from './restore.js';
import { checkpointsCommand } from './checkpoints.js';
import { searchCommand } from './search.js';
import { outlineCommand } from './outline.js';
import { symbolsCommand } from './symbols.js';
import { repoMapCommand } from './repo-map.js';
import { referencesCommand } from './references.js';
import { renameSymbolCommand } from './rename-symbol.js';
import { testCommand } from './test.js';
import { treeCommand } from './tree.js';
import { writeCommand } from './write.js';
import { replaceSymbolCommand } from './replace-symbol.js';
import { insertBeforeSymbolCommand } from './insert-before-symbol.js';
import { insertAfterSymbolCommand } from './insert-after-symbol.js';
import { deleteSymbolCommand } from './delete-symbol.js';

// Every built-in command, in the order help lists them. The registry built from this list is the
// only place doors learn what commands exist.
export const builtinCommands: readonly AnyCommand[] = [
  readCommand,
  writeCommand,
  patchCommand,
  multipatchCommand,
  updateCommand,
  createCommand,
  deleteCommand,
  moveCommand,
  listCommand,
  treeCommand,
  searchCommand,
  outlineCommand,
  symbolsCommand,
  repoMapCommand,
  referencesCommand,
  replaceSymbolCommand,
  insertBeforeSymbolCommand,
  insertAfterSymbolCommand,
  deleteSymbolCommand,
  renameSymbolCommand,
  execCommand,
  testCommand,
  gitStatusCommand,
  gitDiffCommand,
  gitLogCommand,
  gitChangedCommand,
  gitBranchCommand,
  undoCommand,
  redoCommand,
  checkpointsCommand,
  restoreCommand,
  rollbackCommand,
  cleanCommand,
];
