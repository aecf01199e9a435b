import { basename, join } from 'node:path';
import { readGitMetadataBytes } from '../git/config-read.js';
import { looksSecret } from './secret-text.js';
import { readFolder, type FolderLog } from './folder-log.js';

// The per-file answers kept across calls (script-verdicts.ts ScriptVerdicts; named by its shape here, so this
// module, which that one reads, imports nothing of it: no import circle).
export interface ScriptJudge {
  judge(path: string): boolean | undefined;
}

// Red team R9-12: a shown `bin` folder of the home (~/.local/bin, a PATH folder in the home) holds the person's
// own scripts beside installed programs, and a script may carry a secret (`export GITHUB_TOKEN=ghp_...` in
// ~/.local/bin/deploy): such a file is hidden whole, by the same secret-looking check as the copies of config
// files (git-identity.ts looksSecret). Bounded: the folder's own entries (no walk), regular files of at most
// SCRIPT_MAX_BYTES without a NUL byte (larger ones and binaries are programs: shown), at most SCRIPT_MAX_ENTRIES.
// Each file read is noted in `log`: an edit changes its times, so the view cache reads it again. With `verdicts`,
// a file unchanged since another process judged it is not read again (script-verdicts.ts).
// (The kept answers are not loaded by a call that only asks about the home: home-shown.ts, issue 31.)
export const SCRIPT_MAX_BYTES = 256 * 1024;
const SCRIPT_MAX_ENTRIES = 2000;

// The home's folders where a package manager puts the commands it installs, and where a person drops a script
// of their own (round 11: ~/.npm-global/bin/pub with `export NPM_TOKEN=...` was printed): npm's prefix bin
// (`npm config set prefix ~/.npm-global`), pnpm's PNPM_HOME (its commands lie in the folder itself), bun's,
// deno's, pip's, cargo's, go's, pixi's, cabal's. Relative to the home.
export const SCRIPT_FOLDERS: readonly string[] = ['.local/bin', '.npm-global/bin', '.local/share/pnpm', 'Library/pnpm', '.bun/bin', '.deno/bin', '.cargo/bin', 'go/bin', '.pixi/bin', '.cabal/bin'];
const SCRIPT_FOLDER_ENDS: readonly string[] = SCRIPT_FOLDERS.map((path) => `/${path}`);

// Whether a shown folder is one of those: a `bin` folder (a PATH entry), or one of the list (PNPM_HOME).
export function isScriptFolder(dir: string): boolean {
  return basename(dir) === 'bin' || SCRIPT_FOLDER_ENDS.some((end) => dir.endsWith(end));
}

// The script folders of a shown folder `dir`: itself when it is one, else its `bin` when that is on the list
// (a shown ~/.npm-global; not a conda prefix's bin, the entry points pip wrote).
export function scriptFoldersAt(dir: string): string[] {
  if (isScriptFolder(dir)) return [dir];
  const bin = join(dir, 'bin');
  return SCRIPT_FOLDER_ENDS.some((end) => bin.endsWith(end)) ? [bin] : [];
}

// Whether a file's bytes (none: past SCRIPT_MAX_BYTES or unreadable) look secret: text, no NUL byte (a binary is a program).
export const bytesLookSecret = (bytes: Buffer | undefined): boolean => bytes !== undefined && !bytes.includes(0) && looksSecret(bytes.toString('utf8'));

export function secretScripts(dir: string, log?: FolderLog, verdicts?: ScriptJudge): string[] {
  return secretFilesBelow(dir, 0, log, verdicts);
}

// The secret-looking files of `dir` and, `depth` folders down, of its folders (an editor's settings folder,
// ~/.config/nvim/lua/...: `vim.g.copilot_token = '...'`); at most SCRIPT_MAX_ENTRIES entries in all.
export function secretFilesBelow(dir: string, depth: number, log?: FolderLog, verdicts?: ScriptJudge, budget = { left: SCRIPT_MAX_ENTRIES }): string[] {
  const found: string[] = [];
  for (const item of readFolder(dir, log)) {
    if (budget.left-- <= 0) break;
    const path = join(dir, item.name);
    if (item.isDirectory() && depth > 0 && item.name !== '.git') found.push(...secretFilesBelow(path, depth - 1, log, verdicts, budget));
    if (!item.isFile()) continue;
    log?.note(path);
    if (verdicts?.judge(path) ?? bytesLookSecret(readGitMetadataBytes(path, SCRIPT_MAX_BYTES))) found.push(path);
  }
  return found;
}
