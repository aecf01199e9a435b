import { join } from 'node:path';

// Where cargo and rustup read a project's configuration (red team R18-21; the one list, with no imports so the
// workspace walk's marks can use it): `.cargo/config.toml` (or `.cargo/config`) and `rust-toolchain(.toml)` of
// the folder cargo runs in and every folder above it. What they name: cargo-config-obeyed.ts.

export const CARGO_CONFIGS = ['.cargo/config.toml', '.cargo/config'];
export const TOOLCHAIN_FILES = ['rust-toolchain', 'rust-toolchain.toml'];

// The files cargo and rustup read in folder `dir` (absolute paths; those missing are read as nothing).
export const cargoFilesIn = (dir: string): string[] => [...CARGO_CONFIGS, ...TOOLCHAIN_FILES].map((name) => join(dir, name));

// Whether a file name at a folder's own level is one rustup reads (the workspace walk marks such folders).
export const isToolchainName = (name: string): boolean => TOOLCHAIN_FILES.includes(name);

// Whether a workspace folder's listing (its marked file names and subfolders) may hold cargo's or rustup's files.
export const mayHoldCargo = (marks: readonly string[], folders: readonly string[]): boolean => marks.some(isToolchainName) || folders.includes('.cargo');
