import { operands, type Argv } from './argv.js';
import type { CommandClass } from './immune-class.js';
import type { ShellPlace } from './immune-place.js';
import { moreExtracts } from './immune-extract.js';
import { clusterLetters, intoWorkspace, long, optionValue, side } from './immune-side.js';

// Work that leaves the workspace is deleted for the workspace, and neither undo nor staging (which only
// sees the workspace) can take it back (issue 26, red team H-D): `mv build /tmp/x`, `mv src ..`,
// `mv -t ~ src`, `tar --remove-files -czf /tmp/x.tgz src`, `zip -m /tmp/x.zip src`. An archive written
// over existing files is a checkout by another spelling (`git archive HEAD | tar x`, `tar -xf x.tar`,
// `unzip -o x.zip`, `7z x -y x.7z`): which files it overwrites is only known at run time.

// mv's destination and sources: `-t DIR` / `--target-directory=DIR`, else the last operand.
function moveOut(cmd: Argv, place?: ShellPlace): boolean {
  if (cmd.name !== 'mv') return false;
  const target = optionValue(cmd.args, 't', '--target-directory');
  const values = cmd.args.filter((arg, i) => /^-[a-zA-Z]*[St]$/.test(cmd.args[i - 1] ?? '') || (/^--(?:suffix|target-directory)$/.test(cmd.args[i - 1] ?? '')));
  const names = operands(cmd.args).filter((arg) => !values.includes(arg));
  const destination = target ?? names.at(-1);
  const sources = target !== undefined ? names : names.slice(0, -1);
  if (destination === undefined || sources.length === 0) return false;
  const moved = cmd.moved === true;
  const to = side(destination, place, moved);
  const from = sources.map((source) => side(source, place, moved));
  return (to === 'out' && from.some((s) => s !== 'out')) || (to === 'unknown' && from.includes('in'));
}

// tar --remove-files, zip -m/--move: the named files are deleted once archived.
const archiveMoves = (cmd: Argv): boolean =>
  (['tar', 'gtar', 'bsdtar'].includes(cmd.name) && cmd.args.some((arg) => long(arg, '--remove-files', 5))) ||
  (cmd.name === 'zip' && cmd.args.some((arg) => long(arg, '--move') || /^-[a-zA-Z]*m/.test(arg)));

// Short tar letters taking a value: a cluster's letters after one of them are its value (`-Cx` is -C x).
const TAR_VALUED = 'fCTXbgHKLNVFI';
function tarLetters(args: readonly string[]): { letters: string; rest: readonly string[] } {
  const [first, ...rest] = args;
  const bundled = first !== undefined && /^[a-zA-Z]+$/.test(first) ? `-${first}` : undefined;
  const words = bundled !== undefined ? [bundled, ...rest] : args;
  return { letters: clusterLetters(words, TAR_VALUED), rest: words };
}

function tarOverwrites(cmd: Argv, place?: ShellPlace): boolean {
  if (!['tar', 'gtar', 'bsdtar'].includes(cmd.name)) return false;
  const { letters, rest } = tarLetters(cmd.args);
  const extracts = letters.includes('x') || rest.some((arg) => long(arg, '--extract') || long(arg, '--get', 5));
  if (!extracts) return false;
  const keeps = /[kO]/.test(letters) || rest.some((arg) => long(arg, '--keep-old-files', 8) || long(arg, '--skip-old-files') || long(arg, '--to-stdout'));
  if (keeps) return false;
  // With -P members may be absolute paths: anywhere.
  if (letters.includes('P') || rest.some((arg) => long(arg, '--absolute-names'))) return true;
  return intoWorkspace(optionValue(rest, 'C', '--directory'), place, cmd.moved === true);
}

function unzipOverwrites(cmd: Argv, place?: ShellPlace): boolean {
  if (cmd.name !== 'unzip') return false;
  const flags = cmd.args.filter((arg) => /^-[a-zA-Z]+$/.test(arg)).join('');
  // List, test, pipe, comment, zipinfo; -n never overwrites.
  if (/[ltvpcZzn]/.test(flags)) return false;
  return intoWorkspace(optionValue(cmd.args, 'd', '--never-used'), place, cmd.moved === true);
}

function sevenZipOverwrites(cmd: Argv, place?: ShellPlace): boolean {
  if (!['7z', '7za', '7zr', '7zz'].includes(cmd.name) || !['x', 'e'].includes(operands(cmd.args)[0] ?? '')) return false;
  if (cmd.args.some((arg) => /^-(?:aos|aou|so)$/.test(arg))) return false;
  const out = cmd.args.find((arg) => arg.startsWith('-o'));
  return intoWorkspace(out?.slice(2), place, cmd.moved === true);
}

export const MOVE_CLASSES: readonly CommandClass[] = [
  { name: 'move-out', description: 'files moved out of the workspace (mv to a folder outside it, tar --remove-files, zip -m): undo cannot take them back', names: ['mv'], test: (c, place) => moveOut(c, place) || archiveMoves(c) },
];

// Judged after a command's path classes: an archive extracted into .git is that class's.
export const EXTRACT_CLASSES: readonly CommandClass[] = [
  { name: 'archive-overwrite', description: 'an archive or a tree written over the workspace (tar -x without -k/--skip-old-files/-O, unzip without -n, 7z x, cpio -i/-p, pax -r, ar x, jar x, cp -r or rsync into an existing folder): the files it overwrites are only known at run time', names: [], test: (c, place) => tarOverwrites(c, place) || unzipOverwrites(c, place) || sevenZipOverwrites(c, place) || moreExtracts(c, place) },
];
