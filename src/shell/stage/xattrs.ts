import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

// The user.* extended attributes of files, read by GNU tar (node has no xattr call, and tar is on every
// Linux where an overlay is mounted): one `tar --xattrs` of the files whose pax headers are parsed
// (SCHILY.xattr.NAME=VALUE records). The overlay's own `user.overlay.*` (the copy-up's origin) are left out.
// Undefined when tar cannot say (not GNU tar, a file gone): the caller keeps its answer without them.

const BLOCK = 512;

const field = (header: Buffer, from: number, to: number): string => header.subarray(from, to).toString('latin1').replace(/\0.*$/s, '');

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

// NAME=hex(VALUE) of each user.* attribute, sorted: one string to compare per file.
function parseArchive(archive: Buffer): Map<string, string> {
  const out = new Map<string, string>();
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
    const prefix = field(header, 345, 500);
    const name = pax?.get('path')?.toString('utf8') ?? (prefix ? `${prefix}/${field(header, 0, 100)}` : field(header, 0, 100));
    const attributes = [...(pax ?? new Map<string, Buffer>())].filter(([key]) => key.startsWith('SCHILY.xattr.user.') && !key.startsWith('SCHILY.xattr.user.overlay.')).map(([key, value]) => `${key.slice(13)}=${value.toString('hex')}`);
    out.set(name, attributes.sort().join('\n'));
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

// Each absolute path's user.* attributes as one comparable string.
export function userXattrs(paths: readonly string[]): Map<string, string> | undefined {
  if (paths.length === 0) return new Map();
  const tar = systemTar();
  if (tar === undefined) return undefined;
  const run = spawnSync(tar, ['--xattrs', '--xattrs-include=user.*', '--no-recursion', '-P', '--null', '-T', '-', '-cf', '-'], { input: paths.join('\0'), maxBuffer: 1 << 30, env: tarEnv() });
  if (run.status !== 0 || !Buffer.isBuffer(run.stdout)) return undefined;
  const found = parseArchive(run.stdout);
  return paths.every((path) => found.has(path)) ? found : undefined;
}
