// gitext23: a git transport that runs a program named by something the command does not show. A remote in
// .git/config (or a file it includes, or the enclosing repository of a subfolder workspace) whose URL is
// `ext::sh -c rm% -r% build` runs `sh -c 'rm -r build'` on a plain `git fetch o` once protocol.ext.allow is
// `always` (checked with real git below); under `allow *` (and --yes) that was allowed with no question.
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { tempDir, removeDir } from '../helpers/fixture.js';
import { ASKED, decide, git, repoBox } from './git-transport-helpers.js';

const EXT = 'ext::sh -c rm% -r% build';
const HTTPS = 'https://example.com/r.git';

describe('a remote whose URL is ext:: with the protocol allowed in the repository config', () => {
  const box = repoBox([['remote.o.url', EXT], ['remote.h.url', HTTPS], ['protocol.ext.allow', 'always'], ['branch.main.remote', 'o']]);

  test.each([
    'git fetch o',
    'git pull o',
    'git ls-remote o',
    'git remote update',
    'git fetch --all',
    'git fetch',
    'git pull',
    'git fetch --depth 1 o main',
    'git fetch "$R"',
    'cd . && git fetch o',
    'env git fetch o',
    "sh -c 'git fetch o'",
  ])('asks: %s', async (line) => {
    expect(await decide(box(), line)).toEqual(ASKED);
    expect(await decide(box(), line, ['allow @coder *', 'allow *'])).toEqual(ASKED);
  });

  test('git push o asks under allow * (and stays denied under the deny rule)', async () => {
    expect(await decide(box(), 'git push o', ['allow *'])).toEqual(ASKED);
    expect((await decide(box(), 'git push o')).decision).toBe('deny');
  });

  test.each(['git fetch h', 'git ls-remote h', 'git status', 'git log -1', 'git remote -v'])('control (allowed): %s', async (line) => {
    expect((await decide(box(), line)).decision).toBe('allow');
  });

  test('real git runs the remote command (the threat is real)', async () => {
    const dir = await tempDir('codeward-ext-real-');
    try {
      mkdirSync(join(dir, 'build'));
      git(dir, 'init', '-q');
      git(dir, 'config', 'remote.o.url', EXT);
      git(dir, 'config', 'protocol.ext.allow', 'always');
      try {
        git(dir, 'fetch', 'o');
      } catch {
        // git fails after the command ran (it speaks no git protocol).
      }
      expect(existsSync(join(dir, 'build'))).toBe(false);
    } finally {
      await removeDir(dir);
    }
  });
});

describe('an ext:: remote with the protocol not allowed', () => {
  const box = repoBox([['remote.o.url', EXT], ['protocol.ext.allow', 'never']]);

  test('git fetch o stays allowed (git refuses the URL)', async () => {
    expect((await decide(box(), 'git fetch o')).decision).toBe('allow');
  });

  test.each([
    'git -c protocol.ext.allow=always fetch o',
    'git -c protocol.ext.allow=user ls-remote o',
    'GIT_ALLOW_PROTOCOL=ext git fetch o',
    'export GIT_CONFIG_PARAMETERS="x"; git fetch o',
  ])('asks when the line may allow it: %s', async (line) => {
    expect(await decide(box(), line)).toEqual(ASKED);
  });
});

describe('the protocol allowed by a file the repository config includes', () => {
  const box = repoBox([['remote.o.url', EXT], ['include.path', '../proto.cfg']], { 'proto.cfg': '[protocol]\n\tallow = always\n' });

  test('git fetch o asks', async () => {
    expect(await decide(box(), 'git fetch o')).toEqual(ASKED);
  });
});

describe('the enclosing repository of a subfolder workspace', () => {
  const box = repoBox([['remote.o.url', EXT], ['protocol.ext.allow', 'always']], { 'ws/a.txt': 'x\n' });

  test('git fetch o from the subfolder asks', async () => {
    const sub = { root: join(box().root, 'ws'), home: box().home };
    expect(await decide(sub, 'git fetch o')).toEqual(ASKED);
  });
});

describe('a nested repository the line moves into', () => {
  const box = repoBox([['remote.h.url', HTTPS]], { 'sub/a.txt': 'x\n' }, (b) => {
    const sub = join(b.root, 'sub');
    git(sub, 'init', '-q');
    git(sub, 'config', 'remote.o.url', EXT);
    git(sub, 'config', 'protocol.ext.allow', 'always');
  });

  test.each(['cd sub && git fetch o', 'git -C sub fetch o', 'cd sub && tini -- git fetch o', 'cd "$D" && git fetch h'])('asks: %s', async (line) => {
    expect(await decide(box(), line)).toEqual(ASKED);
  });

  test.each(['git fetch h', 'git fetch o', 'cd sub && git status'])('control (allowed): %s', async (line) => {
    expect((await decide(box(), line)).decision).toBe('allow');
  });
});

describe('url.<base>.insteadOf rewriting to an ext:: URL', () => {
  const box = repoBox([['remote.o.url', 'gh:org/r'], ['url.ext::sh -c rm% -r% build #.insteadOf', 'gh:'], ['protocol.ext.allow', 'always']]);

  test.each(['git fetch o', 'git ls-remote gh:org/r', 'git clone gh:org/r d'])('asks: %s', async (line) => {
    expect(await decide(box(), line)).toEqual(ASKED);
  });
});

describe('git metadata codeward cannot read fails closed', () => {
  const big = repoBox([['remote.o.url', HTTPS]], {}, (b) => writeFileSync(join(b.root, '.git', 'config'), `[remote "o"]\n\turl = ${HTTPS}\n#${'x'.repeat(4 * 1024 * 1024 + 10)}\n`));

  test('a .git/config past the read bound: git fetch asks, git status is not judged by it', async () => {
    expect(await decide(big(), 'git fetch o')).toEqual(ASKED);
  });
});
