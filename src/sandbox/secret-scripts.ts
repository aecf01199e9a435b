import { join } from 'node:path';
import { readGitMetadataBytes } from '../git/config-read.js';
import { looksSecret } from './git-identity.js';
import { readFolder, type FolderLog } from './view-cache.js';

// Red team R9-12: a shown `bin` folder of the home (~/.local/bin, a PATH folder in the home) holds the person's
// own scripts beside installed programs, and a script may carry a secret (`export GITHUB_TOKEN=ghp_...` in
// ~/.local/bin/deploy): such a file is hidden whole, by the same secret-looking check as the copies of config
// files (git-identity.ts looksSecret). Bounded: the folder's own entries (no walk), regular files of at most
// SCRIPT_MAX_BYTES without a NUL byte (larger ones and binaries are programs: shown), at most SCRIPT_MAX_ENTRIES.
// Each file read is noted in `log`: an edit changes its times, so the view cache reads it again.
export const SCRIPT_MAX_BYTES = 256 * 1024;
const SCRIPT_MAX_ENTRIES = 2000;

export function secretScripts(dir: string, log?: FolderLog): string[] {
  const found: string[] = [];
  for (const item of readFolder(dir, log).slice(0, SCRIPT_MAX_ENTRIES)) {
    if (!item.isFile()) continue;
    const path = join(dir, item.name);
    log?.note(path);
    const bytes = readGitMetadataBytes(path, SCRIPT_MAX_BYTES);
    if (bytes && !bytes.includes(0) && looksSecret(bytes.toString('utf8'))) found.push(path);
  }
  return found;
}
