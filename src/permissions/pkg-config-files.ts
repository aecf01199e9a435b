import { join } from 'node:path';

// Where the JavaScript package managers read a project's configuration (red team R19-16, R19-12; the one list, with
// no imports so the workspace walk's marks can use it): npm's and pnpm's `.npmrc`, yarn's `.yarnrc` (1) and
// `.yarnrc.yml` (2+), pnpm's `pnpm-workspace.yaml` settings, bun's `bunfig.toml`, of the folder the manager runs in
// and the folders above it (npm and pnpm: the project's top; yarn: every folder up). What they name:
// pkg-config-obeyed.ts.
export const PKG_CONFIGS = ['.npmrc', '.yarnrc', '.yarnrc.yml', 'pnpm-workspace.yaml', 'bunfig.toml', '.bunfig.toml'];

// The files the managers read in folder `dir` (absolute paths; those missing are read as nothing).
export const pkgConfigsIn = (dir: string): string[] => PKG_CONFIGS.map((name) => join(dir, name));

// Whether a file name at a folder's own level is one of them (the workspace walk marks such folders).
export const isPkgConfigName = (name: string): boolean => PKG_CONFIGS.includes(name);
