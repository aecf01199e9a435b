import { readdirSync } from 'node:fs';
import { join } from 'node:path';

// Where mise (and asdf) read a project's configuration (red team R17-6, R17-7, R17-16; the one list): mise merges
// every config file of the folder the person is in and of each folder above it, up to `/`, on each `cd` (with
// `mise activate`), so a file at any depth of the workspace, or in a folder above it, sets PATH and runs hooks.
// In each folder it reads (mise's own search list): `.tool-versions` (asdf's too), `mise.toml`, `.mise.toml`,
// `.rtx.toml`, `mise.local.toml`, the `MISE_ENV` variants `mise.<env>.toml` / `mise.<env>.local.toml` (the
// person's MISE_ENV is not known here: every `mise.<x>.toml` spelling counts), `.config/mise.toml`,
// `.config/mise/config.toml`, `.config/mise/mise.toml`, `.mise/config.toml`, `mise/config.toml` (each with the
// same `.local`/env variants), and every `*.toml` of `conf.d` folders. A name read here is a file the write gate
// protects (MISE_CATALOGUE: the catalogue's patterns for them) and a file whose content is read through the
// allow-list (home-sources-mise.ts).

// A file at the folder's own level: `.tool-versions`, `[.]mise[.x…].toml`, `[.]rtx[.x…].toml`.
const TOP = /^(?:\.tool-versions|\.?(?:mise|rtx)(?:\.[^/]+)?\.toml)$/i;
// Inside `.config/`.
const IN_CONFIG = /^mise(?:\.[^/]+)?\.toml$/i;
// Inside mise's own folders (`.config/mise`, `.mise`, `mise`).
const IN_FOLDER = /^(?:config|mise)(?:\.[^/]+)?\.toml$/i;
const FOLDERS = ['.config/mise', '.mise', 'mise'];
const MAX_FILES = 32;

// The catalogue's patterns (obeyed.ts matches a name or `a/b` at any depth, `*` inside one name): every file above.
export const MISE_CATALOGUE: readonly string[] = [
  '.tool-versions', 'mise.toml', '.mise.toml', 'mise.*.toml', '.mise.*.toml', '.rtx.toml', '.rtx.*.toml', 'rtx.toml', 'rtx.*.toml',
  '.config/mise.toml', '.config/mise.*.toml', '.config/mise', '.mise', 'mise/config.toml', 'mise/config.*.toml', 'mise/mise.toml', 'mise/mise.*.toml', 'mise/conf.d',
];

// Whether a file name at a folder's own level is one mise reads (the workspace walk marks such folders).
export const isMiseName = (name: string): boolean => TOP.test(name);

const listed = (dir: string, test: (name: string) => boolean): string[] => {
  try {
    return readdirSync(dir).filter(test).sort().slice(0, MAX_FILES).map((name) => join(dir, name));
  } catch {
    return [];
  }
};

// The usual spellings at a folder's own level and in `.config/`: looked at by name, so creating one is seen.
const USUAL = ['.tool-versions', 'mise.toml', '.mise.toml', 'mise.local.toml', '.mise.local.toml', '.rtx.toml', '.config/mise.toml'];

// The mise and asdf files in folder `dir` (absolute paths), and what was looked at (`looked`: a usual name, and
// mise's own folders, whose times change when a file is created in them, so a kept answer is computed again).
// `dir` itself is not stamped (the workspace walk's marks, obeyed-repos.ts, meet a new `mise.<env>.toml` inside the
// workspace), nor, above the workspace (`inside` false), its `.config` (the home's changes all day): a new unusual
// name there counts at the next computation.
export function miseFilesIn(dir: string, looked: string[], inside = true): string[] {
  const folders = FOLDERS.map((name) => join(dir, name));
  looked.push(...USUAL.map((name) => join(dir, name)), ...(inside ? [join(dir, '.config')] : []), ...folders, ...folders.map((folder) => join(folder, 'conf.d')));
  return [
    ...listed(dir, isMiseName),
    ...listed(join(dir, '.config'), (name) => IN_CONFIG.test(name)),
    ...folders.flatMap((folder) => [...listed(folder, (name) => IN_FOLDER.test(name)), ...listed(join(folder, 'conf.d'), (name) => /\.toml$/i.test(name))]),
  ];
}

// Whether a workspace folder's listing (its marked file names and subfolders) may hold a mise file.
export const mayHoldMise = (marks: readonly string[], folders: readonly string[]): boolean => marks.some(isMiseName) || folders.some((name) => name === '.config' || name === '.mise' || name === 'mise');
