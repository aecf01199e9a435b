// What hook-fed.ts finds on one hook line, obeyed (red team R20-3, R20-5, R20-12, R20-22): each file an
// interpreter or a program path runs, present or not, in every folder the line may run in (the walk's folders,
// each moved by the line's own `cd`s); each local package a package runner runs (`npx ./tools/x`, `npm exec
// --package=file:x`, `bunx ./x`): its package.json, its folder whole with what it loads (its bin targets and
// their import closure: hook-packages.ts) and its lifecycle scripts (npx installs it first), like an install's
// local packages (hook-install-locals.ts). A line whose file is only known at run time makes the walk unmodeled.
import { join, relative, resolve } from 'node:path';
import { fedFiles } from './hook-fed.js';
import type { ScriptShell } from './hook-fed.js';
import { inside } from './hook-spelling.js';
import { scriptLines } from './hook-tasks.js';
import { obeyPackages } from './hook-packages.js';
import { read, stats, type Walk } from './hook-walk.js';
import { scriptLoads } from './hook-runs.js';

const LIFECYCLE = ['preinstall', 'install', 'postinstall', 'prepare'];

// `follow`: reads lines as the walk reads a hook's, run from `folder`. `functions`: those the line's script defines.
// Returns the paths of the files run (absolute, present or not), for the Python environments they run from.
export function obeyFed(walk: Walk, line: string, bases: readonly string[], script: string, follow: (lines: string[], folder: string) => void, functions?: ScriptShell): string[] {
  const { top, files } = walk;
  // A list xargs reads its items from (`xargs node < list`): its text now, in each folder the line starts in (the
  // list itself is obeyed: hook-fed.ts names it a script).
  const fed = fedFiles(line, functions, (path) => [...new Set(bases)].map((base) => read(walk, resolve(base, path)) ?? '').join('\n'));
  const who = inside(top, script) ? relative(top, script) : script;
  if (fed.unknown !== undefined) walk.unmodeled ??= `${who} runs ${fed.unknown}`;
  const places = [...new Set(bases)].flatMap((base) => fed.folders.map((folder) => resolve(base, folder)));
  const run = [...new Set(places.flatMap((at) => fed.scripts.map((word) => resolve(at, word))))];
  // A bare glob (`node tools/*.js`, `node tools/?.js`): bash runs what it matches when the hook runs (R21-2).
  const globs = places.flatMap((at) => (fed.globs ?? []).map((glob) => resolve(at, glob)));
  for (const path of globs) if (inside(top, path)) walk.globs.add(path);
  for (const path of run) if (inside(top, path) && stats(path)?.file !== false) files.add(path);
  for (const at of places) for (const path of (fed.loaded ?? []).map((word) => resolve(at, word))) if (inside(top, path) && stats(path)?.file === true) scriptLoads(walk, path, true, at, script);
  for (const spec of fed.locals) {
    if (!/^(?:\.{1,2}\/|\/|file:|link:|portal:)/.test(spec) && !/\.(?:tgz|tar\.gz|tar)$/.test(spec)) {
      walk.unmodeled ??= `${who} runs the local package ${spec} (not read)`;
      continue;
    }
    for (const at of places) {
      const target = resolve(at, spec.replace(/^(?:file|link|portal):(?:\/\/)?/, ''));
      if (!inside(top, target)) {
        walk.unmodeled ??= `${who} runs the local package ${spec} (outside the work tree: not read)`;
        continue;
      }
      if (stats(target)?.file === true || /\.(?:tgz|tar\.gz|tar)$/.test(target)) {
        files.add(target);
        continue;
      }
      files.add(join(target, 'package.json'));
      obeyPackages(walk, [target]);
      follow(scriptLines(target, LIFECYCLE, (path) => read(walk, path)), target);
    }
  }
  return run;
}
