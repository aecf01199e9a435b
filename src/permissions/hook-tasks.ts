// A task a hook starts, one step further (red team R9-6): `npm test` / `yarn lint` / `npm run x` runs
// package.json's `scripts.X` (and preX, postX) command line, `make lint` runs the target's recipe lines (and its
// prerequisites'); obeyed-hooks.ts reads those lines like the hook's own (a runner's configuration: hook-configs.ts).
import { basename, resolve } from 'node:path';

// Reads one file (size-capped, regular files only), noting it for the cache's stamps.
export type Read = (path: string) => string | undefined;

const PACKAGE_MANAGERS = new Set(['npm', 'yarn', 'pnpm', 'bun']);
const ALIASES: Readonly<Record<string, string>> = { t: 'test', tst: 'test', test: 'test', start: 'start', stop: 'stop', restart: 'restart' };
const INSTALL = new Set(['install', 'i', 'ci', 'add']);
const LIFECYCLE = ['preinstall', 'install', 'postinstall', 'prepare'];

// The folder a package manager runs in: `npm --prefix DIR`, `pnpm -C DIR` / `--dir DIR`, `yarn --cwd DIR`.
const FOLDER_OPTIONS = ['--prefix', '-C', '--dir', '--cwd'];

// The package.json scripts `words` start (with their pre and post scripts), by the folder they run in
// (relative to the top; '' for the top).
export function scriptNames(words: readonly string[]): { folder: string; names: string[] }[] {
  const tasks: { folder: string; names: string[] }[] = [];
  words.forEach((manager, i) => {
    if (!PACKAGE_MANAGERS.has(basename(manager))) return;
    let folder = '';
    const args: string[] = [];
    for (let j = i + 1; j < words.length; j++) {
      const arg = words[j]!;
      // npm's `-w DIR` / `--workspace DIR` runs the script of that workspace package (red team round 10, R10-1).
      const options = basename(manager) === 'npm' ? [...FOLDER_OPTIONS, '-w', '--workspace'] : FOLDER_OPTIONS;
      const option = options.find((name) => arg === name || arg.startsWith(`${name}=`));
      if (option !== undefined) folder = arg === option ? (words[++j] ?? '') : arg.slice(option.length + 1);
      else if (!arg.startsWith('-')) args.push(arg);
    }
    const [first, second] = args;
    const names: string[] = [];
    let name: string | undefined;
    if (first === undefined || INSTALL.has(first)) names.push(...LIFECYCLE);
    else if (['run', 'run-script', 'rum', 'urn'].includes(first)) name = second;
    else if (ALIASES[first] !== undefined) name = ALIASES[first];
    else if (basename(manager) !== 'npm') name = first;
    if (name !== undefined) names.push(`pre${name}`, name, `post${name}`);
    tasks.push({ folder, names });
  });
  return tasks;
}

// The command lines of the package.json scripts `names` in `folder` (absolute).
export function scriptLines(folder: string, names: readonly string[], read: Read): string[] {
  if (names.length === 0) return [];
  let scripts: unknown;
  try {
    scripts = (JSON.parse(read(resolve(folder, 'package.json')) ?? '{}') as { scripts?: unknown }).scripts;
  } catch {
    return [];
  }
  if (typeof scripts !== 'object' || scripts === null) return [];
  const table = scripts as Record<string, unknown>;
  return names.map((name) => table[name]).filter((line): line is string => typeof line === 'string');
}

interface Rule {
  readonly prerequisites: string[];
  readonly recipe: string[];
}

function rules(text: string): { table: Map<string, Rule>; first?: string } {
  const table = new Map<string, Rule>();
  let first: string | undefined;
  let current: Rule[] = [];
  for (const line of text.replace(/\\\n/g, ' ').split('\n')) {
    if (line.startsWith('\t')) {
      for (const rule of current) rule.recipe.push(line.slice(1).replace(/^\s*[@+-]+/, ''));
      continue;
    }
    if (line.trim() === '' || line.trim().startsWith('#')) continue;
    const found = /^([^\s:=#][^:=#]*?)\s*::?(?!=)\s*([^;#]*)(?:;(.*))?$/.exec(line);
    current = [];
    if (!found) continue;
    for (const target of found[1]!.split(/\s+/)) {
      const rule: Rule = { prerequisites: found[2]!.split(/\s+/).filter(Boolean), recipe: found[3] ? [found[3]] : [] };
      table.set(target, rule);
      current.push(rule);
      if (first === undefined && !target.startsWith('.')) first = target;
    }
  }
  return { table, first };
}

// The recipe lines `make` runs for the targets `words` name (the first target when none), prerequisites too.
export function recipeLines(top: string, words: readonly string[], read: Read): string[] {
  const at = words.findIndex((word) => basename(word) === 'make' || basename(word) === 'gmake');
  if (at < 0) return [];
  const targets: string[] = [];
  let file: string | undefined;
  for (let i = at + 1; i < words.length; i++) {
    const arg = words[i]!;
    if (['-f', '--file', '--makefile', '-C', '--directory'].includes(arg)) {
      if (!arg.includes('C') && !arg.includes('directory')) file = words[i + 1];
      i++;
    } else if (!arg.startsWith('-') && !arg.includes('=')) targets.push(arg);
  }
  const text = [file ?? 'GNUmakefile', 'makefile', 'Makefile'].map((name) => read(resolve(top, name))).find((found) => found !== undefined);
  if (text === undefined) return [];
  const { table, first } = rules(text);
  const queue = targets.some((target) => table.has(target)) ? targets : first ? [first] : [];
  const lines: string[] = [];
  const seen = new Set<string>();
  for (let i = 0; i < queue.length && seen.size < 16; i++) {
    const rule = table.get(queue[i]!);
    if (!rule || seen.has(queue[i]!)) continue;
    seen.add(queue[i]!);
    lines.push(...rule.recipe);
    queue.push(...rule.prerequisites);
  }
  return lines;
}
