import { isAbsolute, join } from 'node:path';
import { homedir, userInfo } from 'node:os';

type Env = Readonly<Record<string, string | undefined>>;

export interface CacheDirOptions {
  readonly env?: Env;
  readonly home?: string;
}

// The user's codeward cache folder: $CODEWARD_STATE_DIR, else $XDG_CACHE_HOME/codeward, else ~/.cache/codeward.
// Its own module (built-ins only): the bin asks where a warm engine's socket would be before loading anything.
export function codewardCacheDir(options: CacheDirOptions = {}): string {
  const env = options.env ?? process.env;
  const explicit = env['CODEWARD_STATE_DIR'];
  if (explicit && isAbsolute(explicit)) return explicit;
  const xdg = env['XDG_CACHE_HOME'];
  const cache = xdg && isAbsolute(xdg) ? xdg : join(options.home ?? (env['HOME'] || homedir()), '.cache');
  return join(cache, 'codeward');
}

// The user's DEFAULT codeward cache folder, by the passwd home (never the environment's HOME, XDG_CACHE_HOME or
// CODEWARD_STATE_DIR): every sandbox hides it (sandbox/state-folders.ts), and the seals of codeward's files kept in
// other state folders live in it (writer-seal.ts). None without a passwd entry.
export function defaultCacheFolder(): string | undefined {
  try {
    const home = userInfo().homedir;
    return home ? join(home, '.cache', 'codeward') : undefined;
  } catch {
    return undefined;
  }
}
