// Red team R17-17 end to end: under --yes with a deny rule on `git push*`, a push started by gpg-agent --daemon, by
// a workspace script codeward has no row for, behind npx or behind a wrapper, is refused (C240 denied, C241 a person is needed) and
// the bare repository gets no branch; a push the rule allows reaches it (the setup works).
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NO_JAIL } from '../helpers/unconfined-runs.js';
import { execUnderYes, pushBox } from './helpers-yes.js';
import type { Sandbox } from './helpers.js';

let box: Sandbox;
let branches: () => string;
beforeAll(async () => {
  ({ box, branches } = await pushBox());
  // A script that runs its words (a program codeward has no row for), also as a package bin npx finds locally.
  // (Python: a shell script of the workspace run by its path is read as a task since R34-6, and `exec "$@"` is unknown.)
  const runner = '#!/usr/bin/env python3\nimport os, sys\nos.execvp(sys.argv[1], sys.argv[1:])\n';
  await writeFile(join(box.root, 'run'), runner, { mode: 0o755 });
  await mkdir(join(box.root, 'node_modules/.bin'), { recursive: true });
  await writeFile(join(box.root, 'node_modules/.bin/some-runner'), runner, { mode: 0o755 });
});
afterAll(async () => box.cleanup());

const run = (cmd: string): Promise<string> => execUnderYes(box, ['@coder exec?git push*'], cmd);

describe('a push started by another program is refused under --yes', () => {
  it.each([
    ['gpg-agent --daemon git push origin HEAD:refs/heads/via-gpg', 'C240'],
    ['./run git push origin HEAD:refs/heads/via-run', 'C241'],
    ['npx --offline some-runner git push origin HEAD:refs/heads/via-npx', 'C241'],
    // Issue 26: behind a wrapper (the walker guessed only at the top of a line or behind npx/bunx).
    ['nice -n 5 ./run git push origin HEAD:refs/heads/via-nice', 'C241'],
    ['timeout 60 ./run git push origin HEAD:refs/heads/via-timeout', 'C241'],
  ])('%s is %s and no branch is pushed', async (cmd, code) => {
    expect(await run(cmd)).toBe(code);
    expect(branches()).toBe('');
  });
  it('the same push under a rule that allows it reaches the remote', async () => {
    // The remote is outside the workspace: a push there is a write the write jail refuses (where bubblewrap runs).
    expect(await execUnderYes(box, [], './run git push -q origin HEAD:refs/heads/allowed', NO_JAIL)).toBe('ran');
    expect(branches()).toContain('allowed');
  });
});
