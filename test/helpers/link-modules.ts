import { mkdir, readdir, symlink } from 'node:fs/promises';
import { join } from 'node:path';
import { REPO_ROOT } from './fixture.js';

// A node_modules folder in `root` of links to the repository's own packages and programs, for tests that run a real
// test runner. Not one link to the whole folder: a node_modules/.bin reached through a link is not read (R33-4: its
// programs may shadow the shell a package script runs in), and the line would ask.
export async function linkRepoModules(root: string): Promise<void> {
  const from = join(REPO_ROOT, 'node_modules');
  const to = join(root, 'node_modules');
  await mkdir(join(to, '.bin'), { recursive: true });
  for (const name of await readdir(from)) if (name !== '.bin') await symlink(join(from, name), join(to, name));
  for (const name of await readdir(join(from, '.bin'))) await symlink(join(from, '.bin', name), join(to, '.bin', name));
}
