import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { codewardCacheDir } from '../files/session-store.js';

// Where codeward keeps per-workspace state that must never land in the project (commit journals):
// the user's cache folder, keyed by the workspace's real root.
export function stateDirFor(root: string, env: Readonly<Record<string, string | undefined>> = process.env): string {
  const key = createHash('sha256').update(root).digest('hex').slice(0, 20);
  return join(codewardCacheDir({ env }), 'workspaces', key);
}

// Cross-process file locks of every workspace live together, named by the hash of the locked path.
export function lockDirFor(env: Readonly<Record<string, string | undefined>> = process.env): string {
  return join(codewardCacheDir({ env }), 'locks');
}
