// What a Python environment of the work tree runs when a hook runs a program from it (friction19 Left 1, issue 26;
// the R18-3/R14-8 precedent of node_modules: a hook running an installed package obeys that package and what it
// loads by name). Python's closure is the environment's whole site-packages: its interpreter runs every `.pth`
// line and sitecustomize at start, and flake8 (`flake8.extension`), pytest (`pytest11`), mypy and the like load
// EVERY installed distribution's `*.dist-info/entry_points.txt` plug-in of their group, whatever names it. So a
// hook line that runs a program from an environment obeys that environment's site-packages whole (present or not):
// a file tool writing `x.dist-info/entry_points.txt` + `x.py` there asks, and a sandboxed install that adds one is
// moved aside after the run (the R18-3 decision: a path the next hook runs, made in the sandbox, is not kept).
// An environment is reached three ways: a program spelled through its bin folder (`.venv/bin/flake8`,
// `. .venv/bin/activate`, `python3 .venv/bin/pytest`), a front-end's environments (`uv run`, tox, nox:
// hook-python-envs.ts), and a bare program name, which an activated shell (the person's, when they commit)
// resolves in every environment found in the folders the line runs in: its `bin/<name>` is obeyed (present or
// not), and the site-packages too unless the name is an inert shell tool (echo, git, grep: hook-unmodeled.ts) not
// installed there.
import { basename, dirname, join } from 'node:path';
import { listInside } from './hook-listing.js';
import { inside } from './hook-spelling.js';
import { stats, type Walk } from './hook-walk.js';
import { VENV_MARKERS } from './obeyed.js';
import { INERT } from './hook-unmodeled.js';

// Where an environment keeps what its interpreter imports and discovers plug-ins in (POSIX venv and conda, Debian's
// dist-packages, Windows' Lib); a PEP 582 `__pypackages__/3.12` folder keeps it in `lib`.
const SITES = ['lib*/python*/site-packages/**', 'lib*/python*/dist-packages/**', 'lib*/site-packages/**', 'Lib/site-packages/**'];
const BIN = /^(?:bin|Scripts)$/;
const INTERPRETER = /^(?:python|pypy)[\d.]*$/;

// Obeys the site-packages of the environment `env` (absolute, may hold `*`: `.tox/*`), present or not.
export function obeyEnvironment(walk: Walk, env: string): void {
  if (!inside(walk.top, env)) return;
  for (const site of SITES) walk.globs.add(join(env, site));
  if (basename(dirname(env)) === '__pypackages__') walk.globs.add(join(env, 'lib', '**'));
}

// The environment a program path runs from: the folder above its `bin/` or `Scripts/` (`.venv/bin/flake8`,
// `tools/env/bin/activate`), absolute from `base`.
export function environmentOf(path: string): string | undefined {
  const folder = dirname(path);
  return BIN.test(basename(folder)) ? dirname(folder) : undefined;
}

// The environments directly in `folder` now (a folder holding one of VENV_MARKERS, conda's `conda-meta` too). The
// folder and every marker looked for are the walk's sources: an environment made later changes their stamps.
function environmentsIn(walk: Walk, folder: string): string[] {
  const known = walk.environments;
  const cached = known.get(folder);
  if (cached !== undefined) return cached;
  walk.sources.push(folder);
  const children = (at: string): string[] => listInside(walk.roots, at).filter((entry) => entry.isDirectory()).map((entry) => join(at, entry.name));
  // direnv's `layout python` makes `.direnv/python-3.12` and activates it in the person's shell.
  walk.sources.push(join(folder, '.direnv'));
  const folders = [...children(folder), ...children(join(folder, '.direnv'))];
  // Each marker, present or not: a folder made a venv later (`tools/pyvenv.cfg`) changes the kept walk's stamps.
  walk.sources.push(...folders.flatMap((env) => VENV_MARKERS.map((marker) => join(env, marker))));
  const found = folders.filter((env) => VENV_MARKERS.some((marker) => stats(join(env, marker)) !== undefined));
  known.set(folder, found);
  return found;
}

// A bare program name of a hook line, as an activated shell finds it: in each environment of `places`.
export function activatedProgram(walk: Walk, name: string, places: readonly string[]): void {
  for (const place of new Set(places)) {
    if (!inside(walk.top, place)) continue;
    for (const env of environmentsIn(walk, place)) {
      for (const bin of ['bin', 'Scripts']) {
        const program = join(env, bin, name);
        walk.files.add(program);
        walk.sources.push(program);
        // Which bare name is the environment's is only known once it is installed there (a plug-in planted before
        // `pip install pytest` waits for it): any name but the inert shell tools obeys the site-packages.
        if (INTERPRETER.test(name) || !INERT.has(name) || stats(program)?.file === true) obeyEnvironment(walk, env);
      }
    }
  }
}

// The environments one hook line runs programs from: those its program and script paths go through, and, for
// each bare program name, every environment an activated shell may have in `places`.
export function pythonEnvironments(walk: Walk, paths: readonly string[], names: readonly string[], places: readonly string[]): void {
  for (const path of paths) {
    const env = environmentOf(path);
    if (env !== undefined) obeyEnvironment(walk, env);
  }
  for (const name of new Set(names)) activatedProgram(walk, name, places);
}
