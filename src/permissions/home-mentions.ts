import { isAbsolute, relative } from 'node:path';
import { resolveLoose, type HomeLink, type Looked } from './home-links.js';
import { walkMentions, type MentionFile } from './home-mention-walk.js';
import { searchMentions, type Mention } from './home-mention-search.js';
import { wordPattern } from './home-mention-words.js';
import { BIND_NEEDLES, bindTrigger, bindingsReader, boundForms, joinPattern, rebind } from './home-mention-bindings.js';
import { HOME_STARTUP, LOADERS } from './home-sources-parse.js';

// Home files that NAME a workspace path (red team R22b-7): starship's `custom.x.command`, a terminal's shell,
// a window manager's `exec`, wezterm's `dofile`, VS Code's user tasks, gradle's init scripts, fish functions,
// `.xsessionrc`, and the next program's configuration. A list of programs' files (home-sources-parse.ts
// LOADERS) never converges, so this is the class: any file among the home's dot-files and below its
// dot-folders (home-mention-walk.ts: not records, not installed content) whose text holds the workspace's path
// (as given and real, and below the home as `~/`, `$HOME/`, `${HOME}/`, systemd's `%h/`) followed by a path
// makes that path obeyed: the file itself (`exact`), or below the folder before a run-time part (`$x`, a glob).
// Found directly, by one ripgrep run (home-mention-search.ts) for those spellings. The workspace's own folder
// named alone (`safe.directory`, a rustup override, a download folder) makes nothing obeyed: a program is
// told to run a file, and a relative name in its configuration is the precise readers' (home-sources.ts).
// Comments count (the generic reader knows no program's comment syntax: xrdb's `#include` is a load), but not in
// the start-up table's own files, which their precise readers judge (a `# source x` there names nothing), except
// for the spellings no reader knows (red team R24-3): JSON's `\/`-escaped path (its path obeyed) and the
// workspace's parts as words (home-mention-words.ts: the whole tree).
// A link found is `mention`: the path itself is obeyed, not the whole work tree (obeyed-home-links.ts
// homeLoads: that rule is for start-up files, which compute what they load). Past a bound: the whole
// workspace, naming it.

const META = /[.*+?^${}()|[\]\\]/g;
const escape = (text: string): string => text.replace(META, '\\$&');
// Not a path's character: white space (the same set in JavaScript's and ripgrep's regular expressions: each
// engine's own `\s` differs in U+0085 and U+FEFF), U+FFFD (an invalid byte, which ripgrep's classes never match;
// home-mention-search.ts reads both ways), quotes and separators.
const PATH_CHARS = '[^\\t\\n\\x0B\\f\\r \\x85\\xA0\\u1680\\u2000-\\u200A\\u2028\\u2029\\u202F\\u205F\\u3000\\uFEFF\\uFFFD"\'`<>|;,:()\\[\\]{}=&\\\\]';
// A name character just before: the workspace path is the tail of another path (`/mnt/backup/home/u/ws`).
const BEFORE = '[A-Za-z0-9_.@+~-]?';
const RUN_TIME = /[$*?]/;

const relIn = (path: string, root: string): string | undefined => {
  const rel = relative(root, path);
  return rel.startsWith('..') || isAbsolute(rel) ? undefined : rel.split('\\').join('/');
};

// Each spelling of each root, with the absolute path it stands for.
function spellings(home: string, roots: readonly string[]): [string, string][] {
  const out = new Map<string, string>();
  for (const root of roots) {
    out.set(root, root);
    const rel = relIn(root, home);
    if (rel !== undefined && rel !== '') for (const form of ['~', '$HOME', '${HOME}', '%h']) out.set(`${form}/${rel}`, root);
  }
  return [...out];
}

// The home path messages name a file by: `~/x` for a home-relative one, the link naming a target's folder.
function nameOf(file: string, named: Map<string, string>): string {
  if (!isAbsolute(file)) return `~/${file}`;
  for (const [target, name] of named) if (file === target || file.startsWith(`${target}/`)) return `${name}${file.slice(target.length)}`;
  return file;
}

// Whether the home file (as messages name it) is one the start-up table reads (home-sources-parse.ts LOADERS).
const PRECISE_FOLDERS = Object.values(LOADERS).flatMap((row) => row.folders ?? []);
function readPrecisely(name: string): 'startup' | 'folder' | undefined {
  const rel = name.startsWith('~/') ? name.slice(2) : undefined;
  if (rel === undefined) return undefined;
  return HOME_STARTUP.has(rel) ? 'startup' : PRECISE_FOLDERS.some((folder) => rel.startsWith(`${folder}/`)) ? 'folder' : undefined;
}

// A mention as the absolute path it names and whether it names a folder's files (a run-time part after it).
function pathOf(escaped: string, forms: readonly [string, string][]): { path: string; folder: boolean } | undefined {
  const text = escaped.replaceAll('\\/', '/');
  const form = forms.find(([spelled]) => text.startsWith(`${spelled}/`));
  if (form === undefined) return undefined;
  const path = `${form[1]}${text.slice(form[0].length)}`.replace(/[.)\]}]+$/, '');
  const at = path.search(RUN_TIME);
  if (at < 0) return { path, folder: false };
  return { path: path.slice(0, path.lastIndexOf('/', at)) || '/', folder: true };
}

// The regular expression of the workspace's spellings followed by a path (for ripgrep and JavaScript alike), and
// the spellings (one of them is in every match).
// Two groups: `l`, a spelling followed by a path (also JSON's `\/`-escaped form: red team R24-3), and `w`, the
// workspace's parts below the home as words (home-mention-words.ts); a reader's match text is the `l` group, empty
// for a `w` match (ripgrep prints `${l}"`: an empty replacement prints nothing, and no `l` text holds a quote).
// `trigger`: what every file setting a variable to a root or the home holds (home-mention-bindings.ts bindTrigger),
// a second pattern: each file holding it is searched again with its bindings (withBindings).
// `extra`: a file's own bindings (home-mention-bindings.ts rebind): their spellings, home names and joins.
export function mentionPattern(home: string, roots: readonly string[], extra?: { forms: [string, string][]; homes: string[]; joins: string[] }): { pattern: string; trigger: string; needles: string[]; forms: [string, string][] } {
  const base = spellings(home, roots);
  const forms = [...base, ...(extra?.forms ?? [])];
  const plain = forms.map(([spelled]) => spelled);
  const escaped = base.map(([spelled]) => jsonEscaped(spelled));
  const words = wordPattern(roots.flatMap((root) => relIn(root, home) ?? []), extra?.homes);
  const literal = `${BEFORE}(?:${plain.map(escape).join('|')})/${PATH_CHARS}+|${BEFORE}(?:${escaped.map(escape).join('|')})\\\\/(?:\\\\/|${PATH_CHARS})+`;
  const joins = joinPattern(extra?.joins ?? []);
  const wordy = [words?.pattern, joins].filter((one) => one !== undefined).join('|');
  const pattern = `(?<l>${literal})${wordy === '' ? '' : `|(?<w>${wordy})`}`;
  const trigger = bindTrigger(base.map(([spelled]) => escape(spelled)), escape(home));
  return { pattern, trigger, needles: [...new Set([...plain, ...escaped, ...(words?.needles ?? []), ...BIND_NEEDLES, home])], forms };
}

// A reader's mentions with each file holding the trigger searched again with its bindings (home-mention-bindings.ts):
// each match of a bound spelling (`$P/x`) given as the path it stands for, so the caller reads it as a plain one.
// The bindings' reader and the pattern of a file without any are made once per call, not per file.
export function withBindings(home: string, roots: readonly string[], files: readonly MentionFile[], found: readonly Mention[]): Mention[] {
  if (!found.some((mention) => mention.trigger === true)) return [...found];
  const base = spellings(home, roots);
  const bindings = bindingsReader(base, home);
  const rels = roots.flatMap((root) => {
    const rel = relIn(root, home);
    return rel === undefined || rel === '' ? [] : [[rel, root] as const];
  });
  const none = { forms: [], homes: [], joins: [] };
  const unbound = new RegExp(mentionPattern(home, roots, none).pattern, 'g');
  return rebind(files, found, (text) => {
    const bound = bindings(text);
    const extra = bound.paths.size === 0 && bound.homes.size === 0 ? none : { forms: boundForms(bound, rels), homes: [...bound.homes], joins: [...bound.paths.keys()] };
    const regex = extra === none ? unbound : new RegExp(mentionPattern(home, roots, extra).pattern, 'g');
    return [...text.matchAll(regex)].map((match) => {
      const at = match.groups?.['l'] ?? '';
      const form = extra.forms.find(([spelled]) => at.startsWith(`${spelled}/`));
      return form === undefined ? { text: at, bound: false } : { text: `${form[1]}${at.slice(form[0].length)}`, bound: true };
    });
  });
}

const jsonEscaped = (path: string): string => path.replaceAll('/', '\\/');

// `programFolders`: the home's non-dot program folders searched too (home-mention-walk.ts homeProgramFolders).
export function homeMentions(home: string, roots: readonly string[], programFolders: readonly string[] = []): { links: HomeLink[]; listed: string[]; looked: Looked } {
  const looked: Looked = new Map();
  // The home inside the workspace: its files are the workspace's (the home catalogue judges them).
  if (roots.some((root) => relIn(home, root) !== undefined)) return { links: [], listed: [], looked };
  const { pattern, trigger, needles, forms } = mentionPattern(home, roots);
  const walk = walkMentions(home, roots, looked, programFolders);
  const searched = walk.over === undefined ? searchMentions(walk, pattern, needles, trigger) : { mentions: [] as Mention[], over: walk.over };
  const { over } = searched;
  // A file setting a variable to a root's or the home's spelling: searched again with it (home-mention-bindings.ts).
  const mentions = withBindings(home, roots, walk.files, searched.mentions);
  const found = new Map<string, HomeLink>();
  if (over !== undefined) found.set('', { rel: '', home: '~', sourced: '~/.* (the home folder\'s configuration files)', note: over });
  for (const { file, text, bound } of mentions) {
    // The start-up table's own files: their precise reader names what they name (comments not: home-sources.ts).
    // Not the spellings no reader knows (red team R24-3): JSON's `\/` counts in all of them, the workspace's parts
    // as words in a start-up folder's files (IPython's startup/*.py: python builds paths), not in a start-up file
    // (`${ZDOTDIR:-$HOME}/../../dotfiles/x`: its reader follows the shell's own spellings); so is a path through a
    // variable the file sets (home-mention-bindings.ts: `P = "~/proj"` then `f"{P}/x.py"` in a startup/*.py).
    const precise = readPrecisely(nameOf(file, walk.named));
    if (precise !== undefined && !text.includes('\\/') && (precise === 'startup' || (text !== '' && bound !== true))) continue;
    // The workspace's parts as words (home-mention-words.ts): the whole tree, which file being unknown.
    if (text === '') {
      const name = nameOf(file, walk.named);
      found.set(`\0words\0${name}`, { rel: '', home: name, sourced: name, mention: true, note: 'it names the workspace\'s folder as parts of a path, so codeward cannot know which of its files' });
      continue;
    }
    const named = pathOf(text, forms);
    const real = named === undefined ? undefined : resolveLoose(named.path, '/', undefined, looked);
    if (named === undefined || real === undefined) continue;
    for (const root of roots) {
      const rel = relIn(real, root);
      const key = `${rel}\0${named.folder}`;
      if (rel === undefined || rel === '' || found.has(key)) continue;
      const name = nameOf(file, walk.named);
      found.set(key, { rel, home: name, sourced: name, mention: true, ...(named.folder ? {} : { exact: true }) });
    }
  }
  return { links: [...found.values()], listed: walk.listed, looked };
}
