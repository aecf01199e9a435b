import { lstatSync } from 'node:fs';
import { isAbsolute, resolve } from 'node:path';
import type { ShellParse } from '../shell/parse-types.js';
import { isFolderChange } from '../shell/cd-operand.js';
import { operands, UNKNOWN, type Argv } from './argv.js';
import type { ShellPlace } from './immune-place.js';
import { parseGitWrite } from './options/git-write.js';

// `git checkout -- a` by another spelling (issue 26, red team H-D): a committed or staged version of a
// file printed by git (`git show HEAD:a`, `git show :a`, `git cat-file -p HEAD:a`, `git archive`) and
// written over a file that exists (`> a`, `| tee a`, `| sponge a`, `| dd of=a`, then `mv`/`cp` onto it).
// The file's uncommitted content is thrown away as by a checkout, which is immune (immune-git.ts).
// Flow-insensitive, like the reversed-diff rule: a version printer and an overwrite anywhere on the line.

function printsVersion(cmd: Argv): boolean {
  if (cmd.name !== 'git') return false;
  const git = parseGitWrite(cmd.args);
  if (git === undefined) return false;
  if (git.sub === 'cat-file' || git.sub === 'archive') return true;
  return git.sub === 'show' && operands(git.args).some((arg) => arg.includes(':'));
}

// An existing file at the path (seen from the run folder); a folder the line moved to, or a path only
// known at run time, may hold one.
function existing(path: string, place: ShellPlace | undefined, moved: boolean): boolean {
  if (path.includes(UNKNOWN)) return true;
  if (/^\/dev\/(?:null|stdout|stderr|fd\/[12])$/.test(path)) return false;
  if (place === undefined || (moved && !isAbsolute(path))) return true;
  try {
    return !lstatSync(isAbsolute(path) ? path : resolve(place.runDir, path)).isDirectory();
  } catch {
    return false;
  }
}

// The files a command of the line overwrites with what it reads.
function overwritten(cmd: Argv): string[] {
  const files = operands(cmd.args);
  const appends = cmd.args.some((arg) => /^-[a-zA-Z]*a/.test(arg) || arg === '--append');
  if ((cmd.name === 'tee' || cmd.name === 'sponge') && !appends) return files;
  if (cmd.name === 'dd') return cmd.args.filter((arg) => arg.startsWith('of=')).map((arg) => arg.slice(3));
  if (['mv', 'cp', 'install'].includes(cmd.name)) return files.slice(-1);
  return [];
}

export function versionWrittenOver(parse: ShellParse, commands: readonly Argv[], place: ShellPlace | undefined): string | undefined {
  if (!commands.some(printsVersion)) return undefined;
  const moved = commands.some((cmd) => isFolderChange(cmd.name) || ['source', '.'].includes(cmd.name));
  for (const redirection of parse.redirections) {
    if (!redirection.writes || redirection.duplicate || redirection.op.endsWith('>>')) continue;
    const targets = redirection.target !== null ? [redirection.target] : (redirection.targetWord?.candidates ?? [UNKNOWN]);
    if (targets.some((target) => existing(target, place, moved))) return redirection.text;
  }
  for (const cmd of commands) {
    const file = overwritten(cmd).find((path) => existing(path, place, moved));
    if (file !== undefined) return `${cmd.name} ${file}`;
  }
  return undefined;
}
