// The native addons a package may load by a name it computes (red team R23-9): `require("bindings")("x")`,
// `require("node-gyp-build")(__dirname)`, node-pre-gyp's `binary.find(..)`, `process.dlopen(m, p)`, a
// `require(\`../x.${platform}.node\`)`: the loader picks a `.node` file of the package's folder (build/Release,
// prebuilds/<platform>-<arch>, lib/binding/.., the folder's top) at run time. Such a package's every `.node` file
// is one it may load: each is read as a program (hook-native-loads.ts obeyAddon). A nested node_modules folder is
// another package's (its own reach says what it loads). Bounded: a cut is not silent (the caller fails closed).
import type { BeneathListing } from '../workspace/own-read-sync.js';

// What in a package file's code (comments blanked) says it loads an addon by a computed name: a native loader
// package named in a string, dlopen, a string or template ending in `.node`.
const LOADER = /\bdlopen\b|\.node['"`]|(['"`])(?:bindings|node-gyp-build(?:-optional-packages)?|(?:@[\w.-]+\/)?node-pre-gyp|prebuild-install|pkg-prebuilds|node-gyp-build-optional)\1/;
export const loadsAddons = (code: string): boolean => LOADER.test(code);

// Entries listed at most, folders entered at most, and how deep, for one package.
const MAX_ENTRIES = 16_384;
const MAX_DEPTH = 16;

export interface Addons {
  // The `.node` files found (absolute, as listed: `links` are symbolic links the caller resolves).
  readonly files: string[];
  readonly links: string[];
  // Symbolic links to anything else (a folder node would enter through them): the caller fails closed.
  readonly others: string[];
  readonly cut?: string;
}

// The `.node` files below `folder`, each folder listed with `list` (the read jail's listing; `'link'` or undefined:
// a folder that cannot be listed, said in `cut`).
export function addonsBelow(folder: string, list: (dir: string) => BeneathListing | 'link' | undefined): Addons {
  const files: string[] = [];
  const links: string[] = [];
  const others: string[] = [];
  const queue = [{ dir: folder, depth: 0 }];
  let budget = MAX_ENTRIES;
  for (let at = 0; at < queue.length; at++) {
    const { dir, depth } = queue[at]!;
    const listed = list(dir);
    if (listed === 'link' || listed === undefined) {
      if (listed === 'link' || at === 0) return { files, links, others, cut: `${dir} (a folder codeward cannot list: ${listed === 'link' ? 'a symbolic link on its way' : 'not readable'})` };
      continue;
    }
    budget -= listed.entries.length;
    if (listed.over || budget < 0) return { files, links, others, cut: `${folder} (more than ${MAX_ENTRIES} entries to look through for native addons)` };
    for (const { name, kind } of listed.entries) {
      const path = `${dir}/${name}`;
      if (kind === 'folder' && name !== 'node_modules') {
        if (depth >= MAX_DEPTH) return { files, links, others, cut: `${folder} (folders deeper than ${MAX_DEPTH} levels to look through for native addons)` };
        queue.push({ dir: path, depth: depth + 1 });
      } else if (kind === 'file' && name.endsWith('.node')) files.push(path);
      else if (kind === 'link') (name.endsWith('.node') ? links : others).push(path);
    }
  }
  return { files, links, others };
}
