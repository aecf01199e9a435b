import { rmdir, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { removeLayout } from './overlay.js';

// The end of a staged run that wrote nothing (`exec true`, a test that only reads): its run folder removed
// without holding up the call (issue 31).

// removeLayout for a run folder whose upper folder is empty, with its folders removed side by side on the
// thread pool: a folder's removal waits for the file system (~2 ms each on a disk mounted with `discard`),
// and the caller has other work meanwhile (the sandbox's after-run step). Anything else there: removeLayout.
export async function removeLayoutAside(dir: string): Promise<void> {
  const work = join(dir, 'work');
  const parts = await Promise.allSettled([unlink(join(dir, 'since')), rmdir(join(dir, 'upper')), rmdir(join(dir, 'merged')), rmdir(join(work, 'work')).then(() => rmdir(work))]);
  if (parts.every((part) => part.status === 'fulfilled')) {
    try {
      await rmdir(dir);
      return;
    } catch {
      // something more is there: the walk below
    }
  }
  removeLayout(dir);
}
