import { homeDotEntries, homeLinksInto, type HomeLink, type Looked } from './home-links.js';
import { homeSourced } from './home-sources.js';
import { homeMentions } from './home-mentions.js';
import { HOME_PROTECTED, HOME_PROTECTED_FILES, PROGRAM_FOLDERS } from './obeyed-home.js';
import { HOME_STARTUP } from './home-sources-parse.js';
import type { FolderListings } from '../workspace/listings.js';
import type { Holdings } from './obeyed-repos.js';
import { kept } from './home-kept.js';

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
  const sourced = kept(listings, ['home-sources', roots, home, envrcs, miseFolders, miseFiles, moduleFolders], () => {
    const { links: found, sources, looked } = homeSourced(home, roots, envrcs, miseFolders, moduleFolders);
    return { links: found, listed: sources, looked };
  });
  // What the home's other configuration files name in the workspace (home-mentions.ts, R22b-7: the class).
  const mentioned = kept(listings, ['home-mentions', roots, home], () => homeMentions(home, roots));
  return [...links, ...sourced, ...mentioned];
}

// Why the whole work tree is obeyed because of the home folder (red team round 12's structural rule, R12-9b:
// a start-up file computes what it loads, `$(cd "$(dirname "$(readlink …)")" && pwd)`, past any parser): a
// start-up file of the home folder loads a path of the workspace, or is itself a file of the workspace (a
// dotfiles repository the home links into). A workspace `.envrc`'s own loads are not the home's, nor the home's
// own files where the workspace holds the home folder (`homes`: there the home catalogue judges them).
export function homeLoads(links: readonly HomeLink[], homes: readonly string[]): string[] {
  const own = (rel: string): boolean => homes.some((home) => home === '' || rel === home || rel.startsWith(`${home}/`));
  // A path a home file merely mentions is obeyed itself (home-mentions.ts), not the whole tree.
  links = links.filter((link) => !own(link.rel) && link.mention !== true);
  const loader = links.find((link) => link.sourced?.startsWith('~/') === true);
  if (loader) return [`${loader.sourced!} loads ${loader.rel === '' ? 'the workspace' : loader.rel}`];
  const startup = links.find((link) => link.sourced === undefined && link.rel !== '' && HOME_STARTUP.has(link.home));
  return startup ? [`~/${startup.home} is ${startup.rel} of the workspace (your home folder links there), and its program runs it at every start`] : [];
}
