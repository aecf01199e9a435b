// A task a hook starts, one step further (red team R9-6): `npm test` / `yarn lint` / `npm run x` runs
// package.json's `scripts.X` (and preX, postX) command line; obeyed-hooks.ts reads those lines like the hook's
// own (make: hook-make.ts; a monorepo runner's packages: hook-workspaces.ts; a runner's configuration:
// hook-configs.ts).
import { basename, resolve } from 'node:path';
import { pmCommand } from './hook-pm-commands.js';
import { pmReadings } from './hook-pm-options.js';
import { pmRunner } from './hook-pm-runners.js';
import { programFolders } from './wrapper-folders.js';
import picomatch from '../workspace/picomatch.js';

// Reads one file (size-capped, regular files only), noting it for the cache's stamps.
export type Read = (path: string) => string | undefined;

const PACKAGE_MANAGERS = new Set(['npm', 'yarn', 'pnpm', 'bun']);

// The package.json scripts `words` start (with their pre and post scripts), by the folder they run in
// (relative to the top; '' for the top).
export function scriptNames(words: readonly string[]): { folder: string; names: string[]; locals: string[]; unknown?: string; lines?: string[] }[] {
  const tasks: { folder: string; names: string[]; locals: string[]; unknown?: string; lines?: string[] }[] = [];
  words.forEach((word, i) => {
    // `corepack pnpm@9 test`, `npx pnpm@9 test`: the version is not part of the name.
    const manager = basename(word).replace(/(?<=.)@[^/]*$/, '');
    // npm-run-all / run-s / run-p / concurrently: the scripts (patterns) they run with npm, and concurrently's own
    // command lines (R21-10).
    const runner = manager === 'corepack' ? undefined : pmRunner(manager, words.slice(i + 1, end(words, i)));
    if (runner !== undefined) tasks.push({ folder: '', names: runner.names, locals: [], lines: runner.lines, ...(runner.unknown === undefined ? {} : { unknown: runner.unknown }) });
    if (!PACKAGE_MANAGERS.has(manager)) return;
    let folder = '';
    const line = words.slice(i + 1, end(words, i));
    // The folder a package manager runs in (`npm --prefix DIR`, `pnpm -C DIR` / `--dir DIR`, `yarn --cwd DIR`): the
    // one table of folder options (wrapper-folders.ts).
    for (const found of programFolders([manager, ...line])) folder = found.folder ?? folder;
    // npm's `-w DIR` / `--workspace DIR` runs the script of that workspace package (red team round 10, R10-1).
    for (let j = 0; j < line.length && manager === 'npm'; j++) {
      const arg = line[j]!;
      const option = ['-w', '--workspace'].find((name) => arg === name || arg.startsWith(`${name}=`));
      if (option !== undefined) folder = arg === option ? (line[++j] ?? '') : arg.slice(option.length + 1);
    }
    // Each reading of the sub-command (hook-pm-options.ts), by the manager's own table (hook-pm-commands.ts).
    const readings = pmReadings(manager, line);
    const read = readings.map((operands) => pmCommand(manager, operands));
    const names = [...new Set(read.flatMap((one) => one.names))];
    const unknown = read.find((one) => one.unknown !== undefined && (read.length === 1 || one.refused !== true))?.unknown;
    // `npm install ./tools/x`: a package named by its path on the line is a local package of the install (R19-4).
    const locals = names.includes('preinstall') ? readings[0]!.filter((arg) => /^(?:\.{1,2}\/|\/|~\/|file:|link:|portal:)/.test(arg)) : [];
    tasks.push({ folder, names, locals, ...(unknown === undefined ? {} : { unknown }) });
  });
  return tasks;
}

// The end of the command whose program is words[i].
function end(words: readonly string[], i: number): number {
  let at = i + 1;
  while (at < words.length && !['&&', '||', ';', '|'].includes(words[at]!)) at++;
  return at;
}

// The names of `table` a script name or npm-run-all pattern matches (`lint:*`: one `:` segment, `**`: any).
const matching = (table: Record<string, unknown>, name: string): string[] => {
  if (!/[*?[\]!]/.test(name)) return [name];
  const match = picomatch(name.replace(/:/g, '/'));
  return Object.keys(table).filter((key) => match(key.replace(/:/g, '/')));
};

// The command lines of the package.json scripts `names` (names or patterns) in `folder` (absolute).
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
  return [...new Set(names.flatMap((name) => matching(table, name)))].map((name) => table[name]).filter((line): line is string => typeof line === 'string');
}

// The files a line reads as a list of files to run: `xargs -a FILE` / `--arg-file=FILE`, and on a line that
// runs what it reads (xargs, a `while read` loop's `done`) the file it redirects in (`xargs sh < LIST`,
// `done < LIST`) or cats into the pipe (`cat LIST | xargs sh`): R11-6, obeyed when absent too.
export function argFiles(words: readonly string[], line = ''): string[] {
  const lists: string[] = [];
  const xargs = words.flatMap((word, at) => (basename(word) === 'xargs' ? [at] : []));
  for (const at of xargs) {
    for (let i = at + 1; i < words.length && words[i]!.startsWith('-'); i++) {
      const arg = words[i]!;
      if (arg === '-a' || arg === '--arg-file') lists.push(words[++i] ?? '');
      else if (arg.startsWith('--arg-file=')) lists.push(arg.slice('--arg-file='.length));
      else if (/^-a./.test(arg)) lists.push(arg.slice(2));
    }
  }
  if (xargs.length > 0 || /(?:^|[\s;])(?:done|while\s+(?:IFS=\S*\s+)?read)\b/.test(line)) {
    for (const found of line.matchAll(/(?<![<\d&])<(?![<(&])\s*("[^"]*"|'[^']*'|[^\s;&|()<>]+)/g)) lists.push(found[1]!.replace(/^(["'])(.*)\1$/, '$2'));
    for (const found of line.matchAll(/\bcat\s+((?:[^\s;&|()<>$]+\s+)*?)\|/g)) lists.push(...found[1]!.split(/\s+/).filter((word) => word !== '' && !word.startsWith('-')));
  }
  return lists.filter((list) => list !== '' && !list.includes('$') && !list.startsWith('/dev/'));
}

// The simple commands of one shell line, as text: split at `;`, `&`, `|`, `(`, `)` and newlines outside quotes
// (`make lint && make -C other` is two make runs, not one with `make -C other` as its arguments).
export function simpleCommands(line: string): string[] {
  const parts: string[] = [];
  let part = '';
  let quote: string | undefined;
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    if (quote === undefined && c === '\\') {
      part += c + (line[++i] ?? '');
      continue;
    }
    if (quote !== undefined) quote = c === quote ? undefined : quote;
    else if (c === '"' || c === "'") quote = c;
    else if (/[;&|()\n]/.test(c)) {
      parts.push(part);
      part = '';
      continue;
    }
    part += c;
  }
  return [...parts, part].filter((text) => text.trim() !== '');
}
