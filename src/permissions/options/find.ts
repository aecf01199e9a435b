import type { ProgramSpec } from './types.js';

// GNU find 4.9 (and BSD find's common subset): leading options, starting points, then an expression of
// tests, actions and operators, all single-dash words matched exactly (find does not abbreviate).
// Read-only only when every word is a known test, safe action or operator: -exec, -execdir, -ok,
// -okdir run programs; -delete deletes; -fprint, -fprint0, -fprintf and -fls write files.

// Expression words → how many values follow them.
const SAFE_WORDS: Readonly<Record<string, number>> = {
  // Tests.
  '-amin': 1, '-anewer': 1, '-atime': 1, '-cmin': 1, '-cnewer': 1, '-ctime': 1, '-empty': 0, '-executable': 0, '-false': 0,
  '-fstype': 1, '-gid': 1, '-group': 1, '-ilname': 1, '-iname': 1, '-inum': 1, '-ipath': 1, '-iregex': 1, '-iwholename': 1,
  '-links': 1, '-lname': 1, '-mmin': 1, '-mtime': 1, '-name': 1, '-newer': 1, '-nogroup': 0, '-nouser': 0, '-path': 1,
  '-perm': 1, '-readable': 0, '-regex': 1, '-samefile': 1, '-size': 1, '-true': 0, '-type': 1, '-uid': 1, '-used': 1,
  '-user': 1, '-wholename': 1, '-writable': 0, '-xtype': 1, '-context': 1, '-Bmin': 1, '-Bnewer': 1, '-Btime': 1,
  // Options that may appear in the expression.
  '-d': 0, '-depth': 0, '-follow': 0, '-help': 0, '--help': 0, '-ignore_readdir_race': 0, '-maxdepth': 1, '-mindepth': 1,
  '-mount': 0, '-noignore_readdir_race': 0, '-noleaf': 0, '-regextype': 1, '-version': 0, '--version': 0, '-warn': 0,
  '-nowarn': 0, '-xdev': 0, '-daystart': 0, '-files0-from': 1,
  // Safe actions: print to standard output, prune, quit.
  '-print': 0, '-print0': 0, '-printf': 1, '-ls': 0, '-prune': 0, '-quit': 0,
  // Operators.
  '(': 0, ')': 0, '!': 0, '-not': 0, '-a': 0, '-and': 0, '-o': 0, '-or': 0, ',': 0,
};
const UNSAFE_WORDS: Readonly<Record<string, string>> = {
  '-exec': 'runs a program', '-execdir': 'runs a program', '-ok': 'runs a program', '-okdir': 'runs a program',
  '-delete': 'deletes files', '-fprint': 'writes a file', '-fprint0': 'writes a file', '-fprintf': 'writes a file', '-fls': 'writes a file',
};

// `-newerXY ref`.
const NEWER_XY = /^-newer[aBcmt][aBcmt]$/;

export function findVeto(args: readonly string[]): string | undefined {
  let i = 0;
  // Leading options: -H -L -P, -D debugopts, -O level.
  while (i < args.length && /^-(?:[HLP]|D|O\d?)$/.test(args[i]!)) i += args[i] === '-D' ? 2 : 1;
  // Starting points: every word before the first that starts an expression.
  while (i < args.length && !/^[-(!,]/.test(args[i]!) && args[i] !== ')') i++;
  for (; i < args.length; i++) {
    const word = args[i]!;
    const unsafe = UNSAFE_WORDS[word];
    if (unsafe) return `find ${word} ${unsafe}`;
    const values = Object.hasOwn(SAFE_WORDS, word) ? SAFE_WORDS[word]! : NEWER_XY.test(word) ? 1 : undefined;
    if (values === undefined) return `find ${word} is not a test or action known to be read-only`;
    if (values > 0 && i + values >= args.length) return `find ${word} needs a value`;
    i += values;
  }
  return undefined;
}

export const FIND: ProgramSpec = { check: (_parsed, args) => findVeto(args) };
