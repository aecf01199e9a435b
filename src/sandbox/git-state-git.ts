import { spawnSync } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { FILTER_KEYS_ARGS, filterOffConfig } from '../git/filters.js';
import { SAFE_CONFIG } from '../git/run.js';

// The git calls of the after-run check of git's own state (git-state.ts): plumbing only, each with the
// settings that keep a repository's configuration from running anything (fsmonitor, hooks, pagers), and
// none of the caller's variables that point git elsewhere.

export interface GitRunner {
  readonly git: string;
  readonly root: string;
  readonly gitDir: string;
  readonly env: Readonly<Record<string, string | undefined>>;
}

const DROPPED = ['GIT_DIR', 'GIT_WORK_TREE', 'GIT_INDEX_FILE', 'GIT_OBJECT_DIRECTORY', 'GIT_ALTERNATE_OBJECT_DIRECTORIES', 'GIT_COMMON_DIR', 'GIT_NAMESPACE', 'GIT_CONFIG_PARAMETERS', 'GIT_CONFIG_COUNT'];

function run(runner: GitRunner, args: readonly string[], input?: string, index?: string): { ok: boolean; out: string; status: number | null } {
  const env: Record<string, string | undefined> = { ...runner.env, GIT_OPTIONAL_LOCKS: '0', LC_ALL: 'C', GIT_TERMINAL_PROMPT: '0' };
  for (const name of DROPPED) delete env[name];
  if (index !== undefined) env['GIT_INDEX_FILE'] = index;
  const argv = [...SAFE_CONFIG.flatMap((pair) => ['-c', pair]), ...args];
  const result = spawnSync(runner.git, argv, { cwd: runner.root, env, encoding: 'utf8', input, maxBuffer: 512 * 1024 * 1024, timeout: 60_000 });
  return { ok: result.status === 0, out: result.stdout ?? '', status: result.status };
}

export interface Entry {
  readonly mode: string;
  readonly sha: string;
  readonly stage: string;
}

// `stage\tpath` -> entry, of the index git uses, or of an index file's former bytes.
export function indexMap(runner: GitRunner, bytes?: Buffer): Map<string, Entry> | undefined {
  let file: string | undefined;
  if (bytes) {
    file = join(runner.gitDir, `codeward-index-before-${process.pid}-${Date.now()}`);
    writeFileSync(file, bytes, { mode: 0o600 });
  }
  try {
    const { ok, out } = run(runner, ['ls-files', '--stage', '-z'], undefined, file);
    if (!ok) return undefined;
    const map = new Map<string, Entry>();
    for (const record of out.split('\0')) {
      const match = /^(\d+) ([0-9a-f]+) (\d)\t(.*)$/s.exec(record);
      if (match) map.set(`${match[3]}\t${match[4]}`, { mode: match[1]!, sha: match[2]!, stage: match[3]! });
    }
    return map;
  } finally {
    if (file) rmSync(file, { force: true });
  }
}

// Sets index entries back: `mode sha stage\tpath` lines; a zero mode removes the path's entry. Every filter
// driver the configuration defines is switched off for the call (git/filters.ts): git writing the index
// re-reads a "racily clean" entry's file through its clean filter to check it, a command of the configuration
// run on the host (R12-26; timing-dependent: the test caught it one run in two). A listing that fails, or a
// driver that cannot be switched off, sets nothing back (false: the caller tells the person what to run).
export function updateIndex(runner: GitRunner, lines: readonly string[]): boolean {
  const drivers = run(runner, FILTER_KEYS_ARGS);
  if (!drivers.ok && !(drivers.status === 1 && drivers.out === '')) return false;
  const off = filterOffConfig(drivers.out);
  if (!('config' in off)) return false;
  return run(runner, [...off.config.flatMap((pair) => ['-c', pair]), 'update-index', '-z', '--index-info'], lines.map((line) => `${line}\0`).join('')).ok;
}

// The blob of the work-tree file's bytes, or undefined when it is absent. `--no-filters`: a clean filter is a
// command of the repository's configuration, never run here, on the host (red team round 12, R12-26); a
// file a filter changes (git-lfs) then reads as different and its entry is set back (the safe side).
export function workTreeBlob(runner: GitRunner, path: string): string | undefined {
  const { ok, out } = run(runner, ['hash-object', '--no-filters', '--', path]);
  return ok ? out.trim() : undefined;
}

// What differs between two commits (or everything of `to` when `from` is undefined): path -> new blob
// ('' when the path was removed).
export function changedPaths(runner: GitRunner, from: string | undefined, to: string): Map<string, string> | undefined {
  const args = from === undefined ? ['ls-tree', '-r', '-z', to] : ['diff-tree', '-r', '-z', '--no-renames', from, to];
  const { ok, out } = run(runner, args);
  if (!ok) return undefined;
  const paths = new Map<string, string>();
  const records = out.split('\0');
  if (from === undefined) {
    for (const record of records) {
      const match = /^\d+ \w+ ([0-9a-f]+)\t(.*)$/s.exec(record);
      if (match) paths.set(match[2]!, match[1]!);
    }
    return paths;
  }
  for (let at = 0; at + 1 < records.length; at += 2) {
    const match = /^:\d+ \d+ [0-9a-f]+ ([0-9a-f]+) (\w)/.exec(records[at]!);
    if (match) paths.set(records[at + 1]!, match[2] === 'D' ? '' : match[1]!);
  }
  return paths;
}

// What a commit changes against its first parent (all its files for a root commit).
export function commitPaths(runner: GitRunner, commit: string): Map<string, string> | undefined {
  const { ok, out } = run(runner, ['rev-parse', '--verify', '-q', `${commit}^1`]);
  return changedPaths(runner, ok ? out.trim() : undefined, commit);
}

// The commit a value names (a sha, or `ref: NAME`), peeled; undefined when it names none.
export function commitOf(runner: GitRunner, value: string): string | undefined {
  const name = value.startsWith('ref: ') ? value.slice(5).trim() : value;
  const { ok, out } = run(runner, ['rev-parse', '--verify', '-q', `${name}^{commit}`]);
  return ok ? out.trim() : undefined;
}

// Points `ref` back at `value` (deleted when undefined), without following a symbolic HEAD.
export function setRef(runner: GitRunner, ref: string, value: string | undefined): boolean {
  return run(runner, value === undefined ? ['update-ref', '--no-deref', '-d', ref] : ['update-ref', '--no-deref', ref, value]).ok;
}

// Points a symbolic ref (HEAD) back at the ref it named.
export function setSymbolicRef(runner: GitRunner, ref: string, target: string): boolean {
  return run(runner, ['symbolic-ref', ref, target]).ok;
}
