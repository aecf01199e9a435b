import { readdirSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { isCodewardError } from '../engine/errors.js';
import type { ResolvedPath } from './types.js';
import type { Workspace } from './workspace.js';
import { notAccessible } from './refusals.js';

// codeward's reads on its own behalf (THREAT-MODEL.md, "One read jail"): context and rules files, agent
// definitions, git metadata. A file the repository ships is read exactly as a model's `read` would read
// it: through the workspace jail (no symlink out of the workspace, none swapped in meanwhile, the
// non-accessible globs and the sensitive system paths refused). The user's own files (~/.codeward/...)
// are read here too, so no other module needs a raw file-system read; eslint.config.js keeps it so.

// What one read found: the text, nothing at all, or a refusal worth telling the person about.
export type OwnRead =
  | { readonly kind: 'file'; readonly text: string; readonly truncated: boolean; readonly real: string }
  | { readonly kind: 'missing' }
  | { readonly kind: 'refused'; readonly reason: string };

export interface OwnReadOptions {
  // Bytes kept; the rest is cut and `truncated` set (default 1 MiB).
  readonly maxBytes?: number;
}

const DEFAULT_MAX_BYTES = 1024 * 1024;

// The jail's verdict on `rel`. Access 'write' resolves exactly like 'read' (escapes, links out, hidden and
// sensitive names refused) but reports a missing path as kind 'missing' instead of refusing it, so a
// missing file is told apart from a refused one. Nothing is written.
function resolveOwn(workspace: Workspace, rel: string): Promise<ResolvedPath> {
  return workspace.resolve(rel, 'write');
}

function refused(error: unknown): OwnRead {
  if (!isCodewardError(error)) throw error;
  return { kind: 'refused', reason: `${error.code}: ${error.message}` };
}

// Reads the workspace file `rel` (forward slashes, relative to the workspace root) as UTF-8.
export async function readOwnFile(workspace: Workspace, rel: string, options: OwnReadOptions = {}): Promise<OwnRead> {
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES;
  try {
    const path = await resolveOwn(workspace, rel);
    if (path.kind === 'missing') return { kind: 'missing' };
    // What `read` refuses or asks a person for is never read on codeward's own behalf either (red team
    // round 9, R9-15: `AGENTS.md -> .git/config` put the clone token into the system prompt).
    if (workspace.isHiddenFromReaders(path.rel)) return refused(notAccessible(rel));
    const file = await workspace.openReadFile(path);
    try {
      const size = Math.min(file.stats.size, maxBytes);
      const bytes = Buffer.alloc(size);
      let length = 0;
      while (length < size) {
        const { bytesRead } = await file.read(bytes, length, size - length, length);
        if (bytesRead === 0) break;
        length += bytesRead;
      }
      const text = bytes.subarray(0, length).toString('utf8');
      return { kind: 'file', text, truncated: file.stats.size > maxBytes, real: path.real };
    } finally {
      await file.close();
    }
  } catch (error) {
    return refused(error);
  }
}

// The entry names of the workspace folder `rel` (sorted), [] when nothing (or no folder) is there; a
// folder that is a link out of the workspace, or lies under one, is refused. A link to a folder inside
// the workspace is followed, like `list` would.
export async function listOwnFolder(workspace: Workspace, rel: string): Promise<{ readonly names: string[] } | { readonly refused: string }> {
  try {
    const path = await resolveOwn(workspace, rel);
    if (path.kind !== 'dir') return { names: [] };
    const folder = workspace.jail.openDir(path.real, { input: rel });
    try {
      return { names: readdirSync(folder.path).sort() };
    } finally {
      folder.close();
    }
  } catch (error) {
    const outcome = refused(error);
    return { refused: outcome.kind === 'refused' ? outcome.reason : 'refused' };
  }
}

// The user's own files (~/.codeward/...): theirs, not the repository's, so read as they are (a link
// there is the user's choice). Missing or unreadable: undefined.
export async function readUserFile(path: string, options: OwnReadOptions = {}): Promise<string | undefined> {
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES;
  const bytes = await readFile(path).catch(() => undefined);
  return bytes === undefined ? undefined : bytes.subarray(0, maxBytes).toString('utf8');
}

export async function listUserFolder(path: string): Promise<string[]> {
  return (await readdir(path).catch(() => [] as string[])).sort();
}
