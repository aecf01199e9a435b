import { homeDotEntries, homeLinksInto, type HomeLink, type Looked } from './home-links.js';
import { homeSourced } from './home-sources.js';
import { HOME_PROTECTED, HOME_PROTECTED_FILES, PROGRAM_FOLDERS } from './obeyed-home.js';
import { HOME_STARTUP } from './home-sources-parse.js';
import type { FolderListings } from '../workspace/listings.js';
import type { Holdings } from './obeyed-repos.js';
import { kept } from './home-kept.js';
import { startEnv } from './home-sources-env.js';

// The home catalogue by real path (red team R7-11): a home start-up file or folder that resolves into the
// workspace (`~/.bashrc -> dotfiles/shell/rc.sh`, `~/.local/bin -> dotfiles/bin`, GNU stow's links) is
// obeyed there, like the home path it is. Resolved once per cache owner (the policy's or the sandbox's
// FolderListings) while the home folders read keep their identity and times.


// The home paths of the catalogue (its folders, files, and the home folder's own dot-entries) that resolve
// into the workspace (`roots`: as given and as the kernel opens it), and what the start-up files source there.
// `held`: what the workspace walk found (obeyed-repos.ts): its `.envrc` files below its top (workspace-relative),
// read with its top one; the folders below its top that may hold mise's files, and mise's files it saw (a new
// one, `mise.dev.toml` beside `mise.toml`, makes the answer computed again).
export function obeyedHomeLinks(roots: readonly string[], home: string | undefined, listings: FolderListings, held: Pick<Holdings, 'envrcs' | 'miseFolders' | 'miseFiles' | 'moduleFolders'> = {}): readonly HomeLink[] {
  const { envrcs = [], miseFolders = [], miseFiles = [], moduleFolders = [] } = held;
  if (!home) return [];
  const links = kept(listings, ['home-links', roots, home], () => {
    const dots: Looked = new Map();
    const found = homeLinksInto(home, [...HOME_PROTECTED, ...PROGRAM_FOLDERS], [...HOME_PROTECTED_FILES, ...homeDotEntries(home, dots)], roots);
    return { ...found, looked: new Map([...dots, ...found.looked]) };
  });
  // What the home's start-up files source that lands in the workspace (home-sources.ts, R9-4).
  // The environment that moves start-up files (ZDOTDIR, XDG_CONFIG_HOME: R22b-5) is part of the key.
  const located = startEnv();
  const sourced = kept(listings, ['home-sources', roots, home, envrcs, miseFolders, miseFiles, moduleFolders, located], () => {
    const { links: found, sources, looked } = homeSourced(home, roots, envrcs, miseFolders, moduleFolders, located);
    return { links: found, listed: sources, looked };
  });
  return sourced.length === 0 ? links : [...links, ...sourced];
}

// Why the whole work tree is obeyed because of the home folder (red team round 12's structural rule, R12-9b:
// a start-up file computes what it loads, `$(cd "$(dirname "$(readlink …)")" && pwd)`, past any parser): a
// start-up file of the home folder loads a path of the workspace, or is itself a file of the workspace (a
// dotfiles repository the home links into). A workspace `.envrc`'s own loads are not the home's, nor the home's
// own files where the workspace holds the home folder (`homes`: there the home catalogue judges them).
export function homeLoads(links: readonly HomeLink[], homes: readonly string[]): string[] {
  const own = (rel: string): boolean => homes.some((home) => home === '' || rel === home || rel.startsWith(`${home}/`));
  links = links.filter((link) => !own(link.rel));
  // A home start-up file (`~/.bashrc`), or one the environment moves (`$ZDOTDIR/.zshrc`: home-sources-env.ts).
  const loader = links.find((link) => link.sourced?.startsWith('~/') === true || link.sourced?.startsWith('$') === true);
  if (loader) return [`${loader.sourced!} loads ${loader.rel === '' ? 'the workspace' : loader.rel}`];
  const startup = links.find((link) => link.sourced === undefined && link.rel !== '' && HOME_STARTUP.has(link.home));
  return startup ? [`~/${startup.home} is ${startup.rel} of the workspace (your home folder links there), and its program runs it at every start`] : [];
}
