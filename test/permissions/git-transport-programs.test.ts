// gitext23: the other programs a git transport starts that the line does not show (a workspace
// git-remote-<helper> on PATH, a submodule's ext:: URL, a local remote's uploadpack, the repository's
// core.sshCommand / core.gitProxy), and the ones the line does show (--upload-pack, --receive-pack, --exec,
// clone -u), judged as the shell text git runs.
import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { ASKED, decide, git, repoBox } from './git-transport-helpers.js';

const EXT = 'ext::sh -c rm% -r% build';
const GITMODULES = `[submodule "s"]\n\tpath = s\n\turl = ${EXT}\n`;

describe('a remote helper git-remote-<name> in a workspace folder on PATH', () => {
  const box = repoBox([['remote.x.url', 'evil::r'], ['remote.y.url', 'evil://h/r'], ['remote.v.url', 'https://h/r'], ['remote.v.vcs', 'evil'], ['remote.h.url', 'https://h/r'], ['remote.c.url', 'codecommit::r']], {}, (b) => {
    mkdirSync(join(b.root, 'bin'));
    writeFileSync(join(b.root, 'bin', 'git-remote-evil'), '#!/bin/sh\nrm -r build\n');
    chmodSync(join(b.root, 'bin', 'git-remote-evil'), 0o755);
  });
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  test.each(['git fetch x', 'git fetch y', 'git fetch v', 'git ls-remote evil::other', 'git fetch'])('asks: %s', async (line) => {
    vi.stubEnv('PATH', `${join(box().root, 'bin')}:${process.env['PATH']}`);
    expect(await decide(box(), line)).toEqual(ASKED);
  });

  test('a helper on PATH set by the line asks', async () => {
    expect(await decide(box(), 'PATH=bin:$PATH git fetch x')).toEqual(ASKED);
  });

  test.each(['git fetch h', 'git fetch c', 'git fetch x'])('control (allowed, helper not in the workspace): %s', async (line) => {
    expect((await decide(box(), line)).decision).toBe('allow');
  });
});

describe('a submodule whose URL is ext:: with the protocol allowed', () => {
  const box = repoBox([['protocol.ext.allow', 'always']], { '.gitmodules': GITMODULES });

  test.each(['git submodule update --init', 'git submodule update --init --recursive', 'git pull --recurse-submodules', 'git fetch', 'git clone --recurse-submodules https://h/r d'])('asks: %s', async (line) => {
    expect(await decide(box(), line)).toEqual(ASKED);
  });
});

describe('a submodule whose URL is ext:: with the protocol allowed only from the user (git refuses it for submodules)', () => {
  const box = repoBox([['protocol.ext.allow', 'user']], { '.gitmodules': GITMODULES });

  test.each(['git submodule update --init', 'git clone --recurse-submodules https://h/r d', 'git submodule status'])('control (allowed): %s', async (line) => {
    expect((await decide(box(), line)).decision).toBe('allow');
  });
});

describe('upload-pack / receive-pack / ssh / proxy programs from the repository config', () => {
  const box = repoBox([
    ['remote.l.url', '.'],
    ['remote.l.uploadpack', 'rm -r build;'],
    ['remote.l.receivepack', 'rm -r build;'],
    ['remote.s.url', 'git@h:org/r.git'],
    ['remote.g.url', 'git://h/r'],
    ['core.sshCommand', './tools/ssh.sh'],
    ['core.gitProxy', './tools/proxy.sh'],
  ]);

  test.each(['git fetch l', 'git ls-remote l', 'git pull l', 'git fetch s', 'git ls-remote ssh://h/r', 'git fetch g'])('asks: %s', async (line) => {
    expect(await decide(box(), line)).toEqual(ASKED);
  });

  test('git push l asks under allow *', async () => {
    expect(await decide(box(), 'git push l', ['allow *'])).toEqual(ASKED);
  });
});

describe('a plain ssh command in the repository config', () => {
  const box = repoBox([['remote.s.url', 'git@h:org/r.git'], ['core.sshCommand', 'ssh -i ~/.ssh/deploy -o IdentitiesOnly=yes']]);

  test('control (allowed): git fetch s', async () => {
    expect((await decide(box(), 'git fetch s')).decision).toBe('allow');
  });
});

describe("the line's own transport programs", () => {
  const box = repoBox([['remote.h.url', 'https://h/r']]);

  test.each([
    "git fetch --upload-pack='rm -r build;' .",
    "git fetch --upload='rm -r build;' .",
    "git pull --upload-pack 'rm -r build;' .",
    "git ls-remote --upload-pack='rm -r build;' .",
    "git clone -u 'rm -r build;' . d",
    "git clone -qu'rm -r build;' . d",
    "git clone --upload-pack='rm -r build;' . d",
    "git archive --remote=. --exec='rm -r build;' HEAD",
    "git fetch-pack --upload-pack='rm -r build;' . main",
    'git fetch --upload-pack="$P" .',
  ])('asks: %s', async (line) => {
    expect(await decide(box(), line)).toEqual(ASKED);
  });

  test.each(["git push --receive-pack='rm -r build;' .", "git push --exec='rm -r build;' .", "git send-pack --receive-pack='rm -r build;' . main"])('asks under allow *: %s', async (line) => {
    expect(await decide(box(), line, ['allow *'])).toEqual(ASKED);
  });

  test.each(['git fetch h', 'git clone https://h/r d', 'git fetch --upload-pack=git-upload-pack h', 'git fetch -u h main'])('control (allowed): %s', async (line) => {
    expect((await decide(box(), line)).decision).toBe('allow');
  });
});

test('the helper rows use a real executable (sanity)', () => {
  expect(git('.', '--version')).toMatch(/^git version/);
});

// Already held before gitext23 (the program is on the line, judged as what it runs): kept as rows.
describe('ssh and proxy programs the line names (held)', () => {
  const box = repoBox([['remote.h.url', 'https://h/r']], { x: '#!/bin/sh\n' });

  test.each([
    'GIT_SSH=./x git fetch ssh://h/r',
    'GIT_SSH_COMMAND=./x git fetch ssh://h/r',
    'GIT_PROXY_COMMAND=./x git fetch git://h/r',
    'git -c core.gitProxy=./x fetch git://h/r',
    'git -c core.sshCommand=./x fetch ssh://h/r',
    'git -c remote.h.uploadpack=./x fetch h',
  ])('a deny rule on the program holds: %s', async (line) => {
    expect((await decide(box(), line, ['deny @coder exec ./x*', 'allow *'])).decision).not.toBe('allow');
  });

  test.each(["GIT_SSH_COMMAND='rm -r build;' git fetch ssh://h/r", "GIT_PROXY_COMMAND='rm -r build;' git fetch git://h/r", "git -c core.sshCommand='rm -r build;' fetch ssh://h/r"])('asks: %s', async (line) => {
    expect(await decide(box(), line)).toEqual(ASKED);
  });
});

describe("the person's own git config naming a workspace program", () => {
  const box = repoBox([['remote.s.url', 'git@h:org/r.git']], { 'tools/ssh.sh': '#!/bin/sh\n' });
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  test('core.sshCommand naming a workspace script asks; the plain ssh with options does not', async () => {
    const file = join(box().home, 'global.gitconfig');
    writeFileSync(file, `[core]\n\tsshCommand = ${join(box().root, 'tools', 'ssh.sh')} -v\n`);
    vi.stubEnv('GIT_CONFIG_GLOBAL', file);
    expect(await decide(box(), 'git fetch s')).toEqual(ASKED);
    writeFileSync(file, '[core]\n\tsshCommand = ssh -i ~/.ssh/deploy -o IdentitiesOnly=yes\n');
    expect((await decide(box(), 'git fetch s')).decision).toBe('allow');
  });
});

describe("an initialized submodule's own remote (.git/modules/<name>/config)", () => {
  const write = (allow: string) => (b: { root: string }): void => {
    mkdirSync(join(b.root, '.git', 'modules', 's'), { recursive: true });
    writeFileSync(join(b.root, '.git', 'modules', 's', 'config'), `[remote "origin"]\n\turl = ${EXT}\n[protocol "ext"]\n\tallow = ${allow}\n`);
  };
  const box = repoBox([['submodule.s.url', 'https://h/s']], { '.gitmodules': '[submodule "s"]\n\tpath = s\n\turl = https://h/s\n' }, write('always'));
  const user = repoBox([['submodule.s.url', 'https://h/s']], { '.gitmodules': '[submodule "s"]\n\tpath = s\n\turl = https://h/s\n' }, write('user'));

  test.each(['git submodule update', 'git fetch', 'git pull'])('asks: %s', async (line) => {
    expect(await decide(box(), line)).toEqual(ASKED);
  });

  test.each(['git submodule update', 'git fetch', 'git fetch --no-recurse-submodules'])('control (allowed: `user` is refused in a submodule): %s', async (line) => {
    expect((await decide(user(), line)).decision).toBe('allow');
  });

  test('control (allowed): a fetch that does not recurse', async () => {
    expect((await decide(box(), 'git fetch --no-recurse-submodules')).decision).toBe('allow');
  });
});
