import { spawnSync } from './spawn-sync.js';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { lstatQuiet } from '../files/stat-quiet.js';
import { findOnPath, type ToolEnv } from './which.js';

// Paths a repository's HISTORY holds (red team round 6, R6-11): a `.env` committed once, then
// `git rm --cached` and ignored, is tracked no more, yet `git log -p --all`, `git show REV`, `git diff
// REV1 REV2` print it from the objects. Every path any commit reachable from a ref, the stash or a
// reflog added or changed counts as tracked for the tracked-secret check (tracked-secrets.ts). Read
// incrementally: only the commits new since the tips seen last, and only when the refs changed.

type Env = ToolEnv;

// The first read of a long history (797 commits: 0.4 s at load 25) is bounded: past this, the history is
// not known (the index alone counts, as before) and the next run tries again.
const HISTORY_TIMEOUT_MS = 10_000;

export interface HistoryState {
  // What the refs looked like (stats of packed-refs, the reflog of HEAD and every folder under refs/).
  readonly refsIdentity: string;
  // The ref tips read last, and the paths of their history that matched.
  readonly tips: readonly string[];
  readonly names: readonly string[];
}

const stamp = (path: string): string => {
  const stats = lstatQuiet(path, true);
  return stats === undefined ? '-' : `${stats.ino}:${stats.size}:${stats.mtimeNs}`;
};

// A ref update renames a file in its folder (the folder's mtime moves) or rewrites packed-refs; a commit
// appends to logs/HEAD.
export function refsIdentity(commonDir: string, gitDir: string): string {
  const parts = [stamp(join(commonDir, 'packed-refs')), stamp(join(gitDir, 'logs', 'HEAD')), stamp(join(gitDir, 'HEAD'))];
  const walk = (folder: string, depth: number): void => {
    parts.push(stamp(folder));
    if (depth === 0) return;
    let entries;
    try {
      entries = readdirSync(folder, { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) if (entry.isDirectory()) walk(join(folder, entry.name), depth - 1);
  };
  walk(join(commonDir, 'refs'), 8);
  return parts.join('|');
}

// git, with no configuration of the repository able to run a program (no fsmonitor, signatures,
// external diff or textconv) and no GIT_* variable naming another repository. undefined: it failed or timed out.
export function git(worktree: string, env: Env, args: readonly string[], timeout = HISTORY_TIMEOUT_MS): string | undefined {
  const program = findOnPath('git', env);
  if (!program) return undefined;
  const clean = Object.fromEntries(Object.entries(env).filter(([key]) => !key.startsWith('GIT_')));
  const result = spawnSync(program, ['-c', 'core.fsmonitor=false', '-c', 'log.showSignature=false', ...args], {
    cwd: worktree, encoding: 'utf8', maxBuffer: 512 * 1024 * 1024, timeout, env: { ...clean, GIT_OPTIONAL_LOCKS: '0', GIT_CONFIG_NOSYSTEM: '1' },
  });
  return result.status === 0 ? result.stdout : undefined;
}

// The history's matching paths now: `previous` reused when the refs did not change, else extended by the
// commits new since its tips. undefined: git cannot list it (the caller then trusts nothing).
export function historyNames(worktree: string, identity: string, previous: HistoryState | undefined, env: Env, match: (names: readonly string[]) => string[]): HistoryState | undefined {
  if (previous?.refsIdentity === identity) return previous;
  const refs = git(worktree, env, ['for-each-ref', '--format=%(objectname)']);
  if (refs === undefined) return undefined;
  const tips = [...new Set(refs.split('\n').filter((line) => /^[0-9a-f]{40,64}$/.test(line)))].sort();
  if (previous && tips.length === previous.tips.length && tips.every((tip, index) => tip === previous.tips[index])) return { ...previous, refsIdentity: identity };
  const args = ['log', '--root', '--all', '--reflog', '--name-only', '--no-renames', '--no-ext-diff', '--no-textconv', '--format=', '-z'];
  // Only the commits new since the tips read last; tips gone since (history rewritten, then pruned): the
  // whole history again, and what it no longer holds is forgotten.
  const since = previous ? git(worktree, env, [...args, '--not', ...previous.tips]) : undefined;
  const log = since ?? git(worktree, env, args);
  if (log === undefined) return undefined;
  const names = [...new Set([...(since === undefined ? [] : previous!.names), ...match([...new Set(log.split(/[\0\n]/).filter((name) => name !== ''))])])];
  return { refsIdentity: identity, tips, names };
}

// Whether every revision name in `names` that resolves is a commit (or a tag of one) that a ref or a reflog
// reaches (red team R7-10: a blob staged once and unstaged, a dropped stash, an amended-away commit stay in
// the object store; `git show <its id>` prints them, and no history read can name their paths). Each name
// is resolved the way the command will resolve it (the repository's core.disambiguate applies), then
// peeled; a name that resolves to nothing is a path for the command. false when git cannot tell.
export function reachableByRefs(worktree: string, env: Env, names: readonly string[]): boolean {
  const ids: string[] = [];
  for (const name of names) {
    const id = git(worktree, env, ['rev-parse', '--verify', '-q', '--end-of-options', name]);
    if (id === undefined) continue;
    if (!/^[0-9a-f]{40,64}$/.test(id.trim())) return false;
    ids.push(id.trim());
  }
  if (ids.length === 0) return true;
  const unreached = git(worktree, env, ['rev-list', '--count', ...ids.map((id) => `${id}^{commit}`), '--not', '--all', '--reflog']);
  return unreached?.trim() === '0';
}
