import { join, relative } from 'node:path';
import { lstatQuiet } from '../files/stat-quiet.js';
import { readGitMetadata } from '../git/config-read.js';
import { cleanCopy } from './git-identity.js';
import { repositoryOf } from './git-config.js';
import type { SecretPath } from './secret-files.js';
import { within } from './policy.js';

// What the sandbox hides in the work tree (an empty read-only placeholder in its place) is hidden from git
// there by ABSENCE too (red team R13-9: `git add -A && git commit` committed `.env` emptied, and the
// person's next checkout lost the secret): the repository's `info/exclude` is shown as a copy that adds
// each hidden path, anchored, so `git add -A`, `git status` and `git stash -u` leave them out. (A forced
// `git add -f` is set back after the run: git-state.ts with shell/run-call.ts's predicate.) Only where the
// workspace's own repository has an `info/exclude` file (git init makes one): a bind needs its target.

// gitignore's special characters escaped, so a name is matched as written.
const escaped = (rel: string): string => rel.replace(/[\\*?[\]!#]/g, '\\$&').replace(/^ | $/g, '\\ ');

// The exclude file -> its copy (null: none could be written), or nothing.
export function hiddenExcludeCopy(root: string, hidden: readonly SecretPath[], stateDir: string | undefined): Map<string, string | null> {
  const repository = repositoryOf(root);
  if (!repository || repository.top !== root || hidden.length === 0) return new Map();
  const exclude = join(repository.common ?? repository.gitDir, 'info', 'exclude');
  // Not when the git folder itself is hidden (a tracked secret: tracked-secrets.ts): no mount point there.
  if (!within(exclude, root) || lstatQuiet(exclude)?.isFile() !== true || hidden.some((entry) => entry.kind === 'dir' && within(exclude, entry.path))) return new Map();
  const lines = hidden.filter((entry) => within(entry.path, root) && !within(entry.path, repository.gitDir)).map((entry) => `/${escaped(relative(root, entry.path))}${entry.kind === 'dir' ? '/' : ''}`);
  if (lines.length === 0) return new Map();
  const text = `${readGitMetadata(exclude) ?? ''}\n# codeward: hidden in the sandbox (empty placeholders there)\n${lines.join('\n')}\n`;
  return new Map([[exclude, cleanCopy(exclude, text, stateDir)]]);
}
