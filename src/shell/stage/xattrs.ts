import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

// The user.* extended attributes of files, read by GNU tar (node has no xattr call, and tar is on every
// Linux where an overlay is mounted): one `tar --xattrs` of the files whose pax headers are parsed
// (SCHILY.xattr.NAME=VALUE records). The overlay's own `user.overlay.*` (the copy-up's origin) are left out.
// Undefined when tar cannot say (not GNU tar, a file gone): the caller keeps its answer without them.

const BLOCK = 512;

const field = (header: Buffer, from: number, to: number): string => header.subarray(from, to).toString('latin1').replace(/\0.*$/s, '');
const text = (header: Buffer, from: number, to: number): string => header.subarray(from, to).toString('utf8').replace(/\0.*$/s, '');

// The records of one pax header: `LEN KEY=VALUE\n`, LEN counting the whole record in bytes.
function paxRecords(data: Buffer): Map<string, Buffer> {
  const records = new Map<string, Buffer>();
  for (let at = 0; at < data.length; ) {
    const space = data.indexOf(0x20, at);
    const length = Number(data.subarray(at, space).toString('latin1'));
    if (space < 0 || !Number.isInteger(length) || length <= 0) break;
    const record = data.subarray(space + 1, at + length - 1);
    const equals = record.indexOf(0x3d);
    if (equals > 0) records.set(record.subarray(0, equals).toString('utf8'), record.subarray(equals + 1));
    at += length;
  }
  return records;
}

// The pax records of each entry of the archive, by its name.
function parseArchive(archive: Buffer): Map<string, Map<string, Buffer>> {
  const out = new Map<string, Map<string, Buffer>>();
  let pax: Map<string, Buffer> | undefined;
  for (let at = 0; at + BLOCK <= archive.length; ) {
    const header = archive.subarray(at, at + BLOCK);
    if (header.every((byte) => byte === 0)) break;
    const size = parseInt(field(header, 124, 136).trim() || '0', 8);
    const type = field(header, 156, 157);
    const data = archive.subarray(at + BLOCK, at + BLOCK + size);
    at += BLOCK + Math.ceil(size / BLOCK) * BLOCK;
    if (type === 'x') {
      pax = paxRecords(data);
      continue;
    }
    const prefix = text(header, 345, 500);
    const name = pax?.get('path')?.toString('utf8') ?? (prefix ? `${prefix}/${text(header, 0, 100)}` : text(header, 0, 100));
    // a folder is named with a trailing slash
    out.set(name.length > 1 ? name.replace(/\/$/, '') : name, pax ?? new Map<string, Buffer>());
    pax = undefined;
  }
  return out;
}

// The system's tar, by its absolute path, with an environment of its own: never one found on codeward's PATH (a
// workspace folder there, `node_modules/.bin` or `.`, would run a repository's `tar` unsandboxed after a staged
// run: red team R40-a1) nor one TAR_OPTIONS could give a compress program.
const systemTar = (): string | undefined => ['/usr/bin/tar', '/bin/tar'].find((path) => existsSync(path));
// Only the locale (how tar writes a name's bytes into its pax records) comes from codeward's environment.
const tarEnv = (): Record<string, string> => Object.fromEntries([['PATH', '/usr/bin:/bin'], ...['LANG', 'LC_ALL', 'LC_CTYPE'].flatMap((name) => (process.env[name] === undefined ? [] : [[name, process.env[name]!]]))]);

// The pax records of each absolute path tar could read (a path it could not is missing: tar goes on and exits 2);
// undefined when there is no system tar or it wrote nothing it could parse.
function tarRecords(paths: readonly string[]): { readonly status: number | null; readonly found: Map<string, Map<string, Buffer>> } | undefined {
  const tar = systemTar();
  if (tar === undefined) return undefined;
  const run = spawnSync(tar, ['--xattrs', '--xattrs-include=user.*', '--no-recursion', '-P', '--null', '-T', '-', '-cf', '-'], { input: paths.join('\0'), maxBuffer: 1 << 30, env: tarEnv() });
  return Buffer.isBuffer(run.stdout) ? { status: run.status, found: parseArchive(run.stdout) } : undefined;
}

const USER = 'SCHILY.xattr.user.';
const OVERLAY = 'SCHILY.xattr.user.overlay.';

// Each absolute path's user.* attributes as one comparable string (NAME=hex(VALUE), sorted).
export function userXattrs(paths: readonly string[]): Map<string, string> | undefined {
  if (paths.length === 0) return new Map();
  const read = tarRecords(paths);
  if (read?.status !== 0 || !paths.every((path) => read.found.has(path))) return undefined;
  const out = new Map<string, string>();
  for (const [name, records] of read.found) {
    out.set(name, [...records].filter(([key]) => key.startsWith(USER) && !key.startsWith(OVERLAY)).map(([key, value]) => `${key.slice(13)}=${value.toString('hex')}`).sort().join('\n'));
  }
  return out;
}

// Whether each folder of the upper folder (absolute paths) is OPAQUE: emptied and made again by the run, so none of
// the workspace's entries below it survive. The overlay (mounted with `userxattr`: overlay.ts) says so itself in
// user.overlay.opaque = "y" (a program in the sandbox cannot set it: through the overlay that name is stored escaped,
// user.overlay.overlay.opaque). Read from the attribute, never guessed from names (red team R42-a1: a probe by a lossy
// name read a non-UTF-8 one as "hidden"; R42-a7: all probes as one argv lost the change set, E2BIG). A folder tar
// could not read is missing from the answer: the caller cannot tell, and removes nothing for it.
export function overlayOpaque(folders: readonly string[]): Map<string, boolean> {
  const out = new Map<string, boolean>();
  if (folders.length === 0) return out;
  const read = tarRecords(folders);
  for (const folder of folders) {
    const records = read?.found.get(folder);
    if (records !== undefined) out.set(folder, records.get(`${OVERLAY}opaque`)?.toString('latin1') === 'y');
  }
  return out;
}
