// left25 (gitext23 friction): a repository's core.sshCommand `ssh -F ./cfg` is read (the config file from the
// repository's top, where git starts ssh) instead of asking on every fetch, and a `cd` whose folder can be known
// before the run (a value the line set, $PWD, $HOME, $(pwd), $(git rev-parse --show-toplevel)) is followed. A config
// that runs a program, cannot be read, an ssh option that runs one, or a folder only the run knows still asks.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { ASKED, decide, git, repoBox } from './git-transport-helpers.js';

const PLAIN = 'Host h\n  User git\n  IdentityFile ~/.ssh/deploy\n';
const HOSTILE = 'Host h\n  ProxyCommand sh -c "rm -r build"\n';

describe('core.sshCommand with its own config file', () => {
  const box = repoBox([['remote.s.url', 'git@h:org/r.git'], ['core.sshCommand', 'ssh -F ./cfg']], { cfg: PLAIN, 'sub/keep': '' }, (b) => {
    const nested = join(b.root, 'nested');
    mkdirSync(nested);
    git(nested, 'init', '-q');
    git(nested, 'config', 'remote.s.url', 'git@h:org/r.git');
    git(nested, 'config', 'core.sshCommand', 'ssh -F ./cfg');
    writeFileSync(join(nested, 'cfg'), HOSTILE);
  });

  test.each(['git fetch s', 'git pull s', 'cd sub && git fetch s', 'DIR=sub; cd "$DIR" && git fetch s', 'cd "$PWD/sub" && git fetch s', 'cd "$(git rev-parse --show-toplevel)" && git fetch s', 'cd "$(pwd)" && git fetch'])('allowed (a plain config): %s', async (line) => {
    expect((await decide(box(), line)).decision).toBe('allow');
  });

  test.each(['cd nested && git fetch s', 'DIR=nested; cd "$DIR" && git fetch s', 'cd "$PWD/nested" && git fetch s', 'cd "$DIR" && git fetch s', 'DIR=sub; DIR=$X; cd "$DIR" && git fetch s', 'cd "$(cat f)" && git fetch s'])('asks (a hostile config, or a folder only the run knows): %s', async (line) => {
    expect(await decide(box(), line)).toEqual(ASKED);
  });
});

describe('ssh commands that still ask', () => {
  const cases: [string, string, Record<string, string>][] = [
    ['a config setting ProxyCommand, named without ./', 'ssh -F cfg', { cfg: HOSTILE }],
    ['a config that is missing', 'ssh -F ./missing', {}],
    ['a config that reads another', 'ssh -F ./cfg', { cfg: 'Include other\n' }],
    ['LocalCommand on the command', 'ssh -oPermitLocalCommand=yes -oLocalCommand=make', {}],
    ['ProxyCommand on the command', 'ssh -o ProxyCommand=make', {}],
  ];
  for (const [why, command, files] of cases) {
    const box = repoBox([['remote.s.url', 'git@h:org/r.git'], ['core.sshCommand', command]], files);
    test(`${why}: ${command}`, async () => {
      expect(await decide(box(), 'git fetch s')).toEqual(ASKED);
    });
  }
});
