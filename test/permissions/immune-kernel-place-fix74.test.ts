// Issue 26 (fix74; fix68's LEFT): the immune paths placed a line's relative paths by lexical joins: a wrapper's folder
// (`env -C l/..`), a `cd -P`, and the path word itself (`touch l/../pre-commit`). The kernel follows `l` BEFORE the
// `..` after it (workspace/kernel-place.ts), so with l -> .git/hooks/x each of these writes .git/hooks/pre-commit;
// they were judged at ROOT/pre-commit (an ordinary write). bash's own `cd` (no -P) is logical: l/.. is ROOT there.
import { execFileSync } from 'node:child_process';
import { mkdir, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { explain, policyWith, sandbox, type Sandbox } from './helpers.js';

let box: Sandbox;
beforeAll(async () => {
  box = await sandbox();
  execFileSync('git', ['init', '-q'], { cwd: box.root });
  await mkdir(join(box.root, '.git/hooks/x'), { recursive: true });
  await mkdir(join(box.root, 'd/e'), { recursive: true });
  await writeFile(join(box.root, 'a.txt'), 'a\n');
  await symlink('.git/hooks/x', join(box.root, 'l'));
  await symlink('d/e', join(box.root, 'm'));
});
afterAll(async () => {
  await box.cleanup();
});

async function judged(cmd: string): Promise<{ decision: string; source: string }> {
  const result = await explain(await policyWith(box, ['allow @coder exec *']), JSON.stringify({ cmd: 'exec', args: { cmd } }));
  return { decision: result.decision, source: result.source };
}

describe('a relative path reached through a link and then `..` is judged where the kernel lands', () => {
  test.each([
    ['env -C l/.. touch pre-commit'],
    ['env --chdir=l/.. sh -c "cp a.txt pre-commit"'],
    ['nice env -C l/.. touch pre-commit'],
    ['unshare -w l/.. touch pre-commit'],
    ['cd -P l/.. && touch pre-commit'],
    ['set -P; cd l/.. && touch pre-commit'],
    ['touch l/../pre-commit'],
    ['cp a.txt l/../pre-push'],
    ['cd l && touch ../pre-commit'],
  ])('%s is safety-immune', async (line) => {
    expect(await judged(line)).toEqual({ decision: 'ask', source: 'immune' });
  });

  test.each([
    ['cd l/.. && touch pre-commit'],
    ['cd -L l/.. && touch pre-commit'],
    ['env -C m/.. touch pre-commit'],
    ['touch m/../pre-commit'],
    ['npm --prefix m/.. view left-pad'],
  ])('%s stays an ordinary line (not safety-immune)', async (line) => {
    expect((await judged(line)).source).not.toBe('immune');
  });
});
