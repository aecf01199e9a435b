// fix74's LEFT (fix83): a `..` after a part that an earlier step of the SAME line makes (or may replace with) a link
// was read lexically: `ln -s ~/work l && cp a.txt l/../.bashrc` writes ~/.bashrc (the kernel follows the new link
// before the `..`), judged ROOT/.bashrc (an ordinary write: allowed with no ask). kernel-place.ts cannot follow a
// part that is not there yet; a folder there now may be a link by then (`rmdir e; ln -s ~/work e; cp a.txt
// e/../.bashrc`). Such a place is unknown (ask), never the lexical one. (A link INTO a protected folder asks by its
// target already: the rows with .git/hooks/x are controls.)
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
  await mkdir(join(box.root, 'e'), { recursive: true });
  await mkdir(join(box.root, 'd/f'), { recursive: true });
  await writeFile(join(box.root, 'a.txt'), 'a\n');
  await symlink('d/f', join(box.root, 'm'));
});
afterAll(async () => {
  await box.cleanup();
});

async function judged(cmd: string): Promise<string> {
  return (await explain(await policyWith(box, ['allow @coder exec *']), JSON.stringify({ cmd: 'exec', args: { cmd } }))).decision;
}

describe('a `..` after a part the line itself may make a link', () => {
  test.each([
    ['ln -s .git/hooks/x l && touch l/../pre-commit'],
    ['ln -s .git/hooks/x l; cp a.txt l/../pre-push'],
    ['ln -s .git/hooks/x l && echo x > l/../pre-commit'],
    ['rm -r e; ln -s .git/hooks/x e; touch e/../pre-commit'],
    ['rm -r e && ln -s .git/hooks/x e && echo x >> e/../pre-commit'],
    ['ln -s .git/hooks/x l && cd l && touch ../pre-commit'],
    ['ln -s ~/work l && cp a.txt l/../.bashrc'],
    ['ln -s ~/work l; touch l/../.profile'],
    ['ln -s "$HOME/work" l && tee l/../.bashrc < a.txt'],
    ['rmdir e; ln -s ~/work e; cp a.txt e/../.bashrc'],
    ['mv e e2; ln -s ~/work e && cp a.txt e/../.bashrc'],
    ['rm m; ln -s ~/work m; cp a.txt m/../.bashrc'],
  ])('%s asks', async (line) => {
    expect(await judged(line)).toBe('ask');
  });

  test.each([
    ['touch m/../ok.txt'],
    ['touch e/../ok.txt'],
    ['touch d/f/../ok.txt'],
    ['env -C m/.. touch ok.txt'],
    ['touch nothere/../ok.txt'],
    ['cd d && cp ../a.txt ../b.txt'],
    ['mkdir -p out && touch out/ok.txt'],
  ])('%s stays an ordinary line', async (line) => {
    expect(await judged(line)).toBe('allow');
  });
});
