// The packages a monorepo runner reaches (red team round 10, R10-1): `npm run lint --workspaces` / `-ws` /
// `-w NAME`, `pnpm -r` / `--filter X`, `yarn workspaces foreach run lint`, `yarn workspace NAME lint`,
// `turbo run lint`, `lerna run lint`, `nx run-many -t lint` run the script of every workspace package (or of
// the one named). The packages are the folders the root package.json `workspaces` globs, pnpm-workspace.yaml's
// `packages:` or lerna.json's `packages` match (lerna's default `packages/*`), else every package.json a
// bounded walk finds outside node_modules; a package made later matches the same globs (`pkgs/*/package.json`).
import { basename, join, relative, resolve } from 'node:path';
import picomatch from '../workspace/picomatch.js';
import type { Read } from './hook-tasks.js';
import { listReal, realTops } from './hook-listing.js';
import { pmCommand } from './hook-pm-commands.js';

// A fan-out run: the scripts it starts and which packages (a name or folder; none: every package).
export interface FanOut {
  // The runner (npm, pnpm, nx ...).
  readonly tool: string;
  readonly names: string[];
  readonly only?: string;
  // The command an `exec` runs in each package (`pnpm -r exec sh x.sh`, `lerna exec -- sh x.sh`).
  readonly command?: string;
}

// The command after `exec` (options before `--` skipped; npm's `-c CMD`), as one line.
function execCommand(words: readonly string[]): string | undefined {
  const at = words.indexOf('exec');
  if (at < 0) return undefined;
  const call = words.findIndex((word, i) => i > at && (word === '-c' || word === '--call'));
  // shellWords splits a quoted `-c 'sh x.sh'` into its words: the rest of the simple command.
  if (call > 0) return words.slice(call + 1).join(' ') || undefined;
  const dash = words.indexOf('--', at);
  const rest = dash > 0 ? words.slice(dash + 1) : words.slice(at + 1).filter((word, i, all) => !all.slice(0, i + 1).every((w) => w.startsWith('-')));
  return rest.length > 0 ? rest.join(' ') : undefined;
}

const WALK = { depth: 6, entries: 2000, packages: 256 };
const RUNNERS = new Set(['turbo', 'lerna', 'nx']);
// Options of the fan-out runners that take a value (the value is not a script name).
const VALUED = new Set(['-w', '--workspace', '--filter', '-F', '--include', '--exclude', '--from', '--since', '-j', '--jobs', '--scope', '--ignore', '--concurrency', '--projects', '-p', '--exclude-task']);

// The positional words after `from` (option values skipped), up to the end of the command.
function positionals(words: readonly string[], from: number): { args: string[]; options: string[] } {
  const args: string[] = [];
  const options: string[] = [];
  for (let i = from; i < words.length && !['&&', '||', ';', '|'].includes(words[i]!); i++) {
    const word = words[i]!;
    if (word === '--') break;
    if (word.startsWith('-')) {
      options.push(word);
      if (VALUED.has(word)) options.push(words[++i] ?? '');
    } else args.push(word);
  }
  return { args, options };
}

const scripts = (names: readonly string[]): string[] => names.flatMap((name) => name.split(',')).filter(Boolean).flatMap((name) => [`pre${name}`, name, `post${name}`]);
const TARGET = /^(?:-t|--targets?)(?:=(.*))?$/;
// npm reads its options from the environment too (npm_config_workspaces, any case: red team R21-5), set on the line,
// exported before it or through `env`/`sh -c`: any value but an explicit false reads as `--workspaces` (fail closed).
const ENV_WORKSPACES = /(?:^|[\s;'"])npm_config_workspaces=(?!(?:false|0)?(?:[\s;'"]|$))/i;
// The scripts a package manager's sub-command runs, by its own table (npm's aliases `t`/`tst`, pnpm's: R21-5), with
// the word read as a script's name too.
const pmScripts = (tool: string, args: readonly string[], runName: (list: readonly string[]) => string[]): string[] => [
  ...new Set([...scripts(runName(args)), ...pmCommand(tool, args).names]),
];

// The fan-out runs `words` start (none for a plain `npm test`: one package, handled by hook-tasks.ts). `context`: the
// text around the line (its whole line, the hook file) whose npm_config_workspaces reaches npm's environment.
export function fanOuts(words: readonly string[], context = ''): FanOut[] {
  const envWorkspaces = ENV_WORKSPACES.test(context) || words.some((one) => ENV_WORKSPACES.test(one));
  const runs: FanOut[] = [];
  const command = execCommand(words);
  words.forEach((word, i) => {
    // `npx turbo@latest`: the package's version is not part of its name (R11-6).
    const tool = basename(word).replace(/(?<=.)@[^/]*$/, '');
    const { args, options } = positionals(words, i + 1);
    const valued = (...names: string[]): string | undefined => {
      const at = options.findIndex((option) => names.includes(option));
      if (at >= 0) return options[at + 1];
      return options.find((option) => names.some((name) => option.startsWith(`${name}=`)))?.replace(/^[^=]*=/, '');
    };
    const runName = (list: readonly string[]): string[] => (['run', 'run-script'].includes(list[0] ?? '') ? list.slice(1, 2) : list.slice(0, 1));
    if (tool === 'npm' && (options.some((option) => /^(?:--workspaces|-ws|--ws)(?:=true)?$/.test(option)) || envWorkspaces)) runs.push({ tool, names: pmScripts(tool, args, runName) });
    else if (tool === 'npm' && valued('-w', '--workspace') !== undefined) runs.push({ tool, names: pmScripts(tool, args, runName), only: valued('-w', '--workspace')! });
    // pnpm's `recursive` command and its aliases `m`, `multi` (R11-6).
    else if (tool === 'pnpm' && ['recursive', 'm', 'multi'].includes(args[0] ?? '')) runs.push({ tool, names: pmScripts(tool, args.slice(1), runName) });
    else if ((tool === 'pnpm' || tool === 'bun') && options.some((option) => ['-r', '--recursive', '--filter', '-F'].includes(option) || /^--filter=/.test(option))) runs.push({ tool, names: pmScripts(tool, args, runName) });
    else if (tool === 'yarn' && args[0] === 'workspaces') runs.push({ tool, names: scripts(runName(args.slice(args[1] === 'foreach' ? 2 : 1))) });
    else if (tool === 'yarn' && args[0] === 'workspace' && args[1] !== undefined) runs.push({ tool, names: scripts(runName(args.slice(2))), only: args[1] });
    else if (RUNNERS.has(tool)) {
      // turbo run a b / turbo a; lerna run a; nx run-many -t a b / --target=a / nx run proj:a / nx a proj.
      // `-t a b` names every word up to the next option (R18-7).
      const targets = words.slice(i + 1).flatMap((arg, j, rest) => {
        const joined = TARGET.exec(arg);
        if (!joined) return [];
        if (joined[1] !== undefined) return joined[1].split(',');
        const end = rest.findIndex((next, k) => k > j && (next.startsWith('-') || ['&&', '||', ';', '|'].includes(next)));
        return rest.slice(j + 1, end < 0 ? undefined : end).flatMap((name) => name.split(','));
      });
      const list = args[0] === 'run' || args[0] === 'run-many' || args[0] === 'affected' ? args.slice(1) : args;
      const names = targets.length > 0 ? targets : tool === 'lerna' || tool === 'nx' ? list.slice(0, 1).map((name) => name.replace(/^.*:/, '')) : list;
      runs.push({ tool, names: scripts(names) });
    }
  });
  return command === undefined ? runs : runs.map((run) => ({ ...run, command }));
}

// The workspace globs the repository declares (root package.json, pnpm-workspace.yaml, lerna.json).
export function declared(top: string, read: Read): string[] | undefined {
  const json = (file: string): Record<string, unknown> | undefined => {
    try {
      const parsed: unknown = JSON.parse(read(join(top, file)) ?? 'null');
      return typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>) : undefined;
    } catch {
      return undefined;
    }
  };
  const strings = (value: unknown): string[] => (Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : []);
  const workspaces = json('package.json')?.['workspaces'];
  const globs = [...strings(workspaces), ...strings((workspaces as { packages?: unknown } | undefined)?.packages), ...strings(json('lerna.json')?.['packages'])];
  const pnpm = read(join(top, 'pnpm-workspace.yaml'));
  // `packages:` as a block list, or a flow list (`packages: ['pkgs/*', "apps/*"]`).
  const list = pnpm?.split(/^packages\s*:/m)[1];
  const flow = /^\s*\[([^\]]*)\]/.exec(list ?? '');
  if (flow) globs.push(...flow[1]!.split(',').map((item) => item.trim().replace(/^["']|["']$/g, '')).filter(Boolean));
  else for (const found of list?.matchAll(/^\s*-\s*["']?([^"'\n#]+?)["']?\s*$/gm) ?? []) globs.push(found[1]!);
  if (globs.length === 0 && json('lerna.json') !== undefined) globs.push('packages/*');
  return globs.length > 0 ? globs.map((glob) => glob.replace(/^\.\//, '').replace(/\/+$/, '')) : undefined;
}

// Folders below the top holding a package.json (node_modules and dot folders not entered), bounded; every
// folder listed is noted in `looked` (a package added later changes its stamp).
function walk(top: string, looked: string[]): string[] {
  const found: string[] = [];
  // Each folder with its real path: the top's, then a parent's joined with a name listed as a folder (no link).
  const queue: { dir: string; real: string; depth: number }[] = [{ dir: top, real: realTops([top])[0]!, depth: 0 }];
  let budget = WALK.entries;
  for (let at = 0; at < queue.length && budget > 0 && found.length < WALK.packages; at++) {
    const { dir, real, depth } = queue[at]!;
    looked.push(dir);
    const entries = listReal(real);
    budget -= entries.length;
    // An nx project may have a project.json and no package.json (R11-6).
    if (dir !== top && entries.some((entry) => (entry.name === 'package.json' || entry.name === 'project.json') && entry.isFile())) found.push(dir);
    if (depth < WALK.depth) for (const entry of entries) if (entry.isDirectory() && entry.name !== 'node_modules' && !entry.name.startsWith('.')) queue.push({ dir: join(dir, entry.name), real: join(real, entry.name), depth: depth + 1 });
  }
  return found;
}

// The package folders a fan-out run reaches (absolute), the globs a package made later matches (absolute),
// and every file and folder looked at.
export function reachedPackages(top: string, run: FanOut, read: Read): { folders: string[]; globs: string[]; looked: string[] } {
  const looked: string[] = [];
  const patterns = declared(top, read);
  const positive = (patterns ?? ['**']).filter((glob) => !glob.startsWith('!'));
  const match = picomatch(positive, { ignore: (patterns ?? []).filter((glob) => glob.startsWith('!')).map((glob) => glob.slice(1)) });
  let folders = walk(top, looked).filter((dir) => match(relative(top, dir).split('\\').join('/')));
  if (run.only !== undefined) {
    const named = folders.filter((dir) => {
      const rel = relative(top, dir).split('\\').join('/');
      if (rel === run.only!.replace(/^\.\//, '').replace(/\/+$/, '')) return true;
      try {
        return (JSON.parse(read(join(dir, 'package.json')) ?? '{}') as { name?: unknown }).name === run.only;
      } catch {
        return false;
      }
    });
    // A name no package has yet: every package (the one made later is matched by the globs).
    if (named.length > 0) folders = named;
  }
  // turbo runs the root package's scripts (a single-package repository, `//#task`) and nx infers a root project
  // from them (R18-7): the top is one of the packages.
  if (run.tool === 'turbo' || run.tool === 'nx') folders = [top, ...folders];
  return { folders, globs: positive.map((glob) => resolve(top, glob, 'package.json')), looked };
}
