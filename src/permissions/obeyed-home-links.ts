import { isAbsolute, join, resolve } from 'node:path';
import { homeDotEntries, homeLinksInto, type HomeLink, type LinkScan, type Looked, type MovedFolder } from './home-links.js';
import { homeSourced } from './home-sources.js';
import { homeMentions } from './home-mentions.js';
import { homeProgramFolders } from './home-mention-walk.js';
import { HOME_DATA, HOME_PROTECTED, HOME_PROTECTED_FILES, PROGRAM_FOLDERS } from './obeyed-home.js';
import { pathFolders, pathLinksInto } from './path-links.js';
import { HOME_STARTUP } from './home-sources-parse.js';
import type { FolderListings } from '../workspace/listings.js';
import type { Holdings } from './obeyed-repos.js';
import { kept } from './home-kept.js';
import { startEnv } from './home-sources-env.js';
import { envToolFolders, envToolLinks } from './env-home-links.js';

// The home catalogue by real path (red team R7-11): a home start-up file or folder that resolves into the
// workspace (`~/.bashrc -> dotfiles/shell/rc.sh`, `~/.local/bin -> dotfiles/bin`, GNU stow's links) is
// obeyed there, like the home path it is. Resolved once per cache owner (the policy's or the sandbox's
// FolderListings) while the home folders read keep their identity and times.


// The home paths of the catalogue (its folders, files, and the home folder's own dot-entries) that resolve
// into the workspace (`roots`: as given and as the kernel opens it), and what the start-up files source there.
// `held`: what the workspace walk found (obeyed-repos.ts): its `.envrc` files below its top (workspace-relative),
// read with its top one; the folders below its top that may hold mise's files, and mise's files it saw (a new
// one, `mise.dev.toml` beside `mise.toml`, makes the answer computed again).
// `env`: codeward's environment (the folders it moves, its PATH).
export function obeyedHomeLinks(roots: readonly string[], home: string | undefined, listings: FolderListings, held: Pick<Holdings, 'envrcs' | 'miseFolders' | 'miseFiles' | 'moduleFolders'> = {}, env: Readonly<Record<string, string | undefined>> = process.env): readonly HomeLink[] {
  const { envrcs = [], miseFolders = [], miseFiles = [], moduleFolders = [] } = held;
  if (!home) return [];
  const moved = movedFolders(home, env);
  const links = kept(listings, ['home-links', roots, home, moved], () => {
    const dots: Looked = new Map();
    const found = homeLinksInto(home, [...HOME_PROTECTED, ...PROGRAM_FOLDERS, ...moved], [...HOME_PROTECTED_FILES, ...homeDotEntries(home, dots)], roots, DATA);
    return failClosed({ ...found, looked: new Map([...dots, ...found.looked]) }, '~/');
  });
  // The links of the PATH folders into the workspace (path-links.ts, R22b-6).
  const folders = pathFolders(env['PATH'], home);
  const onPath = kept(listings, ['path-links', roots, folders], () => failClosed(pathLinksInto(folders, roots), ''));
  // The tool homes and start-up folders the environment names, wherever they are (env-home-links.ts, R24-8).
  const tools = envToolFolders(roots, env);
  const toolLinks = tools.length === 0 ? [] : kept(listings, ['env-tool-links', roots, tools], () => failClosed(envToolLinks(tools, roots), ''));
  // What the home's start-up files source that lands in the workspace (home-sources.ts, R9-4).
  // The environment that moves start-up files (ZDOTDIR, XDG_CONFIG_HOME: R22b-5) is part of the key.
  const located = startEnv();
  // PATH too: the programs a file in a relative PATH entry `.` shadows by name (home-sources-relpath.ts, R28-1).
  const sourced = kept(listings, ['home-sources', roots, home, envrcs, miseFolders, miseFiles, moduleFolders, located, env['PATH'] ?? ''], () => {
    const { links: found, sources, looked } = homeSourced(home, roots, envrcs, miseFolders, moduleFolders, located, env['PATH'] ?? '');
    return { links: found, listed: sources, looked };
  });
  // What the home's other configuration files name in the workspace (home-mentions.ts, R22b-7: the class).
  // ~/bin and the PATH folders below the home too (R24-18): PATH is in the key.
  const programs = homeProgramFolders(home, env['PATH'] ?? '');
  const mentioned = kept(listings, ['home-mentions', roots, home, programs], () => homeMentions(home, roots, programs));
  return [...links, ...onPath, ...toolLinks, ...sourced, ...mentioned];
}

// The home's known data, not walked (home-links.ts skipped).
const DATA: ReadonlySet<string> = new Set(HOME_DATA.map((path) => path.toLowerCase()));

// The folders of PROGRAM_FOLDERS that codeward's environment moves elsewhere (red team R22b-5: `XDG_CONFIG_HOME=~/xdg`
// with `~/xdg/nvim -> WS/nv`), listed as the home folders they stand for.
const MOVED: readonly (readonly [string, string])[] = [['XDG_CONFIG_HOME', '.config'], ['XDG_DATA_HOME', '.local/share'], ['XDG_STATE_HOME', '.local/state']];
function movedFolders(home: string, env: Readonly<Record<string, string | undefined>>): MovedFolder[] {
  return MOVED.flatMap(([name, as]) => {
    const value = env[name]?.trim();
    if (!value || !isAbsolute(value)) return [];
    const path = resolve(value);
    return path === '/' || path === join(home, as) ? [] : [{ path, as }];
  });
}

// A scan cut at a bound (home-links.ts MAX_FOLDERS, path-links.ts MAX_ENTRIES: R22b-1/6) never stops silently: a link past it is unknown, so the
// whole work tree is obeyed (homeLoads: every write asks), naming the bound. `prefix`: how a cut folder is spelled.
function failClosed(scan: LinkScan, prefix: string): LinkScan {
  const unknown = scan.cut.map((cut): HomeLink => ({ rel: '', home: '', sourced: `${prefix}${cut}: its links into the workspace were not all looked for` }));
  return unknown.length === 0 ? scan : { ...scan, links: [...scan.links, ...unknown] };
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
  // A home start-up file (`~/.bashrc`), or one the environment moves (`$ZDOTDIR/.zshrc`: home-sources-env.ts).
  const loader = links.find((link) => link.sourced?.startsWith('~/') === true || link.sourced?.startsWith('$') === true);
  if (loader) return [`${loader.sourced!} loads ${loader.rel === '' ? 'the workspace' : loader.rel}`];
  const startup = links.find((link) => link.sourced === undefined && link.rel !== '' && HOME_STARTUP.has(link.home));
  return startup ? [`~/${startup.home} is ${startup.rel} of the workspace (your home folder links there), and its program runs it at every start`] : [];
}
