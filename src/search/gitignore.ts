// The .gitignore verdict tree gives a file, for paths ripgrep reported: ripgrep reads the .gitignore
// files from the searched folder down, but not those of the folders above it (up to the workspace
// root), and a --glob it matches overrides every ignore rule. This fills both gaps, with tree's rules
// (the `ignore` package), reading each .gitignore once.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import ignore, { type Ignore } from 'ignore';

export class GitignoreCheck {
  readonly #root: string;
  // Folders at or below this one (workspace-relative, '' = root) are left to ripgrep; undefined: check all.
  readonly #handledBelow: string | undefined;
  readonly #layers = new Map<string, Ignore | null>();

  constructor(root: string, handledBelow: string | undefined) {
    this.#root = root;
    this.#handledBelow = handledBelow;
  }

  #layer(folder: string): Ignore | null {
    let layer = this.#layers.get(folder);
    if (layer === undefined) {
      try {
        layer = ignore().add(readFileSync(join(this.#root, folder, '.gitignore'), 'utf8'));
      } catch {
        layer = null; // no .gitignore here (or unreadable)
      }
      this.#layers.set(folder, layer);
    }
    return layer;
  }

  #leftToRipgrep(folder: string): boolean {
    const below = this.#handledBelow;
    if (below === undefined) return false;
    return below === '' || folder === below || folder.startsWith(`${below}/`);
  }

  // Whether a workspace-relative file is ignored by a .gitignore of one of its folders.
  ignores(rel: string): boolean {
    let cut = -1; // index of the slash ending the current folder; -1 for the root
    for (;;) {
      const folder = cut === -1 ? '' : rel.slice(0, cut);
      if (this.#leftToRipgrep(folder)) return false;
      const layer = this.#layer(folder);
      if (layer && layer.ignores(rel.slice(cut + 1))) return true;
      cut = rel.indexOf('/', cut + 1);
      if (cut === -1) return false;
    }
  }
}
