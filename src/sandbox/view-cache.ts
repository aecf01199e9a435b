import { dirname, join } from 'node:path';
import { buildVersion, readCacheFile as readKept, writeCacheFile as writeKept } from '../workspace/cache-file.js';
import { folderKey, FolderLog } from './folder-log.js';
import type { SecretPath } from './secret-files.js';
import { ScriptVerdicts } from './script-verdicts.js';

// What the view's walks found (the secrets of /etc, of the toolchain folders), kept in the state folder
// between processes (a one-shot CLI exec would walk them on every call) and reused while every folder the
// walk read is the same: same inode, modification and change time (an entry added, removed or renamed
// changes its folder's times). Checking that is one lstat per folder read, no listing, no matching.
// Not seen by this key: a chmod of an entry that already existed (it changes no folder's time), which
// matters only for /etc as root (an entry other users cannot read is hidden): such a change is picked up
// the next time a folder of /etc changes (a package install, an edit through a temporary file).
// The file is only ever given a path no sandboxed process can write (sandbox.ts): a poisoned cache would
// hide nothing.

export { closedMode, folderKey, FolderLog, readFolder } from './folder-log.js';

// The one reader and writer of state-folder cache files (workspace/cache-file.ts), for this build.
export const readCacheFile = (file: string): Record<string, unknown> | undefined => readKept(file, buildVersion());
export const writeCacheFile = (file: string, entries: unknown): void => void writeKept(file, entries, buildVersion());
interface Entry {
  readonly params: string;
  readonly folders: [string, string][];
  readonly found: SecretPath[];
}

export class ViewCache {
  private entries: Record<string, Entry> | undefined;
  private changed = false;
  // The script check's answers, kept per file beside (script-verdicts.ts): a walk made again because one folder
  // changed reads only the scripts that changed.
  private readonly scripts: ScriptVerdicts;

  constructor(private readonly file: string | undefined) {
    this.scripts = new ScriptVerdicts(file && join(dirname(file), 'script-verdicts.json'));
  }

  // What `walk` finds for `name` with these parameters (the globs, the shown folders): from the cache
  // when every folder it read last time is unchanged, else walked (and kept).
  find(name: string, params: string, walk: (log: FolderLog, scripts: ScriptVerdicts) => SecretPath[]): SecretPath[] {
    const cached = this.load()[name];
    if (cached && cached.params === params && cached.folders.every(([path, key]) => folderKey(path) === key)) return cached.found;
    const log = new FolderLog();
    const found = walk(log, this.scripts);
    if (this.file && log.keepable) {
      this.load()[name] = { params, folders: [...log.folders], found };
      this.changed = true;
    }
    return found;
  }

  save(): void {
    this.scripts.save();
    if (!this.file || !this.changed) return;
    this.changed = false;
    writeCacheFile(this.file, this.entries);
  }

  private load(): Record<string, Entry> {
    if (this.entries) return this.entries;
    this.entries = {};
    const kept = this.file === undefined ? undefined : readCacheFile(this.file);
    for (const [name, value] of Object.entries(kept ?? {})) if (valid(value)) this.entries[name] = value;
    return this.entries;
  }
}

function valid(value: unknown): value is Entry {
  if (!value || typeof value !== 'object') return false;
  const entry = value as Partial<Entry>;
  const pairs = Array.isArray(entry.folders) && entry.folders.every((pair) => Array.isArray(pair) && pair.length === 2 && pair.every((part) => typeof part === 'string'));
  const found = Array.isArray(entry.found) && entry.found.every((item) => item && typeof item.path === 'string' && (item.kind === 'dir' || item.kind === 'file'));
  return typeof entry.params === 'string' && pairs && found;
}
