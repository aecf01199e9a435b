// The installed programs a hook line runs (red team R14-8, issue 26): `npx lint-staged`, a bare `eslint` in a
// package.json script (npm puts every node_modules/.bin above the package on PATH; husky's hooks do too) run
// node_modules/.bin/<name> and the package folder it links to, which a sandboxed `npm install` could have
// rewritten. For each program a line starts (its first word, the operand of a launcher: npx, bunx, `npm exec`,
// `pnpm dlx`, `yarn X`), node_modules/.bin/<name> is obeyed in every folder the line may run in (present or
// not), and the real folder of the package it links to (or node_modules/<name> for a launcher's operand that is
// not installed yet: npx installs it there), whole. The sandbox checks these paths inside node_modules too
// (sandbox/obeyed-scan.ts), though it does not walk installed packages otherwise.
import { realpathSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { inside } from './hook-spelling.js';
import { fedFiles } from './hook-fed.js';
import { stats, type Walk } from './hook-walk.js';
import { obeyPackages } from './hook-packages.js';

// The program names the simple commands of `line` start, and those a launcher starts (npx may install them):
// read by the one reader of a hook line's commands (hook-fed.ts).
export function programsOf(line: string): { name: string; launched: boolean }[] {
  return fedFiles(line).programs;
}

// The package folder a node_modules/.bin entry links to (its nearest folder holding a package.json), in the work tree.
function packageOf(bin: string, top: string): string | undefined {
  let real: string;
  try {
    real = realpathSync(bin);
  } catch {
    return undefined;
  }
  for (let folder = dirname(real); inside(top, folder) && folder !== top; folder = dirname(folder)) {
    if (stats(join(folder, 'package.json'))?.file === true) return folder;
  }
  return undefined;
}

// Obeys what the programs of `line` run from node_modules, from each folder of `bases`.
export function installedPrograms(walk: Walk, line: string, bases: readonly string[]): void {
  for (const { name, launched } of programsOf(line)) {
    for (const base of new Set([walk.top, ...bases])) {
      const bin = join(base, 'node_modules', '.bin', name.replace(/^@[\w.-]+\//, ''));
      if (!inside(walk.top, bin)) continue;
      walk.files.add(bin);
      const pkg = packageOf(bin, walk.top) ?? (launched ? join(base, 'node_modules', name) : undefined);
      // With the packages it loads by name (R15-7: node_modules/vite for vitest).
      if (pkg !== undefined) obeyPackages(walk, [pkg]);
    }
  }
}
