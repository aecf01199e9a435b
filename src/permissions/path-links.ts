import { dirname, isAbsolute } from 'node:path';
import { listHome } from './home-list.js';
import { resolveLoose, type HomeLink, type LinkScan, type Looked } from './home-links.js';

// The links of the folders on PATH that lead into the workspace (red team R22b-6: the classic install of a tool
// from its checkout, `ln -s ~/dev/tool/bin/tool /usr/local/bin/tool`, or into a `~/scripts` the user put on PATH):
// the workspace file is the program every later `tool` runs, as with `~/.local/bin/tool` (home-links.ts). A PATH
// folder runs only its own entries, so each is listed one level deep (no walk), and only its symlinks are
// resolved (readdir gives their kind). A PATH folder that is itself in the workspace is obeyed-env.ts's (its PATH
// row: the names there that shadow a program; a package manager's node_modules/.bin links stay free), not listed
// here. Pure of module state: the caller keeps the result (obeyed-home-links.ts, home-kept.ts).

// Folders a shell puts on PATH for the user even when codeward's own environment does not name them.
const USUAL = ['/usr/local/bin', '/usr/local/sbin', '/opt/homebrew/bin', '/opt/local/bin'];
// Entries of one PATH folder listed at most (/usr/bin holds ~2,000); more: cut, the caller fails closed.
const MAX_ENTRIES = 65_536;

const relIn = (path: string, root: string): string | undefined => {
  if (path === root) return '';
  return path.startsWith(`${root}/`) ? path.slice(root.length + 1) : undefined;
};

// The absolute folders of `path` (a PATH value) and the usual ones, each once; a leading `~` is the home, as bash
// expands it in PATH entries (red team R24-8: `PATH=~/scripts:..` with ~/scripts/tool a link into the workspace).
export function pathFolders(path: string | undefined, home?: string): string[] {
  const expand = (entry: string): string => (home !== undefined && (entry === '~' || entry.startsWith('~/')) ? `${home}${entry.slice(1)}` : entry);
  const named = (path ?? '').split(':').map((entry) => expand(entry).replace(/\/+$/, '')).filter((entry) => isAbsolute(entry) && entry !== '');
  return [...new Set([...named, ...USUAL])];
}

// Every entry of the PATH folders (`folders`: absolute) that resolves into one of `roots` (as given and real).
export function pathLinksInto(folders: readonly string[], roots: readonly string[]): LinkScan {
  const found = new Map<string, HomeLink>();
  const listed: string[] = [];
  const looked: Looked = new Map();
  const cut: string[] = [];
  const mark = (real: string, label: string): void => {
    for (const root of roots) {
      const rel = relIn(real, root);
      if (rel !== undefined) found.set(`${rel}\0${label}`, { rel, home: '', sourced: `${label} (on PATH)`, exact: true });
    }
  };
  const seen = new Set<string>();
  for (const folder of folders) {
    const real = resolveLoose(folder, '/', undefined, looked);
    if (real === undefined || roots.some((root) => relIn(real, root) !== undefined)) continue;
    // `/bin -> usr/bin`: one folder listed once.
    if (seen.has(real)) continue;
    seen.add(real);
    const listing = listHome(real, MAX_ENTRIES);
    if (listing === undefined) continue;
    listed.push(real);
    if (listing.over) cut.push(`${folder} (more than ${MAX_ENTRIES} entries)`);
    for (const entry of listing.entries) {
      if (entry.kind !== 'link') continue;
      const target = resolveLoose(entry.name, real, undefined, looked);
      // Only the file itself is run: a folder's files are not on PATH.
      if (target !== undefined) mark(target, `${folder}/${entry.name}`);
    }
  }
  return { links: [...found.values()], ...byFolders(listed, looked), cut };
}

// What the scan looked up, kept by the folders holding it: a link retargeted, an entry made, removed or swapped changes
// its folder's times (a symlink is never changed in place), so one stamp per folder (/usr/bin, /etc/alternatives ...)
// stands for the hundreds of paths the links went through (one lstat each per call before). Stamped: the PATH folders
// listed, and the folders holding a link or file a chain passed through. Looked up again itself (one lstat each, not a
// stamp): a folder on the way (found `dir`), a path found missing (its folder may be missing too), and an entry of a
// folder on the way to a listed one (`/bin -> usr/bin` in `/`, `~/.local` in the home): a file made in the home or in
// `/` changes those folders' times and would make every call scan PATH again.
function byFolders(listed: readonly string[], looked: Looked): { listed: string[]; looked: Looked } {
  const folders = new Set(listed);
  const onTheWay = (folder: string): boolean => listed.some((one) => one.startsWith(folder === '/' ? '/' : `${folder}/`));
  const precise: Looked = new Map();
  for (const [path, found] of looked) {
    const folder = dirname(path);
    if (listed.includes(folder)) continue;
    if (found === 'missing' || found === 'dir' || onTheWay(folder)) precise.set(path, found);
    else folders.add(folder);
  }
  return { listed: [...folders], looked: precise };
}
