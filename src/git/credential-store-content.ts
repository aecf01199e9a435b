import { closeSync, fstatSync, openSync, readSync, constants } from 'node:fs';

// git's plain-text password store BY ITS CONTENT (red team R13-17): `git credential-store` writes lines
// `scheme://user:secret@host[/path]`, whatever the file is called. A `!` credential helper may name its
// store only at run time (`${CRED:-c15}`, a python subprocess, `$(printf c18)`), so no reading of the
// config can find every store by name; the file's first line can. One predicate for the read jail
// (workspace/reader-hidden.ts: read, search and every reader that cannot ask) and the sandbox's view
// (sandbox/secret-files.ts): such a file is hidden like `.env`. Cheap: a regular file's first FIRST_BYTES,
// whatever its size (a store padded past a size limit with fake lines hid the real token: red team R14-20b).

const FIRST_BYTES = 1024;
// A first line longer than FIRST_BYTES (a padded secret, or blank lines before it) is read on to here: git
// reads it whole, so must the check (red team R14b: a store whose token ran past the first KiB was shown).
const FIRST_LINE_BYTES = 64 * 1024;
// A store line: scheme, user (may be empty), a non-empty secret, a host; what git writes, percent-encoded.
const STORE_LINE = /^[a-z][a-z0-9+.-]*:\/\/[^\s:/@]*:[^\s@/]+@[^\s/@]+(?:\/\S*)?$/i;

// Whether the first bytes of `text` are a credential store's first line (a BOM and blank lines skipped).
export function looksLikeCredentialStore(text: string): boolean {
  const first = text.replace(/^\uFEFF/, '').trimStart().split(/\r?\n/, 1)[0] ?? '';
  return STORE_LINE.test(first.trimEnd());
}

// Whether the file at `path` (not followed if a symlink: the caller judges the real path) is a regular file
// whose first line is a credential store's. Unreadable (EACCES), a FIFO: false.
export function isCredentialStoreFile(path: string | Buffer): boolean {
  let fd: number;
  try {
    fd = openSync(path, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
  } catch {
    return false;
  }
  try {
    const stats = fstatSync(fd);
    if (!stats.isFile() || stats.size < 12) return false;
    let text = readStart(fd, FIRST_BYTES);
    if (text.length >= FIRST_BYTES && stats.size > FIRST_BYTES && unfinishedFirstLine(text)) text = readStart(fd, FIRST_LINE_BYTES);
    return looksLikeCredentialStore(text);
  } catch {
    return false;
  } finally {
    closeSync(fd);
  }
}

function readStart(fd: number, bytes: number): string {
  const buffer = Buffer.alloc(bytes);
  return buffer.subarray(0, readSync(fd, buffer, 0, bytes, 0)).toString('utf8');
}

// The first line has not ended yet and may still be a store's (blank so far, or a URL with no blank in it).
function unfinishedFirstLine(text: string): boolean {
  const start = text.replace(/^\uFEFF/, '').trimStart();
  return !start.includes('\n') && /^(?:[a-z][a-z0-9+.-]*(?::(?:\/(?:\/\S*)?)?)?)?$/i.test(start);
}
