// What npm runs from its own words, read with npm's option grammar (nopt; red team R15-3, R15-5): options
// anywhere on the line, `--name=value` as well as `--name value`, npm's unique abbreviations of a long name,
// and `--` ending the options. `npm exec|x` runs the command of its operands or of `--call` (`-c`, `--c`,
// `--cal`, `--call`, each also `=TEXT`, before or after the subcommand); `npm explore PKG -- CMD` runs CMD
// through a shell (npm joins the words after the package). The subcommand is npm's own reading of the word
// (canonical-npm.ts: `npm exe`, `npm explor`).
import { npmCommand } from '../permissions/canonical-npm.js';
import type { Launch } from './parse-launchers.js';
import { mayBeOption, runtimeOption } from './parse-launch-runtime.js';
import { mayBeSubCommand, runtimeSubCommand } from './parse-launch-pm.js';
import { pmValued } from './pm-options.js';
import type { WordLike } from './parse-wrappers.js';

// The options naming shell text: `call` by its shorthand `-c` and every spelling nopt resolves to it (`--ca`
// is npm's option `ca` itself, a certificate).
const CALL = new Set(['-c', '--c', '--cal', '--call']);

// npm's options whose value is a program npm starts (R15-18's class on an exec line): `script-shell` runs every
// script as `X -c SCRIPT`, `shell` runs `npm explore`'s shell, `editor` is `npm edit`'s, `browser` `npm docs`'s,
// `viewer` `npm help`'s. Each in every spelling nopt resolves to it: `--key=X`, `--key X`, a unique prefix (npm
// 11's keys: `--scr`, `--she`, `--ed`, `--br`, `--vi` are the shortest) and `_` for `-`. The value is judged as
// a program run with words like npm's (a workspace file is run as if by its path; `$X`, a program only known at
// run time). pnpm and yarn read `--script-shell` as npm does; their other spellings are read the same way.
const PROGRAM_OPTIONS: ReadonlyArray<readonly [key: string, shortest: number, args: string]> = [
  ['script-shell', 3, ' -c "$NPM_SCRIPT_RUN_BY_IT"'],
  ['shell', 3, ' -c "$NPM_SCRIPT_RUN_BY_IT"'],
  ['editor', 2, ' .'],
  ['browser', 2, ' https://docs.npmjs.com/'],
  ['viewer', 2, ' npm'],
];

function programOption(word: string): string | undefined {
  if (!word.startsWith('--')) return undefined;
  const name = word.slice(2).split('=')[0]!.replace(/_/g, '-');
  return PROGRAM_OPTIONS.find(([key, shortest]) => name.length >= shortest && key.startsWith(name))?.[2];
}

// The programs npm, pnpm or yarn is told to start by its options, before `--`.
export function programOptionLaunches(words: readonly WordLike[]): Launch[] {
  const launches: Launch[] = [];
  for (let i = 1; i < words.length && words[i]!.value !== '--'; i++) {
    const value = words[i]!.value;
    const args = programOption(value);
    if (args === undefined) continue;
    const eq = value.indexOf('=');
    const program = eq > 0 ? value.slice(eq + 1) : words[i + 1]?.value;
    if (eq < 0 && program !== '--') i++;
    // `--browser` alone or `=true`/`=false` is the default browser, no program given.
    if (program !== undefined && program !== '--' && !/^(?:true|false|null|)$/.test(program)) launches.push({ kind: 'text', text: program + args });
  }
  return launches;
}

// Whether npm's option `name` (written without `=`) takes the next word as its value.
export const npmValued = (name: string): boolean => CALL.has(name) || pmValued('npm', name) || programOption(name) !== undefined;

interface NpmWords {
  // Words that are not options nor their values, by index (`--` ends the options: every later word is one).
  readonly operands: number[];
  // Words before `--`, not an option's value, that may be an option at run time (`npm test "$X"` with
  // X=`--script-shell=./p`: nopt reads options anywhere).
  readonly runtime: number[];
  // The texts given to `--call`.
  readonly calls: string[];
  // Index of the `--` ending the options, when present.
  readonly end?: number;
}

function read(words: readonly WordLike[]): NpmWords {
  const operands: number[] = [];
  const calls: string[] = [];
  const runtime: number[] = [];
  for (let i = 1; i < words.length; i++) {
    const value = words[i]!.value;
    if (value === '--') {
      for (let k = i + 1; k < words.length; k++) operands.push(k);
      return { operands, calls, runtime, end: i };
    }
    if (mayBeOption(words[i]!)) runtime.push(i);
    if (!value.startsWith('-') || value === '-') {
      operands.push(i);
      continue;
    }
    const eq = value.indexOf('=');
    const name = eq > 0 ? value.slice(0, eq) : value;
    if (CALL.has(name)) {
      const text = eq > 0 ? value.slice(eq + 1) : words[i + 1]?.value;
      if (text !== undefined) calls.push(text);
      if (eq < 0) i++;
    } else if (eq < 0 && npmValued(name)) i++;
  }
  return { operands, calls, runtime };
}

export function npmLaunches(words: readonly WordLike[]): Launch[] {
  const parsed = read(words);
  const [subAt, ...rest] = parsed.operands;
  const dynamicSub = subAt !== undefined && mayBeSubCommand(words[subAt]!);
  const sub = subAt === undefined || dynamicSub ? undefined : npmCommand(words[subAt]!.value);
  const programs = [...programOptionLaunches(words), ...parsed.runtime.map((index) => runtimeOption('npm', words[index]!))];
  // Once: a word that may be an option is already a line only known at run time (`npm "$X"`).
  if (dynamicSub && !parsed.runtime.includes(subAt)) programs.push(runtimeSubCommand('npm', words[subAt]!));
  const calls = [...programs, ...parsed.calls.map((text): Launch => ({ kind: 'text', text }))];
  if (sub === 'exec') return [...calls, ...(rest[0] === undefined ? [] : [{ kind: 'command', index: rest[0] } as const])];
  // `npm explore PKG [--] CMD ...`: the words after the package, joined, are a shell line.
  if (sub === 'explore' && rest.length > 1) return [...programs, { kind: 'text', text: rest.slice(1).map((index) => words[index]!.value).join(' ') }];
  return programs;
}
