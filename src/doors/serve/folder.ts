import { existsSync } from 'node:fs';
import { isAbsolute, join } from 'node:path';
import { codewardCacheDir } from '../../engine/cache-dir.js';

type Env = Readonly<Record<string, string | undefined>>;

// The folder of the warm engines' sockets: $XDG_RUNTIME_DIR/codeward (a per-user tmpfs), else the user's
// codeward cache folder's `serve/`. Private: 0700, this user's, never a symlink (checked on both sides).
export function serveFolder(env: Env): string {
  const runtime = env['XDG_RUNTIME_DIR'];
  return runtime && isAbsolute(runtime) ? join(runtime, 'codeward') : join(codewardCacheDir({ env }), 'serve');
}

// Whether a call may be handed to a warm engine at all: not when CODEWARD_NO_SERVE=1, nor when no socket
// folder exists (no `codeward serve` ever ran for this user). Asked by the bin before it loads the client.
export function mayHaveWarmEngine(env: Env): boolean {
  return env['CODEWARD_NO_SERVE'] !== '1' && existsSync(serveFolder(env));
}
