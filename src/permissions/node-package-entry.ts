// What an installed package makes node load outside its own folder, for the loader table's NODE_OPTIONS (an
// `.envrc`, mise's `[env]`, the person's own environment: issue 26, nodereach2 left 1-3). The package folder is
// obeyed whole by its spellings; what lies out of it is found here, the way the hook walk finds it
// (hook-packages.ts): its own files' names and links leaving it, `main` wherever it points (R17-3;
// node-package-reach.ts), and what those work-tree files import in turn (hook-scripts.ts nodeReach: a name built
// at run time is unknown). A file out of the work tree is not read: `unknown` says why (the caller fails closed).
import type { Read } from './hook-tasks.js';
import { NODE_SCRIPT, nodeReach } from './hook-scripts.js';
import { packageReach } from './node-package-reach.js';
import { addonOpens } from './native-opens.js';

export interface PackageEntry {
  // Absolute paths in `top` out of the package folder that node may load (present or not); folders whole.
  readonly files: string[];
  // Package folders the main file's bare imports name (obeyed whole).
  readonly packages: string[];
  readonly unknown?: string;
}

// What the package at `folder` (its real path; its files read with `read`) loads out of itself, in `top`.
export function packageEntry(folder: string, top: string, read: Read, isFile: (path: string) => boolean): PackageEntry {
  const own = packageReach(folder, top, read, isFile);
  const files = [...own.files];
  if (own.unknown !== undefined) return { files, packages: [], unknown: own.unknown };
  // Its native addons: what the loader opens for them from the tree (red team R23-9).
  for (const addon of own.natives ?? []) {
    const opens = addonOpens(addon, top);
    files.push(...opens.paths);
    if (opens.unknown !== undefined) return { files, packages: [], unknown: opens.unknown };
  }
  const packages: string[] = [];
  for (const script of files.filter((one) => NODE_SCRIPT.test(one) && isFile(one))) {
    const reach = nodeReach(script, top, read, isFile);
    files.push(...reach.files);
    packages.push(...reach.packages);
    if (reach.unknown !== undefined) return { files, packages, unknown: reach.unknown };
  }
  return { files, packages };
}
