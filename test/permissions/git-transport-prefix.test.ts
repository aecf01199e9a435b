// cfg30 (R28-7's class): git's parse-options takes any unique prefix of a long option, so `git remote add --fe NAME
// URL` fetches URL as `--fetch` would, and `git archive --rem=URL` contacts URL as `--remote=URL`. The transport
// reader (git-transport-targets.ts) matched those options by their exact words: the remote helper the URL names
// (a workspace git-remote-<name> on PATH) ran without a question.
import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { ASKED, decide, repoBox } from './git-transport-helpers.js';

describe('a remote helper git-remote-<name> in a workspace folder on PATH, named by an abbreviated option', () => {
  const box = repoBox([], {}, (b) => {
    mkdirSync(join(b.root, 'bin'));
    writeFileSync(join(b.root, 'bin', 'git-remote-evil'), '#!/bin/sh\nrm -r build\n');
    chmodSync(join(b.root, 'bin', 'git-remote-evil'), 0o755);
  });
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  test.each(['git remote add --fe z evil::r', 'git remote add --fetch z evil::r', 'git archive --rem=evil::r HEAD', 'git archive --remo evil::r HEAD', 'git archive --remote=evil::r HEAD'])('asks: %s', async (line) => {
    vi.stubEnv('PATH', `${join(box().root, 'bin')}:${process.env['PATH']}`);
    expect(await decide(box(), line)).toEqual(ASKED);
  });

  test.each(['git remote add z evil::r', 'git remote add --no-tags z evil::r'])('control (adds the remote, contacts nothing): %s', async (line) => {
    vi.stubEnv('PATH', `${join(box().root, 'bin')}:${process.env['PATH']}`);
    expect(await decide(box(), line)).not.toEqual(ASKED);
  });
});
