import { readdirSync } from 'node:fs';
import { lstatQuiet } from '../files/stat-quiet.js';
import { join } from 'node:path';
import { readGitMetadataBytes } from '../git/config-read.js';

// Reading git's own state straight from its folder (no process): refs, the index's bytes, and the
// folders of an operation in progress. Bounded: a folder this cannot read in full counts as changed.

// Values a later git command acts on outside refs/: where a reset, a merge or a rebase goes.
const PSEUDO_REFS = ['HEAD', 'ORIG_HEAD', 'MERGE_HEAD', 'CHERRY_PICK_HEAD', 'REVERT_HEAD', 'REBASE_HEAD', 'AUTO_MERGE'];
const MAX_REFS = 20_000;
const MAX_SMALL = 64 * 1024 * 1024;

// An operation git continues later from what is written there (`git rebase --continue`, `git am
// --continue`, `git cherry-pick --continue`), or a source of objects from outside the repository.
export const CONTROL_STATES = ['rebase-merge', 'rebase-apply', 'sequencer', 'objects/info/alternates', 'objects/info/http-alternates'];

// A state file's bytes: through git's metadata reader (regular files only, non-blocking, capped).
export function readSmall(path: string, max = MAX_SMALL): Buffer | undefined {
  return readGitMetadataBytes(path, max);
}

// Every ref and pseudo-ref: name -> its value (a hash, or `ref: NAME`). Loose refs win over packed ones.
export function readRefs(gitDir: string): Map<string, string> {
  const refs = new Map<string, string>();
  for (const name of PSEUDO_REFS) {
    const value = readSmall(join(gitDir, name), 4096)?.toString('utf8').split('\n')[0]?.trim();
    if (value) refs.set(name, value);
  }
  for (const line of (readGitMetadataBytes(join(gitDir, 'packed-refs'), MAX_SMALL)?.toString('utf8') ?? '').split('\n')) {
    const match = /^([0-9a-f]{40,64}) (refs\/\S+)$/.exec(line);
    if (match) refs.set(match[2]!, match[1]!);
  }
  const walk = (dir: string, prefix: string): void => {
    let names: string[];
    try {
      names = readdirSync(dir);
    } catch {
      return;
    }
    for (const name of names) {
      if (refs.size >= MAX_REFS) return;
      const path = join(dir, name);
      const stats = lstatQuiet(path);
      if (stats?.isDirectory()) walk(path, `${prefix}${name}/`);
      else if (stats?.isFile() && !name.endsWith('.lock')) {
        const value = readSmall(path, 4096)?.toString('utf8').trim();
        if (value) refs.set(`${prefix}${name}`, value);
      }
    }
  };
  // Never through a link: a `.git/refs` replaced by a symlink is not listed (nor what it points at).
  if (lstatQuiet(join(gitDir, 'refs'))?.isDirectory()) walk(join(gitDir, 'refs'), 'refs/');
  return refs;
}

// A fingerprint of a state file or folder (its files' names, sizes and change times); '' when absent.
export function stateSignature(path: string): string {
  const stats = lstatQuiet(path, true);
  if (!stats) return '';
  const own = `${stats.ino}:${stats.size}:${stats.mtimeNs}:${stats.ctimeNs}`;
  if (!stats.isDirectory()) return own;
  try {
    const names = readdirSync(path).sort();
    return [own, ...names.slice(0, 256).map((name) => `${name}=${stateSignature(join(path, name))}`)].join('|');
  } catch {
    return `${own}|unreadable`;
  }
}

// The text of a state folder's files (or of a state file), bounded: what a continued operation reads.
export function stateTexts(path: string): string[] {
  const stats = lstatQuiet(path);
  if (!stats) return [];
  if (stats.isFile()) return [readSmall(path, 4 * 1024 * 1024)?.toString('utf8') ?? ''];
  if (!stats.isDirectory()) return [];
  let names: string[];
  try {
    names = readdirSync(path).slice(0, 512);
  } catch {
    return [];
  }
  return names.flatMap((name) => stateTexts(join(path, name)));
}
