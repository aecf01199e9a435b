import { createHash } from 'node:crypto';
import { homedir } from 'node:os';
import { join } from 'node:path';

// Where codeward keeps per-workspace state that must never land in the project (session stamps,
// commit journals, cross-process locks): the user's cache folder, keyed by the workspace's real root.
export function stateDirFor(root: string, env: Readonly<Record<string, string | undefined>> = process.env): string {
  const cache = env['CODEWARD_STATE_DIR'] ?? join(env['XDG_CACHE_HOME'] || join(env['HOME'] || homedir(), '.cache'), 'codeward');
  const key = createHash('sha256').update(root).digest('hex').slice(0, 20);
  return join(cache, 'workspaces', key);
}
