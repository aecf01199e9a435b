import { chmod, copyFile, lstat, mkdir, readdir, readlink, rename, symlink, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import type { Beneath } from '../../workspace/beneath.js';
import type { StageOps } from './journal.js';

// Moving a staged run's entries out of its upper folder into the workspace (apply.ts): a file or link
// at a time, or a folder the command created whole by one rename (trees.ts).

export type WriteOp = StageOps['writes'][number];

// Puts one file (renamed from the upper folder; copied where the state folder is on another file
// system) or link at `at` (a path the jail opened).
export async function place(at: string, write: WriteOp): Promise<void> {
  if (write.link !== undefined) {
    await unlink(at).catch(() => undefined);
    await symlink(write.link, at);
    return;
  }
  try {
    await rename(write.source, at);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
    await copyFile(write.source, at);
    await chmod(at, write.mode);
    await unlink(write.source);
  }
}

const code = (error: unknown): string => (error as NodeJS.ErrnoException).code ?? '';

// Moves the created folder `source` to the workspace path `rel` by one rename. Where that cannot be (a
// folder of that name was made there meanwhile, or the state folder is on another file system) its
// entries are moved one by one, each through the jail: what is in the workspace already is left as it
// is (named in `skipped`: someone else's). An interrupted move is finished the same way.
export async function moveTree(jail: Beneath, root: string, rel: string, source: string, skipped: string[]): Promise<void> {
  let merge = false;
  await jail.at(join(root, rel), async (at) => {
    try {
      await rename(source, at);
    } catch (error) {
      if (!['EEXIST', 'ENOTEMPTY', 'EXDEV'].includes(code(error))) throw error;
      if (!(await lstat(at).catch(() => undefined))?.isDirectory() && code(error) !== 'EXDEV') return void skipped.push(rel);
      merge = true;
      await mkdir(at, ((await lstat(source)).mode & 0o7777) | 0o700).catch((made: unknown) => {
        if (code(made) !== 'EEXIST') throw made;
      });
    }
  }, { mkdirs: true, input: rel });
  if (!merge) return;
  for (const name of await readdir(source)) {
    const from = join(source, name);
    const to = `${rel}/${name}`;
    const stats = await lstat(from);
    if (stats.isDirectory()) {
      await moveTree(jail, root, to, from, skipped);
      continue;
    }
    const write: WriteOp = stats.isSymbolicLink() ? { rel: to, source: from, mode: 0, link: await readlink(from) } : { rel: to, source: from, mode: stats.mode & 0o7777 };
    await jail.at(join(root, to), async (at) => ((await lstat(at).catch(() => undefined)) === undefined ? place(at, write) : void skipped.push(to)), { input: to });
  }
}
