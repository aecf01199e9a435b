import { lstatSync, renameSync } from 'node:fs';
import { join } from 'node:path';
import type { Workspace } from '../workspace/workspace.js';

// A command that runs in place in a workspace holding codeward's own state folder (`-C ~`: the user's
// ~/.cache/codeward, workspace/own-state.ts) cannot reach that folder (the sandbox mounts over it), but it
// can rename a folder above it (`mv .cache x`: the mount goes with it) and make a new one in its place,
// whose journals and checkpoint steps the next run in ANOTHER workspace would read (red team round 3, H3).
// The identity of each such folder is taken before the run; a folder found in its place afterwards that
// is not the same one is moved aside (never read), and the person is told.

type Identity = { readonly dev: bigint; readonly ino: bigint } | undefined;

function identity(path: string): Identity {
  try {
    const stats = lstatSync(path, { bigint: true });
    return { dev: stats.dev, ino: stats.ino };
  } catch {
    return undefined;
  }
}

// Call before the run; the returned check (after it) gives the warnings.
export function pinOwnState(workspace: Workspace): () => string[] {
  const pinned = workspace.ownStateInside.map((rel) => ({ rel, path: join(workspace.root, rel), before: identity(join(workspace.root, rel)) }));
  return () => {
    const warnings: string[] = [];
    for (const { rel, path, before } of pinned) {
      const after = identity(path);
      if (after === undefined || (before !== undefined && after.dev === before.dev && after.ino === before.ino)) continue;
      const aside = `${path}.made-by-a-command-${Date.now()}`;
      try {
        renameSync(path, aside);
        warnings.push(`the command replaced codeward's state folder ${rel} (it renamed a folder above it); the folder it left there was moved aside to ${aside} and is never read${before === undefined ? '' : '; the original (undo history and journals of other workspaces) is wherever the command moved it'}`);
      } catch (error) {
        warnings.push(`the command replaced codeward's state folder ${rel}, and moving it aside failed (${(error as Error).message}): remove ${path} before running codeward in another workspace`);
      }
    }
    return warnings;
  };
}
