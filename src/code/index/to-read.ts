// A listed file through the jail, as the code index takes it before a parse: its resolution (the checks of a
// model's `read`), why it is skipped unread (over the size budget), or undefined when it is not a regular
// file the jail lets a reader read (left out, as the listing leaves out what it hides).
import type { ResolvedPath } from '../../workspace/types.js';
import type { Workspace } from '../../workspace/workspace.js';
import { skipBySize } from './read-code.js';

export type ToRead = ResolvedPath | { readonly skip: string } | undefined;

export async function resolveToRead(workspace: Workspace, rel: string): Promise<ToRead> {
  let resolved: ResolvedPath;
  try {
    resolved = await workspace.resolve(rel, 'read');
  } catch {
    return undefined;
  }
  if (resolved.kind !== 'file' || resolved.stats === undefined) return undefined;
  const bySize = skipBySize(rel, resolved.stats.size);
  return bySize === undefined ? resolved : { skip: bySize };
}

// A file to parse: with the resolution the cache check made, or without one (a listed file the index has no
// entry for: nothing to compare a stamp with, so it is resolved right before its read, once). A cold index
// holds 20 k of these for the whole of its parse, beside the workers, when its memory peaks: 20 k resolutions
// (their paths and stats objects) were ~25 MB of it.
export interface StaleFile {
  readonly rel: string;
  readonly resolved?: ResolvedPath;
}
