import { join } from 'node:path';

// Where golangci-lint reads a project's configuration (red team R20-20; the one list, with no imports so the
// workspace walk's marks can use it): `.golangci.{yml,yaml,toml,json}` of the folder it runs in, then each folder
// above it; `golangci-lint custom` reads `.custom-gcl.yml` of the folder it runs in. What they name:
// golangci-obeyed.ts.
export const GOLANGCI_CONFIGS = ['.golangci.yml', '.golangci.yaml', '.golangci.toml', '.golangci.json', '.custom-gcl.yml', '.custom-gcl.yaml'];

// The files golangci-lint reads in folder `dir` (absolute paths; those missing are read as nothing).
export const golangciFilesIn = (dir: string): string[] => GOLANGCI_CONFIGS.map((name) => join(dir, name));

// Whether a file name at a folder's own level is one of them (the workspace walk marks such folders).
export const isGolangciName = (name: string): boolean => GOLANGCI_CONFIGS.includes(name);
