import { lstatSync, readdirSync, renameSync, type Dirent } from 'node:fs';

// Names that are not UTF-8 (issue 26, red team R40-a2/a7/a8). codeward carries paths as JS strings, and a name whose
// bytes are not UTF-8 (`d\xfe`, a Latin-1 "données") is read by readdir as `d\uFFFD`: a path that names nothing. No
// argument of a child (bwrap's mounts, git's pathspecs, a message) can name it either: node writes strings as UTF-8.
// So a walk whose job is to see EVERY entry (the after-run walk, the secret files the view hides, the git folders a
// plain git would obey) lists folders here, by bytes, and when such a name holds what the walk must act on (a setuid
// file, a FIFO, a `.env`, a nested `.git`), the one rule: the entry is SET ASIDE to a UTF-8 spelling of its bytes
// (each byte past ASCII as %XX: `d\xfe` -> `d%FE`), named in a warning, and judged under that name as any other.
// A name that holds nothing of the kind is left as it is (a person's Latin-1 archive is not renamed for nothing).

// One entry of a folder: `raw` its bytes, `name` as a string (lossy when not `faithful`).
export interface ByteEntry {
  readonly raw: Buffer;
  readonly name: string;
  readonly faithful: boolean;
  readonly entry: Dirent<Buffer>;
}

export const isFaithful = (raw: Buffer): boolean => Buffer.from(raw.toString('utf8'), 'utf8').equals(raw);

// `folder`'s entries by their bytes (throws as readdirSync does).
export function listBytes(folder: string | Buffer): ByteEntry[] {
  return (readdirSync(folder, { withFileTypes: true, encoding: 'buffer' }) as Dirent<Buffer>[]).map((entry) => {
    const raw = entry.name;
    const name = raw.toString('utf8');
    return { raw, name, faithful: Buffer.from(name, 'utf8').equals(raw), entry };
  });
}

// `folder/raw` as a path of bytes.
export const bytePath = (folder: string | Buffer, raw: Buffer): Buffer => Buffer.concat([typeof folder === 'string' ? Buffer.from(folder, 'utf8') : folder, Buffer.from('/'), raw]);

// The UTF-8 spelling of a name: every byte past ASCII (and `%`) as %XX, at most 240 characters.
export function spelled(raw: Buffer): string {
  let text = '';
  for (const byte of raw) text += byte >= 0x80 || byte === 0x25 ? `%${byte.toString(16).toUpperCase().padStart(2, '0')}` : String.fromCharCode(byte);
  return text.slice(0, 240);
}

// Renames `folder/raw` to its spelling (`~N` added when that name is taken); returns the new name. Throws when it
// cannot (the caller says so: what is below it stays unjudged).
export function setAside(folder: string, raw: Buffer): string {
  const base = spelled(raw);
  let name = base;
  for (let index = 1; lstatSync(`${folder}/${name}`, { throwIfNoEntry: false }) !== undefined; index += 1) name = `${base}~${index}`;
  renameSync(bytePath(folder, raw), `${folder}/${name}`);
  return name;
}

const RENAMED = 'which codeward cannot name, and holds';

// The warning of one set-aside name (`rel`: its folder's relative path, '' for the top; a long one by its end).
export const setAsideMessage = (rel: string, raw: Buffer, name: string, why: string): string => {
  const at = (last: string): string => shortened(rel === '' ? last : `${rel}/${last}`);
  return `${at(raw.toString('utf8'))} has a name that is not UTF-8 (bytes ${shortened(raw.toString('hex'))}), ${RENAMED} ${why}: it was renamed to ${at(name)} (rename it back yourself if you must)`;
};

const shortened = (text: string): string => (text.length > 300 ? `...${text.slice(-240)}` : text);

// `warnings` with the set-aside ones past the first `limit` folded into one line (red team R41-a7: a chain of such
// folders 2,100 deep gave 1,016 warnings, 4.3 MB).
export function foldSetAside(warnings: readonly string[], limit = 3): string[] {
  const renamed = warnings.filter((warning) => warning.includes(RENAMED));
  if (renamed.length <= limit) return [...warnings];
  let shown = 0;
  const kept = warnings.filter((warning) => !warning.includes(RENAMED) || (shown += 1) <= limit);
  return [...kept, `and ${renamed.length - limit} more names that are not UTF-8 were renamed to their spellings the same way (each byte past ASCII as %XX)`];
}

// Whether anything at or below the entry `path` (bytes; `rel` its lossy relative path) passes `test`: a walk by bytes
// that follows no link. Fails closed (red team R41-a1): past `budget` entries, a folder below that cannot be listed
// or searched, or a `test` that throws (EACCES on an lstat), the answer is yes (it cannot be vouched for).
export function holdsBelow(path: Buffer, rel: string, test: (rel: string, path: Buffer, entry: Dirent<Buffer> | undefined) => boolean, budget = 20_000): boolean {
  const passes = (at: string, bytes: Buffer, entry: Dirent<Buffer> | undefined): boolean => {
    try {
      return test(at, bytes, entry);
    } catch {
      return true;
    }
  };
  if (passes(rel, path, undefined)) return true;
  let left = budget;
  const stack: { path: Buffer; rel: string }[] = [{ path, rel }];
  for (let top = stack.pop(); top !== undefined; top = stack.pop()) {
    let entries: ByteEntry[];
    try {
      if (!lstatSync(top.path).isDirectory()) continue;
      entries = listBytes(top.path);
    } catch (error) {
      if (gone(error)) continue;
      return true;
    }
    for (const entry of entries) {
      if (--left < 0) return true;
      const child = { path: bytePath(top.path, entry.raw), rel: `${top.rel}/${entry.name}` };
      if (passes(child.rel, child.path, entry.entry)) return true;
      if (entry.entry.isDirectory()) stack.push(child);
    }
  }
  return false;
}

// An entry gone (or no longer a folder) while it was walked: nothing there, not a failure.
export const gone = (error: unknown): boolean => ['ENOENT', 'ENOTDIR'].includes((error as NodeJS.ErrnoException).code ?? '');
