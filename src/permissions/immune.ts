import type { FolderListings } from '../workspace/listings.js';
import { isInside, toRel } from '../workspace/contains.js';
import { fsLookup, stagedLookup, type Lookup } from './git-shape.js';
import { immunePath } from './immune-paths.js';
import type { ObeyedContext } from './obeyed.js';
import type { Judged } from './types.js';

// Safety immunity: a call in one of these classes always asks a person, even under an allow rule
// or --yes; a deny rule still denies. This module holds what a file command's call needs (its paths);
// the shell-line classes are in immune-shell.ts, loaded only for a shell call (decide.ts).

export interface Immunity {
  readonly name: string;
  readonly description: string;
  // The command or path that fell in the class.
  readonly where: string;
}

// What a write is judged against: obeyed-context.ts's obeyedContext (the workspace's git configuration, hooks
// and home links). Passed in, not imported: it loads the hook and home-source analysis, which only a write
// needs (decide.ts loads it for a write; decide-path-loaded.ts has it at hand for synchronous callers).
export type ObeyedContextOf = (root: string, home?: string, listings?: FolderListings) => ObeyedContext;

// Whether the call changes its path (its immune classes then include what programs obey there).
export const judgesWrite = (judged: Judged): boolean => judged.kind === 'path' && (judged.access === 'write' || judged.access === 'delete');

// The immune class of a file command's path: the resolved path, the raw input and the path before symlinks.
// `root`: the workspace, whose git configuration may name more paths a program obeys (obeyed-context.ts).
// The tree as the call leaves it: its written paths are files, their folders folders.
function madeLookup(base: Lookup, made: readonly string[]): Lookup {
  const entries = made.flatMap((rel) => {
    const parts = rel.split('/');
    return [{ rel, kind: 'file' }, ...parts.slice(1).map((_part, index) => ({ rel: parts.slice(0, index + 1).join('/'), kind: 'dir' }))];
  });
  return stagedLookup(base, entries);
}

export function immuneJudgedPath(judged: Judged, root?: string, listings?: FolderListings, obeyedOf?: ObeyedContextOf): Immunity | undefined {
  if (judged.kind !== 'path' || judged.subject === undefined) return undefined;
  const write = judgesWrite(judged);
  // Never judged without it: a write would miss every path the workspace's configuration names.
  if (write && root !== undefined && obeyedOf === undefined) throw new Error('immuneJudgedPath: a write is judged without obeyedContext (decide.ts loads it; decide-path-loaded.ts has it)');
  const found = write && root !== undefined ? obeyedOf?.(root, undefined, listings) : undefined;
  const made = found && judged.made ? { ...found, lookup: madeLookup(found.lookup ?? fsLookup([root!]), judged.made) } : found;
  const texted = made && judged.written !== undefined ? { ...made, written: judged.written } : made;
  // A file tool's write under a relative PATH entry `.` is a program as its dry run leaves it (R28-1).
  const ctx = texted && judged.program !== undefined ? { ...texted, runnable: () => judged.program === true } : texted;
  // The absolute path inside the workspace is judged by its workspace-relative form (a workspace kept under
  // a folder named like a catalogue entry, `~/.codex/work`, does not make every file in it immune).
  const real = judged.real && root !== undefined && isInside(root, judged.real) ? toRel(root, judged.real) : judged.real;
  for (const path of [judged.subject, ...(judged.aliases ?? []), ...(real ? [real] : [])]) {
    const cls = immunePath(path, write, [], ctx);
    if (cls) return { name: cls.name, description: cls.description, where: path };
  }
  return undefined;
}
