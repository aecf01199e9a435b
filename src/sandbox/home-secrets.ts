import { isAbsolute } from 'node:path';
import { homeLinksInto } from '../permissions/home-links.js';
import { HOME_SECRETS } from './lists.js';
import { realOf } from './policy.js';

// The home's secrets kept in the workspace (red team R7-13: a dotfiles repository the home links into,
// `~/.aws -> dotfiles/aws`, `~/.ssh/id_ed25519 -> dotfiles/ssh/id_ed25519`): the paths of HOME_SECRETS (the
// sandbox's own list, the one list) that resolve into the workspace, as non-accessible globs of it. Added to
// the configured globs, they are hidden wherever those are: the read jail (read, search, tree, the code
// index) and the sandbox's view (bound over with an empty file or folder).

const escapeGlob = (path: string): string => path.replace(/[\\*?[\]{}()!+@]/g, '\\$&');

// Workspace-relative globs (`**` when the workspace lies inside one of them) for `root`, for each of `homes`.
export function linkedSecretGlobs(root: string, homes: readonly (string | undefined)[]): string[] {
  const roots = [...new Set([root, realOf(root)])];
  const globs = new Set<string>();
  for (const home of new Set(homes)) {
    if (!home || !isAbsolute(home)) continue;
    for (const link of homeLinksInto(home, HOME_SECRETS, [], roots).links) globs.add(link.rel === '' ? '**' : escapeGlob(link.rel));
  }
  return [...globs];
}

// `globs` with the home's secrets that resolve into the workspace added (unchanged when none do).
export function withLinkedSecrets(globs: string[], root: string, homes: readonly (string | undefined)[]): string[] {
  const added = linkedSecretGlobs(root, homes).filter((glob) => !globs.includes(glob));
  return added.length === 0 ? globs : [...globs, ...added];
}
