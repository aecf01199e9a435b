// .gitignore verdicts with tree's rules (the `ignore` package): singlePathTest for tree's walk, and
// GitignoreCheck for paths ripgrep reported: ripgrep reads the .gitignore files from the searched folder
// down, but not those of the folders above it (up to the workspace root), and a --glob it matches
// overrides every ignore rule. GitignoreCheck fills both gaps, reading each .gitignore once.
import { join } from 'node:path';
import ignore, { type Ignore } from 'ignore';
import type { Beneath } from '../workspace/beneath.js';
import { readGitignore } from './gitignore-read.js';

// A .gitignore's verdict on one path (relative to the .gitignore's folder; a folder with a trailing
// slash), for walks that only ask about the entries of folders they found not ignored. The public
// `ignores()` checks every parent folder again and caches every answer in an object keyed by path,
// which in a walk of 20,000 entries costs more than the match itself; the rule list it consults answers
// for the one path alone. That list is not public API, so it is used only after it has answered a probe
// exactly as `ignores()` does (in this process, for this version of the package), else `ignores()` is.
// `lastSegment`: the verdict depends on the path's last segment alone (every rule matches only there), so a walk
// may ask with the entry's name (and a slash for a folder).
export type SinglePathTest = ((path: string) => boolean) & { readonly lastSegment?: true };

interface RuleList {
  test(path: string, mode: string): { ignored: boolean };
}

// One rule of the list (also not public API): its expression, and whether it can only match a path's last segment.
interface Rule {
  readonly regex?: unknown;
  readonly _basenameOnly?: unknown;
}

const PROBE_RULES = ['*.log', '!keep.log', 'build/', '/top.txt', 'a/**/b', 'doc/*.md', '\\#hash', 'Case.TXT', ''].join('\n');
const PROBE_PATHS = ['x.log', 'keep.log', 'd/x.log', 'd/keep.log', 'build/', 'd/build/', 'build', 'top.txt', 'd/top.txt', 'a/b', 'a/x/y/b', 'a/x/', 'doc/r.md', 'd/doc/r.md', '#hash', 'case.txt', 'plain.txt', 'd/'];

function ruleListOf(rules: Ignore): RuleList | undefined {
  const list = (rules as unknown as { _rules?: Partial<RuleList> })._rules;
  return typeof list?.test === 'function' ? (list as RuleList) : undefined;
}

let internalAgrees: boolean | undefined;

// A capture group's number, or a named group: what combining expressions into one alternation could change.
const NUMBERED = /\\[1-9]|\\k<|\(\?<(?![=!])/;

// One expression that matches where any rule of the list matches (the rules' own expressions as alternatives), and
// whether it may be tried on the last segment alone (every rule matches only there: a pattern without a slash
// but a trailing one gives the same answer on the whole path and on its last segment); undefined when the rules
// are not in the shape this relies on. Most entries of a walk match no rule: one test then answers, where the
// list tries each rule in turn (a 20,000-entry tree spent more time here than listing its folders, issue 31).
function anyRuleOf(rules: Ignore): { readonly regex: RegExp; readonly lastSegment: boolean } | undefined {
  const list = (rules as unknown as { _rules?: { _rules?: unknown } })._rules?._rules;
  if (!Array.isArray(list)) return undefined;
  if (list.length === 0) return { regex: /(?!)/, lastSegment: false };
  const sources: string[] = [];
  let flags: string | undefined;
  let lastSegment = true;
  for (const rule of list as Rule[]) {
    const regex = rule.regex;
    if (!(regex instanceof RegExp) || regex.global || regex.sticky || NUMBERED.test(regex.source) || (flags !== undefined && regex.flags !== flags)) return undefined;
    flags = regex.flags;
    sources.push(`(?:${regex.source})`);
    if (rule._basenameOnly !== true) lastSegment = false;
  }
  return { regex: new RegExp(sources.join('|'), flags), lastSegment };
}

function probeInternal(): boolean {
  try {
    const probe = ignore().add(PROBE_RULES);
    const reference = ignore().add(PROBE_RULES);
    const list = ruleListOf(probe);
    const any = anyRuleOf(probe);
    return list !== undefined && any !== undefined && PROBE_PATHS.every((path) => {
      const expected = reference.ignores(path);
      return list.test(path, 'regex').ignored === expected && (expected ? any.regex.test(path) : true);
    });
  } catch {
    return false;
  }
}

// The last segment of a relative path, its trailing slash kept (`a/b/` -> `b/`).
function lastSegmentOf(path: string): string {
  const cut = path.lastIndexOf('/', path.length - 2);
  return cut === -1 ? path : path.slice(cut + 1);
}

export function singlePathTest(rules: Ignore): SinglePathTest {
  internalAgrees ??= probeInternal();
  const list = internalAgrees ? ruleListOf(rules) : undefined;
  if (!list) return (path) => rules.ignores(path);
  const any = anyRuleOf(rules);
  if (!any) return (path) => list.test(path, 'regex').ignored;
  // A path no rule matches is not ignored; one some rule matches is decided by the list (the last match wins).
  const { regex, lastSegment } = any;
  if (lastSegment) return Object.assign((path: string) => regex.test(lastSegmentOf(path)) && list.test(path, 'regex').ignored, { lastSegment: true as const });
  return (path) => regex.test(path) && list.test(path, 'regex').ignored;
}

export class GitignoreCheck {
  readonly #root: string;
  readonly #jail: Pick<Beneath, 'openFileSync'>;
  // Folders at or below this one (workspace-relative, '' = root) are left to ripgrep; undefined: check all.
  readonly #handledBelow: string | undefined;
  readonly #layers = new Map<string, Ignore | null>();
  // The folder the caller named (workspace-relative, '' = root): like rg's explicit path, it and the
  // folders above it are searched even when a .gitignore ignores them; only what lies below is judged.
  readonly #named: string;
  readonly #tests = new Map<Ignore, SinglePathTest>();

  // `workspace`: its root and jail (every .gitignore is read through it: gitignore-read.ts).
  constructor(workspace: { readonly root: string; readonly jail: Pick<Beneath, 'openFileSync'> }, handledBelow: string | undefined, named = '') {
    this.#root = workspace.root;
    this.#jail = workspace.jail;
    this.#handledBelow = handledBelow;
    this.#named = named;
  }

  // Whether the layer of `folder` ignores `rel` for a reason below the named folder: each folder between
  // them (and the file) is tested alone, so a rule that only ignores the named folder or a parent of it
  // ignores nothing here.
  #ignoresBelowNamed(layer: Ignore, folder: string, rel: string): boolean {
    let test = this.#tests.get(layer);
    if (!test) this.#tests.set(layer, (test = singlePathTest(layer)));
    const base = folder === '' ? 0 : folder.length + 1;
    for (let cut = rel.indexOf('/', this.#named.length + 1); cut !== -1; cut = rel.indexOf('/', cut + 1)) {
      if (test(rel.slice(base, cut + 1))) return true;
    }
    return test(rel.slice(base));
  }

  #layer(folder: string): Ignore | null {
    let layer = this.#layers.get(folder);
    if (layer === undefined) {
      const text = readGitignore(folder === '' ? this.#root : join(this.#root, folder), this.#jail);
      layer = text === undefined ? null : ignore().add(text); // null: no .gitignore here (or refused)
      this.#layers.set(folder, layer);
    }
    return layer;
  }

  #leftToRipgrep(folder: string): boolean {
    const below = this.#handledBelow;
    if (below === undefined) return false;
    return below === '' || folder === below || folder.startsWith(`${below}/`);
  }

  // Whether a workspace-relative file (or a folder, with a trailing slash) is ignored by a .gitignore of
  // one of its folders.
  ignores(rel: string): boolean {
    let cut = -1; // index of the slash ending the current folder; -1 for the root
    for (;;) {
      const folder = cut === -1 ? '' : rel.slice(0, cut);
      if (this.#leftToRipgrep(folder)) return false;
      const layer = this.#layer(folder);
      const named = this.#named !== '' && (rel === this.#named || rel.startsWith(`${this.#named}/`));
      if (layer && (named ? this.#ignoresBelowNamed(layer, folder, rel) : layer.ignores(rel.slice(cut + 1)))) return true;
      cut = rel.indexOf('/', cut + 1);
      // A folder given with its trailing slash (`build/`) has nothing left to test in its own .gitignore.
      if (cut === -1 || cut === rel.length - 1) return false;
    }
  }
}
