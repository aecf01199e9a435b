// Reading a git index file directly (no git process to start, nothing of the repository's config obeyed).

const GITLINK = 0o160000;
// A sparse index's folder entry (`dir/`): the files below it are not listed.
const SPARSE_DIR = 0o040000;

export interface IndexEntry {
  // Lossy when the path is not UTF-8: `raw` then holds its bytes.
  readonly name: string;
  readonly mode: number;
  readonly raw?: Buffer;
}

// Every entry of an index file (versions 2 to 4), read directly: no process to start. undefined when
// the file is in a form this does not read (a split index, a damaged file): then git lists them.
export function indexEntries(index: Buffer): IndexEntry[] | undefined {
  if (index.length < 12 || index.toString('latin1', 0, 4) !== 'DIRC') return undefined;
  const version = index.readUInt32BE(4);
  const count = index.readUInt32BE(8);
  if (version < 2 || version > 4) return undefined;
  const entries: IndexEntry[] = [];
  let offset = 12;
  // The previous name as latin1 (one character a byte): version 4 strips BYTES from it.
  let previous = '';
  for (let entry = 0; entry < count; entry += 1) {
    if (offset + 62 > index.length) return undefined;
    const mode = index.readUInt32BE(offset + 24);
    const flags = index.readUInt16BE(offset + 60);
    let cursor = offset + 62 + (version >= 3 && (flags & 0x4000) !== 0 ? 2 : 0);
    let raw: string;
    if (version === 4) {
      // The name: how many bytes to drop from the previous name (a varint), then a NUL-terminated suffix.
      if (cursor >= index.length) return undefined;
      let strip = index[cursor]! & 0x7f;
      while (index[cursor]! & 0x80) {
        cursor += 1;
        if (cursor >= index.length) return undefined;
        strip = ((strip + 1) << 7) | (index[cursor]! & 0x7f);
      }
      cursor += 1;
      const end = index.indexOf(0, cursor);
      if (end < 0 || strip > previous.length) return undefined;
      raw = previous.slice(0, previous.length - strip) + index.toString('latin1', cursor, end);
      offset = end + 1;
    } else {
      const end = index.indexOf(0, cursor);
      if (end < 0) return undefined;
      raw = index.toString('latin1', cursor, end);
      // Entries are padded with 1 to 8 NULs to a multiple of 8 bytes.
      offset += Math.floor((end - offset + 8) / 8) * 8;
    }
    previous = raw;
    // eslint-disable-next-line no-control-regex
    const bytes = /[^\x00-\x7f]/.test(raw) ? Buffer.from(raw, 'latin1') : undefined;
    const name = bytes ? bytes.toString('utf8') : raw;
    entries.push(bytes && !Buffer.from(name, 'utf8').equals(bytes) ? { name, mode, raw: bytes } : { name, mode });
  }
  // A split index keeps entries in a shared file too (its own entries may have empty names): let git
  // read it. git reads the `link` extension wherever it stands among the extensions, so every one is
  // looked at, not only the first (a `link` after another extension hid the shared index's `.env`).
  if (entries.some((entry) => entry.name === '')) return undefined;
  return hasExtension(index, offset, 'link') ? undefined : entries;
}

// Whether the extensions from `offset` (each a 4-byte signature and a 4-byte size; the file ends with its
// hash, 20 or 32 bytes) include `name`. An extension list this cannot walk counts as including it.
function hasExtension(index: Buffer, offset: number, name: string): boolean {
  let at = offset;
  while (at + 8 <= index.length - 20) {
    if (index.toString('latin1', at, at + 4) === name) return true;
    const size = index.readUInt32BE(at + 4);
    const next = at + 8 + size;
    // The hash (SHA-1 or SHA-256) is all that is left.
    if (next === index.length - 20 || next === index.length - 32) return false;
    if (next > index.length - 20) return true;
    at = next;
  }
  return at !== index.length - 20 && at !== index.length - 32 && at < index.length - 20;
}

// The gitlink paths of an index file, or undefined when indexEntries cannot read it.
export function indexGitlinks(index: Buffer): string[] | undefined {
  return indexEntries(index)?.filter((entry) => (entry.mode & 0o170000) === GITLINK).map((entry) => entry.name);
}

// The gitlinks as the sandbox's walks carry them: a path that is not UTF-8 as `carried` (its bytes).
export function carriedGitlinks(index: Buffer): string[] | undefined {
  return indexEntries(index)?.filter((entry) => (entry.mode & 0o170000) === GITLINK).map((entry) => (entry.raw ? carried(entry.raw) : entry.name));
}

// A name carried as a string though it may not be UTF-8 (a gitlink of an index, kept in JSON caches too): itself when
// UTF-8, else a NUL (never in a path) and its bytes in hex. `rawOf` gives such a name's bytes back (undefined: UTF-8).
export const carried = (raw: Buffer): string => (Buffer.from(raw.toString('utf8'), 'utf8').equals(raw) ? raw.toString('utf8') : `\0${raw.toString('hex')}`);
export const rawOf = (name: string): Buffer | undefined => (name.startsWith('\0') ? Buffer.from(name.slice(1), 'hex') : undefined);

// Whether an entry is a sparse index's folder (its files are only listed by git, which expands it).
export function isSparseFolder(entry: IndexEntry): boolean {
  return (entry.mode & 0o170000) === SPARSE_DIR;
}
