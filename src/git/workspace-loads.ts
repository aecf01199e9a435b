import { anchorsOf, isStrings, keepAcross, keptAcross, stampsFor } from '../permissions/kept-across.js';
import { FolderListings } from '../workspace/listings.js';
import { walkConfigFiles } from './config-includes.js';
import { kernelPath } from './config-path.js';
import { workspaceConfigs } from './workspace-configs.js';

// The one predicate "a file git loads for ANY repository of the workspace" (red team R44-a3, fix79's LEFTs), for the
// view (sandbox/repo-loaded.ts: the configs its secret walk found) and the readers (read, search:
// config-credential.ts: the configs workspace-configs.ts found, by the same rule): every repository config as NAMED,
// whatever its target (a link to a plain file is loaded as the config: its target, asked by its own name, is one), and
// every file its include.path / includeIf.*.path name at any depth (config-includes.ts walkConfigFiles), wherever it
// lies (a nested clone's `../creds.inc` outside its git folder too), as the kernel opens them (real paths).
export function loadedBy(configs: readonly string[], home: string | undefined): { files: string[]; named: string[] } {
  const named = walkConfigFiles(configs, home);
  return { files: [...new Set(named.map(kernelPath))], named };
}

// What the repositories of the workspace load, inside it, for the readers.
export interface WorkspaceLoads {
  // Real paths inside the root, sorted.
  readonly files: readonly string[];
  // The walk of the repository configs stopped short (workspace-configs.ts): a file not listed may be one.
  readonly cut: boolean;
}

interface Kept {
  readonly stamps: string;
  readonly sources: readonly string[];
  readonly anchors: readonly string[];
  readonly files: readonly string[];
}

const isKept = (value: unknown): value is Kept => {
  const kept = value as Partial<Record<keyof Kept, unknown>> | null;
  return typeof kept === 'object' && kept !== null && typeof kept.stamps === 'string' && isStrings(kept.sources) && isStrings(kept.anchors) && isStrings(kept.files);
};

const KEPT_FILE = 'workspace-loads.json';

// The files every repository config of the workspace at `root` (a real path) loads that lie in it (the root itself
// never), kept while the configs found are the same and every file read keeps its stamp and every path resolved its
// place (kept-across.ts), in memory and across processes (the owner's kept file).
export function workspaceLoads(root: string, home: string | undefined, listings: FolderListings = new FolderListings()): WorkspaceLoads {
  const { configs, cut } = workspaceConfigs(root, listings);
  const key = JSON.stringify(['workspace-loads', root, home ?? '', configs]);
  const known = listings.recall<Kept>(key) ?? keptAcross(listings, KEPT_FILE, key, isKept);
  if (known && stampsFor(known.sources, known.anchors) === known.stamps) {
    listings.keep(key, known);
    return { files: known.files, cut };
  }
  const { files: all, named } = loadedBy(configs, home);
  const files = all.filter((file) => file.startsWith(`${root}/`)).sort();
  const anchors = [...new Set([...named, ...anchorsOf(named)])];
  const stamps = stampsFor(named, anchors);
  if (stamps !== undefined) {
    const kept: Kept = { stamps, sources: named, anchors, files };
    listings.keep(key, kept);
    keepAcross(listings, KEPT_FILE, key, kept, isKept);
  }
  return { files, cut };
}
