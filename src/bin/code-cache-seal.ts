import type { BigIntStats } from 'node:fs';
import { pruneSeals, sealHolds, sealWritten } from '../engine/writer-seal.js';

// Red team R45-a2: the code cache (script-loader.ts) in a folder other than the user's default one (CODEWARD_STATE_DIR,
// XDG_CACHE_HOME, a HOME other than the passwd one: a folder a sandboxed run of another environment may have reached)
// is used only with its writer's seal (engine/writer-seal.ts): V8 checks its data against the source's length alone,
// so a forged file ran its own code in the next codeward, outside every sandbox. The default folder is hidden from
// every sandbox (sandbox/state-folders.ts) and needs none: this module is loaded only for another one.
export interface CacheSeal {
  // Whether the open cache file (`stats`: its fstat) at `file` is the one codeward sealed.
  holds(file: string, stats: BigIntStats): boolean;
  // After the cache file `file` (inode `ino`) was renamed into place: its seal.
  seal(file: string, ino: bigint): void;
  // At exit, after a prune: the seals of files gone or changed deleted.
  prune(): void;
}

export const cacheSeal: CacheSeal = {
  holds: sealHolds,
  seal: (file, ino) => void sealWritten(file, ino),
  prune: () => pruneSeals(),
};
