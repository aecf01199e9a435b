import { join } from 'node:path';
import { CredentialConfigs } from '../git/config-credential.js';
import { isCredentialStoreFile } from '../git/credential-store-content.js';
import { compileNonAccessible, type RelMatcher } from './globs.js';
import { holdsSensitivePaths, isSensitivePath } from './sensitive.js';
import { identityStamp, type FolderListings } from './listings.js';

// What `read` refuses or asks for is hidden from every reader that cannot ask per file (red team round 8,
// R8-10: `read .git/config` refused a credential while `search --dir .git` printed it; `read .aws/credentials`
// asked while `search`, `grep -r`, `git grep`, `git diff` and codeward's own git-diff printed it). Beside
// the non-accessible globs (the user's list), three things read refuses or asks for by themselves:
// - credential files a person approves one by one (the permission gate's immune reading classes,
//   permissions/immune-paths.ts 'any': SSH and GPG keys, AWS credentials, a kube config), at any depth;
// - a repository config holding a credential (a token in a URL, an http extraHeader, a credential helper);
// - the sensitive system paths (a workspace at /etc);
// - a git credential store by its content, whatever its name (git/credential-store-content.ts, R13-17).
// Search, the code index, references and git-diff leave them out; the sandbox hides the credential files
// like non-accessible ones (sandbox.ts), so `grep -r` and git's content readers there cannot print them.
// git's plain-text password store by its default names (`~/.git-credentials`, `$XDG_CONFIG_HOME/git/credentials`) and
// the CI spelling `.git/credentials`; a store a config names elsewhere is found by git/credential-stores.ts.
export const CREDENTIAL_GLOBS: readonly string[] = ['**/.ssh/**', '**/.gnupg/**', '**/.aws/credentials', '**/.kube/config', '**/.git-credentials', '**/.git/credentials', '**/.config/git/credentials'];

// The user's non-accessible globs with the credential files added: what the sandbox hides and the
// history-secret checks look for.
export function withCredentialGlobs(globs: readonly string[]): string[] {
  return [...globs, ...CREDENTIAL_GLOBS.filter((glob) => !globs.includes(glob))];
}

// git's object store (loose objects, packs) and what `git fsck --lost-found` writes: the bytes of every
// file ever staged, hidden ones included, deflated (red team round 9, R9-8: `read --encoding base64` of a
// loose object gave a committed .env's bytes). No task needs them raw: git-diff, git-log and git read them.
const OBJECT_STORE = /(?:^|\/)objects\/(?:[0-9a-f]{2}\/[0-9a-f]{38,}|pack\/[^/]+|info\/[^/]+)$|(?:^|\/)lost-found\/(?:commit|other)\//i;

// A path join would change (empty, `.` or `..` segment; a leading or trailing slash): one scan, no look-aheads.
const NOT_PLAIN = /(?:^|\/)\.{0,2}(?:\/|$)/;

export function inObjectStore(rel: string): boolean {
  return OBJECT_STORE.test(rel);
}

export class ReaderHidden {
  readonly #credentials: RelMatcher = compileNonAccessible(CREDENTIAL_GLOBS);
  readonly #configs: CredentialConfigs;
  // Whether a path under the root can be a sensitive system path at all (a workspace at `/` or `/etc`).
  readonly #sensitive: boolean;
  // join(root, rel) for a plain rel is this plus rel: walks test every entry, and join's normalising was
  // most of this check's cost on 20 k files (the normalised root with its slash: `/` for the root `/`).
  readonly #prefix: string;

  constructor(
    private readonly root: string,
    home: string | undefined,
    env: Readonly<Record<string, string | undefined>> = process.env,
    // The owner's cache, with the state folder's kept file (WorkspaceOptions.keptFile) or none.
    listings?: FolderListings,
  ) {
    this.#configs = new CredentialConfigs(root, home ?? env['HOME'], env, listings);
    this.#sensitive = holdsSensitivePaths(root);
    this.#prefix = join(root, 'x').slice(0, -1);
  }

  // `rel` (forward slashes, inside the root) beyond the non-accessible globs.
  has(rel: string): boolean {
    return this.#credentials(rel) || this.#byPath(rel, 'opened') || isCredentialStoreFile(join(this.root, rel));
  }

  // The same for walks, which judge every folder above `rel` before it (a hidden one hides what is below):
  // only rel's own name is matched against the credential globs. `byName`: without the content check, which
  // opens the file: for a folder (never a store: the check is of regular files), and for a listing whose
  // every file is read afterwards only through the jail, whose read makes that check (Workspace.resolve,
  // credentialStore below).
  entry(rel: string, byName: boolean): boolean {
    return this.#credentials.entry(rel) || this.#byPath(rel, byName ? 'name' : 'opened') || (!byName && isCredentialStoreFile(join(this.root, rel)));
  }

  // A folder's by-name verdict (search's folder filter): git loads no folder as a config.
  folder(rel: string): boolean {
    return this.#credentials.entry(rel) || this.#byPath(rel, 'folder');
  }

  // `how`: whether the caller's check opens the file anyway, or judges a folder (config-credential.ts has).
  #byPath(rel: string, how: 'name' | 'opened' | 'folder'): boolean {
    if (inObjectStore(rel)) return true;
    const abs = NOT_PLAIN.test(rel) ? join(this.root, rel) : this.#prefix + rel;
    return (this.#sensitive && isSensitivePath(abs)) || this.#configs.has(abs, abs, how);
  }

  // What the by-name verdicts (entry(rel, true)) depend on beside the path and the root: the files git loads
  // in the workspace and the stores they name, each with its identity and times (a content change can make one
  // hold a credential); a repository's own config is judged by its name (config, config.worktree) and content.
  // undefined: one changed within the racy window (nothing to keep a verdict by).
  byNameInputs(): string | undefined {
    const loaded = this.#configs.loadedInWorkspace();
    const stamps = loaded.map(identityStamp);
    return stamps.includes(undefined) ? undefined : JSON.stringify([loaded, stamps]);
  }

  // A git credential store by its content (R13-17) that no credential glob names (those `read` asks a person
  // for by name: they keep that answer).
  credentialStore(real: string, rel: string): boolean {
    return !this.#credentials(rel) && isCredentialStoreFile(real);
  }

  // A git config file git loads here (the repository's, the user's, $GIT_CONFIG_GLOBAL, what they include, what a
  // nested clone's or a submodule's config includes) holding a credential; `named`: the path a link led from. For the
  // jail's read of a file (its content judged first).
  credentialConfig(real: string, named = real): boolean {
    return this.#configs.has(real, named, 'opened');
  }
}

// The files git loads for this workspace that lie in it and hold a credential, but the repository's own
// config (the sandbox shows that as a filtered copy), as real paths inside `root`.
// `listings`: the caller's cache (the sandbox's), which keeps what git loads across processes when it has a
// kept file (git/config-credential.ts).
export function includedCredentialConfigs(root: string, home: string | undefined, env?: Readonly<Record<string, string | undefined>>, listings?: FolderListings): string[] {
  return new CredentialConfigs(root, home ?? env?.['HOME'], env, listings).inWorkspace();
}
