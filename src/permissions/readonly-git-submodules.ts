// `git status` and `git diff` look inside every submodule checked out in the work tree (any gitlink of the
// index, registered in .gitmodules or not) by running git there, with that repository's own config and
// hooks: core.fsmonitor in .git/modules/x/config (or in x/.git/config) ran on the top-level `git status`.
// The gitlinks are read from the index (and a split index's shared files) without running git.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const GITLINK = 0o160000;
const MAX_INDEX_BYTES = 256 * 1024 * 1024;
const MAX_ENTRIES = 2_000_000;

function readBytes(path: string): Buffer | undefined {
  try {
    const data = readFileSync(path);
    return data.length > MAX_INDEX_BYTES ? undefined : data;
  } catch {
    return undefined;
  }
}

// Paths of the gitlink entries of one index file (versions 2, 3 and 4); [] when it is no index.
export function indexGitlinks(data: Buffer, hashBytes: number): string[] {
  if (data.length < 12 || data.toString('latin1', 0, 4) !== 'DIRC') return [];
  const version = data.readUInt32BE(4);
  if (version < 2 || version > 4) return [];
  const count = Math.min(data.readUInt32BE(8), MAX_ENTRIES);
  const out: string[] = [];
  let offset = 12;
  let previous: Buffer = Buffer.alloc(0);
  for (let i = 0; i < count; i++) {
    const start = offset;
    const fixed = 40 + hashBytes + 2;
    if (start + fixed > data.length) break;
    const mode = data.readUInt32BE(start + 24);
    const flags = data.readUInt16BE(start + 40 + hashBytes);
    let cursor = start + fixed + (version >= 3 && flags & 0x4000 ? 2 : 0);
    let path: Buffer;
    if (version === 4) {
      // Varint: bytes to drop from the previous entry's path, then the NUL-terminated rest.
      let byte = data[cursor++] ?? 0;
      let drop = byte & 127;
      while (byte & 128 && cursor < data.length) {
        byte = data[cursor++] ?? 0;
        drop = ((drop + 1) << 7) + (byte & 127);
      }
      const end = data.indexOf(0, cursor);
      if (end < 0) break;
      path = Buffer.concat([previous.subarray(0, Math.max(0, previous.length - drop)), data.subarray(cursor, end)]);
      offset = end + 1;
    } else {
      const end = data.indexOf(0, cursor);
      if (end < 0) break;
      path = data.subarray(cursor, end);
      // The entry (from its start) is padded with 1-8 NULs to a multiple of 8 bytes.
      offset = start + ((cursor - start + path.length + 8) & ~7);
    }
    previous = path;
    if ((mode & 0o170000) === GITLINK) out.push(path.toString('utf8'));
  }
  return out;
}

// Gitlink paths of the repository whose git folder is gitDir: its index and any split-index shared files.
export function gitlinks(gitDir: string): string[] {
  let hashBytes = 20;
  try {
    if (/objectformat\s*=\s*"?sha256/i.test(readFileSync(join(gitDir, 'config'), 'utf8'))) hashBytes = 32;
  } catch {
    // no config: sha1
  }
  const files = [join(gitDir, 'index')];
  try {
    for (const name of readdirSync(gitDir)) if (name.startsWith('sharedindex.')) files.push(join(gitDir, name));
  } catch {
    // unreadable folder: the index alone
  }
  const out = new Set<string>();
  for (const file of files) {
    const data = readBytes(file);
    if (data) for (const path of indexGitlinks(data, hashBytes)) out.add(path);
  }
  return [...out];
}
