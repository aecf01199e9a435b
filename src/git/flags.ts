import * as z from 'zod/mini';
import type { Annotations, Touch } from '../engine/command.js';
import { described } from '../engine/schema.js';

// What every git command shares: the --dir flag, read-only annotations and the paths it touches.

export const dirFlag = () =>
  described(z._default(z.string(), '.'), 'a folder inside the repository');

export const READ_ONLY: Annotations = { readOnly: true, destructive: false, idempotent: true };

// --dir is listed (must be an existing folder in the workspace); --file is read (jailed, must exist,
// never a non-accessible file).
export function gitTouches(args: { dir: string; file?: string | undefined }): Touch[] {
  const touches: Touch[] = [{ path: args.dir, access: 'list' }];
  if (args.file !== undefined) touches.push({ path: args.file, access: 'read' });
  return touches;
}
