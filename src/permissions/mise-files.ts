import { realpathSync } from 'node:fs';
import { join } from 'node:path';
import { ownedByCurrentUser } from '../workspace/above.js';
import { listBeneath } from '../workspace/own-read-sync.js';

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

// mise's idiomatic version files (red team R18-16) -> the tool each names: read with the same version parser as
// `[tools]` (`path:DIR` puts DIR/bin on PATH). mise reads them only for the tools the person's settings enable
// (`idiomatic_version_file_enable_tools`), which live in their global config: not known here, so every one counts.
// The write gate protects them as toolchain selectors (obeyed.ts), not through MISE_CATALOGUE.
export const IDIOMATIC: Readonly<Record<string, string>> = {
  '.nvmrc': 'node', '.node-version': 'node', '.python-version': 'python', '.python-versions': 'python', '.ruby-version': 'ruby', '.go-version': 'go',
  '.java-version': 'java', '.sdkmanrc': 'java', '.terraform-version': 'terraform', '.opentofu-version': 'opentofu', '.bun-version': 'bun', '.yvmrc': 'yarn',
  '.packer-version': 'packer', '.crystal-version': 'crystal', '.exenv-version': 'elixir', '.deno-version': 'deno', '.dvmrc': 'deno',
};
// A file at the folder's own level: `.tool-versions`, `[.]mise[.x…].toml`, `[.]rtx[.x…].toml`, an idiomatic file.
const TOP_TOML = /^(?:\.tool-versions|\.?(?:mise|rtx)(?:\.[^/]+)?\.toml)$/i;
const TOP = { test: (name: string): boolean => TOP_TOML.test(name) || Object.hasOwn(IDIOMATIC, name) };
// Inside `.config/`.
const IN_CONFIG = /^mise(?:\.[^/]+)?\.toml$/i;
// Inside mise's own folders (`.config/mise`, `.mise`, `mise`).
const IN_FOLDER = /^(?:config|mise)(?:\.[^/]+)?\.toml$/i;
const FOLDERS = ['.config/mise', '.mise', 'mise'];
const MAX_FILES = 32;
// Names read from one folder (a conf.d of 10,000 entries is listed at most this far).
const MAX_ENTRIES = 65_536;

// The catalogue's patterns (obeyed.ts matches a name or `a/b` at any depth, `*` inside one name): every file above.
export const MISE_CATALOGUE: readonly string[] = [
  '.tool-versions', 'mise.toml', '.mise.toml', 'mise.*.toml', '.mise.*.toml', '.rtx.toml', '.rtx.*.toml', 'rtx.toml', 'rtx.*.toml',
  '.config/mise.toml', '.config/mise.*.toml', '.config/mise', '.mise', 'mise/config.toml', 'mise/config.*.toml', 'mise/mise.toml', 'mise/mise.*.toml', 'mise/conf.d',
];

// Whether a file name at a folder's own level is one mise reads (the workspace walk marks such folders).
export const isMiseName = (name: string): boolean => TOP.test(name);

// What one search found: the files to read, and the places codeward does not read although mise does (`why`
// says which): the caller obeys the whole work tree for each (fail closed: mise reads what lies there).
export interface MiseFiles {
  readonly files: string[];
  readonly unread: { readonly place: string; readonly why: string }[];
}

// Every folder and file is reached on codeward's own behalf through the jail of `base` (the workspace's top for
// a folder inside it, the folder itself above it; workspace/own-read-sync.ts): no symbolic link is followed, so
// a conf.d or a toml linked to ~/.ssh, /proc or a folder of 10,000 files is never listed or read. mise follows
// links: a linked place is not read and counts as not understood (`unread`), and so does a folder holding more
// mise files than MAX_FILES (or more than MAX_ENTRIES entries): mise reads them all. One exception: in the
// person's own home folder (`ownLinks`), a link the person owns is their choice (dotfiles kept by GNU stow:
// `~/.config/mise -> ~/dotfiles/mise/...`), followed as mise follows it, the target listed through its own jail
// (nothing further followed) and its files read by the bounded, non-blocking reader (config-read.ts).
function listed(base: string, dir: string, test: (name: string) => boolean, into: MiseFiles, ownLinks: boolean): void {
  const followed = (path: string): boolean => ownLinks && ownedByCurrentUser(path);
  const linked = (place: string): void => void into.unread.push({ place, why: `${place} is a symbolic link (mise follows it; codeward reads no mise configuration of a repository or a shared folder through a link)` });
  let listing = listBeneath(base, dir, MAX_ENTRIES);
  if (listing === 'link') {
    // Through the link nothing is there (a dangling one, a missing conf.d under a linked folder): mise reads nothing.
    const real = realQuiet(dir);
    if (real === undefined) return;
    listing = followed(dir) ? listBeneath(real, real, MAX_ENTRIES) : 'link';
    if (listing === 'link') return linked(dir);
  }
  if (listing === undefined) return;
  const names = listing.entries.filter((entry) => test(entry.name)).sort((a, b) => (a.name < b.name ? -1 : 1));
  if (listing.over || names.length > MAX_FILES) return void into.unread.push({ place: dir, why: `${dir} holds more mise files than codeward reads (${MAX_FILES} files, ${MAX_ENTRIES} entries)` });
  for (const entry of names) {
    const path = join(dir, entry.name);
    if (entry.kind === 'file' || (entry.kind === 'link' && followed(path))) into.files.push(path);
    else if (entry.kind === 'link') linked(path);
  }
}

function realQuiet(path: string): string | undefined {
  try {
    return realpathSync(path);
  } catch {
    return undefined;
  }
}

// The usual spellings at a folder's own level and in `.config/`: looked at by name, so creating one is seen.
const USUAL = ['.tool-versions', 'mise.toml', '.mise.toml', 'mise.local.toml', '.mise.local.toml', '.rtx.toml', '.config/mise.toml', ...Object.keys(IDIOMATIC)];

// The mise and asdf files in folder `dir` (absolute paths), and what was looked at (`looked`: a usual name, and
// mise's own folders, whose times change when a file is created in them, so a kept answer is computed again).
// `root`: the workspace's top when `dir` is inside it (read through its jail), undefined above the workspace;
// `home`: the person's home folder (its own links are followed there, above the workspace only).
// `dir` itself is not stamped (the workspace walk's marks, obeyed-repos.ts, meet a new `mise.<env>.toml` inside the
// workspace), nor, above the workspace, its `.config` (the home's changes all day): a new unusual name there
// counts at the next computation.
export function miseFilesIn(dir: string, looked: string[], root?: string, home?: string): MiseFiles {
  const folders = FOLDERS.map((name) => join(dir, name));
  looked.push(...USUAL.map((name) => join(dir, name)), ...(root !== undefined ? [join(dir, '.config')] : []), ...folders, ...folders.map((folder) => join(folder, 'conf.d')));
  const base = root ?? dir;
  const into: MiseFiles = { files: [], unread: [] };
  const own = root === undefined && home !== undefined && dir === home;
  listed(base, dir, isMiseName, into, own);
  listed(base, join(dir, '.config'), (name) => IN_CONFIG.test(name), into, own);
  for (const folder of folders) {
    listed(base, folder, (name) => IN_FOLDER.test(name), into, own);
    listed(base, join(folder, 'conf.d'), (name) => /\.toml$/i.test(name), into, own);
  }
  return into;
}

// Whether a workspace folder's listing (its marked file names and subfolders) may hold a mise file.
export const mayHoldMise = (marks: readonly string[], folders: readonly string[]): boolean => marks.some(isMiseName) || folders.some((name) => name === '.config' || name === '.mise' || name === 'mise');
