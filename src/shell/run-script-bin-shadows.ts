import { dirname, join, relative } from 'node:path';
import { listBeneath } from '../workspace/own-read-sync.js';
import type { Beneath } from '../workspace/beneath.js';
import { binShadowIn, binShadowNames } from '../permissions/obeyed-bin-shadows.js';
import { aimedFolders, workspaceAim } from './workspace-packages.js';

// Red team R33-4, the reading's side of permissions/obeyed-bin-shadows.ts: a package manager runs a script with the
// package folder's `node_modules/.bin` and every parent's first on PATH (npm's script shell is the bare `sh` looked
// up there), so an existing `node_modules/.bin/sh` (`git`, `node` ...: a program of PATH or a shell) is what runs,
// not the lines shown. Why, naming the file, or undefined. Read through the workspace jail, from `folder` up to the
// workspace root (without a jail, `folder` alone); a `node_modules` or `.bin` that is a link is not followed: why.
// `runner`: the line's program and words, when it may be aimed at workspace packages (workspace-packages.ts).
export function shadowingBin(folder: string, jail: Beneath | undefined, runner?: { readonly program: string; readonly rest: readonly string[] }): string | undefined {
  let names: ReadonlySet<string> | undefined;
  const root = jail?.root ?? folder;
  const folders = binFoldersOnPath(folder, jail, runner);
  if (typeof folders === 'string') return folders;
  for (const dir of folders) {
    const found = binsAt(root, dir);
    const where = join(relative(root, dir), 'node_modules/.bin');
    if (typeof found === 'string') return `${where} ${found}, and a package runner runs the programs there before your PATH's`;
    for (const name of found) {
      const shadow = binShadowIn(['node_modules', '.bin', name], (names ??= binShadowNames(jail ? [jail.root] : [], process.env['PATH'] ?? '')));
      if (shadow !== undefined) return `${where}/${shadow} is named like the program \`${shadow}\`, and a package runner (a script's shell \`sh\` too) runs it in that program's place, not the lines shown`;
    }
  }
  return undefined;
}

// The ONE answer to "which folders' node_modules/.bin does this runner put first on PATH" (npm's set-path.js: the
// package folder's and every ancestor's; pnpm, yarn and bun the same): `folder` and each parent up to the workspace
// root (without a jail, `folder` alone). A package folder below the workspace root (`exec --dir packages/a`) has the
// root's too. A runner aimed at workspace packages (`npm exec -w a`, `pnpm -r exec`: workspace-packages.ts) runs in
// each of them: their folders and parents too; why, when the packages are not known here.
export function binFoldersOnPath(folder: string, jail: Beneath | undefined, runner?: { readonly program: string; readonly rest: readonly string[] }): string[] | string {
  const aim = runner === undefined || jail === undefined ? undefined : workspaceAim(runner.program, runner.rest);
  if (aim === undefined) return foldersUp(folder, jail);
  const aimed = aimedFolders(jail!.root, aim);
  if (typeof aimed === 'string') return `${aimed}, and \`${[runner!.program, ...runner!.rest].join(' ')}\` runs with their node_modules/.bin first on PATH`;
  return [...new Set([folder, ...aimed].flatMap((dir) => foldersUp(dir, jail)))];
}

function foldersUp(folder: string, jail: Beneath | undefined): string[] {
  const folders: string[] = [];
  for (let dir = folder; ; dir = dirname(dir)) {
    if (relative(jail?.root ?? folder, dir).startsWith('..')) return folders;
    folders.push(dir);
    if (jail === undefined || dir === jail.root || dirname(dir) === dir) return folders;
  }
}

// The runners that start a program with those folders first on PATH: every package-script run (`npm run/test/start`,
// pnpm/yarn/bun's: run-scripts.ts reads their scripts) and the package-bin runners, whose program is looked up there
// first (`npx X`, `npm exec|x X`, `pnpm exec|dlx X`, `yarn exec|dlx X`, `bunx X`, `bun x X`, `pnpx X`): an entry
// named like a program of PATH or a shell runs in its place (red team R33-4 beyond `npm run`).
export function runsPackageBin(program: string, rest: readonly string[]): boolean {
  if (['npx', 'pnpx', 'bunx'].includes(program)) return true;
  if (!['npm', 'pnpm', 'yarn', 'bun'].includes(program)) return false;
  const end = rest.indexOf('--');
  return (end < 0 ? rest : rest.slice(0, end)).some((word) => ['exec', 'x', 'dlx'].includes(word));
}

// The names in `dir`/node_modules/.bin, or why they are not read (read through the jail at `root`).
function binsAt(root: string, dir: string): readonly string[] | string {
  const listed = listBeneath(root, join(dir, 'node_modules/.bin'), MAX_BINS);
  if (listed === 'link') return 'is reached through a link, whose programs are not read here';
  if (listed?.over === true) return `holds more than ${MAX_BINS} programs, not all read here`;
  return listed?.entries.map((entry) => entry.name) ?? [];
}
const MAX_BINS = 20_000;
