import { userInfo } from 'node:os';
import { isAbsolute } from 'node:path';
import { homeLinksInto } from '../permissions/home-links.js';
import { kept } from '../permissions/home-kept.js';
import type { FolderListings } from '../workspace/listings.js';
import { hiddenGlobsFor } from '../workspace/hidden-paths.js';
import { absolute, variableSecretPaths, workingFolders, XDG_BASES } from './home-secret-vars.js';
import { homeShapedOwned } from './home-owner.js';
import { homeDenied, type HomeDenied } from './home-shown.js';
import { HOME_SECRETS } from './lists.js';

// The home's secrets where they really are (red team R7-13: a dotfiles repository the home links into,
// `~/.aws -> dotfiles/aws`, `~/.ssh/id_ed25519 -> dotfiles/ssh/id_ed25519`; R8-9: the workspace is the home
// folder or holds it; R8-8: a jail rooted at a home folder that is a repository): each path of HOME_SECRETS
// (the sandbox's own list, the one list), and each symlink below one, resolved as the kernel opens it. The
// workspace jail hides them whatever its root (WorkspaceOptions.hiddenPaths); added to the configured
// non-accessible globs of the workspace (withLinkedSecrets), they are hidden wherever those are: search,
// tree, the code index and the sandbox's view.

// The scan of a secret folder cut at its bound (home-links.ts MAX_FOLDERS, red team R22b-2): a link past it may
// make any workspace file a secret, so every one is hidden (the path `/`: hiddenGlobsFor gives `**`). Never silently.

// The secret links of `home`: every symlink at any depth below a HOME_SECRETS folder (stow's file links:
// `~/.ssh/id_ed25519`, gcloud's `legacy_credentials/ACCOUNT/adc.json`: R22b-2), or `/` past the bound.
const secretLinks = (home: string) => {
  const scan = homeLinksInto(home, HOME_SECRETS, [], ['/']);
  return scan.cut.length === 0 ? scan : { ...scan, links: [...scan.links, { rel: '', home: '' }] };
};

// The homes a call may mean: $HOME as given, the engine's, and the password file's.
function homesOf(homes: readonly (string | undefined)[]): string[] {
  let own: string | undefined;
  try {
    own = userInfo().homedir;
  } catch {
    own = undefined;
  }
  return [...new Set([...homes, own])].filter((home): home is string => home !== undefined && isAbsolute(home));
}

// Real absolute paths of the home secrets of each of `homes`, and of those the tools' own variables of `env`
// (the engine's environment) locate elsewhere (home-secret-vars.ts, R9-5).
// `listings`: where the resolution is kept while what it read holds (permissions/home-kept.ts; the engine's keeps it
// between processes in its state folder).
export function homeSecretPaths(homes: readonly (string | undefined)[], env: Readonly<Record<string, string | undefined>> = {}, cwds?: readonly string[], listings?: FolderListings): string[] {
  const paths = new Set<string>(variableSecretPaths(env, cwds));
  const linksOf = (home: string) => (listings ? kept(listings, ['home-secrets', home, 'any depth'], () => secretLinks(home)) : secretLinks(home).links);
  for (const home of homesOf(homes)) for (const link of linksOf(home)) paths.add(`/${link.rel}`);
  return [...paths];
}

// What `root` hides of the homes it is or holds: the listed secrets and everything home-shown.ts does not show
// (default deny, red team R9-13); the one answer setup.ts gives every jail and the sandbox. `widened`: the
// user's sandboxReadable.
export function homeHidden(root: string, homes: readonly (string | undefined)[], env: Readonly<Record<string, string | undefined>>, widened: readonly string[], listings?: FolderListings, warn?: (message: string) => void): HomeDenied {
  const moved = XDG_BASES.flatMap(([prefix, name]) => {
    const folder = env[name] ? absolute(env[name]!.trim(), env['HOME']) : undefined;
    return folder && folder !== '/' ? [{ folder: folder.replace(/\/+$/, ''), stands: prefix.replace(/\/$/, '') }] : [];
  });
  // A workspace that IS a home folder by its shape (/home/NAME, /Users/NAME, /root, a person's passwd entry)
  // while HOME names another folder (round 11: `HOME=/tmp/h codeward -C /home/alice`) is one too.
  const denied = homeDenied(root, [...homesOf(homes), ...(homeShapedOwned(root, undefined, undefined, warn) ? [root] : [])], widened, moved);
  return { paths: [...homeSecretPaths(homes, env, workingFolders([root]), listings), ...denied.paths], globs: denied.globs };
}

// Workspace-relative globs for `root` (`**` when the workspace lies inside one of them).
export function linkedSecretGlobs(root: string, homes: readonly (string | undefined)[]): string[] {
  return hiddenGlobsFor(root, homeSecretPaths(homes));
}

// `globs` with the home's secrets `paths` that lie in the workspace `root` added (unchanged when none do).
export function withLinkedSecrets(globs: string[], root: string, paths: readonly string[]): string[] {
  const added = hiddenGlobsFor(root, paths).filter((glob) => !globs.includes(glob));
  return added.length === 0 ? globs : [...globs, ...added];
}
