import { join } from 'node:path';

// Where pixi reads a project's manifest (red team R20-17; the one list, with no imports so the workspace walk's marks
// can use it): `pixi.toml`, or `pyproject.toml`'s `[tool.pixi]` tables, of the folder `pixi run` / `pixi shell` runs
// in or the nearest above it. What its activation names: pixi-obeyed.ts.
export const PIXI_MANIFESTS = ['pixi.toml', 'pyproject.toml'];

// The manifests pixi reads in folder `dir` (absolute paths; those missing are read as nothing).
export const pixiFilesIn = (dir: string): string[] => PIXI_MANIFESTS.map((name) => join(dir, name));

// Whether a file name at a folder's own level is one of them (the workspace walk marks such folders).
export const isPixiName = (name: string): boolean => PIXI_MANIFESTS.includes(name);
