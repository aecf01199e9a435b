import { chmod, lstat, mkdir, rmdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Beneath } from '../../workspace/beneath.js';
import type { Step, StepFolder } from './store.js';

// The folders of steps (StepFolder: what a staged command or a move made, removed or re-moded) put in the
// state one side of them holds, after the steps' files were moved: `before` for an undo, `after` for a
// redo. A folder to be absent is removed only when empty (what someone put there since stays, and so does
// the folder); one to be present is made when missing and given its mode. Parents first when making,
// deepest first when removing. Each through the workspace jail.
export async function moveFolders(jail: Beneath, root: string, steps: readonly Step[], side: 'before' | 'after'): Promise<void> {
  const folders: StepFolder[] = steps.flatMap((step) => step.folders ?? []);
  const depth = (folder: StepFolder): number => folder.rel.split('/').length;
  const made = folders.filter((folder) => folder[side] !== null).sort((a, b) => depth(a) - depth(b));
  const removed = folders.filter((folder) => folder[side] === null).sort((a, b) => depth(b) - depth(a));
  for (const folder of made) {
    await jail.at(join(root, folder.rel), async (at) => {
      await mkdir(at).catch((error: NodeJS.ErrnoException) => {
        if (error.code !== 'EEXIST') throw error;
      });
    }, { mkdirs: true, input: folder.rel }).catch(() => undefined);
  }
  for (const folder of removed) await jail.at(join(root, folder.rel), (at) => rmdir(at)).catch(() => undefined);
  // Modes last, deepest first: a folder made read-only (chmod 555, or 000) blocks nothing below it.
  for (const folder of made.reverse()) await jail.at(join(root, folder.rel), (at) => chmod(at, folder[side] as number)).catch(() => undefined);
}

// The mode of the workspace folder `rel` (null: absent, or no folder).
async function modeOf(jail: Beneath, root: string, rel: string): Promise<number | null> {
  try {
    const stats = await jail.at(join(root, rel), (at) => lstat(at));
    return stats.isDirectory() ? stats.mode & 0o7777 : null;
  } catch {
    return null;
  }
}

// The folders as the workspace holds them now (their `after` side), read when a step is finished;
// `opened`: the modes of those openFolders opened meanwhile.
export async function foldersNow(jail: Beneath, root: string, folders: readonly StepFolder[], opened?: Opened): Promise<StepFolder[]> {
  const now: StepFolder[] = [];
  for (const folder of folders) now.push({ ...folder, after: opened?.modes.get(folder.rel) ?? (await modeOf(jail, root, folder.rel)) });
  return now;
}

export interface Opened {
  // The modes the opened folders had.
  readonly modes: ReadonlyMap<string, number>;
  // Puts them back (children first).
  putBack(): Promise<void>;
}

// Opens the folders `rels` that are there for their owner (u+rwx), parents first (a 000 folder hides
// its children), so a folder a command made read-only (chmod 555, or 000) blocks neither reading the
// files below it (a step's after states) nor putting back or removing them (undo, redo) as a normal user.
export async function openFolders(jail: Beneath, root: string, rels: readonly string[]): Promise<Opened> {
  const sorted = [...new Set(rels)].sort((a, b) => a.split('/').length - b.split('/').length);
  const modes = new Map<string, number>();
  for (const rel of sorted) {
    const mode = await modeOf(jail, root, rel);
    if (mode === null || (mode & 0o700) === 0o700) continue;
    await jail.at(join(root, rel), (at) => chmod(at, mode | 0o700)).then(() => modes.set(rel, mode), () => undefined);
  }
  return {
    modes,
    putBack: async () => {
      for (const [rel, mode] of [...modes].reverse()) await jail.at(join(root, rel), (at) => chmod(at, mode)).catch(() => undefined);
    },
  };
}
