import type { UpperEntry } from './upper.js';

// What a staged run's change set comes to once judged (plan.ts), as the apply (apply.ts) and the
// folding of created folders (trees.ts) read it.

export type Change = 'created' | 'changed' | 'deleted';

export interface Write {
  readonly rel: string;
  readonly real: string;
  readonly entry: Extract<UpperEntry, { kind: 'file' | 'symlink' }>;
  readonly change: Exclude<Change, 'deleted'>;
}

export interface Aside {
  readonly rel: string;
  readonly reason: string;
  // The command's version (in the upper folder), kept for the person; none for a removal.
  readonly source?: string;
  readonly conflict?: true;
}

export interface StagePlan {
  readonly writes: Write[];
  // Files and links to remove (also those below a folder the command removed or emptied).
  readonly deletes: { readonly rel: string; readonly real: string }[];
  // Folders to make (parents first), or whose mode the command changed.
  // `before`: the mode it had (null: made by the command), for undo.
  readonly folders: { readonly rel: string; readonly real: string; readonly mode: number; readonly before: number | null }[];
  // Folders the command removed (with their mode): emptied by the deletes, then removed when empty (deepest first).
  readonly removedFolders: { readonly real: string; readonly mode: number }[];
  readonly aside: Aside[];
  // World-writable bits cleared before applying (sandbox/modes.ts), one message each.
  readonly cleared: string[];
}
