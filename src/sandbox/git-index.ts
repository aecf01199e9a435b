// Reading a git index file directly (no git process to start, nothing of the repository's config obeyed).

const GITLINK = 0o160000;

// The gitlink paths of an index file (versions 2 to 4), read directly: no process to start. undefined
// when the file is in a form this does not read (a split index): then git lists them.
export function indexGitlinks(index: Buffer): string[] | undefined {
  if (index.length < 12 || index.toString('latin1', 0, 4) !== 'DIRC') return undefined;
  const version = index.readUInt32BE(4);
  const count = index.readUInt32BE(8);
  if (version < 2 || version > 4) return undefined;
  const links: string[] = [];
  let offset = 12;
  let previous = '';
  for (let entry = 0; entry < count; entry += 1) {
    if (offset + 62 > index.length) return undefined;
    const mode = index.readUInt32BE(offset + 24);
    const flags = index.readUInt16BE(offset + 60);
    let cursor = offset + 62 + (version >= 3 && (flags & 0x4000) !== 0 ? 2 : 0);
    let name: string;
    if (version === 4) {
      // The name: how many bytes to drop from the previous name (a varint), then a NUL-terminated suffix.
      let strip = index[cursor]! & 0x7f;
      while (index[cursor]! & 0x80) {
        cursor += 1;
        strip = ((strip + 1) << 7) | (index[cursor]! & 0x7f);
      }
      cursor += 1;
      const end = index.indexOf(0, cursor);
      if (end < 0) return undefined;
      name = previous.slice(0, previous.length - strip) + index.toString('utf8', cursor, end);
      offset = end + 1;
    } else {
      const end = index.indexOf(0, cursor);
      if (end < 0) return undefined;
      name = index.toString('utf8', cursor, end);
      // Entries are padded with 1 to 8 NULs to a multiple of 8 bytes.
      offset += Math.floor((end - offset + 8) / 8) * 8;
    }
    previous = name;
    if ((mode & 0o170000) === GITLINK) links.push(name);
  }
  // A split index keeps entries in a shared file too: let git read it.
  return index.indexOf('link', offset, 'latin1') === offset ? undefined : links;
}
