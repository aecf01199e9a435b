// Red team R13-10: a line that runs git alone gets git's folder writable in the sandbox (its commits and refs
// are written; undo does not take them back; the hooks are skipped), decided from the parse; the question
// was worded like any staged line. It now says so, from the call's own dry run (RunPreview.gitHistory), in
// the one question every door renders (question.ts). Other lines' questions do not.
import { spawnSync } from 'node:child_process';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createEngine } from '../../src/setup.js';
import { questionLines } from '../../src/permissions/question.js';
import type { ApprovalRequest } from '../../src/permissions/types.js';
import { writeFiles } from '../helpers/fixture.js';
import { git } from '../helpers/git.js';
import { sandbox, type Sandbox } from './helpers.js';

const bwrapWorks = spawnSync('bwrap', ['--ro-bind', '/', '/', '--unshare-net', 'true']).status === 0;
let box: Sandbox;
beforeEach(async () => {
  box = await sandbox();
  await writeFiles(box.root, { 'a.txt': 'a\n', 'gen.py': 'print(1)\n' });
  git(box.root, 'init', '-q');
});
afterEach(async () => box.cleanup());

async function asked(cmd: string): Promise<string> {
  const requests: ApprovalRequest[] = [];
  const engine = await createEngine({ workspace: box.root, env: { HOME: box.home, PATH: process.env['PATH'] ?? '' }, permissions: { home: box.home, approver: async (request) => (requests.push(request), 'no') } });
  try {
    await engine.run({ cmd: 'exec', args: { cmd } });
  } finally {
    await engine.close();
  }
  expect(requests).toHaveLength(1);
  return questionLines(requests[0]!).map((line) => line.text).join('\n');
}

describe.skipIf(!bwrapWorks)('the question says when a line writes git history', () => {
  it.each(['git commit -qam wip', 'git add -A && git commit -qm "x"', 'git -C . checkout -b topic'])('%s: says .git is writable and history is written', async (line) => {
    expect(await asked(line)).toMatch(/git runs alone, so git's folder \(\.git\) is writable: it writes git history .*undo does not take back/);
  });
  it.each(['python3 gen.py', 'git commit -qam wip && python3 gen.py', './git status'])('%s: does not', async (line) => {
    expect(await asked(line)).not.toMatch(/git's folder \(\.git\) is writable/);
  });
});
