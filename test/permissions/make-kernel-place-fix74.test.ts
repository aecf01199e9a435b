// Issue 26 (fix74; fix68's LEFT): make opens the files its Makefile names as the kernel does: a link followed BEFORE
// the `..` after it (workspace/kernel-place.ts). With l -> d/e, `l/../m.c` is d/m.c and `include l/../r.mk` reads
// d/r.mk. The make reader joined them lexically (m.c, r.mk at the top): the built-in rule's recipe and the included
// rules went unread.
import { symlink } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { taskRunnerLines } from '../../src/permissions/task-runner-lines.js';
import { removeDir, tempDir, writeFiles } from '../helpers/fixture.js';

let base: string;
let count = 0;
beforeAll(async () => {
  base = await tempDir('make-kernel-place-');
});
afterAll(async () => {
  await removeDir(base);
});

async function judged(files: Record<string, string>, words: string[], handed: string[] = []): Promise<{ lines: string[]; unknown?: string }> {
  const root = join(base, `w${++count}`);
  await writeFiles(root, { 'd/e/k': '', ...files });
  await symlink('d/e', join(root, 'l'));
  const got = taskRunnerLines(words, root, root, handed);
  return { lines: [...(got?.lines ?? [])], ...(got?.unknown === undefined ? {} : { unknown: got.unknown }) };
}

describe("make's files through a link and then `..` are the kernel's", () => {
  it("a built-in rule's source `l/../m.c` is d/m.c (the rule's recipe is read)", async () => {
    const got = await judged({ 'd/m.c': 'int main(){}\n' }, ['make', 'l/../m'], ['CC=./evil.sh']);
    expect(got.lines.join('\n')).toContain('./evil.sh');
  });

  it('`include l/../r.mk` reads d/r.mk', async () => {
    const got = await judged({ Makefile: 'include l/../r.mk\n', 'd/r.mk': 'all:\n\tgit push\n' }, ['make', 'all']);
    expect(got).toEqual({ lines: ['git push'] });
  });

  it('control: `include d/e/../r.mk` (no link) reads d/r.mk', async () => {
    const got = await judged({ Makefile: 'include d/e/../r.mk\n', 'd/r.mk': 'all:\n\tgit push\n' }, ['make', 'all']);
    expect(got).toEqual({ lines: ['git push'] });
  });
});

describe("the loader's files through a link and then `..` are the kernel's", () => {
  it('`LD_PRELOAD=l/../…/usr/lib/x.so` is the workspace\'s usr/lib/x.so (unknown) when l points deep enough, not /usr/lib', async () => {
    const root = join(base, `w${++count}`);
    // Lexically l/.. is root, and as many `..` as root is deep reach `/`; l's target is one deeper, so the kernel's
    // walk comes back to root instead.
    const up = root.split('/').filter(Boolean).length;
    const deep = Array.from({ length: up + 1 }, (_, i) => `f${i}`).join('/');
    await writeFiles(root, { [`${deep}/k`]: '', 'usr/lib/x.so': 'ELF' });
    await symlink(deep, join(root, 'l'));
    const got = taskRunnerLines([`LD_PRELOAD=l/../${'../'.repeat(up)}usr/lib/x.so`], root, root, []);
    expect(got?.unknown).toMatch(/is the workspace's/);
  });
});
