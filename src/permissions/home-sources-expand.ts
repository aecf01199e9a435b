import type { ShWord } from '../shell/sh-tokens.js';

// What a start-up file loads (home-sources-parse.ts's table names the parser of each kind): a path as
// written after `~` and variable expansion (relative ones are resolved by the walker, home-sources.ts), the
// kind of file it is (read in turn by that kind's parser; none: obeyed, not read further: a program, a
// flake, an env file) and whether it names a folder whose every file is loaded (a PATH folder, vim's
// runtimepath, a loop's glob).
export type LoaderKind = 'shell' | 'direnv' | 'dotenv' | 'mise' | 'cargo' | 'pkgconf' | 'golangci' | 'pixi' | 'ssh' | 'vim' | 'lua' | 'tmux' | 'readline' | 'names';

export interface Loaded {
  readonly path: string;
  readonly kind?: LoaderKind;
  readonly folder?: boolean;
  // A bare module name NODE_OPTIONS makes node load (`path` is that name): node resolves it in the folder it runs
  // in, any folder below `from` (the env file's folder; else the loading file's), from there up
  // (home-sources-modules.ts; reach row 4, nodereach2 left 1).
  readonly module?: { readonly spec: string; readonly from?: string };
  // Obeyed below `path` where this picomatch glob matches (relative to `path`): a name found from every folder below
  // it (cargo's `[env]` values, cargo-config-obeyed.ts).
  readonly glob?: string;
  // The folder the shell sourcing this file runs in, when not the loading file's (pixi's activation scripts: the
  // project's folder, or any folder below it for `pixi shell`): the relative names it sources are found there.
  readonly cwd?: string;
  // Sourced by a plain `source`/`.` in a direnv file: it runs in the sourcing shell's folder (the `.envrc`'s), not
  // its own (a `source_env` cds to the file's folder), so its relative names are found from there (cargo22 left 1).
  readonly here?: boolean;
  // A folder whose programs run by name (a PATH entry: `export PATH="$HOME/proj/bin:$PATH"`, fish_add_path, zsh's
  // `path=(...)`; red team R26-9): obeyed itself, and what its scripts load, not the whole work tree (as
  // `alias t='~/proj/tools/t'` obeys tools/t: home-sources.ts).
  readonly runs?: boolean;
  // Why: the loading file is not understood, so it may load any file (the whole work tree, obeyed-env-runtime.ts).
  readonly why?: string;
}

// `word` with `~`, `$NAME`, `${NAME}` and `${NAME:-default}` replaced; undefined when a variable is unknown
// or anything else is left to expand (a command substitution).
// A word with a single-quoted part expands only its unquoted head: `~/'my proj'/x.sh` is ~/my proj/x.sh (a `~` only
// when its `/` is unquoted too: `~'/x'` stays as written, as sh leaves it).
export function expandWord(word: ShWord, vars: ReadonlyMap<string, string>): string | undefined {
  if (word.single) {
    const head = word.text.slice(0, word.head ?? 0);
    if (head === '' || (head === '~' && word.text !== '~')) return word.text;
    const expanded = expandWord({ text: head, single: false }, vars);
    return expanded === undefined ? undefined : expanded + word.text.slice(head.length);
  }
  let unknown = false;
  const value = (name: string, fallback?: string): string => {
    const known = vars.get(name);
    if (known !== undefined && known !== '') return known;
    if (fallback !== undefined) return expandWord({ text: fallback, single: false }, vars) ?? ((unknown = true), '');
    unknown = true;
    return '';
  };
  let text = word.text.replace(/^~(?=\/|$)/, () => value('HOME'));
  text = text.replace(/\$\{([A-Za-z_][A-Za-z0-9_]*)(?::?-([^}]*))?\}|\$([A-Za-z_][A-Za-z0-9_]*)/g, (_all, braced?: string, fallback?: string, bare?: string) => value(braced ?? bare!, fallback));
  return unknown || text.includes('$') || text.includes('`') ? undefined : text;
}

// The expanded, non-empty paths of `words` as Loaded entries of `kind`.
export function loadedOf(words: readonly ShWord[], vars: ReadonlyMap<string, string>, kind?: LoaderKind, folder?: boolean): Loaded[] {
  const out: Loaded[] = [];
  for (const word of words) {
    const path = expandWord(word, vars);
    if (path !== undefined && path !== '') out.push({ path, ...(kind ? { kind } : {}), ...(folder ? { folder } : {}) });
  }
  return out;
}

// A plain (unquoted) word.
export const plain = (text: string): ShWord => ({ text, single: false });
