import { restoreHiddenAncestors } from './hidden-moves.js';
import type { MountLease } from './mount-points.js';
import type { ObeyedScan } from './obeyed-scan.js';
import { clearPending } from './pending.js';
import { quarantine, type Snapshot } from './planted.js';

// What runs after one bwrap run, the in-place sandboxed one and `--sandbox off`'s jailed one alike (sandbox.ts
// sandboxed(): one pipeline for both, red team R35-5): git's index and refs judged, watched paths that appeared moved
// aside, folders above hidden paths moved back, nested git folders neutralised, the write gate's walk, risky modes
// cleared; then the pending record cleared and the mount lease released (also when a step threw).
export interface AfterRunSteps {
  readonly root: string;
  readonly gitAfter: () => Promise<string[]>;
  readonly watched: Snapshot;
  readonly ancestors: ReadonlyMap<string, string> | undefined;
  readonly nested: () => string[];
  readonly deep: ObeyedScan | undefined;
  readonly modes: () => string[];
  readonly pending: string | undefined;
  readonly lease: MountLease | undefined;
}

export function afterRun(steps: AfterRunSteps): () => Promise<string[]> {
  return async () => {
    try {
      const warnings = [...(await steps.gitAfter()), ...quarantine(steps.watched), ...(steps.ancestors ? restoreHiddenAncestors(steps.root, steps.ancestors) : []), ...steps.nested(), ...(steps.deep?.finish() ?? []), ...steps.modes()];
      clearPending(steps.pending);
      return warnings;
    } finally {
      steps.lease?.release();
    }
  };
}
