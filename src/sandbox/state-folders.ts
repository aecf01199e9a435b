import { opendirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defaultCacheFolder } from '../engine/cache-dir.js';
import { codewardCacheDir, privateTempPath, STATE_MARKER, stateBaseFor } from '../engine/state-dir.js';
import { serveFolder } from '../doors/serve/folder.js';
import { realOf, within } from './policy.js';

// codeward's own state (mount leases, journals, checkpoint blobs, sessions, denial counts, the MCP token, the V8 code
// cache, the lost-folder record) is hidden from sandboxed processes wherever it lies: a sandboxWritable folder holding it
// (~/.cache) let a process plant a mount lease naming .codeward/policy.json, which the clean-up after its own run removed.
// Red team R45-a2: not only this environment's. Another environment's HOME, XDG_CACHE_HOME, TMPDIR or
// CODEWARD_STATE_DIR inside a writable (or readable) area put ITS state folder in reach: a run planted a forged code
// cache there, which that environment's next codeward ran outside every sandbox. So the areas are searched (a few
// folders deep, a bounded number of entries) for every environment's default state places (`<home>/.cache/codeward`,
// `<xdg>/codeward` holding codeward's files, `codeward-<uid>` of a temp folder) and any folder marked as a state folder
// (engine/state-dir.ts STATE_MARKER); the user's default folder (passwd home) is always hidden. A state folder made
// where none was (or past the search's bound) is still caught: its files are used only with their writer's seal
// (engine/writer-seal.ts).

// How deep below each area, and how many entries in all, the search lists.
const DEPTH = 2;
const BUDGET = 4_000;
// The entries of a folder named `codeward` that make it codeward's (an XDG_CACHE_HOME's `codeward`, not a checkout).
const OWN_ENTRIES: ReadonlySet<string> = new Set([STATE_MARKER, 'code-cache', 'workspaces', 'bwrap-works', 'code-seals', 'serve']);

export function codewardFolders(root: string, env: Readonly<Record<string, string | undefined>>, stateDir: string | undefined, areas: readonly string[] = []): string[] {
  // (The warm engines' socket folder too: a call handed to one runs outside every sandbox, red team R35-10.)
  const folders = [codewardCacheDir({ env }), serveFolder(env), privateTempPath(tmpdir()), ...(stateDir ? [stateDir] : [])];
  const own = defaultCacheFolder();
  if (own !== undefined) folders.push(own);
  try {
    folders.push(stateBaseFor(root, env));
  } catch {
    // No private state folder here: nothing of it to hide.
  }
  folders.push(...foundIn(areas.map(realOf)));
  // Never one that holds the workspace (hiding it would hide the workspace), nor one inside another
  // (the outer one's empty folder has no place to mount it on).
  const real = [...new Set(folders.map(realOf))].filter((folder) => !within(root, folder));
  return real.filter((folder) => !real.some((other) => other !== folder && within(folder, other)));
}

// The state folders of any environment found in the areas (DEPTH folders deep, BUDGET entries in all).
function foundIn(areas: readonly string[]): string[] {
  const found: string[] = [];
  const uidName = `codeward-${process.getuid?.() ?? 'user'}`;
  const queue = areas.map((path) => ({ path, depth: 0 }));
  let listed = 0;
  for (let at = queue.shift(); at !== undefined && listed < BUDGET; at = queue.shift()) {
    const names = folderNames(at.path, BUDGET - listed);
    listed += names.all;
    if (names.files.has(STATE_MARKER)) {
      found.push(at.path);
      continue;
    }
    for (const name of names.folders) {
      const path = join(at.path, name);
      if (name === uidName || (name === 'codeward' && (at.path.endsWith('/.cache') || ownLooking(path)))) found.push(path);
      else if (at.depth < DEPTH) queue.push({ path, depth: at.depth + 1 });
    }
    // A home's default place one level below (`<home>/.cache/codeward`) is looked at whatever the depth.
    if (names.folders.includes('.cache') && at.depth === DEPTH) {
      const cache = folderNames(join(at.path, '.cache'), BUDGET - listed);
      listed += cache.all;
      if (cache.folders.includes('codeward')) found.push(join(at.path, '.cache', 'codeward'));
    }
  }
  return found;
}

// Whether a folder named `codeward` holds codeward's own entries.
function ownLooking(path: string): boolean {
  const { folders, files } = folderNames(path, 64);
  return folders.some((name) => OWN_ENTRIES.has(name)) || [...files].some((name) => OWN_ENTRIES.has(name));
}

// The folder's sub-folders (not links) and other entries' names, at most `limit` entries read; none when unreadable.
function folderNames(path: string, limit: number): { folders: string[]; files: Set<string>; all: number } {
  const folders: string[] = [];
  const files = new Set<string>();
  let all = 0;
  try {
    const dir = opendirSync(path);
    try {
      for (let entry = dir.readSync(); entry !== null && all < limit; entry = dir.readSync(), all++) {
        if (entry.isDirectory()) folders.push(entry.name);
        else files.add(entry.name);
      }
    } finally {
      dir.closeSync();
    }
  } catch {
    // Gone or not ours to list: nothing found in it.
  }
  return { folders, files, all };
}
