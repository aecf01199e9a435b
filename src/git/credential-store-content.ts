import { closeSync, fstatSync, openSync, readSync, constants } from 'node:fs';

// git's plain-text password store BY ITS CONTENT (red team R13-17): `git credential-store` writes lines
// `scheme://user:secret@host[/path]`, whatever the file is called. A `!` credential helper may name its
// store only at run time (`${CRED:-c15}`, a python subprocess, `$(printf c18)`), so no reading of the
// config can find every store by name; the file's first line can. One predicate for the read jail
// (workspace/reader-hidden.ts: read, search and every reader that cannot ask) and the sandbox's view
// (sandbox/secret-files.ts): such a file is hidden like `.env`. Cheap: a regular file's first FIRST_BYTES,
// whatever its size (a store padded past a size limit with fake lines hid the real token: red team R14-20b).

const FIRST_BYTES = 1024;
// A store line: scheme, user (may be empty), a non-empty secret, a host; what git writes, percent-encoded.
const STORE_LINE = /^[a-z][a-z0-9+.-]*:\/\/[^\s:/@]*:[^\s@/]+@[^\s/@]+(?:\/\S*)?$/i;

// Whether the first bytes of `text` are a credential store's first line (a BOM and blank lines skipped).
export function looksLikeCredentialStore(text: string): boolean {
  const first = text.replace(/^\uFEFF/, '').trimStart().split(/\r?\n/, 1)[0] ?? '';
  return STORE_LINE.test(first.trimEnd());
}

// Whether the file at `path` (not followed if a symlink: the caller judges the real path) is a regular file
// whose first line is a credential store's. Unreadable (EACCES), a FIFO: false.
export function isCredentialStoreFile(path: string): boolean {
  let fd: number;
  try {
    fd = openSync(path, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
  } catch {
    return false;
  }
  try {
    const stats = fstatSync(fd);
    if (!stats.isFile() || stats.size < 12) return false;
    const buffer = Buffer.alloc(FIRST_BYTES);
    const read = readSync(fd, buffer, 0, FIRST_BYTES, 0);
    return looksLikeCredentialStore(buffer.subarray(0, read).toString('utf8'));
  } catch {
    return false;
  } finally {
    closeSync(fd);
  }
}
