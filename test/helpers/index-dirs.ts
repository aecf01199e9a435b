// The three folders of a code index test (duplicates D1: index-cache, index-deferred-resolve, index-memory and
// index-release set them up alike): the workspace, a folder outside it (a link's target), and codeward's state
// folder; removed after each test.
import { afterEach, beforeEach } from 'vitest';
import { removeDir, tempDir } from './fixture.js';

export interface IndexDirs {
  root: string;
  outside: string;
  state: string;
}

// Made before each test of the file and removed after it; read the fields inside a test.
export function indexDirs(): IndexDirs {
  const dirs: IndexDirs = { root: '', outside: '', state: '' };
  beforeEach(async () => {
    dirs.root = await tempDir();
    dirs.outside = await tempDir('codeward-outside-');
    dirs.state = await tempDir('codeward-state-');
  });
  afterEach(async () => {
    for (const dir of [dirs.root, dirs.outside, dirs.state]) await removeDir(dir);
  });
  return dirs;
}
