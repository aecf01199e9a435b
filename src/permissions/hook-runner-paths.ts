// Helpers the runner readers (hook-runner-parts.ts) share: the folders from where a runner runs up to the top
// (where it looks for its configuration), and obeying a path a configuration names.
import { dirname, join, resolve } from 'node:path';
import { listInside } from './hook-listing.js';
import { moduleFiles } from './python-files.js';
import { inside } from './hook-spelling.js';
import { stats, type Walk } from './hook-walk.js';
import { VENV_MARKERS } from './obeyed.js';

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

// Python's import path past the folders a runner names: the site-packages of each virtual environment found
// directly in `bases` (a folder holding one of VENV_MARKERS, conda's `conda-meta` too: `.venv/lib/python3.12/site-packages`, lib64, Windows' `Lib`).
// A module a runner imports by name (mypy's `plugins = myplug`) is found there too when the line runs that
// environment's interpreter or an activated one; which one runs is not known, so every one is obeyed. The
// folders listed are the walk's sources: a venv made later changes their stamps.
export function venvSites(walk: Walk, bases: readonly string[]): string[] {
  const sites = new Set<string>();
  for (const base of new Set(bases)) {
    if (!inside(walk.top, base)) continue;
    walk.sources.push(base);
    for (const entry of listInside(walk.roots, base)) {
      const venv = join(base, entry.name);
      if (!entry.isDirectory() || !VENV_MARKERS.some((marker) => stats(join(venv, marker)) !== undefined)) continue;
      for (const lib of ['lib', 'lib64']) {
        walk.sources.push(join(venv, lib));
        for (const python of listInside(walk.roots, join(venv, lib))) if (python.isDirectory() && python.name.startsWith('python')) sites.add(join(venv, lib, python.name, 'site-packages'));
      }
      sites.add(join(venv, 'Lib', 'site-packages'));
    }
  }
  return [...sites];
}

// A Python module a runner imports by name (mypy's and pylint's plugins, flake8's local plugins): its files and its
// packages' __init__.py from each of `bases` and from the site-packages of a virtual environment found there.
export function obeyModule(walk: Walk, module: string, bases: readonly string[]): void {
  const sites = venvSites(walk, bases);
  for (const file of moduleFiles(module)) obeyNamed(walk, file, [...bases, ...sites]);
}
