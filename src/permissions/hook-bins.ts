// The installed programs a hook line runs (red team R14-8, issue 26): `npx lint-staged`, a bare `eslint` in a
// package.json script (npm puts every node_modules/.bin above the package on PATH; husky's hooks do too) run
// node_modules/.bin/<name> and the package folder it links to, which a sandboxed `npm install` could have
// rewritten. For each program a line starts (its first word, the operand of a launcher: npx, bunx, `npm exec`,
// `pnpm dlx`, `yarn X`), node_modules/.bin/<name> is obeyed in every folder the line may run in (present or
// not), and the real folder of the package it links to (or node_modules/<name> for a launcher's operand that is
// not installed yet: npx installs it there), whole. The sandbox checks these paths inside node_modules too
// (sandbox/obeyed-scan.ts), though it does not walk installed packages otherwise.
import { realpathSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { inside } from './hook-spelling.js';
import { simpleCommands } from './hook-tasks.js';
import { stats, type Walk } from './hook-walk.js';
import { obeyPackages } from './hook-packages.js';
import { shellWords } from '../git/config-command.js';

const LAUNCHERS = new Set(['npx', 'bunx', 'pnpx', 'env', 'exec', 'command', 'time', 'nice', 'nohup', 'timeout', 'xargs']);
// The launchers' options that take the next word (env, nice, timeout, time).
const OPTION_VALUES = new Set(['-C', '--chdir', '-u', '--unset', '-S', '--split-string', '-n', '--adjustment', '-s', '--signal', '-k', '--kill-after', '-o', '--output', '-f', '--format']);
const MANAGERS = new Set(['npm', 'pnpm', 'yarn', 'bun']);
const PROGRAM = /^(?:@[\w.-]+\/)?[\w.-]+$/;

// The program names the simple commands of `line` start, and those a launcher starts (npx may install them).
export function programsOf(line: string): { name: string; launched: boolean }[] {
  const found: { name: string; launched: boolean }[] = [];
  for (const part of simpleCommands(line)) {
    const words = shellWords(part).filter((word) => !/^[A-Za-z_]\w*=/.test(word));
    let launched = false;
    for (let i = 0; i < words.length; i++) {
      const word = words[i]!;
      if (word.startsWith('-')) continue;
      const name = word.replace(/(?<=.)@[^/]*$/, '');
      if (!PROGRAM.test(name)) break;
      found.push({ name, launched });
      // `npm exec X`, `pnpm dlx X`, `yarn X`: the next operand is a program too.
      if (MANAGERS.has(name) && ['exec', 'x', 'dlx'].includes(words[i + 1] ?? '')) i++;
      else if (!LAUNCHERS.has(name) && !(name === 'yarn' || name === 'pnpm')) break;
      launched = true;
    }
  }
  return found;
}

// The program words of `line` spelled as a path (`node_modules/.bin/vitest run`, `.venv/bin/pytest`, `./tools/x`),
// its first word's and a launcher's operand: a hook runs the file at that path whether or not it exists now
// (red team R18-3: a fresh clone before `npm install` has no node_modules/.bin/vitest; a sandboxed run that
// makes it executable must meet the write gate). Obeyed in every folder the line may run in.
export function programPaths(line: string): string[] {
  const found: string[] = [];
  for (const { word } of programPlaces(line)) if (word.includes('/') && !/[$`*?[]/.test(word)) found.push(word);
  return found;
}

// Each place of `line` a program stands in: a simple command's first word and a launcher's operand, past the
// launchers' options, the values they take (`env -C pkgs/a`, `nice -n 5`) and durations (`timeout 60`).
function* programPlaces(line: string): Generator<{ word: string; words: string[]; at: number }> {
  for (const part of simpleCommands(line)) {
    const words = shellWords(part).filter((word) => !/^[A-Za-z_]\w*=/.test(word));
    for (let i = 0; i < words.length; i++) {
      const word = words[i]!;
      if (OPTION_VALUES.has(word)) i++;
      if (word.startsWith('-') || /^\d+(?:\.\d+)?[smhd]?$/.test(word)) continue;
      yield { word, words, at: i };
      if (!LAUNCHERS.has(basename(word))) break;
    }
  }
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
