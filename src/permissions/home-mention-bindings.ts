import { dirname } from 'node:path';
import { readHeadBeneath } from '../workspace/own-read-sync.js';
import type { MentionFile } from './home-mention-walk.js';
import type { Mention } from './home-mention-search.js';
import { MAX_FILE_BYTES, textOf } from './home-mention-text.js';

// The workspace reached through a variable set on another line (red team R24-3's LEFT, spell28): `P=~/proj` then
// `$P/tools/x.py` (or `${P}/tools`, `"$P"/tools`, python's `join(P, "tools")`), a home in a variable
// (`home = os.environ["HOME"]` then `join(home, "app", "x")`, `H=$HOME` then `$H/proj/x`). The root named alone
// still names nothing (home-mentions.ts: ~/.claude.json's `"/home/u/proj": {`); the subpath used does.
// Two steps, so that both readers (home-mention-search.ts: in process and ripgrep) give the same answers:
// - the search pattern's `b` group (BIND_GROUP): a name, a `=`/`:`/space, then (soon, on the same line) a spelling
//   of a root or of the home; its match text is the separator (only `=:?+`, quotes and blanks: no `l` text is so);
// - each file with such a match is read again in process (rebind): its bindings found precisely (BINDING), and the
//   file searched whole again with the pattern they extend (the `b` match may have hidden a plain mention).

// The home's spellings as a value (a shell's, python's, node's, ruby's, rust's, go's), the home's own path aside.
const HOME_VALUE = '~|\\$\\{?HOME\\}?|[A-Za-z_][A-Za-z0-9_.:]*(?:\\[|\\(|\\.get\\()["\']HOME["\']\\]?\\)?|(?:[A-Za-z_][A-Za-z0-9_.]*\\.)?(?:home|homedir|home_dir|UserHomeDir)\\(\\)|(?:[A-Za-z_][A-Za-z0-9_.]*\\.)?expanduser\\(["\']~["\']\\)|process\\.env\\.HOME|Dir\\.home';
// The needles (bytes) one of which a binding holds besides a root's spellings (home-mentions.ts mentionPattern).
export const BIND_NEEDLES: readonly string[] = ['HOME', 'home', 'expanduser', '=~', '= ~', '~"', '~\''];

// A blank, a `=` (`:=`, `?=`, `+=`) or a `:` (YAML, JSON) between a name and its value, as the `b` group.
const SEP = '["\']?[ \\t]*(?:[:?+]?=|:)[ \\t]*|[ \\t]+';
const NAME = '[A-Za-z_][A-Za-z0-9_]*';
// A value's call or quote before the spelling (`expanduser("~/proj")`, `Path('~/proj')`).
const PREFIX = '(?:[A-Za-z_][A-Za-z0-9_.]*\\()?["\']?';

// The search pattern's binding alternative (ripgrep and JavaScript alike): loose, a trigger for rebind only.
// `spelled`: the roots' spellings (escaped), `homePath`: the home (escaped).
export const bindGroup = (spelled: readonly string[], homePath: string): string =>
  `${NAME}(?<b>${SEP})[^ \\t\\r\\n]{0,40}?(?:${[...spelled, homePath, 'HOME', '~', 'home\\(\\)', 'homedir\\(\\)', 'home_dir\\(\\)', 'expanduser\\('].join('|')})`;

// Whether a reader's match text is a `b` match's.
export const isBindText = (text: string): boolean => text !== '' && /^[ \t"':?+=]+$/.test(text);

const META = /[.*+?^${}()|[\]\\]/g;
const escape = (text: string): string => text.replace(META, '\\$&');
// A path's end (home-mentions.ts PATH_CHARS' complement, and a run-time part).
const TAIL = '(?:/[^\\s"\'`<>|;,:()[\\]{}=&\\\\$*?]*)?';

// What the variables of a file hold: a path in a root (as absolute), or the home.
export interface Bindings {
  readonly paths: Map<string, string>;
  readonly homes: Set<string>;
}

// The bindings of `text`: `NAME=`, `NAME = `, `NAME: `, `"NAME": `, `set NAME `, `setenv NAME ` ... then a root's
// spelling (`forms`: each spelling with its absolute path) and a path below it, or a spelling of the home alone.
export function bindingsOf(text: string, forms: readonly [string, string][], home: string): Bindings {
  const out: Bindings = { paths: new Map(), homes: new Set() };
  const spelled = [...forms].sort(([one], [two]) => two.length - one.length).map(([form]) => escape(form));
  const value = `(?<root>${spelled.join('|')})(?<tail>${TAIL})|(?<home>${HOME_VALUE}|${escape(home)})`;
  const regex = new RegExp(`(?<![A-Za-z0-9_$])["']?(?<name>${NAME})(?:${SEP})${PREFIX}(?:${value})(?![A-Za-z0-9_.@+~-])(?!/(?!["'\\s]))`, 'g');
  for (const match of text.matchAll(regex)) {
    const { name, root, tail, home: isHome } = match.groups!;
    if (isHome !== undefined) out.homes.add(name!);
    else if (root !== undefined) {
      const abs = forms.find(([form]) => form === root)![1];
      out.paths.set(name!, `${abs}${(tail ?? '').replace(/\/+$/, '')}`);
    }
  }
  return out;
}

// The spellings a file's bindings add: `$P`, `${P}`, `$(P)`, `{P}`, `"$P"`, `"${P}"` for a path (`P=~/proj/tools`:
// `$P/x` is `~/proj/tools/x`), the same followed by each root's path below the home for a home (`$H/proj`).
export function boundForms(bound: Bindings, rels: readonly (readonly [string, string])[]): [string, string][] {
  const spell = (name: string): string[] => [`$${name}`, `\${${name}}`, `$(${name})`, `{${name}}`, `"$${name}"`, `"\${${name}}"`];
  const out: [string, string][] = [];
  for (const [name, path] of bound.paths) for (const form of spell(name)) out.push([form, path]);
  for (const name of bound.homes) for (const form of spell(name)) for (const [rel, root] of rels) out.push([`${form}/${rel}`, root]);
  return out;
}

// A bound root in a join (`join(P, "tools")`, `P / "tools"`, `P + "/tools"`): the workspace's tree (which file is
// not known), as the words rule's matches (home-mention-words.ts).
export const joinPattern = (names: readonly string[]): string | undefined =>
  names.length === 0 ? undefined : `\\b(?:${names.map(escape).join('|')})[ \\t]*[,/+][ \\t]*["'][/]?[A-Za-z0-9_.@+~-]`;

// The mentions with each `b` match's file searched again (`search`: the file's text, its bindings -> its mentions),
// the files without one as the reader found them.
export function rebind(files: readonly MentionFile[], found: readonly Mention[], search: (text: string) => { text: string; bound: boolean }[]): Mention[] {
  const bound = new Set(found.filter((mention) => isBindText(mention.text)).map((mention) => mention.file));
  if (bound.size === 0) return [...found];
  const out = found.filter((mention) => !bound.has(mention.file));
  for (const file of files) {
    if (!bound.has(file.name)) continue;
    const head = readHeadBeneath(dirname(file.path), file.path, Math.min(file.size + 1, MAX_FILE_BYTES));
    const text = head === undefined ? undefined : textOf(head);
    if (text !== undefined) for (const one of search(text)) out.push({ file: file.name, text: one.text, ...(one.bound ? { bound: true as const } : {}) });
  }
  return out;
}
