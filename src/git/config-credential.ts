import { loadedConfigFiles } from './config-includes.js';
import { readGitMetadata } from './config-read.js';
import { isRepositoryConfig, repositoryConfigSecrets, withoutSecrets } from './config-secrets.js';
import { credentialStoreFiles } from './credential-stores.js';

type Env = Readonly<Record<string, string | undefined>>;

// The one predicate "a git config file holding a credential" (red team R9-14): a repository's own config
// (`config`, `config.worktree` of a git folder), or any file git loads for this workspace
// (config-includes.ts: the system's, the user's, $GIT_CONFIG_GLOBAL, the repository's, and what they
// include). Read refuses it, search and the other readers leave it out (workspace/reader-hidden.ts), the
// sandbox hides it, and a shell reader of it asks outside the sandbox (permissions/readonly-git-config-secrets.ts).
export class CredentialConfigs {
  #loaded: ReadonlySet<string> | undefined;
  #stores: ReadonlySet<string> | undefined;

  constructor(
    private readonly root: string,
    private readonly home: string | undefined,
    private readonly env: Env = process.env,
  ) {}

  // Whether the real path `real` is such a file.
  has(real: string): boolean {
    if (repositoryConfigSecrets(real) !== undefined || this.#storeFiles().has(real)) return true;
    return this.#files().has(real) && holdsCredential(real);
  }

  // The files git loads that lie in the workspace and hold a credential, but a repository's own config
  // (the sandbox shows that as a filtered copy: sandbox/repo-configs.ts).
  inWorkspace(): string[] {
    const configs = [...this.#files()].filter((file) => file.startsWith(`${this.root}/`) && !isRepositoryConfig(file) && holdsCredential(file));
    return [...configs, ...[...this.#storeFiles()].filter((file) => file.startsWith(`${this.root}/`))];
  }

  // The first such file git loads that `test` accepts (one in a folder a recursive reader reads whole, one a
  // glob names), or undefined.
  find(test: (file: string) => boolean): string | undefined {
    return [...this.#files()].find((file) => test(file) && holdsCredential(file)) ?? [...this.#storeFiles()].find(test);
  }

  // The plain-text password stores the loaded config files name (`credential.helper store --file PATH`).
  #storeFiles(): ReadonlySet<string> {
    this.#stores ??= new Set(credentialStoreFiles(this.#files(), this.root, this.home));
    return this.#stores;
  }

  #files(): ReadonlySet<string> {
    this.#loaded ??= new Set(loadedConfigFiles(this.root, this.home, this.env));
    return this.#loaded;
  }
}

// Whether a config file (read as git metadata: regular, size-capped) holds a credential.
export function holdsCredential(file: string): boolean {
  const text = readGitMetadata(file, 1024 * 1024);
  return text !== undefined && withoutSecrets(text) !== undefined;
}
