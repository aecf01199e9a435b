import { UNKNOWN, type Argv } from './argv.js';
import { long, optionValue } from './immune-side.js';

// A command that leaves the files it writes executable, whatever their mode is now (env31, round 28 LEFT): the
// write gate judges a program in a folder a relative PATH entry searches (`.` on PATH: any executable file there,
// runnable.ts) by the file's mode, and the file a line is about to write has none yet. `install SRC DEST` makes
// DEST 0755 unless `-m` says otherwise, `chmod +x F` / `chmod 755 F` and `rsync --chmod=+x` set the bit: their
// written operands are judged as programs (immune-shell.ts). cp, mv, rsync and ln keep the source's mode: a
// source that is a program is judged as one already, one outside the workspace is the unconfined judge's.

// A mode (octal or symbolic, comma-separated clauses) that sets an execute bit; one not known fails closed.
export function modeSetsExec(mode: string | undefined): boolean {
  if (mode === undefined || mode.includes(UNKNOWN)) return true;
  if (/^[0-7]+$/.test(mode)) return [...mode.slice(-3)].some((digit) => (Number(digit) & 1) === 1);
  return mode.split(',').some((clause) => /^[ugoa]*(?:[+=][rwxXstugo]*[xX]|[+=][ugo])/.test(clause) || !/^[ugoa]*[-+=][rwxXstugo]*$/.test(clause));
}

// chmod's mode: the first word that is not an option of its own (`-x` is a mode: it takes the bit away).
function chmodMode(args: readonly string[]): string | undefined {
  for (const arg of args) {
    if (arg.startsWith('--reference')) return UNKNOWN;
    if (/^-[RcfvHLP]+$/.test(arg) || /^--(?:recursive|changes|silent|quiet|verbose|no-preserve-root|preserve-root)$/.test(arg)) continue;
    return arg;
  }
  return undefined;
}

export function leavesExecutable(cmd: Argv): boolean {
  if (cmd.name === 'install') {
    if (cmd.args.some((arg) => arg === '-d' || long(arg, '--directory') || /^-[a-zA-Z]*d[a-zA-Z]*$/.test(arg))) return false;
    return modeSetsExec(optionValue(cmd.args, 'm', '--mode'));
  }
  if (cmd.name === 'chmod') return modeSetsExec(chmodMode(cmd.args));
  if (cmd.name === 'rsync') {
    // `--chmod=Du+x,Fg+x`: each clause may start with D (folders) or F (files).
    const chmod = cmd.args.filter((arg) => long(arg, '--chmod')).map((arg) => (arg.includes('=') ? arg.slice(arg.indexOf('=') + 1) : UNKNOWN).split(',').map((clause) => clause.replace(/^[DF]/, '')).join(','));
    return chmod.some((mode) => modeSetsExec(mode));
  }
  return false;
}
