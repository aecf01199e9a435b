import { join } from 'node:path';
import { realpathSync } from 'node:fs';
import { statQuiet } from '../files/stat-quiet.js';
import { listBeneath } from '../workspace/own-read-sync.js';
import { isRecord, RECORD_PATHS, recordNameTest } from './home-mention-rules.js';
import { isTextFile, MAX_FILE_BYTES } from './home-mention-text.js';
import { homeDotEntries, KEPT_NAMES, MAX_TOP, resolveLoose, topConfigs, type Looked } from './home-links.js';

// The files the generic mention rule searches (home-mentions.ts, red team R22b-7): the home folder's dot-files
// and everything below its dot-folders, but records and installed content (home-mention-rules.ts) and the
// workspace itself; a link is searched where it leads (a stow link `~/.config/kitty -> ~/dotfiles/kitty`), unless
// that is in the workspace (then it IS a workspace path: home-links.ts). Every file walked is returned for the
// kept stamps, every folder's names but records go to `looked` (a changed, added or removed file is seen), and every
// file to search (home-mention-search.ts reads exactly these, in process or by ripgrep): not a binary one past the
// size cap (a NUL in its first bytes: a record).
// Bounded, never silently (R21-9): past MAX_ENTRIES (also entries of one folder), or a text file past the size cap, `over` says why.

// Entries visited at most: a realistic home's searched part holds ~10 k (installed content is skipped).
const MAX_ENTRIES = 200_000;

// A file to search: its real path (read), its name (home-relative below the home, else the real path below a
// link's target: what messages name), its size as walked.
export interface MentionFile {
  readonly path: string;
  readonly name: string;
  readonly size: number;
}

export interface MentionWalk {
  // Each link target searched -> the home path naming it (messages name `~/.bashrc`, not the dotfiles file).
  readonly named: Map<string, string>;
  // Every file walked (the kept stamps; each folder walked is in `looked` by its names).
  readonly listed: string[];
  // The files to search.
  readonly files: MentionFile[];
  readonly over?: string;
}

const inside = (path: string, root: string): boolean => path === root || path.startsWith(root.endsWith('/') ? root : `${root}/`);

const realOf = (path: string): string | undefined => {
  try {
    return realpathSync(path);
  } catch {
    return undefined;
  }
};

// Whether the file is binary (home-mention-text.ts); unreadable: not.
const isBinary = (file: string): boolean => isTextFile(file) === false;

// The home's program folders that are not dot-folders: ~/bin (Debian's ~/.profile puts it on PATH) and every PATH
// folder of codeward's environment below the home (~/scripts): the person runs their scripts by name (red team
// R24-18). Home-relative names.
export function homeProgramFolders(home: string, path = process.env['PATH'] ?? ''): string[] {
  const names = new Set(['bin']);
  for (const entry of path.split(':')) {
    const folder = entry === '~' || entry.startsWith('~/') ? `${home}${entry.slice(1)}` : entry;
    if (!folder.startsWith(`${home}/`)) continue;
    const rel = folder.slice(home.length + 1).replace(/\/+$/, '');
    if (rel !== '' && !rel.startsWith('.') && !rel.split('/').includes('..')) names.add(rel);
  }
  return [...names].sort();
}

export function walkMentions(home: string, roots: readonly string[], looked: Looked, programFolders: readonly string[] = []): MentionWalk {
  const isName = recordNameTest();
  const out: { -readonly [K in keyof MentionWalk]: MentionWalk[K] } = { named: new Map(), listed: [], files: [] };
  const seen = new Set<string>();
  let budget = MAX_ENTRIES;
  // One dot-entry or link target and what is below it: `rel` is home-relative below the home (undefined below a
  // link's target, found by its real path), `name` how messages name it.
  const visit = (start: string, startRel: string | undefined, startName: string): void => {
    // `real`: known for an entry of a listed real folder (no link: its name is its real path); else resolved.
    const stack: { path: string; rel: string | undefined; first: boolean; real?: boolean }[] = [{ path: start, rel: startRel, first: true }];
    while (stack.length > 0 && out.over === undefined) {
      const at = stack.pop()!;
      const real = at.real === true ? at.path : realOf(at.path);
      if (real === undefined || seen.has(real) || roots.some((root) => inside(real, root))) continue;
      seen.add(real);
      if (--budget < 0) {
        out.over = `more than ${MAX_ENTRIES} files and folders below the home's dot-folders to search for workspace paths`;
        return;
      }
      const stats = statQuiet(real);
      if (stats?.isFile() !== true && stats?.isDirectory() !== true) continue;
      if (stats.isFile()) out.listed.push(real);
      if (at.first && at.rel === undefined) out.named.set(real, startName);
      if (stats.isFile()) {
        if (stats.size <= MAX_FILE_BYTES) out.files.push({ path: real, name: at.rel ?? real, size: stats.size });
        else if (!isBinary(real)) {
          out.over = `${at.first ? startName : at.rel !== undefined ? `~/${at.rel}` : real} is larger than ${MAX_FILE_BYTES} bytes and not binary: not searched for workspace paths`;
        }
        continue;
      }
      const listed = listBeneath(real, real, budget + 1);
      if (listed === undefined || listed === 'link') continue;
      if (listed.over) {
        out.over = `${at.rel !== undefined ? `~/${at.rel}` : real} holds more than ${budget} entries: the home's dot-folders were not all searched for workspace paths`;
        return;
      }
      // A folder's names (but records), not its times: what it holds is searched again only for a name added or removed.
      looked.set(`${real}${KEPT_NAMES}`, listed.entries.map((entry) => entry.name).filter((name) => !isName(name)).sort().join('\0'));
      for (const entry of listed.entries) {
        const rel = at.rel === undefined ? undefined : `${at.rel}/${entry.name}`;
        if (isRecord(entry.name, rel, isName)) {
          // A folder skipped by a record word in its name (`.ccache`, `~/.config/ccache`) may hold its program's
          // configuration at its top (ccache.conf: red team R24-14): those files are searched.
          if (entry.kind === 'folder' && !(rel !== undefined && RECORD_PATHS.includes(rel))) configsAtTop(join(real, entry.name), rel, (file) => stack.push(file));
          continue;
        }
        const next = join(real, entry.name);
        // A link: searched where it leads, named by its home path.
        if (entry.kind === 'link') visit(next, undefined, rel === undefined ? next : `~/${rel}`);
        else if (entry.kind === 'folder' || entry.kind === 'file') stack.push({ path: next, rel, first: false, real: true });
      }
    }
  };
  // The configuration-named files at the top of a folder skipped as a record (its names kept: one added is seen).
  const configsAtTop = (folder: string, rel: string | undefined, push: (file: { path: string; rel: string | undefined; first: boolean; real: boolean }) => void): void => {
    const configs = topConfigs(folder, MAX_TOP, looked);
    if (configs === undefined) return;
    if (configs.over) {
      out.over ??= `${rel !== undefined ? `~/${rel}` : folder} holds more than ${MAX_TOP} entries: its configuration files were not all searched for workspace paths`;
      return;
    }
    for (const name of configs.names) push({ path: join(folder, name), rel: rel === undefined ? undefined : `${rel}/${name}`, first: false, real: true });
  };
  const top = listBeneath(home, home, MAX_ENTRIES);
  if (top === undefined || top === 'link') return out;
  if (top.over) return { ...out, over: `the home folder holds more than ${MAX_ENTRIES} entries: its dot-files were not all searched for workspace paths` };
  homeDotEntries(home, looked);
  for (const entry of top.entries) {
    const { name, kind } = entry;
    if (!name.startsWith('.') || name === '.' || name === '..') continue;
    if (isRecord(name, name, isName)) {
      if (kind === 'folder' && !RECORD_PATHS.includes(name)) {
        const pending: { path: string; rel: string | undefined; first: boolean; real: boolean }[] = [];
        configsAtTop(join(home, name), name, (file) => pending.push(file));
        for (const file of pending) visit(file.path, file.rel, `~/${file.rel!}`);
      }
      continue;
    }
    if (kind === 'link') visit(join(home, name), undefined, `~/${name}`);
    else if (kind === 'folder' || kind === 'file') visit(join(home, name), name, `~/${name}`);
  }
  for (const rel of programFolders) {
    // Looked up (a folder made later is seen), then searched like a dot-folder.
    resolveLoose(join(home, rel), '/', undefined, looked);
    visit(join(home, rel), rel, `~/${rel}`);
  }
  return out;
}
