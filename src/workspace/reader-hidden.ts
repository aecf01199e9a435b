import { basename, join } from 'node:path';
import { repositoryConfigSecrets } from '../git/config-secrets.js';
import { compileNonAccessible, type RelMatcher } from './globs.js';
import { isSensitivePath } from './sensitive.js';

// What `read` refuses or asks for is hidden from every reader that cannot ask per file (red team round 8,
// R8-10: `read .git/config` refused a credential while `search --dir .git` printed it; `read .aws/credentials`
// asked while `search`, `grep -r`, `git grep`, `git diff` and codeward's own git-diff printed it). Beside
// the non-accessible globs (the user's list), three things read refuses or asks for by themselves:
// - credential files a person approves one by one (the permission gate's immune reading classes,
//   permissions/immune-paths.ts 'any': SSH and GPG keys, AWS credentials, a kube config), at any depth;
// - a repository config holding a credential (a token in a URL, an http extraHeader, a credential helper);
// - the sensitive system paths (a workspace at /etc).
// Search, the code index, references and git-diff leave them out; the sandbox hides the credential files
// like non-accessible ones (sandbox.ts), so `grep -r` and git's content readers there cannot print them.
export const CREDENTIAL_GLOBS: readonly string[] = ['**/.ssh/**', '**/.gnupg/**', '**/.aws/credentials', '**/.kube/config'];

// The user's non-accessible globs with the credential files added: what the sandbox hides and the
// history-secret checks look for.
export function withCredentialGlobs(globs: readonly string[]): string[] {
  return [...globs, ...CREDENTIAL_GLOBS.filter((glob) => !globs.includes(glob))];
}

const CONFIG_NAMES = new Set(['config', 'config.worktree']);

export class ReaderHidden {
  readonly #credentials: RelMatcher = compileNonAccessible(CREDENTIAL_GLOBS);

  constructor(private readonly root: string) {}

  // `rel` (forward slashes, inside the root) beyond the non-accessible globs; `parentHidden` for walks.
  has(rel: string, parentHidden = false): boolean {
    if (parentHidden || this.#credentials(rel)) return true;
    const abs = join(this.root, rel);
    if (isSensitivePath(abs)) return true;
    return CONFIG_NAMES.has(basename(rel)) && repositoryConfigSecrets(abs) !== undefined;
  }
}
