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
// - a second pattern, the trigger (bindTrigger): literals one of which every binding's value holds (a root's
//   spelling, the home's path, `HOME`, `home`, `Home`, `expanduser`, a `~` after a separator); each reader marks the
//   files holding it (ripgrep: a run with --files-with-matches);
// - each marked file is read again in process (rebind): its bindings found precisely (bindingsReader), and the file
//   searched whole again with the pattern they extend.
// The trigger is literals, apart from the mention pattern (spell29): spell28's `NAME=` then a 40-character window,
// an alternative of the mention pattern, had no literal for ripgrep to skip to, and its automaton ran over every
// byte (~3x ripgrep's time over a home holding a 20 MB ~/.cargo/bin/rustup: a fresh engine's write gate ~4x slower).

const META = /[.*+?^${}()|[\]\\]/g;
const escape = (text: string): string => text.replace(META, '\\$&');

// The home's spellings as a value (a shell's, python's, node's, ruby's, rust's, go's), the home's own path aside.
const HOME_VALUE = '~|\\$\\{?HOME\\}?|[A-Za-z_][A-Za-z0-9_.:]*(?:\\[|\\(|\\.get\\()["\']HOME["\']\\]?\\)?|(?:[A-Za-z_][A-Za-z0-9_.]*\\.)?(?:home|homedir|home_dir|UserHomeDir)\\(\\)|(?:[A-Za-z_][A-Za-z0-9_.]*\\.)?expanduser\\(["\']~["\']\\)|process\\.env\\.HOME|Dir\\.home';
// The literals of a `~` value: after a SEP's or a PREFIX's end (`set -gx H ~`, `H: ~`, `f('~')`).
const TILDES = ['=~', ':~', ' ~', '\t~', '(~', '"~', '\'~'];
// The needles (bytes) one of which a binding holds besides a root's spellings and the home's path (home-mentions.ts
// mentionPattern): each HOME_VALUE's literal.
export const BIND_NEEDLES: readonly string[] = ['HOME', 'home', 'Home', 'expanduser', ...TILDES];

// A blank, a `=` (`:=`, `?=`, `+=`) or a `:` (YAML, JSON) between a name and its value.
const SEP = '["\']?[ \\t]*(?:[:?+]?=|:)[ \\t]*|[ \\t]+';
const NAME = '[A-Za-z_][A-Za-z0-9_]*';
// A value's call or quote before the spelling (`expanduser("~/proj")`, `Path('~/proj')`).
const PREFIX = '(?:[A-Za-z_][A-Za-z0-9_.]*\\()?["\']?';

// A path's end (home-mentions.ts PATH_CHARS' complement, and a run-time part).
const TAIL = '(?:/[^\\s"\'`<>|;,:()[\\]{}=&\\\\$*?]*)?';
// The value's end (bindingsOf's lookaheads, consumed: ripgrep has none): not a path's character, not a `/` going on.
const END = '(?:[^A-Za-z0-9_.@+~/-]|/["\'\\s]|$)';

// The binding trigger (ripgrep and JavaScript alike): BIND_NEEDLES and the spellings, each a literal (a `~` value
// with its end), so every file with a binding (bindingsReader) holds a match.
// `spelled`: the roots' spellings (escaped), `homePath`: the home (escaped).
export const bindTrigger = (spelled: readonly string[], homePath: string): string =>
  `(?:${[...spelled, homePath, 'HOME', 'home', 'Home', 'expanduser'].join('|')}|(?:${TILDES.map(escape).join('|')})${END})`;

// What the variables of a file hold: a path in a root (as absolute), or the home.
export interface Bindings {
  readonly paths: Map<string, string>;
  readonly homes: Set<string>;
}

// A reader of the bindings of a text: `NAME=`, `NAME = `, `NAME: `, `"NAME": `, `set NAME `, `setenv NAME ` ... then
// a root's spelling (`forms`: each spelling with its absolute path) and a path below it, or a spelling of the home
// alone. Made once per search (its regular expression), used on each file searched again.
export function bindingsReader(forms: readonly [string, string][], home: string): (text: string) => Bindings {
  const spelled = [...forms].sort(([one], [two]) => two.length - one.length).map(([form]) => escape(form));
  const value = `(?<root>${spelled.join('|')})(?<tail>${TAIL})|(?<home>${HOME_VALUE}|${escape(home)})`;
  const regex = new RegExp(`(?<![A-Za-z0-9_$])["']?(?<name>${NAME})(?:${SEP})${PREFIX}(?:${value})(?![A-Za-z0-9_.@+~-])(?!/(?!["'\\s]))`, 'g');
  // A spelling's path (the first, as forms are given).
  const absolute = new Map([...forms].reverse());
  return (text) => {
    const out: Bindings = { paths: new Map(), homes: new Set() };
    for (const match of text.matchAll(regex)) {
      const { name, root, tail, home: isHome } = match.groups!;
      if (isHome !== undefined) out.homes.add(name!);
      else if (root !== undefined) out.paths.set(name!, `${absolute.get(root)!}${(tail ?? '').replace(/\/+$/, '')}`);
    }
    return out;
  };
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

// The mentions with each file the trigger marked searched again (`search`: the file's text, its bindings -> its
// mentions), the other files' as the reader found them.
export function rebind(files: readonly MentionFile[], found: readonly Mention[], search: (text: string) => { text: string; bound: boolean }[]): Mention[] {
  const marked = new Set(found.filter((mention) => mention.trigger === true).map((mention) => mention.file));
  const out = found.filter((mention) => !marked.has(mention.file));
  for (const file of files) {
    if (!marked.has(file.name)) continue;
    const head = readHeadBeneath(dirname(file.path), file.path, Math.min(file.size + 1, MAX_FILE_BYTES));
    const text = head === undefined ? undefined : textOf(head);
    if (text !== undefined) for (const one of search(text)) out.push({ file: file.name, text: one.text, ...(one.bound ? { bound: true as const } : {}) });
  }
  return out;
}
