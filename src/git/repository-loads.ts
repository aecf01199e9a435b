import { dirname, join } from 'node:path';
import { withIncludes } from './config-includes.js';
import { isRepositoryConfig } from './config-secrets.js';

// The one predicate "a file git loads for ANY repository in view" (red team R44-a3), beside the workspace
// repository's (config-includes.ts loadedConfigNames): a repository config (config, config.worktree of a git folder:
// config-secrets.ts isRepositoryConfig) as NAMED, whatever its target (a link to a plain file is loaded as the
// config), and every file its include.path / includeIf.*.path name (walkConfigFiles), as the kernel opens them.
// A nested clone's `.git/extra.inc`, a submodule's `.git/modules/sub/creds.inc`, a dotfiles link's target.
export function repositoryLoads(configs: readonly string[], home: string | undefined): string[] {
  return withIncludes(configs, home);
}

// Whether `folder` is a git folder by read's rule (config-secrets.ts isRepositoryConfig: below a `.git`, or shaped).
const gitFolder = (folder: string): boolean => isRepositoryConfig(join(folder, 'config'));

// What the git folders above a file load (read's side of the predicate, without walking the workspace): for each
// folder inside `root` that is a git folder, its config files and their includes; kept per folder (a walk asks for
// every entry of a folder: one look per folder, not per file).
export class LoadsAbove {
  readonly #byFolder = new Map<string, ReadonlySet<string> | undefined>();

  constructor(
    private readonly root: string,
    private readonly home: string | undefined,
  ) {}

  // Whether a git folder above `real` (inside the root) loads it.
  has(real: string): boolean {
    return this.#above(dirname(real))?.has(real) === true;
  }

  #above(folder: string): ReadonlySet<string> | undefined {
    if (!folder.startsWith(`${this.root}/`)) return undefined;
    if (this.#byFolder.has(folder)) return this.#byFolder.get(folder);
    const parent = this.#above(dirname(folder));
    const own = gitFolder(folder) ? repositoryLoads([join(folder, 'config'), join(folder, 'config.worktree')], this.home).filter((file) => !parent?.has(file)) : [];
    const loads = own.length === 0 ? parent : new Set([...(parent ?? []), ...own]);
    this.#byFolder.set(folder, loads);
    return loads;
  }
}
