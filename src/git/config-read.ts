import { closeSync, constants, fstatSync, openSync, readSync, statSync, type Stats } from 'node:fs';

// The one reader of git's metadata for the write gate and the sandbox (permissions/obeyed-git.ts,
// permissions/readonly-git-*.ts, sandbox/git-config.ts): config files (the user's, the repository's, the
// enclosing repository's, the files they include), `.git` pointer files, `commondir`, the index, and
// /etc/passwd for a `~name/` path. Outside the read jail on purpose (eslint.config.js,
// READ_JAIL_METADATA): these files are read only to judge what git will run; their text is never
// returned to a model, shown, or written anywhere. Only regular files are read (a FIFO, device or
// folder planted as `.git/config` would block or mislead: undefined), opened non-blocking, size-capped.

export const METADATA_MAX = 4 * 1024 * 1024;
const DEFAULT_MAX = METADATA_MAX;

// The bytes of the regular file `path` (symlinks followed, as git follows them, unless `follow` is false: then
// a link there is refused too), or undefined when it is missing, not a regular file, unreadable or larger than `max`.
export function readGitMetadataBytes(path: string, max = DEFAULT_MAX, follow = true): Buffer | undefined {
  let fd: number;
  try {
    fd = openSync(path, constants.O_RDONLY | constants.O_NONBLOCK | (follow ? 0 : (constants.O_NOFOLLOW ?? 0)));
  } catch {
    return undefined;
  }
  try {
    const stats = fstatSync(fd);
    if (!stats.isFile() || stats.size > max) return undefined;
    const bytes = Buffer.alloc(stats.size);
    let length = 0;
    while (length < bytes.length) {
      const read = readSync(fd, bytes, length, bytes.length - length, length);
      if (read === 0) break;
      length += read;
    }
    return bytes.subarray(0, length);
  } catch {
    return undefined;
  } finally {
    closeSync(fd);
  }
}

// What reading a file gave, never ambiguous (red team R19-9/R19-10/R20-25/R21-9: a file padded past a bound is
// not "absent"): the caller must say what a file too large to read means (it fails closed: the line asks, or the
// whole tree is obeyed, naming the file and the bound). test/lint/metadata-bound.test.ts keeps the ambiguous
// readGitMetadata out of permissions/ and shell/.
// 'folder': a folder stands there (a caller may take it as "no such file"); 'not-a-file': a FIFO, socket or device
// (a program reading it would block or read what a writer feeds it: never taken as absent).
export type MetadataRead = { readonly text: string } | 'absent' | 'too-large' | 'folder' | 'not-a-file' | 'unreadable';

export function readGitMetadataOr(path: string, max = DEFAULT_MAX): MetadataRead {
  const got = readGitMetadataBytesOr(path, max);
  return typeof got === 'object' ? { text: got.bytes.toString('utf8') } : got;
}

// The same as bytes (the index).
export function readGitMetadataBytesOr(path: string, max = DEFAULT_MAX): { readonly bytes: Buffer } | Exclude<MetadataRead, { readonly text: string }> {
  let fd: number;
  try {
    fd = openSync(path, constants.O_RDONLY | constants.O_NONBLOCK);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return code === 'ENOENT' || code === 'ENOTDIR' ? 'absent' : 'unreadable';
  }
  try {
    const stats = fstatSync(fd);
    if (stats.isDirectory()) return 'folder';
    // The null device reads as nothing, and git takes it so (`GIT_CONFIG_GLOBAL=/dev/null`, the usual way to
    // set the person's config aside): an empty file, not a file that could not be read.
    if (isNullDevice(stats)) return { bytes: Buffer.alloc(0) };
    if (!stats.isFile()) return 'not-a-file';
    if (stats.size > max) return 'too-large';
  } catch {
    return 'unreadable';
  } finally {
    closeSync(fd);
  }
  // Read again through the capped reader (a file grown past `max` since: too large).
  const bytes = readGitMetadataBytes(path, max);
  return bytes === undefined ? 'too-large' : { bytes };
}

// The system's null device by its device number (whatever name or link stands for it).
function isNullDevice(stats: Stats): boolean {
  if (!stats.isCharacterDevice()) return false;
  try {
    const nul = statSync('/dev/null');
    return nul.isCharacterDevice() && nul.rdev === stats.rdev;
  } catch {
    return false;
  }
}

// Why a file could not be read, for a reason or a question (undefined: it was read, or it is absent).
export function unreadWhy(path: string, read: MetadataRead, max: number): string | undefined {
  if (typeof read === 'object' || read === 'absent') return undefined;
  const what = read === 'too-large' ? `larger than ${Math.ceil(max / 1024)} KiB` : read === 'folder' ? 'a folder' : read === 'not-a-file' ? 'not a regular file' : 'not readable';
  return `\`${path}\` is ${what} (not read)`;
}

// The text of `path`, or why it could not be read (`unread`, naming the file and the bound); neither when it is
// absent or a folder (bounds23: for the small files git reads whole, a `.git` pointer, `commondir`, `gitdir`).
export function metadataText(path: string, max = DEFAULT_MAX): { readonly text?: string; readonly unread?: string } {
  const got = readGitMetadataOr(path, max);
  if (typeof got === 'object') return { text: got.text };
  const unread = got === 'folder' ? undefined : unreadWhy(path, got, max);
  return unread === undefined ? {} : { unread };
}

// The same for a reader that wants a string (a callback of the hook and module walks): what is unread is told to
// `onUnread`, and the caller fails closed with that reason.
export function readGitMetadataNoting(path: string, max: number, onUnread: (why: string) => void): string | undefined {
  const { text, unread } = metadataText(path, max);
  if (unread !== undefined) onUnread(unread);
  return text;
}

// The same, as UTF-8 text.
export function readGitMetadata(path: string, max = DEFAULT_MAX): string | undefined {
  return readGitMetadataBytes(path, max)?.toString('utf8');
}

// The first `max` bytes of the regular file `path` whatever its size (links followed, never blocking), to tell a
// compiled program from a script (a venv's `bin/python`: permissions/hook-walk.ts); undefined as above. From byte
// `offset` on when given (an ELF's program headers and dynamic section: permissions/elf-loads.ts).
export function readGitMetadataHead(path: string, max: number, offset = 0): Buffer | undefined {
  let fd: number;
  try {
    fd = openSync(path, constants.O_RDONLY | constants.O_NONBLOCK);
  } catch {
    return undefined;
  }
  try {
    if (!fstatSync(fd).isFile()) return undefined;
    const bytes = Buffer.alloc(max);
    return bytes.subarray(0, readSync(fd, bytes, 0, max, offset));
  } catch {
    return undefined;
  } finally {
    closeSync(fd);
  }
}
