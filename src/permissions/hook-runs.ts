// Two things a hook line runs that the walk (obeyed-hooks.ts) follows beyond the files it names (issue 26): the
// files a node or python script loads (hook-scripts.ts: R13-20, R13-22), and a mainstream toolchain's file kinds
// (hook-toolchains.ts: F6). What cannot be followed sets the walk's `unmodeled`: the whole work tree is obeyed.
import { basename, relative, resolve } from 'node:path';
import { inside } from './hook-spelling.js';
import { pythonShadowGlobs } from './hook-config-parts.js';
import { NODE_SCRIPT, pythonPathFolders } from './hook-scripts.js';
import { obeyNodeScript } from './hook-packages.js';
import { TOOLCHAINS, toolchainArgs, toolchainName } from './hook-toolchains.js';
import { read, stats, type Walk } from './hook-walk.js';
import { RUNNER_READERS } from './hook-runner-parts.js';
import { simpleCommands } from './hook-tasks.js';
import { shellWords } from '../git/config-command.js';
import { withAliases } from '../shell/program-aliases.js';

// A compiler's source operands (`$(CC) -o t t.c src/x.c`, `go run main.go`): the project's sources, which the
// README's limit leaves writable, not files the line runs. Also the files a toolchain's place options name
// (`mypy --config-file pyproject.toml`, `golangci-lint -c .golangci.yml`, `go test -modfile x.mod`): configurations
// it reads, obeyed by toolchainRun, not scripts whose lines the walk would judge as shell (`[mypy]` is no program).
// `--python-executable` is a program mypy runs: it is followed as one.
const SOURCE = /\.(?:c|cc|cpp|cxx|c\+\+|h|hh|hpp|hxx|m|mm|s|go)$/i;
export function sourceOperands(line: string): Set<string> {
  const found = new Set<string>();
  for (const part of simpleCommands(line)) {
    const words = shellWords(part);
    const at = words.findIndex((word) => toolchainName(basename(word)) !== undefined);
    const name = at < 0 ? undefined : toolchainName(basename(words[at]!));
    if (name === undefined) continue;
    const rest = words.slice(at + 1);
    const { unknown, runner } = toolchainArgs(name, rest);
    if (unknown !== undefined) continue;
    const places = [name, ...(runner === undefined ? [] : [runner])].flatMap((row) => [...(TOOLCHAINS[row]!.places ?? []), ...(TOOLCHAINS[row]!.reads ?? [])]);
    rest.forEach((word, i) => {
      const option = places?.find((place) => place === rest[i - 1] || word.startsWith(`${place}=`));
      if (option !== undefined && option !== '--python-executable') found.add(word.startsWith(`${option}=`) ? word.slice(option.length + 1) : word);
    });
    if (name === 'cc' || name === 'go') for (const word of rest) if (SOURCE.test(word) && !word.startsWith('-')) found.add(word);
  }
  return found;
}

const INTERPRETERS = withAliases(['node', 'tsx', 'ts-node', 'bun', 'deno', 'python', 'python3', 'python2']);
const NODES = withAliases(['node', 'tsx', 'ts-node', 'bun']);

// What a node line runs that the script walk cannot follow (red team R14-18): code given as text (`node -e
// "require('./tools/x')"`), or a folder (`node .`, `node tools`: its package.json main or index, and what that
// loads). The whole work tree is obeyed then.
export function nodeUnfollowed(words: readonly string[], bases: readonly string[], top: string): string | undefined {
  const at = words.findIndex((word) => NODES.has(basename(word)));
  if (at < 0) return undefined;
  const rest = words.slice(at + 1);
  const inline = rest.find((word) => /^-[a-z]*[ep]$|^--(?:eval|print)(?:=|$)/.test(word));
  if (inline !== undefined) return `\`${words[at]} ${inline}\` runs code given as text`;
  const operand = rest.find((word) => !word.startsWith('-'));
  // `node --test test/`: its operands are the test files and folders it runs (the README's source limit).
  if (operand === undefined || rest.some((word) => word === '--test' || word.startsWith('--test='))) return undefined;
  const folder = [...bases].reverse().map((base) => resolve(base, operand)).find((path) => inside(top, path) && stats(path)?.file === false);
  return folder === undefined ? undefined : `\`${words[at]} ${operand}\` runs a folder (its package.json main or index, and what they load)`;
}
// Whether a line's words start an interpreter (its operand a script it runs).
export const runsScript = (words: readonly string[]): boolean => words.some((word) => INTERPRETERS.has(basename(word)));

// What a script a line runs loads (hook-scripts.ts): a node script's static requires and its folder tree; the
// folders a python script adds to its import path. What cannot be followed obeys the whole work tree.
export function scriptLoads(walk: Walk, target: string, runs: boolean, from: string, script: string): void {
  if (!runs) return;
  const text = read(walk, target);
  const where = (): string => (inside(walk.top, script) ? relative(walk.top, script) : script);
  if (NODE_SCRIPT.test(target)) {
    const unknown = obeyNodeScript(walk, target);
    if (unknown !== undefined) walk.unmodeled ??= `${where()} runs ${relative(walk.top, target)}, which ${unknown}`;
  } else if (/\.pyw?$/.test(target) && text !== undefined) {
    const path = pythonPathFolders(text, from);
    for (const folder of path.folders) if (inside(walk.top, folder)) for (const glob of pythonShadowGlobs(folder)) walk.globs.add(glob);
    if (path.unknown !== undefined) walk.unmodeled ??= `${where()} runs ${relative(walk.top, target)}, which changes its import path with ${path.unknown}`;
  }
}

// A toolchain the words run (hook-toolchains.ts): its row's file kinds at any depth, the files its options name
// (`-f pom.xml`, `--settings x.runsettings`, `-modfile`), a project or solution it is given.
export function toolchainRun(walk: Walk, words: readonly string[], bases: readonly string[]): void {
  // A quoted command text (`sh -c 'go test ./...'`): its own simple commands.
  for (const text of words.filter((word) => /\s/.test(word.trim()))) for (const part of simpleCommands(text)) toolchainRun(walk, shellWords(part), bases);
  const at = words.findIndex((word) => toolchainName(basename(word)) !== undefined);
  if (at < 0) return;
  const name = toolchainName(basename(words[at]!))!;
  const args = toolchainArgs(name, words.slice(at + 1));
  const row = args.runner ?? name;
  for (const kind of [...TOOLCHAINS[name]!.obeyed, ...(row === name ? [] : TOOLCHAINS[row]!.obeyed)]) walk.globs.add(resolve(walk.top, '**', kind));
  const { places, operands } = args;
  // What its build or configuration files make it run (cargo, golangci-lint, mypy, next ...: hook-runner-parts.ts);
  // a delegated sub-command's own reader (`cargo deny`: cargo-deny's).
  RUNNER_READERS[row]?.(walk, bases[bases.length - 1]!, args, words.slice(at + 1));
  for (const named of [...places, ...operands.filter((operand) => /\.(?:\w*proj|slnx?|slnf)$/i.test(operand))]) {
    for (const base of bases) if (inside(walk.top, resolve(base, named))) walk.files.add(resolve(base, named));
  }
}

// pytest's `--doctest-glob PATTERN` (on the line or in a configuration's addopts): the prose files it matches
// are run as tests, at any depth below where pytest runs (red team R13-13).
export function doctestGlobs(text: string, from: string): string[] {
  return [...text.matchAll(/--doctest-glob(?:\s*=\s*|\s+)["']?([^\s"']+)/g)].map((found) => resolve(from, '**', found[1]!));
}
