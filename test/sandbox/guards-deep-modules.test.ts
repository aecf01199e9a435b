// issue 26 (fix72's LEFT): guards.ts stopped at MAX_MODULE_DEPTH 6, so a submodule git folder 8 folders below
// .git/modules (a module named `third_party/go/src/github.com/org/lib` and deeper) had no read-only guard for its
// config and hooks: a run that may write git's folder (a git-alone line: `.git` bound writable, its control files
// read-only) could plant `core.fsmonitor` or a hook there, obeyed by the next git in that submodule, outside any sandbox.
// The walk now has an entry budget instead, past which `.git/modules` and `.git/worktrees` are read-only whole.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gitGuards } from '../../src/sandbox/guards.js';
import { removeDir, tempDir } from '../helpers/fixture.js';

let root: string;
const deep = (): string => join(root, '.git', 'modules', 'p', 'q', 'r', 's', 't', 'u', 'v', 'w');
// A module whose name continues another's (`a/b`, `a/b/c`): its git folder lies inside the other's.
const nested = (): string => join(root, '.git', 'modules', 'a', 'b', 'c');
beforeAll(async () => {
  root = await tempDir('codeward-guards-deep-');
  for (const dir of [join(root, '.git'), join(root, '.git', 'modules', 'a', 'b'), nested(), deep()]) {
    mkdirSync(join(dir, 'hooks'), { recursive: true });
    mkdirSync(join(dir, 'objects'), { recursive: true });
    writeFileSync(join(dir, 'HEAD'), 'ref: refs/heads/main\n');
    writeFileSync(join(dir, 'config'), '[core]\n\tbare = false\n');
  }
});
afterAll(() => removeDir(root));

describe('read-only guards of submodule git folders at any depth', () => {
  it('a module 8 deep, and one nested in another\'s git folder, have their config and hooks read-only, as a shallow one has', () => {
    const ro = gitGuards(root, undefined).filter((guard) => guard.kind === 'ro').map((guard) => guard.path);
    expect(ro).toEqual(expect.arrayContaining([join(root, '.git', 'modules', 'a', 'b', 'config'), join(deep(), 'config'), join(deep(), 'hooks'), join(nested(), 'config'), join(nested(), 'hooks')]));
  });

  it('past the entry budget, .git/modules is read-only whole (fails closed)', () => {
    const ro = gitGuards(root, undefined, false, 3).filter((guard) => guard.kind === 'ro').map((guard) => guard.path);
    expect(ro).toContain(join(root, '.git', 'modules'));
    expect(ro).not.toContain(join(deep(), 'config'));
  });
});
