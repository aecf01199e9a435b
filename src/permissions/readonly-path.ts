// Which file a bare command name runs. The read-only list names the system's programs (`ls`, `cat`, `git`),
// but the shell runs the first executable of that name on PATH: a PATH entry that is relative
// (`./node_modules/.bin`, `.`), empty (the run folder) or inside the workspace let a repository's
// `node_modules/.bin/ls` run, unasked, as the "read-only" ls. Wrappers (`nice`, `xargs`) are looked up too.
import { accessSync, constants, realpathSync, statSync } from 'node:fs';
import { isAbsolute, join, relative, resolve } from 'node:path';
import type { SimpleCommand } from '../shell/parse-types.js';

// Shell builtins and keywords on the read-only list or among the harmless wrappers: bash never looks them up.
const BUILTINS = new Set(['echo', 'printf', 'test', '[', 'true', 'false', 'cd', 'pwd', 'type', 'command', 'builtin', 'time', ':', 'kill', 'pushd', 'popd', 'dirs', 'hash', 'help']);

function executable(file: string): boolean {
  try {
    if (!statSync(file).isFile()) return false;
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

function real(path: string): string {
  try {
    return realpathSync.native(path);
  } catch {
    return path;
  }
}

const within = (root: string, path: string): boolean => {
  const rel = relative(root, path);
  return rel === '' || (!rel.startsWith('..') && !isAbsolute(rel));
};

// Why `name` is not the system's program here: the PATH entry it is found in first is relative, empty or
// in the workspace. A relative or empty entry is taken from each folder the line may run in (the run
// folder first, then its cd targets). undefined when it is found elsewhere first, or not at all.
export function pathEntryVeto(name: string, root: string, folders: readonly string[], pathVariable: string | undefined): string | undefined {
  if (name.includes('/') || BUILTINS.has(name)) return undefined;
  const workspace = real(root);
  for (const entry of (pathVariable ?? '').split(':')) {
    const relativeEntry = entry === '' || !isAbsolute(entry);
    for (const folder of relativeEntry ? folders : [folders[0] ?? root]) {
      const dir = entry === '' ? folder : resolve(folder, entry);
      const file = join(dir, name);
      if (!executable(file)) continue;
      const planted = relativeEntry || within(workspace, real(dir)) || within(workspace, real(file));
      if (planted) return `\`${name}\` would run ${file}, found on PATH in ${entry === '' ? 'an empty entry (the run folder)' : `"${entry}"`}, which the workspace controls`;
      if (folder === folders[0]) return undefined;
    }
  }
  return undefined;
}

// The first program of a command (its wrappers, then itself) that PATH would take from the workspace.
export function programPathVeto(command: SimpleCommand, root: string, folders: readonly string[], pathVariable = process.env['PATH']): string | undefined {
  const names = [...command.wrappers, ...(command.rawName !== null ? [command.rawName] : [])];
  for (const name of names) {
    const veto = pathEntryVeto(name, root, folders, pathVariable);
    if (veto) return veto;
  }
  return undefined;
}
