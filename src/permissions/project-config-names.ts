import { isMiseName } from './mise-files.js';
import { isToolchainName } from './cargo-files.js';
import { isPkgConfigName } from './pkg-config-files.js';
import { isGolangciName } from './golangci-files.js';
import { isPixiName } from './pixi-files.js';

// Whether a file name at a folder's own level is a project configuration a tool reads from the folder it runs in and
// the folders below (mise's, rustup's, the package managers', golangci-lint's, pixi's: home-sources.ts projectItems reads
// them): the workspace walk marks such files, and their folders are read (one list for listings.ts and obeyed-repos.ts).
export const isProjectConfigName = (name: string): boolean => isMiseName(name) || isToolchainName(name) || isPkgConfigName(name) || isGolangciName(name) || isPixiName(name);
