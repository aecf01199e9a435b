// Parser for `git branch --format=BRANCH_FORMAT` (ref names cannot hold newlines or NUL).

export interface Branch {
  // Without refs/heads/ (local) or refs/remotes/ (remote): `main`, `origin/main`.
  name: string;
  current: boolean;
  remote: boolean;
  // The commit the branch points at.
  commit: string;
  // The branch it tracks, shortened the same way.
  upstream?: string;
  // For a symbolic ref such as origin/HEAD: the branch it stands for.
  target?: string;
}

export interface BranchList {
  branches: Branch[];
  // The commit of a detached HEAD (git lists it as a pseudo-branch, which is not kept in `branches`).
  detachedAt: string | undefined;
}

export const BRANCH_FORMAT = '--format=%(HEAD)%00%(refname)%00%(upstream)%00%(objectname)%00%(symref)';

export function shortRef(ref: string): { name: string; remote: boolean } {
  if (ref.startsWith('refs/heads/')) return { name: ref.slice('refs/heads/'.length), remote: false };
  if (ref.startsWith('refs/remotes/')) return { name: ref.slice('refs/remotes/'.length), remote: true };
  return { name: ref, remote: false };
}

export function parseBranches(stdout: string): BranchList {
  const branches: Branch[] = [];
  let detachedAt: string | undefined;
  for (const line of stdout.split('\n')) {
    if (line === '') continue;
    const [head = '', ref = '', upstream = '', commit = '', symref = ''] = line.split('\0');
    if (!ref.startsWith('refs/')) {
      // "(HEAD detached at 1a2b3c4)", "(no branch, rebasing x)" ...
      if (head === '*') detachedAt = commit;
      continue;
    }
    const { name, remote } = shortRef(ref);
    branches.push({
      name,
      current: head === '*',
      remote,
      commit,
      ...(upstream === '' ? {} : { upstream: shortRef(upstream).name }),
      ...(symref === '' ? {} : { target: shortRef(symref).name }),
    });
  }
  return { branches, detachedAt };
}
