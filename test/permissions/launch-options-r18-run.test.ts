// Red team R18-11 and R18-12 end to end: under --yes (no sandbox), a push started by tar -I, tar's checkpoint
// action, zip -TT or strace -o '|CMD' is denied (C240) and a push in one word of a program codeward has no row for
// needs a person (C241): the bare repository gets no branch. `tar -I 'rm -rf build; ...'` meets the immune list and
// build/ stays. The same tar run with an allowed push reaches the remote (the setup works).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_GUESSES } from '../../src/shell/parse-launch-guess.js';
import { NO_JAIL } from '../helpers/unconfined-runs.js';
import { execUnderYes, pushBox } from './helpers-yes.js';
import type { Sandbox } from './helpers.js';

let box: Sandbox;
let branches: () => string;
beforeAll(async () => {
  ({ box, branches } = await pushBox());
  await writeFile(join(box.root, 'x'), 'x\n');
  await mkdir(join(box.root, 'build'));
  await writeFile(join(box.root, 'build/keep'), 'k\n');
  // A program with no row that runs its one word through the shell.
  await writeFile(join(box.root, 'mytool'), '#!/bin/sh\nsh -c "$1"\n', { mode: 0o755 });
  // One that runs its LAST word (issue 26: past the walker's guess cap).
  await writeFile(join(box.root, 'lasttool'), '#!/bin/sh\nfor a; do last=$a; done\nsh -c "$last"\n', { mode: 0o755 });
});
afterAll(async () => box.cleanup());

const run = (cmd: string): Promise<string> => execUnderYes(box, ['@coder exec?git push*'], cmd);
const has = (tool: string): boolean => spawnSync('sh', ['-c', `command -v ${tool}`]).status === 0;

describe('a push given as an option value or one word is refused under --yes', () => {
  it.each([
    ["tar -I 'git push -q origin HEAD:refs/heads/tar-i; cat >/dev/null; true' -cf t1.tar x", 'C240', 'tar'],
    ["tar -cf t2.tar --checkpoint=1 --checkpoint-action=exec='git push -q origin HEAD:refs/heads/tar-ckpt' x", 'C240', 'tar'],
    ["zip -q -T -TT 'git push -q origin HEAD:refs/heads/zip; true' z.zip x", 'C240', 'zip'],
    ["strace -f -o '|git push -q origin HEAD:refs/heads/strace' true", 'C240', 'strace'],
    ["./mytool 'git push -q origin HEAD:refs/heads/word'", 'C241', 'sh'],
    [`./lasttool ${'"a b" '.repeat(MAX_GUESSES)}'git push -q origin HEAD:refs/heads/cap'`, 'C241', 'sh'],
  ])('%s is %s and no branch is pushed', async (cmd, code, tool) => {
    if (!has(tool)) return;
    expect(await run(cmd)).toBe(code);
    expect(branches()).toBe('');
  });
  it("tar -I 'rm -rf build; ...' needs a person and build/ stays", async () => {
    expect(await execUnderYes(box, [], "tar -I 'rm -rf build; cat >/dev/null; true' -cf t3.tar x")).toBe('C241');
    expect(existsSync(join(box.root, 'build/keep'))).toBe(true);
  });
  it('the same tar under no deny rule reaches the remote', async () => {
    // The remote is outside the workspace: a push there is a write the write jail refuses (where bubblewrap runs).
    expect(await execUnderYes(box, [], "tar -I 'git push -q origin HEAD:refs/heads/allowed; cat >/dev/null; true' -cf t4.tar x", NO_JAIL)).toBe('ran');
    expect(branches()).toContain('allowed');
  });
});
