// What the engine's kernel asks of the file layer, declared here so the arrows point one way: files/
// implements these (transaction.ts commits, staleness.ts stamps) on top of the engine, and the engine
// never imports files/. The composition root (setup.ts) plugs the implementations in.

// One file of a multi-file commit: new bytes, or null to delete it.
export interface FileChange {
  readonly path: string;
  readonly bytes: Uint8Array | null;
  readonly mode?: number;
}

// Writes several files as one unit (files/transaction.ts commitFiles, bound to a workspace).
export type Committer = (changes: readonly FileChange[]) => Promise<void>;

// A whole file a command read (or codeward wrote and read back): its bytes, the stat of its
// descriptor, and when the read began; `sha256` when the reader hashed the bytes already.
export interface ContentObservation {
  readonly bytes: Uint8Array;
  readonly mtimeMs: number;
  readonly size: number;
  readonly startedAt: number;
  readonly sha256?: string;
}
