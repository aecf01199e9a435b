// Red team round 6, R6-15: search read the .gitignore files above a searched folder with a raw
// readFileSync that followed links, had no size cap and blocked: a cloned repository's
// `sub/.gitignore -> /dev/zero` took 10.5 GB and two minutes, `-> /dev/stdin` hung. Every .gitignore is
// read through the jail now (src/search/gitignore-read.ts): no link followed, no FIFO waited on, 1 MiB kept.
import { execFileSync } from 'node:child_process';
import { symlink } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { removeDir, runCli, tempDir, writeFiles } from '../helpers/fixture.js';

let root: string;
let outside: string;
beforeEach(async () => {
  root = await tempDir();
  outside = await tempDir('codeward-outside-');
  await writeFiles(root, { 'sub/inner/a.txt': 'hello\n' });
  await writeFiles(outside, { 'ignore-all': '*\n' });
});
afterEach(async () => {
  await removeDir(root);
  await removeDir(outside);
});

const search = () => runCli(['--json', '-C', root, 'search', '--term', 'hello', '--dir', 'sub/inner'], { env: { HOME: outside } });

describe('the .gitignore files above a searched folder are read through the jail', () => {
  it('a .gitignore that is a link to a FIFO is not waited on: the search answers', async () => {
    execFileSync('mkfifo', [join(outside, 'fifo')]);
    await symlink(join(outside, 'fifo'), join(root, 'sub/.gitignore'));
    const run = search();
    expect(run.json.ok, run.stdout + run.stderr).toBe(true);
    expect(JSON.stringify(run.json.data)).toContain('sub/inner/a.txt');
  }, 60_000);

  it('a .gitignore that is a link out of the workspace is not read (its rules are not applied)', async () => {
    await symlink(join(outside, 'ignore-all'), join(root, 'sub/.gitignore'));
    const run = search();
    expect(JSON.stringify(run.json.data)).toContain('sub/inner/a.txt');
  });

  it('a real .gitignore above the folder still applies', async () => {
    await writeFiles(root, { 'sub/.gitignore': '*.txt\n' });
    const run = search();
    expect(JSON.stringify(run.json.data)).not.toContain('sub/inner/a.txt');
  });
});
