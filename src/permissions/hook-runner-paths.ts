// Helpers the runner readers (hook-runner-parts.ts) share: the folders from where a runner runs up to the top
// (where it looks for its configuration), and obeying a path a configuration names.
import { dirname, resolve } from 'node:path';
import { inside } from './hook-spelling.js';
import type { Walk } from './hook-walk.js';

// `from`, then each parent up to the top (a runner looks for its configuration there: cargo, golangci-lint, mypy).
export function upToTop(top: string, from: string): string[] {
  const folders: string[] = [];
  for (let at = from; inside(top, at); at = dirname(at)) {
    folders.push(at);
    if (at === top) break;
  }
  return folders;
}

// Obeys `named` (a file, or a folder whole) relative to each of `bases` when inside the top. Absolute values
// outside the work tree are not the work tree's to protect.
export function obeyNamed(walk: Walk, named: string, bases: readonly string[]): void {
  for (const base of bases) {
    const path = resolve(base, named);
    if (inside(walk.top, path)) walk.files.add(path);
  }
}
