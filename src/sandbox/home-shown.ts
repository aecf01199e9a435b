import { join, relative } from 'node:path';
import { lstatQuiet } from '../files/stat-quiet.js';
import { escapeGlob } from '../workspace/hidden-paths.js';
import { hiddenWhole } from './secret-text.js';
import { realOf, within } from './paths.js';
import { SCRIPT_FOLDERS, secretFilesBelow, secretScripts } from './secret-scripts.js';
import { CREDENTIALS, PREFIX_CREDENTIALS, TOOLCHAINS } from './toolchains.js';
import { readFolder } from './folder-log.js';

// Red team R9-13 (CRITICAL class): with the workspace the home folder, or holding it (a dotfiles repository
// that IS the home, `codeward -C ~`), a hand list of credential stores (HOME_SECRETS) kept failing on the next
// store (~/.pulumi/credentials.json, ~/.sentryclirc, ~/.tsh/keys, ~/.config/fish/fish_variables ...). Default
// deny instead, like the sandbox's view: every dot-entry at the home's top level (and so everything in ~/.config
// and ~/.local) is hidden from readers (read, search, tree, code index, repo map, git-diff, the sandbox: they all
// take the workspace's non-accessible globs) unless it is on the short list below. The user widens it with
// `sandboxReadable` in their own ~/.codeward/config.json (the same setting that shows a home path in the sandbox).

// Shown when nothing in them looks secret (hiddenWhole: a start-up file CAN hold `export GITHUB_TOKEN=...`, so
// each is read once when the engine opens and hidden whole if any assignment, header or URL looks secret; a
// person who keeps a token there still gets a hidden file, never a printed one). What a person edits in their
// dotfiles: shell start-up files, readline, editor and terminal settings, git's config and ignore files.
export const SHOWN_CHECKED: Readonly<Record<string, 'git' | 'toml' | 'text'>> = {
  '.bashrc': 'text', '.bash_profile': 'text', '.bash_login': 'text', '.bash_logout': 'text', '.bash_aliases': 'text', '.profile': 'text',
  '.zshrc': 'text', '.zshenv': 'text', '.zprofile': 'text', '.zlogin': 'text', '.zlogout': 'text', '.inputrc': 'text',
  '.vimrc': 'text', '.gvimrc': 'text', '.tmux.conf': 'text', '.screenrc': 'text', '.nanorc': 'text', '.editorconfig': 'text',
  '.Xresources': 'text', '.xinitrc': 'text', '.gitignore_global': 'text', '.gitignore': 'text', '.gitattributes': 'text', '.gitmodules': 'text',
  '.gitconfig': 'git', '.config/git/config': 'git', '.config/git/ignore': 'text', '.config/git/attributes': 'text',
  '.config/starship.toml': 'text', '.cargo/config.toml': 'toml', '.cargo/config': 'toml',
  '.codeward/config.json': 'text', '.codeward/config': 'text', '.codeward/config.yaml': 'text', '.codeward/config.yml': 'text', '.codeward/policy.json': 'text',
};
// Shown whole: folders of editor settings (plug-in code and colour schemes, no credential store), codeward's
// own rules and agents, the home repository's `.git` (its credential configs and object store are hidden by
// workspace/reader-hidden.ts like any repository's), and the toolchain folders the sandbox shows anyway
// (toolchains.ts; TOOLCHAIN_GLOBS hides their credential catalogue, SCRIPT folders their secret-looking scripts).
// Tool state at the home's top that is not a dot-entry (red team round 11, R11-8): Ubuntu snaps keep each app's
// home under ~/snap/APP/current (gh's hosts.yml, doctl's token), macOS keeps app state and keychains in ~/Library.
// Hidden whole like a dot-entry; a person's own files (Documents, Downloads, projects) stay shown.
const STATE_FOLDERS: readonly string[] = ['snap', 'Library'];
const EDITOR_FOLDERS: readonly string[] = ['.vim', '.config/nvim', '.config/tmux', '.config/alacritty', '.config/kitty'];
const EDITOR_DEPTH = 3;
const SHOWN_FOLDERS: readonly string[] = ['.git', ...EDITOR_FOLDERS, '.codeward/rules', '.codeward/agents'];
const TOOLCHAIN_PATHS: readonly string[] = TOOLCHAINS.flatMap((toolchain) => toolchain.paths).filter((path) => !path.startsWith('/') && !(path in SHOWN_CHECKED));

// The toolchain folders' credential catalogue (what view.ts hides inside them when the home is hidden; in the
// shown editor folders too: a plug-in's cloned .git/config, an auth.json), as
// workspace globs relative to the home: `{.nvm,.pyenv,...}/**/etc/npmrc`, and each toolchain's deeper paths.
function toolchainGlobs(base: string): string[] {
  const folders = `{${[...TOOLCHAIN_PATHS, ...SHOWN_FOLDERS.filter((path) => path !== '.git')].map(escapeGlob).join(',')}}`;
  const names = [...CREDENTIALS.map((entry) => entry.glob.replace(/^\*\*\//, '')), ...PREFIX_CREDENTIALS];
  const hidden = TOOLCHAINS.flatMap((toolchain) => toolchain.paths.filter((path) => !path.startsWith('/')).flatMap((path) => (toolchain.hide ?? []).map((rel) => `${base}${escapeGlob(path)}/${rel}`)));
  return [...new Set(names)].map((name) => `${base}${folders}/**/${name}`).concat(hidden);
}

export interface HomeDenied {
  // Real absolute paths hidden (added to WorkspaceOptions.hiddenPaths).
  readonly paths: string[];
  // Non-accessible globs relative to the workspace root.
  readonly globs: string[];
}

// A folder that stands for a home path: the home itself (''), or an XDG base folder its variable moves
// (XDG_CONFIG_HOME stands for `.config`: a dotfiles repository the environment points into, round 10's R9-5 variant).
export interface HomeFolder {
  readonly folder: string;
  readonly stands: string;
}

// What the home folders among `homes` that are `root` or lie inside it hide (nothing for the usual workspace
// inside the home: the sandbox hides the home around it, and a folder like ~/.dotfiles opened as the workspace
// is the person's project), and the same for `moved` folders inside `root`. `widened`: the user's
// sandboxReadable (`~/x` or absolute paths), shown.
export function homeDenied(root: string, homes: readonly string[], widened: readonly string[] = [], moved: readonly HomeFolder[] = []): HomeDenied {
  const paths: string[] = [];
  const globs: string[] = [];
  const folders = [...new Set(homes.filter((path) => path.startsWith('/')).map(realOf))].map((folder): HomeFolder => ({ folder, stands: '' }));
  for (const { folder, stands } of [...folders, ...moved.map((entry) => ({ ...entry, folder: realOf(entry.folder) }))]) {
    if (!within(folder, root)) continue;
    const extra = stands === '' ? widenedIn(folder, widened) : [];
    const shown = [...Object.keys(SHOWN_CHECKED), ...SHOWN_FOLDERS, ...TOOLCHAIN_PATHS, ...extra];
    deny(folder, stands, shown, extra, paths);
    const rel = relative(root, folder);
    const base = rel === '' ? '' : `${escapeGlob(rel)}/`;
    globs.push(...denyGlobs(base, stands, shown));
    if (stands !== '') continue;
    globs.push(...STATE_FOLDERS.map((name) => `${base}${name}`), ...toolchainGlobs(base));
    for (const path of SCRIPT_FOLDERS) paths.push(...secretScripts(join(folder, path)));
    // The editor and terminal folders shown whole: a file in them that looks secret is hidden whole (round 11).
    for (const path of EDITOR_FOLDERS) paths.push(...secretFilesBelow(join(folder, path), EDITOR_DEPTH));
  }
  // A link's target outside the workspace is not the workspace's to hide (and one holding it would hide it all).
  return { paths: [...new Set(paths)].filter((path) => path !== root && within(path, root)), globs };
}

function widenedIn(home: string, widened: readonly string[]): string[] {
  return widened
    .map((path) => (path === '~' ? home : path.startsWith('~/') ? join(home, path.slice(2)) : path))
    .filter((path) => path.startsWith('/') && within(path, home) && path !== home)
    .map((path) => relative(home, path));
}

// The same default deny as globs, for entries made after the engine opened (`pulumi login` during a session):
// `.!(bashrc|config|...)` at the top, `.config/!(nvim|git|...)` in a partly shown folder (picomatch extglobs;
// search's ripgrep, which has none, leaves such a glob to the path filter, search/ripgrep.ts). A name an extglob
// alternative cannot spell stays out of the exceptions: hidden.
function denyGlobs(at: string, prefix: string, shown: readonly string[]): string[] {
  const below = shown.filter((entry) => prefix === '' || entry.startsWith(`${prefix}/`)).map((entry) => (prefix === '' ? entry : entry.slice(prefix.length + 1)));
  const names = [...new Set(below.map((entry) => entry.split('/')[0]!))].filter((name) => (prefix !== '' || name.startsWith('.')) && !/[|()\\]/.test(name));
  const partial = names.filter((name) => !below.includes(name));
  const exceptions = names.map((name) => escapeGlob(prefix === '' ? name.slice(1) : name)).join('|');
  return [`${at}${prefix === '' ? '.' : ''}${exceptions === '' ? '*' : `!(${exceptions})`}`, ...partial.flatMap((name) => denyGlobs(`${at}${escapeGlob(name)}/`, prefix === '' ? name : `${prefix}/${name}`, shown))];
}

// Entries of `folder`, which stands for the home path `rel` (the home's top level: its dot-entries only), not
// shown: hidden, and where a hidden one (or its folder) is a link, its target too (a dotfiles repository the
// home links into, R7-13).
function deny(folder: string, rel: string, shown: readonly string[], widened: readonly string[], out: string[]): void {
  for (const item of readFolder(folder, undefined)) {
    if (rel === '' && !item.name.startsWith('.') && !STATE_FOLDERS.includes(item.name)) continue;
    const entry = rel === '' ? item.name : `${rel}/${item.name}`;
    const path = join(folder, item.name);
    const format = SHOWN_CHECKED[entry];
    if (format !== undefined && !widened.includes(entry)) {
      if (hiddenWhole(path, format)) out.push(path, realOf(path));
    } else if (shown.includes(entry)) {
      continue;
    } else if (shown.some((other) => other.startsWith(`${entry}/`)) && lstatQuiet(realOf(path))?.isDirectory()) {
      deny(path, entry, shown, widened, out);
    } else out.push(path, realOf(path));
  }
}
