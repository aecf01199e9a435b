import { envIncludes, loadedConfigNames } from './config-includes.js';
import { gitOuterConfigFiles, kernelPath } from './config-path.js';
import { metadataText } from './config-read.js';
import { isRepositoryConfig, repositoryConfigSecrets, withoutSecrets } from './config-secrets.js';
import { credentialStoreFiles, type StoreProbe } from './credential-stores.js';
import { repositoryOf } from './repository-of.js';
import { workspaceLoads, type WorkspaceLoads } from './workspace-loads.js';
import { anchorsOf, isStrings as strings, keepAcross, keptAcross, stampsFor } from '../permissions/kept-across.js';
import { FolderListings } from '../workspace/listings.js';

type Env = Readonly<Record<string, string | undefined>>;

// What git loads for a workspace, as real paths: the config files (config-includes.ts) and the password
// stores they name (credential-stores.ts).
interface Loaded {
  readonly files: readonly string[];
  readonly stores: readonly string[];
}

// A kept answer (kept-across.ts): valid while every file it read and folder it listed (`sources`) keeps its
// identity and times, and every path it resolved or looked at (`anchors`) its place and kind.
interface Kept extends Loaded {
  readonly stamps: string;
  readonly sources: readonly string[];
  readonly anchors: readonly string[];
}

const isKept = (value: unknown): value is Kept => {
  const kept = value as Partial<Record<keyof Kept, unknown>> | null;
  return typeof kept === 'object' && kept !== null && typeof kept.stamps === 'string' && strings(kept.sources) && strings(kept.anchors) && strings(kept.files) && strings(kept.stores);
};

// The state folder's file of these answers (kept-across.ts).
const KEPT_FILE = 'credential-configs.json';

// The one predicate "a git config file holding a credential" (red team R9-14): a repository's own config
// (`config`, `config.worktree` of a git folder), or any file git loads for this workspace
// (config-includes.ts: the system's, the user's, $GIT_CONFIG_GLOBAL, the repository's, and what they
// include). Read refuses it, search and the other readers leave it out (workspace/reader-hidden.ts), the
// sandbox hides it, and a shell reader of it asks outside the sandbox (permissions/readonly-git-config-secrets.ts).
export class CredentialConfigs {
  #loaded: { readonly files: ReadonlySet<string>; readonly stores: ReadonlySet<string> } | undefined;
  // What every repository config of the workspace loads (R44-a3, fix79's LEFTs: a nested clone's or a submodule's
  // includes wherever they lie, a linked config's target): the view's set (git/workspace-loads.ts).
  #nested: (WorkspaceLoads & { readonly set: ReadonlySet<string> }) | undefined;

  // `listings`: the owner's cache; with a kept file (the state folder, kept-across.ts), which files git loads
  // is kept between processes while nothing it was read from changed (issue 31: a cold call read them all).
  constructor(
    private readonly root: string,
    private readonly home: string | undefined,
    private readonly env: Env = process.env,
    private readonly listings?: FolderListings,
  ) {}

  // Whether the real path `real` is such a file; `named`: the path it was asked by, when a link led there (a
  // repository config that is a link to a plain file is loaded by git as the config: R44-a3). `how`: 'opened' when
  // the caller opens the file anyway (read, a content check): its content is judged first, and what the workspace's
  // repositories load (a walk of every folder, kept) is looked at only for one that holds a credential; 'folder' for a
  // folder (git loads no folder as a config: no walk); 'name' (a listing's by-name verdict): that set first.
  has(real: string, named = real, how: 'name' | 'opened' | 'folder' = 'name'): boolean {
    const opened = how === 'opened';
    if (repositoryConfigSecrets(real) !== undefined || this.#storeFiles().has(real)) return true;
    if (named !== real && isRepositoryConfig(named)) return holdsCredential(real);
    if (this.#files().has(real)) return holdsCredential(real);
    if (how === 'folder' || !real.startsWith(`${this.root}/`) || (opened && !holdsCredential(real))) return false;
    const nested = this.#nestedLoads();
    // The walk stopped short (a workspace past its bound): a file git may load for a repository not found is judged
    // by its content alone (fail closed).
    return (nested.cut || nested.set.has(real)) && (opened || holdsCredential(real));
  }

  #nestedLoads(): WorkspaceLoads & { readonly set: ReadonlySet<string> } {
    if (!this.#nested) {
      const loads = workspaceLoads(this.root, this.home, this.listings ?? new FolderListings());
      this.#nested = { ...loads, set: new Set(loads.files) };
    }
    return this.#nested;
  }

  // The files git loads that lie in the workspace and hold a credential, but a repository's own config
  // (the sandbox shows that as a filtered copy: sandbox/repo-configs.ts).
  inWorkspace(): string[] {
    const configs = [...this.#files()].filter((file) => file.startsWith(`${this.root}/`) && !isRepositoryConfig(file) && holdsCredential(file));
    return [...configs, ...[...this.#storeFiles()].filter((file) => file.startsWith(`${this.root}/`))];
  }

  // Every file git loads and every password store they name that lies in the workspace, sorted, whether or not
  // it holds a credential: what `has` can answer true for beside a repository's own config (by its name).
  // Asked once per listing (workspace.ts readerFilterKey): the nested loads are looked at again (their stamps).
  loadedInWorkspace(): string[] {
    this.#nested = undefined;
    const inside = [...this.#files(), ...this.#storeFiles()].filter((file) => file.startsWith(`${this.root}/`));
    return [...new Set([...inside, ...this.#nestedLoads().files])].sort();
  }

  // The first such file git loads that `test` accepts (one in a folder a recursive reader reads whole, one a
  // glob names), or undefined.
  find(test: (file: string) => boolean): string | undefined {
    return [...this.#files()].find((file) => test(file) && holdsCredential(file)) ?? [...this.#storeFiles()].find(test);
  }

  // The plain-text password stores the loaded config files name (`credential.helper store --file PATH`).
  #storeFiles(): ReadonlySet<string> {
    return this.#load().stores;
  }

  #files(): ReadonlySet<string> {
    return this.#load().files;
  }

  #load(): { readonly files: ReadonlySet<string>; readonly stores: ReadonlySet<string> } {
    if (!this.#loaded) {
      const { files, stores } = this.listings ? this.#kept(this.listings) : this.#compute();
      this.#loaded = { files: new Set(files), stores: new Set(stores) };
    }
    return this.#loaded;
  }

  // Computed now; `probe` collects what the answer depended on beside the key's inputs (#kept).
  #compute(probe?: StoreProbe): Loaded {
    const names = loadedConfigNames(this.root, this.home, this.env);
    for (const name of names) {
      probe?.read.add(name);
      probe?.placed.add(name);
    }
    const files = [...new Set(names.map(kernelPath))];
    return { files, stores: credentialStoreFiles(files, this.root, this.home, probe) };
  }

  // The answer kept with the owner's listings, and across processes when they have a kept file. The key holds
  // every input that is no file: the root, the home, the repository found there, the outer config files the
  // environment picks and the includes it gives.
  #kept(listings: FolderListings): Loaded {
    const key = JSON.stringify(['credential-configs', this.root, this.home ?? '', repositoryOf(this.root) ?? null, gitOuterConfigFiles(this.home, this.env), envIncludes(this.root, this.home, this.env)]);
    const known = listings.recall<Kept>(key) ?? keptAcross(listings, KEPT_FILE, key, isKept);
    if (known && stampsFor(known.sources, known.anchors) === known.stamps) {
      listings.keep(key, known);
      return known;
    }
    const probe: StoreProbe = { read: new Set(), placed: new Set() };
    const { files, stores } = this.#compute(probe);
    const sources = [...probe.read];
    const anchors = [...new Set([...probe.placed, ...stores, ...anchorsOf([...probe.placed])])];
    const stamps = stampsFor(sources, anchors);
    if (stamps !== undefined) {
      const kept: Kept = { stamps, sources, anchors, files, stores };
      listings.keep(key, kept);
      keepAcross(listings, KEPT_FILE, key, kept, isKept);
    }
    return { files, stores };
  }
}

// Whether a config file (read as git metadata: regular, size-capped) holds a credential. One git reads but this
// cannot (past 1 MiB, a FIFO, a link loop) may hold one: it counts as holding one (bounds23, never read as empty).
export function holdsCredential(file: string): boolean {
  const { text, unread } = metadataText(file, 1024 * 1024);
  return unread !== undefined || (text !== undefined && withoutSecrets(text) !== undefined);
}
