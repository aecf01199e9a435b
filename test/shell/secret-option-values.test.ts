// Issue 21 point 4, from the attacker's side: a secret reached through an option's value
// (`du --files0-from=.env`, `xargs -a .env`) or a recursive search over its folder (`git grep --no-index`,
// `grep -r`) is refused like `cat .env`, before anything runs; searches that cannot reach it still run.
import { execFileSync, spawnSync } from 'node:child_process';
import { symlink } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Engine } from '../../src/index.js';
import { createEngine } from '../../src/setup.js';
import { removeDir, tempDir, writeFiles } from '../helpers/fixture.js';

const HAS_BWRAP = spawnSync('bwrap', ['--ro-bind', '/', '/', '--unshare-net', 'true']).status === 0;

let base: string;
let root: string;
let engine: Engine;
const SECRET = 'API_TOKEN=codeward-secret-probe-43';

beforeAll(async () => {
  base = await tempDir('codeward-optval-');
  root = join(base, 'proj');
  await writeFiles(root, { '.env': `${SECRET}\n`, 'src/a.txt': 'API_TOKEN=none\n', 'docs/b.txt': 'x\n', '.gitignore': '.env\n' });
  await symlink('../.env', join(root, 'docs/link'));
  await writeFiles(base, { 'empty/.keep': '' });
  execFileSync('git', ['init', '-q'], { cwd: root });
  // No OS sandbox: the judgement alone stands between a recursive reader and the secret.
  engine = await createEngine({ workspace: root, sandbox: { mode: 'off' } });
});
afterAll(async () => {
  await engine.close();
  await removeDir(base);
});

const exec = (cmd: string) => engine.run({ cmd: 'exec', args: { cmd, dir: '.' } });

describe('refused', () => {
  it.each([
    'du --files0-from=.env',
    'du --files0-from .env',
    'du --files0 .env',
    'xargs -a .env echo',
    'xargs -a.env echo',
    'xargs --arg-file=.env echo',
    'xargs --arg=.env echo',
    'git grep --no-index API_TOKEN',
    'git grep --untracked API_TOKEN',
    'grep -r API_TOKEN .',
    'grep -rn API_TOKEN',
    'grep --recursive API_TOKEN .',
    'rg --hidden --no-ignore API_TOKEN',
    'rg -uuu API_TOKEN',
    'cd src && grep -r API_TOKEN ..',
    'grep -d recurse API_TOKEN .',
    'find . -type f -exec cat {} +',
    'find -exec grep -H API {} ;',
    'tar cf - .',
    'tar -c -f - .',
    'zip -r - .',
    'cp -r . ../copy',
    'grep -R API_TOKEN docs',
    // Red team (second pass): folder diffs print every file's lines (they leaked .env with --sandbox off).
    'diff -rN ../empty .',
    'diff -r . ../empty',
    'diff --recursive --new-file --to-file=. ../empty',
    'git diff --no-index ../empty .',
    'git diff --no-index -- ../empty src/..',
  ])('%j → C211', async (cmd) => {
    const result = await exec(cmd);
    expect(result, JSON.stringify(result)).toMatchObject({ ok: false, error: { code: 'C211' } });
    expect(JSON.stringify(result)).not.toContain(SECRET);
  });
});

describe('still runs', () => {
  it.each(['grep -r API_TOKEN src', 'grep -rn API src/', 'git grep API_TOKEN || true', 'du -sh src', 'echo src/a.txt | xargs cat', 'find src -type f -exec cat {} +', 'tar cf - src', 'find . -name a.txt', 'diff -r src src', 'git diff --no-index src/a.txt docs/b.txt || true'])('%j', async (cmd) => {
    const result = await exec(cmd);
    expect(result, JSON.stringify(result)).toMatchObject({ ok: true });
    expect(JSON.stringify(result)).not.toContain(SECRET);
  });
});

describe('inside the OS sandbox, which hides non-accessible files, a recursive reader runs and sees them empty', () => {
  it.skipIf(!HAS_BWRAP)('grep -r, git grep --no-index and tar c . run; the secret is not in the output; a named .env is still C211', async () => {
    const boxed = await createEngine({ workspace: root, sandbox: { mode: 'workspace-write' } });
    try {
      for (const cmd of ['grep -r API_TOKEN .', 'git grep --no-index API_TOKEN', 'tar cf - . | tar xOf -']) {
        const result = await boxed.run({ cmd: 'exec', args: { cmd, dir: '.' } });
        expect(result.ok || (result.error?.code === 'C253'), `${cmd}: ${JSON.stringify(result)}`).toBe(true);
        expect(JSON.stringify(result), cmd).not.toContain(SECRET);
      }
      const grep = await boxed.run({ cmd: 'exec', args: { cmd: 'grep -r API_TOKEN .', dir: '.' } });
      expect(JSON.stringify(grep)).toContain('API_TOKEN=none');
      expect(await boxed.run({ cmd: 'exec', args: { cmd: 'cat .env', dir: '.' } })).toMatchObject({ ok: false, error: { code: 'C211' } });
    } finally {
      await boxed.close();
    }
  });
});
