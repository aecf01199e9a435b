import type { SimpleCommand } from '../shell/parse-types.js';

// A simple command as the immune classes and the read-only allowlist see it.
export interface Argv {
  // Base name, lower-cased, without `.exe`/`.cmd`/`.bat`: `/usr/bin/GIT.exe` → `git`.
  readonly name: string;
  // Arguments with quotes removed; a word only known at run time is replaced by every value the parser
  // saw assigned to it (split on spaces, as an unquoted expansion would be), or by UNKNOWN.
  readonly args: readonly string[];
  readonly wrappers: readonly string[];
  // Some argument could not be known statically.
  readonly unknown: boolean;
  // A `cd`, `pushd` or `popd` came before it on the line: relative paths may name any folder.
  readonly moved?: boolean;
  // With `moved`: the folders known it may run in (the run folder and every folder the line's moves reach, the
  // home included: immune-place.ts lineMoves; a move only known at run time may add others).
  readonly folders?: readonly string[];
}

export const UNKNOWN = '\u0000';

export function baseName(name: string): string {
  const base = name.slice(Math.max(name.lastIndexOf('/'), name.lastIndexOf('\\')) + 1).toLowerCase();
  return base.replace(/\.(exe|cmd|bat|com)$/, '');
}

export function toArgv(command: SimpleCommand): Argv | undefined {
  if (command.name === null) return undefined;
  const args: string[] = [];
  let unknown = false;
  const words = command.words.length > 0 ? command.words.slice(1) : undefined;
  if (!words) args.push(...command.args);
  else {
    for (const word of words) {
      if (!word.dynamic) {
        args.push(word.value);
        continue;
      }
      for (const candidate of word.candidates) {
        if (candidate.includes(UNKNOWN)) unknown = true;
        args.push(...candidate.split(/\s+/).filter((piece) => piece !== ''));
      }
      if (word.candidates.length === 0) unknown = true;
    }
  }
  return { name: baseName(command.name), args, wrappers: command.wrappers.map(baseName), unknown };
}

// Letters of `-abc` style clusters (not `--long`, not `-` alone, not negative numbers).
export function hasShort(args: readonly string[], letters: string): boolean {
  return args.some((arg) => /^-[A-Za-z][A-Za-z0-9]*$/.test(arg) && [...arg.slice(1)].some((ch) => letters.includes(ch)));
}

// `--name` or `--name=value` (also single-dash words such as find's `-delete`).
export function hasOption(args: readonly string[], ...names: string[]): boolean {
  return args.some((arg) => names.some((name) => arg === name || (name.startsWith('--') && arg.startsWith(`${name}=`))));
}

export function operands(args: readonly string[]): string[] {
  const out: string[] = [];
  let options = true;
  for (const arg of args) {
    if (options && arg === '--') options = false;
    else if (!options || !arg.startsWith('-') || arg === '-') out.push(arg);
  }
  return out;
}

// Git's global options that take a value in the next word.
const GIT_VALUE_OPTIONS = new Set(['-C', '-c', '--git-dir', '--work-tree', '--namespace', '--config-env', '--super-prefix', '--exec-path', '--attr-source', '--list-cmds']);

// The git subcommand, skipping global options (`git -C dir -c k=v push` → push at index 4).
export function gitSubcommand(args: readonly string[]): { sub: string | undefined; index: number; globals: string[] } {
  const globals: string[] = [];
  let i = 0;
  while (i < args.length && args[i]!.startsWith('-')) {
    const arg = args[i]!;
    globals.push(arg);
    i += GIT_VALUE_OPTIONS.has(arg) && arg !== '--exec-path' ? 2 : 1;
  }
  return { sub: args[i], index: i, globals };
}

// The first operand of a tool like systemctl or docker (options before it skipped).
export function firstOperand(args: readonly string[]): string | undefined {
  return operands(args)[0];
}
