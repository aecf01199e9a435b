import { chmod, mkdir, rmdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Beneath } from '../../workspace/beneath.js';
import type { Step, StepFolder } from './store.js';

// The folders of steps (StepFolder: what a staged command made, removed or re-moded) put in the state
// one side of them holds, after the steps' files were moved: `before` for an undo, `after` for a redo.
// A folder to be absent is removed only when empty (what someone put there since stays, and so does
// the folder); one to be present is made when missing and given its mode. Parents first when making,
// deepest first when removing. Each through the workspace jail.
export async function moveFolders(jail: Beneath, root: string, steps: readonly Step[], side: 'before' | 'after'): Promise<void> {
  const folders: StepFolder[] = steps.flatMap((step) => step.folders ?? []);
  const depth = (folder: StepFolder): number => folder.rel.split('/').length;
  const made = folders.filter((folder) => folder[side] !== null).sort((a, b) => depth(a) - depth(b));
  const removed = folders.filter((folder) => folder[side] === null).sort((a, b) => depth(b) - depth(a));
  for (const folder of made) {
    const mode = folder[side] as number;
    await jail.at(join(root, folder.rel), async (at) => {
      await mkdir(at).catch((error: NodeJS.ErrnoException) => {
        if (error.code !== 'EEXIST') throw error;
      });
      await chmod(at, mode);
    }, { mkdirs: true, input: folder.rel }).catch(() => undefined);
  }
  for (const folder of removed) await jail.at(join(root, folder.rel), (at) => rmdir(at)).catch(() => undefined);
}
