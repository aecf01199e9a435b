import { existsSync, statSync } from 'node:fs';
import { isAbsolute, resolve } from 'node:path';
import { operands, UNKNOWN, type Argv } from './argv.js';
import type { ShellPlace } from './immune-place.js';
import { clusterLetters, intoWorkspace, long, optionValue } from './immune-side.js';

// More spellings of `archive-overwrite` (immune-move.ts), on its principle: a command that writes files
// whose names are only known at run time (the members of an archive, the contents of a source tree) over
// the workspace, so the question cannot show which uncommitted files it replaces: `cpio -i` (older files;
// `-u` every one), `cpio -p DIR`, `pax -r`/`-rw`, `ar x`, `jar x`, and a tree copied into an existing
// folder (`cp -r SRC/. .`, `rsync -a SRC/ .`). Not: listing (`cpio -t`, `ar t`), a copy that never
// overwrites (`cp -rn`, `pax -k`, `rsync --ignore-existing`), a destination outside the workspace.

function cpioOverwrites(cmd: Argv, place?: ShellPlace): boolean {
  if (!['cpio', 'bsdcpio'].includes(cmd.name)) return false;
  const flags = clusterLetters(cmd.args, 'DEFHIMORCs');
  const has = (short: string, name: string, min = 4): boolean => flags.includes(short) || cmd.args.some((arg) => long(arg, name, min));
  if (has('t', '--list') || cmd.args.some((arg) => long(arg, '--only-verify-crc', 6) || long(arg, '--to-stdout', 5))) return false;
  const moved = cmd.moved === true;
  if (has('p', '--pass-through')) return intoWorkspace(operands(cmd.args).at(-1) ?? UNKNOWN, place, moved);
  return has('i', '--extract') && intoWorkspace(optionValue(cmd.args, 'D', '--directory'), place, moved);
}

function paxOverwrites(cmd: Argv, place?: ShellPlace): boolean {
  if (cmd.name !== 'pax') return false;
  const flags = clusterLetters(cmd.args, 'bfopsxGTU');
  if (!flags.includes('r') || flags.includes('k')) return false;
  return intoWorkspace(flags.includes('w') ? (operands(cmd.args).at(-1) ?? UNKNOWN) : undefined, place, cmd.moved === true);
}

// `ar x lib.a`, `ar -xv lib.a`, `jar xf x.jar`, `jar -x -f x.jar`, `jar --extract`: into the run folder.
function memberExtract(cmd: Argv, place?: ShellPlace): boolean {
  if (!['ar', 'jar'].includes(cmd.name)) return false;
  const key = cmd.args.find((arg) => !arg.startsWith('--')) ?? '';
  const extracts = /^-?[a-zA-Z]*x/.test(key) || (cmd.name === 'jar' && cmd.args.some((arg) => long(arg, '--extract')));
  const output = cmd.name === 'ar' ? cmd.args.find((arg) => long(arg, '--output', 5))?.split('=')[1] : undefined;
  return extracts && intoWorkspace(output, place, cmd.moved === true);
}

// A destination folder that exists in the workspace (or may: a name only known at run time).
function existingFolderIn(path: string | undefined, place: ShellPlace | undefined, moved: boolean): boolean {
  if (path === undefined || path.includes(UNKNOWN)) return path !== undefined;
  if (!intoWorkspace(path, place, moved)) return false;
  // Without a place only the run folder itself is known to exist.
  if (place === undefined) return /^\.\/?$/.test(path);
  if (moved && !isAbsolute(path)) return true;
  const at = isAbsolute(path) ? path : resolve(place.runDir, path);
  try {
    return existsSync(at) && statSync(at).isDirectory();
  } catch {
    return false;
  }
}

function treeCopyOver(cmd: Argv, place?: ShellPlace): boolean {
  const moved = cmd.moved === true;
  if (cmd.name === 'cp') {
    const flags = clusterLetters(cmd.args, 'STt');
    const recursive = /[rRa]/.test(flags) || cmd.args.some((arg) => long(arg, '--recursive', 5) || long(arg, '--archive', 4));
    const keeps = flags.includes('n') || cmd.args.some((arg) => long(arg, '--no-clobber', 5) || arg === '--update=none' || arg === '--update=none-fail');
    if (!recursive || keeps) return false;
    return existingFolderIn(optionValue(cmd.args, 't', '--target-directory') ?? operands(cmd.args).at(-1), place, moved);
  }
  if (cmd.name === 'rsync') {
    if (cmd.args.some((arg) => long(arg, '--ignore-existing', 5) || long(arg, '--dry-run', 5) || long(arg, '--list-only', 5)) || clusterLetters(cmd.args, 'eBfTM').includes('n')) return false;
    const target = operands(cmd.args).at(-1);
    return operands(cmd.args).length >= 2 && target !== undefined && !/^[^/]*:/.test(target) && existingFolderIn(target, place, moved);
  }
  return false;
}

export const moreExtracts = (cmd: Argv, place?: ShellPlace): boolean =>
  cpioOverwrites(cmd, place) || paxOverwrites(cmd, place) || memberExtract(cmd, place) || treeCopyOver(cmd, place);
