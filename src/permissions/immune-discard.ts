import { hasShort, operands, type Argv } from './argv.js';
import type { CommandClass } from './immune-class.js';
import { hasAny, parseGitWrite } from './options/git-write.js';

// Seed 004's "throws away work" beyond git (issue 26, red team H5), on the one principle of the
// git-discard class: work a person cannot get back from codeward's undo (a shell command's changes are
// not checkpointed unless staged), thrown away by a command whose effect the question cannot show:
// files only known at run time (`find -exec rm`, `xargs rm`, `rsync --delete`), content cut
// (`truncate` to a smaller size), a file renamed onto a device (`mv x /dev/null`), edits reversed
// (`patch -R`, `git diff -R | git apply`). A plain `rm FILE`, `> FILE` and `mv a b` stay ordinary
// writes: the question names each file (src/permissions/README.md, "What discards work").

// GNU getopt_long: any unique prefix of a long option (`--si` is --size).
const long = (arg: string, name: string, min = 3): boolean => {
  const word = arg.split('=')[0]!;
  return word.startsWith('--') && word.length >= min && name.startsWith(word);
};

// The sizes a truncate call sets (`-s0`, `-s 0`, `-cs0`, `--size=0`, `--si 0`), or 'reference' for
// `-r`/`--reference` (the size of another file, smaller or not).
function truncateSizes(args: readonly string[]): string[] | 'reference' {
  const sizes: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg === '--') break;
    if (long(arg, '--reference')) return 'reference';
    if (long(arg, '--size')) sizes.push(arg.includes('=') ? arg.slice(arg.indexOf('=') + 1) : (args[++i] ?? ''));
    else if (/^-[a-zA-Z]/.test(arg) && !arg.startsWith('--')) {
      const at = arg.search(/[sr]/);
      if (at < 0) continue;
      if (arg[at] === 'r') return 'reference';
      sizes.push(arg.length > at + 1 ? arg.slice(at + 1) : (args[++i] ?? ''));
    }
  }
  return sizes;
}

// A size that can only grow the file: `+N` (extend by), `>N` (at least), `%N` (round up).
function truncateCuts(cmd: Argv): boolean {
  if (cmd.name !== 'truncate') return false;
  const sizes = truncateSizes(cmd.args);
  return sizes === 'reference' || sizes.some((size) => !/^[+>%]/.test(size));
}

function rsyncDeletes(cmd: Argv): boolean {
  const end = cmd.args.indexOf('--');
  return cmd.name === 'rsync' && (end < 0 ? cmd.args : cmd.args.slice(0, end)).some((arg) => arg.startsWith('--del') || long(arg, '--remove-source-files', 9) || long(arg, '--remove-sent-files', 9));
}

// mv's destination: `-t DIR`, `--target-directory=DIR`, else the last operand.
function intoDevice(cmd: Argv): boolean {
  if (cmd.name !== 'mv') return false;
  const target = cmd.args.find((arg, i) => /^-[a-zA-Z]*t/.test(cmd.args[i - 1] ?? '') || long(arg, '--target-directory')) ?? operands(cmd.args).at(-1);
  const path = target?.includes('=') && target.startsWith('--') ? target.slice(target.indexOf('=') + 1) : target;
  return path !== undefined && /^\/+dev(?:\/|$)/.test(path);
}

const reversesPatch = (cmd: Argv): boolean =>
  cmd.name === 'patch' && (hasShort(cmd.args, 'R') || cmd.args.some((arg) => long(arg, '--reverse'))) && !cmd.args.some((arg) => long(arg, '--dry-run', 4));

export const DISCARD_CLASSES: readonly CommandClass[] = [
  { name: 'bulk-delete', description: 'rm or unlink of names only known at run time (find -exec rm, xargs rm)', names: [], test: (c) => ['rm', 'unlink'].includes(c.name) && c.wrappers.some((w) => w === 'find' || w === 'xargs') },
  // The same for what replaces a file's content (`find . -name '*.c' -exec cp /dev/null {} \\;`, `git ls-files | xargs -n1 cp /dev/null`).
  { name: 'bulk-overwrite', description: 'files replaced under names only known at run time (find -exec cp/mv/install/ln/tee/dd ..., xargs cp ...)', names: [], test: (c) => ['cp', 'mv', 'install', 'ln', 'tee', 'dd', 'sponge'].includes(c.name) && c.wrappers.some((w) => w === 'find' || w === 'xargs') },
  { name: 'rsync-delete', description: 'rsync --delete (any --delete-*/--del) or --remove-source-files', names: ['rsync'], test: rsyncDeletes },
  { name: 'truncate', description: 'truncate to a smaller size (-s 0, -s -N, --reference)', names: ['truncate'], test: truncateCuts },
  { name: 'mv-device', description: 'mv onto a device (mv x /dev/null deletes x)', names: ['mv'], test: intoDevice },
  { name: 'patch-reverse', description: 'patch -R / --reverse (takes edits back out of the files)', names: ['patch'], test: reversesPatch },
];

// A line that reverses uncommitted edits through a pipe: `git diff -R | git apply`, `git show -R | patch`
// (flow-insensitive: a reversed diff and a patch applier anywhere on the line).
export function reversedDiffApplied(commands: readonly Argv[]): boolean {
  const reversed = commands.some((cmd) => {
    const git = cmd.name === 'git' ? parseGitWrite(cmd.args) : undefined;
    return git !== undefined && ['diff', 'show', 'stash', 'format-patch', 'log'].includes(git.sub) && git.args.some((arg) => arg === '-R' || /^-[a-zA-Z]*R/.test(arg));
  });
  const applies = commands.some((cmd) => {
    if (cmd.name === 'patch') return !cmd.args.some((arg) => long(arg, '--dry-run', 4));
    const git = cmd.name === 'git' ? parseGitWrite(cmd.args) : undefined;
    return git?.sub === 'apply' && !hasAny(git.parsed, '--check', '--stat', '--numstat', '--summary', '--cached');
  });
  return reversed && applies;
}
