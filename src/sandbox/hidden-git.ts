// What the sandbox hides when a repository tracks a non-accessible file: its git folders (an empty
// read-only folder: git then says "not a git repository"), and what a git that fails is told.
import { basename, dirname, relative } from 'node:path';
import { realOf, targetKindOf, within } from './policy.js';
import { alternatesOf, repositoryOf, UNREADABLE, type GitRepository, type TrackedSecretCheck } from './tracked-secrets.js';
import type { UnreachableObjects } from './unreachable-objects.js';

// How many names a message lists.
const NAMED = 3;

// "`.env` and `config/.env.local`" (at most NAMED names, then how many more).
export function nameFiles(files: readonly string[]): string {
  const shown = files.slice(0, NAMED).map((file) => (file.endsWith(UNREADABLE) ? 'files it lists in an index codeward cannot read' : `\`${file}\``));
  const more = files.length > NAMED ? ` and ${files.length - NAMED} more` : '';
  return shown.length === 1 ? `${shown[0]}${more}` : `${shown.slice(0, -1).join(', ')}${more ? `, ${shown.at(-1)!}${more}` : ` and ${shown.at(-1)!}`}`;
}

// What a failed git inside the sandbox is told, and why an object reader asks at the gate.
export function hiddenGitHint(files: readonly string[]): string {
  const which = nameFiles(files);
  return `git is unavailable inside exec here because the repository tracks ${which}, ${files.length === 1 ? 'a non-accessible file' : 'non-accessible files'} (git would print it from its object database, or commit it emptied); use codeward's git-status, git-diff and git-log, which leave it out, or make the file accessible in your config (nonAccessibleGlobs)`;
}

// What a failed git is told when the repository's objects include some no ref reaches (unreachable-objects.ts).
export function unreachableGitHint(why: string): string {
  return `git is unavailable inside exec here because the repository's object store holds ${why} (such an object may be a non-accessible file staged once, which git would print); use codeward's git-status, git-diff and git-log meanwhile`;
}

export interface HiddenGit {
  // What to hide: the workspace's secrets and the git folders of the repositories tracking one.
  readonly paths: readonly { readonly path: string; readonly kind: 'file' | 'dir' }[];
  // The hint for a git that fails inside (undefined: no git folder hidden).
  readonly hint?: string;
  // Object stores shown as a read-only view without their unreachable loose objects (objects-view.ts):
  // bwrap binds (destination, source) in order, and what a git that fails to write is told.
  readonly binds?: readonly (readonly [string, string])[];
  readonly readOnly?: string;
}

// The repositories a sandboxed git could use on the workspace's secrets: the one holding the workspace,
// the one holding each hidden secret (a nested clone), and their submodules. Each that tracks a
// non-accessible file has its git folders hidden too (an empty read-only folder: git then says "not a
// git repository"). A secret inside a hidden folder is hidden with it (one mount).
export function hideTrackedGit<T extends { readonly path: string; readonly kind: 'file' | 'dir' }>(
  root: string,
  secrets: readonly T[],
  check: TrackedSecretCheck,
  // Objects no ref reaches (red team R27-4): each masked, or the git folders hidden.
  objects?: UnreachableObjects,
): HiddenGit {
  const seen = new Map<string, { repository: GitRepository; files: readonly string[] }>();
  const add = (repository: GitRepository | undefined): void => {
    if (!repository || seen.has(repository.gitDir)) return;
    for (const found of check.reachable(repository, root)) if (!seen.has(found.repository.gitDir)) seen.set(found.repository.gitDir, found);
  };
  add(repositoryOf(root, root));
  for (const secret of secrets) {
    if (!within(secret.path, root) || [...seen.values()].some(({ repository }) => within(secret.path, repository.gitDir) || within(secret.path, repository.commonDir))) continue;
    add(repositoryOf(dirname(secret.path), root));
  }
  const folders: { path: string; kind: 'dir' }[] = [];
  const files: string[] = [];
  const masks: { path: string; kind: 'file' | 'dir' }[] = [];
  const binds: (readonly [string, string])[] = [];
  let readOnly: string | undefined;
  let unreachable: string | undefined;
  const queue = [...seen.values()].map(({ repository }) => repository);
  for (let repository = queue.shift(); repository; repository = queue.shift()) {
    const tracked = check.tracked(repository, root);
    const view = tracked.length === 0 && check.guarding ? objects?.view(repository) : undefined;
    masks.push(...(view?.paths ?? []));
    unreachable ??= view?.hide;
    binds.push(...(view?.binds ?? []));
    readOnly ??= view?.readOnly;
    if (tracked.length === 0 && view?.hide === undefined) continue;
    // With this one hidden, git looks further up: the repository around it is checked the same way.
    const outer = repositoryOf(dirname(repository.worktree), root);
    if (outer && !seen.has(outer.gitDir)) {
      seen.set(outer.gitDir, { repository: outer, files: [] });
      queue.push(outer);
    }
    const prefix = relative(root, repository.worktree);
    files.push(...tracked.map((file) => (prefix === '' || prefix.startsWith('..') ? file : `${prefix}/${file}`)));
    // Never a folder holding the workspace (a workspace inside .git): that would hide the workspace.
    // Its alternates too (a reference clone's objects folder; anything else named there is not hidden:
    // a sandboxed process can write that file, and hiding /usr would only break the next run).
    const alternates = alternatesOf(repository).filter((dir) => basename(dir) === 'objects' && targetKindOf(dir) === 'dir' && !['/dev', '/proc', '/sys'].some((system) => within(dir, system)));
    // Real paths (a `.git` may be a symlink): what the mount lands on, and what dedupes.
    for (const dir of new Set([repository.gitDir, repository.commonDir, ...alternates].map(realOf))) if (!within(root, dir)) folders.push({ path: dir, kind: 'dir' });
  }
  // A view inside a hidden git folder (a submodule's objects under a hidden .git/modules) is not bound: it
  // would show again what the folder hides.
  const shown = binds.filter(([path]) => !folders.some((folder) => within(path, folder.path)));
  const viewed = shown.length > 0 ? { binds: shown, readOnly: readOnly! } : {};
  if (folders.length === 0 && masks.length === 0) return { paths: secrets, ...viewed };
  const all = [...folders, ...masks, ...secrets].sort((a, b) => a.path.length - b.path.length);
  const kept: (T | { path: string; kind: 'file' | 'dir' })[] = [];
  for (const entry of all) if (!kept.some((outer) => outer.kind === 'dir' && within(entry.path, outer.path))) kept.push(entry);
  if (folders.length === 0) return { paths: kept, ...viewed };
  return { paths: kept, ...viewed, hint: files.length > 0 ? hiddenGitHint(files) : unreachableGitHint(unreachable!) };
}
