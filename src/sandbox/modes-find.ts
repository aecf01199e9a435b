import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { spell } from './modes-bytes.js';

// `id`: a folder's device and inode (modes-held.ts idOf).
export type Folder = { path: string; rel: string; id?: string };

// The after-run walk's candidates (modes.ts clearRiskyModes), listed by one GNU find child instead of an lstat per
// entry in node (issue 26 / 31: a sandboxWritable cache of 100,000 files made every `exec true` 1.6-2.6 s slower).
// find (C, fts) never follows a link, has no PATH_MAX limit and prints only entries changed at or after `since`
// (floored to a whole second, one second more: a superset) that are a file or folder with a risky bit, or a FIFO,
// socket or device. Each candidate is then judged by clearRiskyModes' own `clear` / `special`, which lstat it again:
// the rules stay there. `undefined` (the caller walks in node): no find, not GNU (busybox and BSD find have no
// -printf), or it failed or was killed (an unreadable folder; an entry gone while listing is not a failure, as in the
// node walk: -ignore_readdir_race).
// Each candidate: `sub`, its path below its `start`; `path` (plain, for messages only: it is judged through held
// descriptors, modes-held.ts), `special`: not a file or folder; `deep`: the first folder on the way down whose path
// passes `anchor` (once; the candidates below it are left to the descriptor walk, modes-deep.ts, as the node walk would).
export type Candidate = Folder & { start: Folder; sub: string; special: boolean; deep: boolean };

// The find program: an absolute system path, never one of the workspace's (a command could have put a `find` there).
export const systemFind = (): string | undefined => ['/usr/bin/find', '/bin/find'].find((path) => existsSync(path));

// `warnings`: a name on a candidate's way that is not UTF-8 is set aside to its UTF-8 spelling first (byte-names.ts,
// red team R40-a2: decoded, `x\xff` named nothing and a setuid file was skipped), one warning each.
export async function findCandidates(starts: readonly Folder[], since: number, bits: number, anchor: number, program = systemFind(), warnings: string[] = []): Promise<Candidate[] | undefined> {
  if (program === undefined || starts.length === 0) return undefined;
  const after = `@${Math.floor(since / 1_000) - 1}`;
  const kinds = ['-type', 'p', '-o', '-type', 's', '-o', '-type', 'b', '-o', '-type', 'c'];
  const args = ['-P', ...starts.map((start) => start.path), '-ignore_readdir_race', '-mindepth', '1', '(', '(', '-type', 'f', '-o', '-type', 'd', ')', '-perm', `/${bits.toString(8)}`, '-o', ...kinds, ')', '-newerct', after, '-printf', '%y\\0%H\\0%P\\0'];
  const output = await run(program, args);
  if (output === undefined) return undefined;
  const fields = splitNul(output);
  const byPath = new Map(starts.map((start) => [start.path, start]));
  const found: Candidate[] = [];
  const deepSeen = new Set<string>();
  const renamed = new Map<string, string>();
  for (let index = 0; index + 2 < fields.length; index += 3) {
    const start = byPath.get(fields[index + 1]!.toString('utf8'));
    if (start === undefined) return undefined;
    const sub = spell(start, fields[index + 2]!, renamed, warnings);
    if (sub === undefined) continue;
    const kind = fields[index]!.toString('utf8');
    const entry = { start, sub, path: `${start.path}/${sub}`, rel: start.rel === '' ? sub : `${start.rel}/${sub}`, special: kind !== 'f' && kind !== 'd', deep: false };
    const deep = entry.path.length > anchor ? deepFolder(start, sub, anchor) : undefined;
    if (deep === undefined || deep.path === entry.path) found.push(entry);
    else if (!deepSeen.has(deep.path)) {
      deepSeen.add(deep.path);
      found.push({ ...deep, start, special: false, deep: true });
    }
  }
  return found;
}

function splitNul(output: Buffer): Buffer[] {
  const fields: Buffer[] = [];
  for (let at = 0, end = output.indexOf(0); end >= 0; at = end + 1, end = output.indexOf(0, at)) fields.push(output.subarray(at, end));
  return fields;
}

// The first folder on the way from `start` down to `sub` whose path passes `anchor` (the node walk's `deep` folder).
function deepFolder(start: Folder, sub: string, anchor: number): Folder & { sub: string } {
  const parts = sub.split('/');
  let path = start.path;
  let rel = start.rel;
  let index = 0;
  for (const part of parts) {
    path = `${path}/${part}`;
    rel = rel === '' ? part : `${rel}/${part}`;
    index += 1;
    if (path.length > anchor) break;
  }
  return { path, rel, sub: parts.slice(0, index).join('/') };
}

// find's stdout when it exits 0; undefined when it could not start, failed or was killed. A clean environment (LC_ALL=C),
// run from / (a workspace folder the run removed is no place to start from).
function run(program: string, args: string[]): Promise<Buffer | undefined> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    const child = spawn(program, args, { cwd: '/', env: { LC_ALL: 'C' }, stdio: ['ignore', 'pipe', 'ignore'] });
    child.stdout.on('data', (chunk: Buffer) => chunks.push(chunk));
    child.on('error', () => resolve(undefined));
    child.on('close', (code, signal) => resolve(code === 0 && signal === null ? Buffer.concat(chunks) : undefined));
  });
}
